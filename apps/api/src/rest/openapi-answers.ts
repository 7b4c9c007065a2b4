import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
} from './idempotency-key.js';

/**
 * The statuses every operation of the OpenAPI document can answer, derived from what the operation is
 * (so a new route gets them without a thought), each with the one error body (`Error`):
 *
 * - 400 when it takes anything (a path parameter, a query, a header or a body) that can be refused;
 * - 401 and 403 when it needs a session (its `security` is not empty: procedures on authedProcedure, and
 *   the downloads that require one);
 * - 404 when it names something by a path parameter, or by an id in its query or body;
 * - 413 and 415 when it may carry a body (POST, PUT, PATCH, DELETE): larger than the server takes, or not JSON;
 * - 409 and 422 for every POST with a session (its Idempotency-Key: the same key in flight, or used with
 *   another body);
 * - 500 always (nothing expected answers it: the cause is logged, never sent);
 * - 503 always: under load every API path is shed before it does any work (limits/overload.ts).
 *
 * What a route declares itself (its `errors`, with what they mean there) is kept. The catch-all `4XX`
 * the routes' runtime schemas use is dropped from the document: each status is listed on its own.
 */

type Json = Record<string, unknown>;
interface Operation extends Json {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, Json>;
  security?: Json[];
}
export interface OpenApiDocument extends Json {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Json>; securitySchemes?: Record<string, Json> } & Json;
  security?: Json[];
}

/** The session, as the two ways a caller presents it (auth/actor.ts). */
export const securitySchemes = {
  bearerSession: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The session token POST /api/auth/login answers (`token`), sent as `Authorization: Bearer <token>`.',
  },
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API token (`pdna_…`) created on /account or by POST /api/account/tokens, sent as `Authorization: Bearer pdna_…`. It acts as its creator within their current role; a `read` token is refused every change (403 "This API token is read-only"); no token may create or revoke tokens or change the password, email address, members or plan (403). Revoked or expired: 401.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'auth_session',
    description:
      'The HttpOnly session cookie set at sign-in (the web app, and links such as /view and /download). A change (POST, PUT, PATCH, DELETE) made with it must come from the app’s own origin (403 otherwise).',
  },
} as const;

const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const ID_NAME = /(^id$|Id$|_id$|Ids$|_ids$|^token$)/;

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

/** The property names of a schema, its combinators and their `$ref`s, one level deep. */
function propertyNames(doc: OpenApiDocument, schema: Json | undefined, depth = 0): string[] {
  if (!schema || depth > 4) return [];
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    return propertyNames(doc, doc.components?.schemas?.[name], depth + 1);
  }
  const own = Object.keys((schema.properties ?? {}) as Json);
  const combined = ['anyOf', 'oneOf', 'allOf'].flatMap((key) =>
    ((schema[key] ?? []) as Json[]).flatMap((option) => propertyNames(doc, option, depth + 1)),
  );
  return [...own, ...combined];
}

/** The statuses an operation answers beside its own, with what each means there. */
function derivedAnswers(doc: OpenApiDocument, method: string, operation: Operation): Record<number, string> {
  const parameters = operation.parameters ?? [];
  const pathNames = parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const bodyNames = Object.values(operation.requestBody?.content ?? {}).flatMap((content) =>
    propertyNames(doc, content.schema),
  );
  const queryNames = parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const security = operation.security ?? doc.security ?? [];
  const answers: Record<number, string> = {};
  if (parameters.length > 0 || operation.requestBody) {
    answers[400] =
      'The request is not valid: `error` says what to correct, in the words of the form (`issues` lists them by field)';
  }
  if (security.length > 0) {
    answers[401] = 'Not signed in: no session, or it expired or was signed out';
    answers[403] =
      'Signed in, but not allowed: the account may not do this, or a change sent with the session cookie came from another site';
  }
  const named = [...pathNames, ...[...queryNames, ...bodyNames].filter((name) => ID_NAME.test(name))];
  if (named.length > 0) {
    answers[404] = `Not found: nothing with this ${[...new Set(named)].join(', ')} that the caller may reach (another organisation’s is not found either; a link that expired or was revoked neither)`;
  }
  if (BODY_METHODS.has(method)) {
    answers[413] = 'The body is larger than the server takes (1 MiB)';
    answers[415] = 'The body is not JSON: send `Content-Type: application/json`';
  }
  if (method === 'post' && security.length > 0) {
    answers[409] = `A request with the same ${IDEMPOTENCY_KEY_HEADER} is still being answered: retry once it is done`;
    answers[422] = `This ${IDEMPOTENCY_KEY_HEADER} was used with another body in the last 24 hours: use a new key`;
  }
  if (security.some((scheme) => 'bearerToken' in scheme)) {
    answers[429] =
      'Too many requests with this API token (API_TOKEN_RATE_LIMIT a minute, 600 unless configured): retry after `Retry-After` seconds; every answer to a token carries `RateLimit-Policy` and `RateLimit`';
  }
  answers[500] = 'Something went wrong on the server: it is logged, and the answer says no more';
  answers[503] = 'The server is busy: retry after `Retry-After` seconds';
  return answers;
}

