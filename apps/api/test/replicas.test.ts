import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/auth/lucia.js';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.js';
import { parseEnv } from '../src/env.js';
import { createServer } from '../src/server.js';
import { makeTempDir, TEST_SECRET } from './support/app.js';
import { createScratchPostgresDatabase, TEST_DATABASE_URL } from './support/database.js';
import { startS3Store } from './support/s3.js';
import { type ServerProcess, startServer } from './support/server-process.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.js';
import { waitFor } from './support/wait.js';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Two server processes starting at once (compile, migrate, seed, start the queue) on a loaded 2-core machine. */
const STARTUP_TIMEOUT_MS = 120_000;

/**
 * The production shape, small: two API processes (replicas) on one PostgreSQL database and one S3
 * server, sharing only APP_SECRET and those addresses; each has its own empty data dir. Whatever one
 * replica does, the other must see, and background work must run once across both. Needs PostgreSQL
 * (the embedded PGlite is one process's own database).
 */
describe.skipIf(!TEST_DATABASE_URL)(
  `two replicas on one PostgreSQL and one S3 server${TEST_DATABASE_URL ? '' : ' (skipped: needs PostgreSQL, set TEST_DATABASE_URL)'}`,
  () => {
    const cleanups: (() => Promise<unknown>)[] = [];
    let a: ServerProcess;
    let b: ServerProcess;
    let smtp: TestSmtpServer;
    let db: DatabaseHandle;
    let shared: Record<string, string>;

    beforeAll(async () => {
      const database = await createScratchPostgresDatabase();
      cleanups.push(database.drop);
      const s3 = await startS3Store('replicas');
      cleanups.push(s3.close);
      smtp = await startSmtpServer();
      cleanups.push(smtp.close);
      shared = {
        NODE_ENV: 'production',
        APP_SECRET: TEST_SECRET,
        DATABASE_URL: database.url,
        DATABASE_POOL_SIZE: '3',
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: 'replicas',
        S3_ACCESS_KEY: 'S3RVER',
        S3_SECRET_KEY: 'S3RVER',
        SMTP_URL: smtp.url,
        JOBS_WORKER: 'true',
        JOBS_POLL_SECONDS: '0.5',
      };
      const replica = async () => {
        const dataDir = await makeTempDir('pdna-replica-');
        cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
        return { ...shared, DATA_DIR: dataDir };
      };
      const [envA, envB] = await Promise.all([replica(), replica()]);
      // Started together, as a rollout would: both migrate and seed the one empty database at once.
      const started = await Promise.allSettled([startServer(envA), startServer(envB)]);
      for (const result of started) {
        if (result.status === 'fulfilled') {
          const server = result.value;
          cleanups.push(async () => {
            server.child.kill('SIGTERM');
            await server.exited;
          });
        }
      }
      const failed = started.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      [a, b] = started.map((result) => (result as PromiseFulfilledResult<ServerProcess>).value) as [
        ServerProcess,
        ServerProcess,
      ];
      db = await connectDatabase({
        kind: 'postgres',
        url: database.url,
        poolSize: 2,
        connectTimeoutMs: 5000,
      });
      cleanups.push(() => db.close());
    }, STARTUP_TIMEOUT_MS);

    afterAll(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
    }, STARTUP_TIMEOUT_MS);

    const call = async (
      server: ServerProcess,
      method: 'GET' | 'POST',
      url: string,
      { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
    ) => {
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, res, json: async () => (await res.json()) as Record<string, unknown> };
    };

    let account: { email: string; token: string; cookie: string };
    const password = 'a long password';

    it('keeps a session made on one replica valid on the other, by token and by cookie', async () => {
      const email = `replica-${process.pid}@example.co.za`;
      const signup = await call(a, 'POST', '/api/auth/signup', {
        body: { firstName: 'Naledi', lastName: 'Mokoena', email, password, userType: 'homeowner' },
      });
      expect(signup.status).toBe(201);
      const login = await call(a, 'POST', '/api/auth/login', { body: { email, password } });
      expect(login.status).toBe(200);
      const token = (await login.json()).token as string;
      const cookie = (
        login.res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? ''
      ).split(';')[0] as string;
      expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=.+`));
      account = { email, token, cookie };

      const created = await call(a, 'POST', '/api/properties', {
        headers: { authorization: `Bearer ${token}` },
        body: {
          name: 'Replica House',
          address: '1 Long Street',
          country: 'ZA',
          municipality: 'CPT',
          parcel_id: 'P1',
        },
      });
      expect(created.status).toBe(201);

      const byToken: Record<string, string> = { authorization: `Bearer ${token}` };
      for (const headers of [byToken, { cookie }]) {
        const listed = await call(b, 'GET', '/api/properties', { headers });
        expect(listed.status).toBe(200);
        expect(((await listed.res.json()) as { name: string }[]).map((p) => p.name)).toEqual([
          'Replica House',
        ]);
      }
      // Logged out on B, the session is gone on A too.
      const other = await call(b, 'POST', '/api/auth/login', { body: { email, password } });
      const otherToken = (await other.json()).token as string;
      expect(
        (await call(b, 'POST', '/api/auth/logout', { headers: { authorization: `Bearer ${otherToken}` } }))
          .status,
      ).toBeLessThan(300);
      expect(
        (await call(a, 'GET', '/api/properties', { headers: { authorization: `Bearer ${otherToken}` } }))
          .status,
      ).toBe(401);
    });

    it('registers through one replica an upload signed on the other, and serves it back from either', async () => {
      const headers = { authorization: `Bearer ${account.token}` };
      const [property] = (await (await call(b, 'GET', '/api/properties', { headers })).res.json()) as {
        id: string;
      }[];
      const content = Buffer.concat([
        Buffer.from('%PDF-1.7\n'),
        Buffer.alloc(200_000, 0x42),
        Buffer.from('\n%%EOF\n'),
      ]);

      const signed = await call(a, 'POST', '/api/documents/sign', {
        headers,
        body: { contentType: 'application/pdf', sha256: sha256(content), bytes: content.length },
      });
      expect(signed.status).toBe(200);
      const upload = (await signed.json()) as {
        url: string;
        storageKey: string;
        headers: Record<string, string>;
      };
      // Straight to the bucket with the presigned URL, as a browser does: neither replica sees the bytes.
      expect(new URL(upload.url).origin).not.toBe(new URL(a.url).origin);
      const put = await fetch(upload.url, { method: 'PUT', body: content, headers: upload.headers });
      expect(put.status).toBe(200);

      const registered = await call(b, 'POST', '/api/documents', {
        headers,
        body: {
          property_id: property?.id,
          kind: 'certificate',
          name: 'Electrical CoC.pdf',
          storage_key: upload.storageKey,
          sha256: sha256(content),
          bytes: content.length,
          content_type: 'application/pdf',
        },
      });
      expect(registered.status).toBe(201);
      const document = await registered.json();

      for (const server of [a, b]) {
        const download = await fetch(`${server.url}/api/documents/${document.id}/download`, { headers });
        expect(download.status).toBe(200);
        expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(content));
      }
    });

    it('runs a job queued on one replica once across both workers: the mail is delivered once', async () => {
      const mailJobs = async () =>
        (
          await sql<{ id: string; state: string; retry_count: number }>`
          select id, state, retry_count from pgboss.job where name in ('mail.send', 'mail.bulk')`.execute(
            db.db,
          )
        ).rows;
      // The signup's own mails first: everything queued so far is sent, so what follows is the reset mail alone.
      await waitFor(async () => (await mailJobs()).every((job) => job.state === 'completed'), 30_000);
      const earlier = new Set((await mailJobs()).map((job) => job.id));
      const received = smtp.received.length;

      const asked = await call(a, 'POST', '/api/auth/forgot-password', { body: { email: account.email } });
      expect(asked.status).toBe(200);
      // Both replicas poll the queue; the job is done once one of them has completed it.
      const queued = async () => (await mailJobs()).filter((job) => !earlier.has(job.id));
      await waitFor(async () => {
        const jobs = await queued();
        return jobs.length > 0 && jobs.every((job) => job.state === 'completed');
      }, 30_000);

      // One job, run once (no retry, so no second run by the other worker) …
      expect((await queued()).map(({ state, retry_count }) => ({ state, retry_count }))).toEqual([
        { state: 'completed', retry_count: 0 },
      ]);
      // … and one mail, the reset link.
      const mails = smtp.received.slice(received);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.to).toEqual([account.email]);
      expect(mails[0]?.raw.toString()).toMatch(/reset/i);
    });

    it('lets a replica that starts while another migrates and seeds wait its turn', async () => {
      // Another replica's start-up, held: the one starting now must wait for the lock, not seed beside it.
      const holder = new pg.Client({ connectionString: shared.DATABASE_URL });
      await holder.connect();
      cleanups.push(() => holder.end());
      await holder.query(`select pg_advisory_lock(hashtextextended('propertydna:startup', 0))`);
      const dataDir = await makeTempDir('pdna-replica-');
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      let started = false;
      const starting = createServer(
        parseEnv({ ...shared, DATA_DIR: dataDir, JOBS_WORKER: 'false', LOG_LEVEL: 'silent' }),
        false,
      ).then((app) => {
        started = true;
        return app;
      });
      const waiting = async () =>
        (
          await holder.query(
            `select 1 from pg_locks where locktype = 'advisory' and not granted and database =
             (select oid from pg_database where datname = current_database())`,
          )
        ).rowCount === 1;
      await waitFor(waiting, 30_000);
      expect(started).toBe(false);

      await holder.query(`select pg_advisory_unlock(hashtextextended('propertydna:startup', 0))`);
      const app = await starting;
      try {
        expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
          status: 'ok',
        });
      } finally {
        await app.close();
      }
    });
  },
);
