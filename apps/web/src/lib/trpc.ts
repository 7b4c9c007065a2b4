import type { AppRouter } from '@propertydna/api/router';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils, createTRPCReact, httpBatchLink } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { AUTH_TOKEN_KEY, takeEarlyResponse } from './early-start';

export { AUTH_TOKEN_KEY };

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The React hooks of the API (trpc.system.health.useQuery(), …). Only the router's type is imported. */
export const trpc = createTRPCReact<AppRouter>();

/** The bearer token of the session, when the API handed one out (every API call sends it, with the cookie). */
export function authHeaders(): Record<string, string> {
  const token = globalThis.localStorage?.getItem(AUTH_TOKEN_KEY);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The tRPC client: same-origin /trpc, with the session cookie and, when present, the bearer token. A
 * request the entry has already sent (the session lookup, see lib/early-start) is answered by it.
 */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        headers: authHeaders,
        fetch: (url, options) =>
          takeEarlyResponse(String(url), options?.method) ??
          fetch(url, { ...options, credentials: 'include' }),
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
