import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { ConnectOptions, DatabaseHandle } from '../../src/db/connect.js';
import { type Env, parseEnv } from '../../src/env.js';
import type { FileStore } from '../../src/storage/file-store.js';
import { FsFileStore } from '../../src/storage/fs-store.js';
import type { AppServices } from '../../src/trpc/context.js';
import { watchConformance } from './conformance.js';
import { createTestDatabase } from './database.js';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestApp {
  app: FastifyInstance;
  env: Env;
  db: DatabaseHandle;
  store: FileStore;
  /** What procedures and jobs receive (the job queue, the mailer, …). */
  services: AppServices;
  dataDir: string;
  filesDir: string;
  close(): Promise<void>;
}

export async function makeTempDir(prefix = 'pdna-test-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

/** The real app on a private database and a private data dir (fs store). */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: ConnectOptions & {
    store?: FileStore;
    logger?: FastifyServerOptions['logger'];
    /** false: the app is not made ready, so a test may still add hooks (as listening does) before it starts. */
    ready?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = await makeTempDir();
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_SECRET: TEST_SECRET,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Queued jobs run when a test asks (services.jobs.runQueued), not on a timer, unless a test turns workers on.
    JOBS_WORKER: 'false',
    // Shedding answers 503 once a call would wait 250 ms for the database: on a busy machine a test's
    // own burst of requests gets there. Tests of other things shed only at the bound's maximum (a
    // minute); overload.test.ts sets the bounds it tests.
    DB_QUEUE_SHED_WAIT_MS: '60000',
    ...envOverrides,
  });
  // A test of the pool's limits names them (PostgreSQL); others get the test default.
  const pooled = 'DATABASE_POOL_SIZE' in envOverrides || 'DATABASE_CONNECT_TIMEOUT_MS' in envOverrides;
  const db = await createTestDatabase({
    ...options,
    ...(pooled
      ? { pool: { size: env.DATABASE_POOL_SIZE, connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS } }
      : {}),
  });
  const filesDir = path.join(dataDir, 'files');
  const store = new FsFileStore({
    root: filesDir,
    secret: TEST_SECRET,
    ttlSeconds: env.SIGNED_URL_TTL_SECONDS,
  });
  await store.init();
  let conformance: { problems: () => string[] } | undefined;
  const app = await buildApp(
    { env, db, store, secret: TEST_SECRET },
    {
      logger: options.logger ?? false,
      // Every REST answer the suites see is checked against the OpenAPI document (support/conformance.ts).
      beforeRoutes: (bare) => {
        conformance = watchConformance(bare);
      },
    },
  );
  // The links the app answers are built from APP_URL. Unless a test names one, the app is reached where
  // it listens (a port known only then), as a deployment's APP_URL names where people reach it.
  if (envOverrides.APP_URL === undefined) {
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (address && typeof address === 'object') env.APP_URL = `http://127.0.0.1:${address.port}`;
    });
  }
  if (options.ready !== false) await app.ready();
  return {
    app,
    env,
    db,
    store,
    services: app.services,
    dataDir,
    filesDir,
    close: async () => {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
      const problems = conformance?.problems() ?? [];
      if (problems.length > 0) {
        throw new Error(`Answers that do not conform to the OpenAPI document:\n${problems.join('\n')}`);
      }
    },
  };
}

/** Every file below `dir`, relative to it (for "nothing was left behind" checks). */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
