import type { AppRouter } from '@propertydna/api/router';
import { QueryClient } from '@tanstack/react-query';
import type { TRPCLink } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact, httpBatchLink } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { AUTH_TOKEN_KEY, readStoredToken, takeEarlyResult } from './early-start';

export { AUTH_TOKEN_KEY };

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The React hooks of the API (trpc.system.health.useQuery(), …). Only the router's type is imported. */
export const trpc = createTRPCReact<AppRouter>();

/** The bearer token of the session, when the API handed one out (every API call sends it, with the cookie). */
export function authHeaders(): Record<string, string> {
  const token = readStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * Answers a query the entry has already sent (the session lookup, the dashboard's first queries: see
 * lib/early-start) from that request, once; any other operation, or an early answer that failed, goes
 * on to the next link as usual.
 */
export function earlyLink(): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        const early = op.type === 'query' ? takeEarlyResult(op.path, op.input) : undefined;
        if (!early) return next(op).subscribe(observer);
        let stopped = false;
        let sent: Unsubscribable | undefined;
        void early.then((result) => {
          if (stopped) return;
          if (!result) {
            sent = next(op).subscribe(observer);
            return;
          }
          observer.next({ result: { type: 'data', data: result.data } });
          observer.complete();
        });
        return () => {
          stopped = true;
          sent?.unsubscribe();
        };
      });
}

/** The tRPC client: same-origin /trpc, with the session cookie and, when present, the bearer token. */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      earlyLink(),
      httpBatchLink({
        url: '/trpc',
        headers: authHeaders,
        fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;

/**
 * Data is fetched when a page asks for it and kept until something invalidates it: no retries, no
 * refetching on focus or on a timer.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}

/** Imperative access to the same cache (ensureData, invalidate, …) for route loaders and actions. */
export function createTrpcUtils(queryClient: QueryClient, client: TrpcClient) {
  return createTRPCQueryUtils<AppRouter>({ queryClient, client });
}

export type TrpcUtils = ReturnType<typeof createTrpcUtils>;
