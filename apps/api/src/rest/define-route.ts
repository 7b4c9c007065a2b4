import type { HTTPMethods } from 'fastify';
import { z } from 'zod';
import type { Requirement } from '../auth/permission.js';
import type { JsonText } from '../json-text.js';
import type { createCaller } from '../trpc/router.js';

/**
 * The OpenAPI security of a route that needs a session, by either way a caller presents it (the schemes
 * of rest/openapi-answers.ts): every route's unless it says otherwise.
 */
export const signedInSecurity: Record<string, string[]>[] = [
  { bearerSession: [] },
  { bearerToken: [] },
  { sessionCookie: [] },
];
/** The OpenAPI security of a route anyone may call (a sign-up, a secret link's page or file): none. */
export const publicSecurity: Record<string, string[]>[] = [];

/** The one error body of every REST answer that is not a success: `{ error, issues?, details? }`. */
export const errorBodySchema = z
  .object({
    error: z.string(),
    issues: z.unknown().optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'Error' });

/** An error status a plain (file) route documents beside the derived ones, with what it means there. */
export const errorAnswer = (meaning: string) => errorBodySchema.describe(meaning);

/** What a 429 of a route limited per user or address means (the limiter answers Retry-After). */
export const TOO_MANY = (what: string) => `Too many ${what}: retry after \`Retry-After\` seconds`;

export type Caller = ReturnType<typeof createCaller>;

type Schema = z.ZodType;
/** What a part of the request holds after validation; without a schema, whatever was sent. */
type Infer<S> = S extends Schema ? z.output<S> : unknown;

/**
 * One REST route: the schemas that validate it and describe it in OpenAPI, and the one procedure it
 * calls (through the tRPC caller, never over HTTP).
 */
export interface RestRoute<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  R extends Schema,
> {
  method: HTTPMethods;
  url: string;
  summary: string;
  tags: string[];
  /**
   * What the caller needs (issue 29 §1): the capability of the permission table that the procedure it
   * calls declares (checked here before the call, and again by the procedure), 'anyone' or 'staff'.
   * Required, so a route cannot be added without it; procedure-requirements.test.ts checks it matches.
   */
  capability: Requirement;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * For a body whose schema cannot be described in JSON Schema (e.g. one that picks between two
   * shapes in a transform): documents the request with this schema, and leaves validation to the
   * procedure's own input schema, so the answer carries that schema's messages.
   */
  bodyDoc?: z.ZodType;
  /**
   * A request body the route takes, shown as the OpenAPI example of its body: every route with a body
   * has one, and it is valid (test/openapi-bodies.test.ts checks both).
   */
  example?: B extends Schema ? z.input<B> : unknown;
  response: R;
  /** Extra documented statuses whose body is also `response` (e.g. 503 for an unhealthy health check). */
  alsoAnswers?: number[];
  /** Error statuses named in the OpenAPI beside the generic 4XX, each with what it means (body: Error). */
  errors?: Record<number, string>;
  /**
   * The procedure answers exactly the response's shape, built field by field by its repository (and
   * without an `.output()` check that would validate every row once more): the answer is written by a
   * serializer compiled from the response schema (fast-json-stringify, which writes the schema's
   * keys only) instead of being validated again, or, when the procedure answers a JsonText, by the
   * database's own JSON of that shape. For large lists, where checking cost more than the query.
   */
  serializeFromSchema?: boolean;
  call: (
    caller: Caller,
    input: {
      params: Infer<P>;
      query: Infer<Q>;
      body: Infer<B>;
      /** Sets a header of the answer (e.g. a Link to the next page). */
      setHeader: (name: string, value: string) => void;
    },
  ) => Promise<z.input<R> | JsonText<z.input<R>>>;
  /**
   * Status of a successful call: 200 by default; a number (201, 202) is the only success the route
   * documents; a function of the answer documents 200 and the `alsoAnswers` it may pick.
   */
  status?: number | ((output: z.output<R>) => number);
}

// biome-ignore lint/suspicious/noExplicitAny: the table holds routes of every shape
export type AnyRestRoute = RestRoute<any, any, any, Schema>;

export function defineRoute<
  R extends Schema,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(route: RestRoute<P, Q, B, R>): RestRoute<P, Q, B, R> {
  return route;
}
