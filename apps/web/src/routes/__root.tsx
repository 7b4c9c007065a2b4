import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { AuthProvider } from '../lib/auth';
import type { RouterContext } from '../router';
import { theme } from '../theme';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  const onLoginPage = useRouterState({
    select: (state) => state.location.pathname.replace(/\/+$/, '') === '/login',
  });
  return (
    <MantineProvider theme={theme}>
      {/* The spec shows toasts one at a time. */}
      <Notifications limit={1} />
      <AuthProvider lookupUser={!onLoginPage}>
        <Outlet />
      </AuthProvider>
    </MantineProvider>
  );
}
