import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, paths } from './schema.js';

/** The body of a REST answer by its component name: `Schema<'Property'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export interface ClientOptions {
  /** Where the app is reached, e.g. `https://propertydna.example` (no `/api`: the paths carry it). */
  baseUrl: string;
  /** A session token (from `POST /api/auth/login`) or an API token: sent as `Authorization: Bearer …`. */
  token?: string;
  /** A fetch of your own (a proxy, a test server); the global one otherwise. */
  fetch?: typeof globalThis.fetch;
}

/**
 * A client for PropertyDNA's REST API whose paths, parameters, bodies and answers are typed from the
 * OpenAPI document the server serves at /api/openapi.json (generated into schema.d.ts by
 * `pnpm --filter @propertydna/client generate`). Every call answers `{ data, error, response }`: `data`
 * on a 2xx, `error` (the API's `{ error: "…" }`) otherwise.
 */
export function createPropertyDnaClient(options: ClientOptions): Client<paths> {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  if (options.token) {
    const bearer: Middleware = {
      onRequest({ request }) {
        request.headers.set('Authorization', `Bearer ${options.token}`);
        return request;
      },
    };
    client.use(bearer);
  }
  return client;
}

/** The message of an API error answer (`{ error: "…" }`), or the status when the body says none. */
export function errorMessage(error: unknown, response: Response): string {
  const message = (error as { error?: unknown } | undefined)?.error;
  return typeof message === 'string' ? message : `HTTP ${response.status}`;
}
