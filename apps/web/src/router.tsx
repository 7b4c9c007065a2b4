import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { NotFoundPage } from './components/not-found-page';
import type { TrpcUtils } from './lib/trpc';
import { routeTree } from './routeTree.gen';

/** What every route's loader and component can reach through the router context. */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: TrpcUtils;
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Loaders read through the query cache, which decides freshness.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
