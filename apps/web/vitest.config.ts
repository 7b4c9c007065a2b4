import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // The first render of a file pays for Mantine's and jsdom's warm-up; on a busy 2-core machine
    // that alone has taken over 5 s. A safety limit, not a timing assertion.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Vitest's default (one worker fewer than the cores) is a single worker on a 2-core machine, which
    // leaves a core idle while a file starts jsdom; two keep both busy (VITEST_MAX_WORKERS overrides).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
