import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createRootRouteWithContext, HeadContent, Outlet, useRouterState } from '@tanstack/react-router';
import { AuthProvider } from '../lib/auth';
import { documentTitle } from '../lib/page-head';
import type { RouterContext } from '../router';
import { theme } from '../theme';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The product's name, unless a deeper route names its page; a path no route knows is 'Page not found'.
  head: ({ matches }) => ({
    meta: [
      { title: matches.some((match) => match._notFound) ? documentTitle('Page not found') : documentTitle() },
    ],
  }),
  component: RootLayout,
});

function RootLayout() {
  const onLoginPage = useRouterState({
    select: (state) => state.location.pathname.replace(/\/+$/, '') === '/login',
  });
  return (
    <MantineProvider theme={theme}>
      {/* The document title of the deepest route that names one (React puts <title> in the head). */}
      <HeadContent />
      {/* The spec shows toasts one at a time. */}
      <Notifications limit={1} />
      <AuthProvider lookupUser={!onLoginPage}>
        <Outlet />
      </AuthProvider>
    </MantineProvider>
  );
}
