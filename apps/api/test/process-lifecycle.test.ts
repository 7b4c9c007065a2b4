import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, databaseConfigFromEnv } from '../src/db/connect.js';
import { parseEnv } from '../src/env.js';
import { FsFileStore } from '../src/storage/fs-store.js';
import { makeTempDir, TEST_SECRET } from './support/app.js';
import { createScratchPostgresDatabase, databaseKind, TEST_DATABASE_URL } from './support/database.js';
import { runScript, startServer, waitForOutput } from './support/server-process.js';
import { waitFor } from './support/wait.js';

/** Each test starts the real server through tsx (compile, migrate, seed, start the queue): far more than
 * the default allows on a loaded 2-core machine, so a generous bound of its own. */
const SERVER_PROCESS_TIMEOUT_MS = 120_000;

/** Environment for a real server process on a private data dir (and a private database on PostgreSQL). */
async function serverEnv(cleanups: (() => Promise<void>)[]): Promise<Record<string, string>> {
  const dataDir = await makeTempDir('pdna-proc-');
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir, APP_SECRET: TEST_SECRET, NODE_ENV: 'production' };
  if (TEST_DATABASE_URL) {
    const scratch = await createScratchPostgresDatabase();
    cleanups.push(scratch.drop);
    env.DATABASE_URL = scratch.url;
  }
  return env;
}

describe(`the server process (${databaseKind})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it(
    'keeps committed data when killed with SIGKILL, and starts again on it',
    async () => {
      const env = await serverEnv(cleanups);

      const writer = runScript('test/fixtures/write-then-hang.ts', env);
      const [, id] = await waitForOutput(writer, /written (\S+)/);
      writer.child.kill('SIGKILL');
      expect(await writer.exited).toBe('SIGKILL');

      // The real server starts on the killed database (PGlite recovers it) and is healthy.
      const server = await startServer(env);
      // Ended whatever the checks below say: a failed expectation must not leave the server running.
      cleanups.push(async () => {
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
        await server.exited;
      });
      const health = await fetch(`${server.url}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', db: 'ok', storage: 'ok' });
      // It started itself again in place with two malloc arenas (src/malloc-arenas.ts): the process that
      // answers is the one spawned, and its environment says so.
      if (process.platform === 'linux') {
        const environ = await fs.readFile(`/proc/${server.child.pid}/environ`, 'utf8');
        expect(environ.split('\0')).toContain('MALLOC_ARENA_MAX=2');
      }
      server.child.kill('SIGKILL');
      await server.exited;

      const handle = await connectDatabase(databaseConfigFromEnv(parseEnv(env)));
      try {
        const row = await handle.db
          .selectFrom('organizations')
          .select(['id', 'name'])
          .where('id', '=', id ?? '')
          .executeTakeFirst();
        expect(row?.name).toMatch(/^Durable \d+$/);
      } finally {
        await handle.close();
      }
    },
    SERVER_PROCESS_TIMEOUT_MS,
  );

  it(
    'on SIGTERM stops accepting, finishes the request in flight, closes the database and exits 0',
    async () => {
      const env = await serverEnv(cleanups);
      // The order of the shutdown is tested here, not its deadline (10 s by default): on a busy machine closing
      // the queue and the database took longer than that once (CI, this test on PostgreSQL, exit 1).
      const server = await startServer({ ...env, LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '60000' });

      // An upload that is still streaming when the signal arrives.
      const content = Buffer.alloc(256 * 1024, 7);
      const store = new FsFileStore({
        root: path.join(env.DATA_DIR ?? '', 'files'),
        secret: TEST_SECRET,
        ttlSeconds: 60,
      });
      const upload = await store.createUpload({
        bytes: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        contentType: 'application/octet-stream',
      });
      const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(new URL(upload.url, server.url), {
          method: 'PUT',
          headers: { 'content-type': 'application/octet-stream', 'content-length': String(content.length) },
        });
        req.on('response', (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.write(content.subarray(0, 1000));
        (globalThis as { finishUpload?: () => void }).finishUpload = () => req.end(content.subarray(1000));
      });
      // The server is receiving it: its bytes are streaming into a temporary file.
      const incoming = path.join(env.DATA_DIR ?? '', 'files', '.incoming');
      await waitFor(async () => (await fs.readdir(incoming).catch(() => [])).length > 0);

      server.child.kill('SIGTERM');
      await waitForOutput(server, /shutting down/);
      // No new connections are accepted...
      await waitFor(() =>
        fetch(`${server.url}/api/health`).then(
          () => false,
          () => true,
        ),
      );
      // ...but the upload in flight completes.
      (globalThis as { finishUpload?: () => void }).finishUpload?.();
      const { status, body } = await response;
      expect(status).toBe(200);
      expect(JSON.parse(body).key).toBe(upload.key);
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
      expect((await fs.stat(path.join(env.DATA_DIR ?? '', 'files', upload.key))).size).toBe(content.length);

      // The database was closed cleanly: it opens again at once.
      const handle = await connectDatabase(databaseConfigFromEnv(parseEnv(env)));
      await handle.close();
    },
    SERVER_PROCESS_TIMEOUT_MS,
  );
});
