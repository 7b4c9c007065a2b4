import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Migrates once per run; each file's database starts from the result (test/support/database.ts).
    globalSetup: ['test/support/global-setup.ts'],
    // Runs the same suites on PostgreSQL when TEST_DATABASE_URL is set (see test/support/database.ts).
    reporters: ['default'],
  },
});