/** The Idempotency-Key header every POST takes (rest/idempotency.ts). */
const idempotencyKeyParameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: a POST repeated with the same key and the same body within 24 hours answers the first answer (status and body) again without doing the work twice. Keys are per organisation, and remembered for a signed-in caller only (without a session the key is checked, not used); the same key with another body is 422, while the first is still being answered 409.',
  schema: {
    type: 'string',
    minLength: 1,
    maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
    pattern: IDEMPOTENCY_KEY_PATTERN.source,
    example: '6f1c2a7e-3b9d-4f5e-8a21-0c4d7b9e1f30',
  },
};

/**
 * Completes the generated document (swagger's `transformObject`, after the zod schemas became
 * components): each operation's derived answers, and the
 * Idempotency-Key header of every POST. Changes the document in place and answers it.
 */
export function completeOpenApiDocument<D extends OpenApiDocument>(doc: D): D {
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const responses = operation.responses ?? {};
      delete responses['4XX'];
      for (const [status, description] of Object.entries(derivedAnswers(doc, method, operation))) {
        const own = responses[status];
        if (!own) responses[status] = { description, content: errorContent };
        // A POST's own 409 (a conflict of its own) is also its Idempotency-Key's; a route's own 429 also an
        // API token's.
        else if ((method === 'post' && status === '409') || status === '429')
          own.description = `${own.description}; or: ${description}`;
      }
      operation.responses = Object.fromEntries(
        Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)),
      );
      if (method === 'post')
        operation.parameters = [...(operation.parameters ?? []), idempotencyKeyParameter];
    }
  }
  return withoutUnusedSchemas(doc);
}

/**
 * Only the component schemas an operation uses, directly or through another component, by name. The
 * zod registry's input variants (`UserInput`, …) are generated used or not, which unused ones appear
 * depends on what else the process converted before, and the registry's order on which modules it
 * imported first: without this the document (and the typed client made from it) would differ from one
 * process to the next.
 */
function withoutUnusedSchemas<D extends OpenApiDocument>(doc: D): D {
  const schemas = doc.components?.schemas;
  if (!schemas) return doc;
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const entry of value) visit(entry);
    else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith(schemaRefPrefix)) {
          const name = child.slice(schemaRefPrefix.length);
          if (!used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else visit(child);
      }
    }
  };
  visit(doc.paths);
  doc.components = {
    ...doc.components,
    schemas: Object.fromEntries(
      Object.entries(schemas)
        .filter(([name]) => used.has(name))
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  };
  return doc;
}
const schemaRefPrefix = '#/components/schemas/';

type Transform = typeof jsonSchemaTransform;

/**
 * The routes' zod schemas as JSON Schema (fastify-type-provider-zod), with a route's body example
 * (RestRoute.example, carried in its config) as the example of its request body.
 */
export const transformWithExamples: Transform = (input) => {
  const output = jsonSchemaTransform(input);
  const example = (input.route.config as { bodyExample?: unknown } | undefined)?.bodyExample;
  const body = output.schema?.body as Json | undefined;
  if (example !== undefined && body) {
    // One entry of `examples` becomes the media type's `example` (@fastify/swagger).
    (output.schema as Json).body = { ...body, examples: [example] };
  }
  return output;
};
