import type { TestAccount } from './accounts.js';
import type { TestApp } from './app.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * The two doors of every procedure, called as `who` over HTTP (inject): a REST route with a JSON body,
 * and tRPC, where a mutation is a POST of the input and a query a GET with ?input=. Role and
 * cross-tenant tests ask the same thing at both.
 */
export function doors(app: () => TestApp) {
  const rest = (who: Pick<TestAccount, 'headers'>, method: Method, url: string, payload?: unknown) =>
    app().app.inject({ method, url, headers: who.headers, payload: payload as Record<string, unknown> });

  const trpc = (
    who: Pick<TestAccount, 'headers'>,
    kind: 'query' | 'mutation',
    path: string,
    input?: unknown,
  ) =>
    kind === 'mutation'
      ? app().app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { ...who.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(input ?? null),
        })
      : app().app.inject({
          method: 'GET',
          url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          headers: who.headers,
        });

  return { rest, trpc };
}
