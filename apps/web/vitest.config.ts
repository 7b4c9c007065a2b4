import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const TESTS = 'src/**/*.test.{ts,tsx}';
/**
 * The test files that replace a module with vi.mock. They run each in a fresh worker (vitest's default
 * isolation): a mock only takes when the module is loaded after it. Every other file shares its worker's
 * jsdom and loaded modules with the files run before it (isolate: false), which spares each file the
 * ~0.6 s of starting a worker, jsdom and Mantine: the suite's CPU time fell from 172 s to about 60 s.
 * What a file leaves behind (the DOM, storage, toasts) is cleared after it (src/test/setup.ts).
 */
const MOCKING = globSync(TESTS, { cwd: import.meta.dirname }).filter((file) =>
  /\bvi\.mock\(/.test(readFileSync(new URL(file, `file://${import.meta.dirname}/`), 'utf8')),
);

export default defineConfig({
  plugins: [react()],
  // Each project below extends this: the plugin and these options hold for both.
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // The first render of a file pays for Mantine's and jsdom's warm-up; on a busy 2-core machine
    // that alone has taken over 5 s. A safety limit, not a timing assertion.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Vitest's default (one worker fewer than the cores) is a single worker on a 2-core machine, which
    // leaves a core idle while a file starts; two keep both busy (VITEST_MAX_WORKERS overrides).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Mantine's focus trap looks for the first element to focus a tick after a menu or dialog mounts. jsdom
    // lays nothing out, so it finds none it can see (or the menu is already closed and gone) and logs that with
    // the whole DOM node: some 1,700 lines of React internals a run. Focus in menus and dialogs is checked in
    // Chromium (e2e/), where pages are laid out; only this one message is left out of the log.
    onConsoleLog: (log) => !log.startsWith('[@mantine/hooks/use-focus-trap] Failed to find focusable'),
    projects: [
      { extends: true, test: { name: 'web', include: [TESTS], exclude: MOCKING, isolate: false } },
      { extends: true, test: { name: 'web (mocks)', include: MOCKING } },
    ],
  },
});
