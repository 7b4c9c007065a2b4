import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router';
import { theme } from '../theme';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  return (
    <MantineProvider theme={theme}>
      {/* The spec shows toasts one at a time. */}
      <Notifications limit={1} />
      <Outlet />
    </MantineProvider>
  );
}
