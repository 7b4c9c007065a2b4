import type { QueryClient } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
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
    // Loaded when first needed: signed in, it shows the app shell, which the landing page must not carry.
    defaultNotFoundComponent: lazyRouteComponent(() => import('./components/not-found-page'), 'NotFoundPage'),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
