import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker runs its files one after another in one module cache: no test mocks a module, stubs the
    // environment or fakes timers, and each file makes its own app, database and data directory
    // (support/app.ts). Starting a fresh process and importing the app again for every file cost about
    // 3.3 CPU-s a file: the 62 database files took 463 s wall and 890 CPU-s isolated, 280 s and 537
    // CPU-s shared (2-core machine, PGlite).
    isolate: false,
    // Vitest's default (one worker fewer than the cores) is a single worker on a 2-core machine: the
    // files ran one after another while each spent much of its time waiting (on HTTP, jobs, timers).
    // Two keep both cores busy on PGlite (in process); on PostgreSQL, where the server does the database's
    // work, one more. VITEST_MAX_WORKERS overrides.
    maxWorkers: Math.max(2, availableParallelism() - 1) + (process.env.TEST_DATABASE_URL ? 1 : 0),
    // Migrates once per run; each file's database starts from the result (test/support/database.ts).
    globalSetup: ['test/support/global-setup.ts'],
    // Runs the same suites on PostgreSQL when TEST_DATABASE_URL is set (see test/support/database.ts).
    reporters: ['default'],
  },
});
