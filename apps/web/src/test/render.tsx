import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { theme } from '../theme';

function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <Notifications limit={1} position="top-right" />
      {children}
    </MantineProvider>
  );
}

/** Renders a component inside the app's Mantine theme, with the toast outlet. */
export function renderWithMantine(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: Providers, ...options });
}

/**
 * Renders a component that uses router links or navigation: inside a one-route router at `path`
 * (in memory), so links get their href and a click moves the router's location.
 */
export async function renderWithRouter(ui: ReactElement, path = '/') {
  const rootRoute = createRootRoute({
    // The one route answers every path.
    notFoundComponent: () => null,
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  const result = renderWithMantine(<RouterProvider router={router} />);
  return { ...result, router };
}

/**
 * Matches the element whose whole text (its descendants' included) is `text`, for labels split over
 * several elements (a visually hidden prefix and the visible label). Innermost match only.
 */
export function fullText(text: string) {
  return (_content: string, element: Element | null) =>
    element?.textContent === text &&
    Array.from(element.children).every((child) => child.textContent !== text);
}
