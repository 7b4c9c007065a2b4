import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// waitFor and findBy* return as soon as what they wait for is there; their limit (1 s by default) is
// only how long a busy machine may take to get there. CI runs these beside other suites on 2 cores.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks what Mantine reads when it mounts.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

// jsdom has scrollTo but only logs 'Not implemented'; the router calls it on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  // The toast store is module-wide: one test's toasts must not queue ahead of the next test's.
  notifications.clean();
  notifications.cleanQueue();
});

// Most files share a worker with the files before them (vitest.config.ts): what one file left in the
// page, in storage or in the mocks of globals is cleared before the next.
afterAll(() => {
  document.body.innerHTML = '';
  document.head.querySelectorAll('style, link, meta').forEach((node) => {
    node.remove();
  });
  document.title = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
