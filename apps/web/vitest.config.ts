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
    projects: [
      { extends: true, test: { name: 'web', include: [TESTS], exclude: MOCKING, isolate: false } },
      { extends: true, test: { name: 'web (mocks)', include: MOCKING } },
    ],
  },
});
