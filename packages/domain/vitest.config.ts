import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['vitest.setup.ts'],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/index.ts', 'src/schemas/test-helpers.ts'],
      reporter: ['text-summary', 'text'],
      // Every rule is pure: all of it is tested.
      thresholds: { lines: 100, branches: 100, functions: 100, statements: 100 },
    },
  },
});
