import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createRootRouteWithContext, HeadContent, Outlet, useRouterState } from '@tanstack/react-router';
import { AuthProvider, isLoginPage, useAuth } from '../lib/auth';
import { documentTitle, LOGIN_PAGE_NAME } from '../lib/page-head';
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

/**
 * The document title of the deepest route that names one (React puts <title> in the head); but where a
 * protected page shows the login screen in its place (nobody signed in), the login page's title, since
 * the login screen is all there is to see.
 */
function DocumentHead() {
  const { status } = useAuth();
  const protectedPage = useRouterState({
    select: (state) => state.matches.some((match) => match.routeId === '/_authenticated'),
  });
  if (protectedPage && status === 'anonymous') return <title>{documentTitle(LOGIN_PAGE_NAME)}</title>;
  return <HeadContent />;
}

function RootLayout() {
  const onLoginPage = useRouterState({ select: (state) => isLoginPage(state.location.pathname) });
  return (
    <MantineProvider theme={theme}>
      {/* The spec shows toasts one at a time; at the top, where they cover no action the page offers
          below its header (at the bottom right one covered the Compliance Report's Generate button). */}
      <Notifications limit={1} position="top-right" />
      <AuthProvider lookupUser={!onLoginPage}>
        <DocumentHead />
        <Outlet />
      </AuthProvider>
    </MantineProvider>
  );
}
