import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../src/db/connect.js';
import { defineJob, JobQueue } from '../src/jobs/job-queue.js';
import {
  bulkMailJob,
  mailJobs,
  openMessage,
  queueMail,
  queueMailsWithin,
  sealMessage,
  urgentMailJob,
} from '../src/mail/mail-job.js';
import { passwordResetMail } from '../src/mail/templates.js';
import { signUpAndLogIn } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { createTestDatabase, databaseKind } from './support/database.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.js';
import { silentLogger, waitFor } from './support/wait.js';

/**
 * The test jobs' retry delay: pg-boss schedules the n-th retry 2^(n-1) to 2^n times this after the
 * failure (capped at an hour). Far longer than any run takes, so a retry never comes by itself here:
 * the test reads the schedule pg-boss wrote, then makes the retry due at once (retryNow).
 */
const RETRY_DELAY_SECONDS = 600;

describe(`background jobs (${databaseKind})`, () => {
  let database: DatabaseHandle;
  let queue: JobQueue<{ runs: string[] }>;
  const deps = { runs: [] as string[] };
  let failuresLeft = 2;
  let release: () => void = () => {};

  const echo = defineJob<{ word: string }, typeof deps>({
    name: 'test.echo',
    concurrency: 1,
    data: z.object({ word: z.string() }),
    run: async ({ word }, { deps }) => {
      deps.runs.push(word);
    },
  });
  const flaky = defineJob<{ word: string }, typeof deps>({
    name: 'test.flaky',
    concurrency: 1,
    data: z.object({ word: z.string() }),
    retryLimit: 3,
    retryDelaySeconds: RETRY_DELAY_SECONDS,
    run: async ({ word }, { deps, retryCount }) => {
      deps.runs.push(`${word}#${retryCount}`);
      if (failuresLeft-- > 0) throw new Error(`flaky failure ${retryCount}`);
    },
  });
  const hopeless = defineJob<Record<string, never>, typeof deps>({
    name: 'test.hopeless',
    concurrency: 1,
    data: z.object({}),
    retryLimit: 1,
    retryDelaySeconds: RETRY_DELAY_SECONDS,
    run: async () => {
      throw new Error('never works');
    },
  });
  const slow = defineJob<Record<string, never>, typeof deps>({
    name: 'test.slow',
    concurrency: 1,
    data: z.object({}),
    run: async (_data, { deps }) => {
      deps.runs.push('slow started');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      deps.runs.push('slow finished');
    },
  });

  /** Jobs that wait at a gate until the test opens it, counting how many run at once. */
  const gate = { running: 0, most: 0, open: () => {}, opened: Promise.resolve() };
  const closeGate = () => {
    gate.opened = new Promise<void>((resolve) => {
      gate.open = resolve;
    });
  };
  const gated = defineJob<{ word: string }, typeof deps>({
    name: 'test.gated',
    // Two workers of two.
    concurrency: 4,
    batchSize: 2,
    data: z.object({ word: z.string() }),
    run: async ({ word }, { deps }) => {
      gate.running += 1;
      gate.most = Math.max(gate.most, gate.running);
      await gate.opened;
      gate.running -= 1;
      deps.runs.push(word);
    },
  });
  /** One worker fetching two at a time; 'bad' fails (and is retried an hour later, alone). */
  const pair = defineJob<{ word: string }, typeof deps>({
    name: 'test.pair',
    concurrency: 2,
    data: z.object({ word: z.string() }),
    retryLimit: 1,
    retryDelaySeconds: 3600,
    run: async ({ word }, { deps }) => {
      deps.runs.push(word);
      if (word.startsWith('bad')) throw new Error(`${word} fails`);
    },
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = new JobQueue(database, { log: silentLogger, worker: true, pollSeconds: 0.5 });
    await queue.start(deps, [echo, flaky, hopeless, slow, gated, pair]);
  });
  afterAll(async () => {
    await queue.stop(5000);
    await database.close();
  });

  /**
   * Waits until job `id` failed and waits for its retry number `retry` (1, 2, …), then makes that retry
   * due now instead of waiting it out. Answers how long after its failed run started pg-boss scheduled
   * the retry, in seconds (the database's own clock on both ends).
   */
  async function retryNow(id: string, retry: number): Promise<number> {
    const waiting = async () =>
      (
        await sql<{ delay: number }>`
          select extract(epoch from start_after - started_on)::float8 as delay from pgboss.job
          where id = ${id} and state = 'retry' and retry_count = ${retry - 1}`.execute(database.db)
      ).rows[0]?.delay;
    await waitFor(async () => (await waiting()) !== undefined);
    const delay = (await waiting()) ?? Number.NaN;
    await sql`update pgboss.job set start_after = now() where id = ${id} and state = 'retry'`.execute(
      database.db,
    );
    return delay;
  }

  it('runs a queued job in the worker', async () => {
    const id = await queue.send(echo, { word: 'hello' });
    await waitFor(async () => (await queue.jobState(echo, id))?.state === 'completed');
    expect(deps.runs).toContain('hello');
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const id = await queue.send(flaky, { word: 'flaky' });
    // Backoff: the first retry at least the delay after the failed run, the second at least twice that.
    expect(await retryNow(id, 1)).toBeGreaterThanOrEqual(RETRY_DELAY_SECONDS);
    expect(await retryNow(id, 2)).toBeGreaterThanOrEqual(2 * RETRY_DELAY_SECONDS);
    await waitFor(async () => (await queue.jobState(flaky, id))?.state === 'completed');
    expect(deps.runs.filter((run) => run.startsWith('flaky#'))).toEqual(['flaky#0', 'flaky#1', 'flaky#2']);
    expect((await queue.jobState(flaky, id))?.retryCount).toBe(2);
  });

  it('keeps a job that failed all its runs as failed, with the error', async () => {
    const id = await queue.send(hopeless, {});
    expect(await retryNow(id, 1)).toBeGreaterThanOrEqual(RETRY_DELAY_SECONDS);
    await waitFor(async () => (await queue.jobState(hopeless, id))?.state === 'failed');
    const state = await queue.jobState(hopeless, id);
    expect(state?.retryCount).toBe(1);
    expect(JSON.stringify(state?.output)).toContain('never works');
  });

  it('runs jobs side by side up to the bound its kind declares, fetched in batches', async () => {
    closeGate();
    const words = ['g1', 'g2', 'g3', 'g4', 'g5', 'g6'];
    const ids = words.map(() => randomUUID());
    await database.db.transaction().execute((trx) =>
      queue.sendManyWithin(
        trx,
        gated,
        words.map((word, i) => ({ id: ids[i] ?? '', data: { word } })),
      ),
    );
    // Both workers have a batch of two running; the other two wait in the queue.
    await waitFor(() => gate.running === 4);
    expect(
      (await Promise.all(ids.map((id) => queue.jobState(gated, id)))).map((job) => job?.state).sort(),
    ).toEqual(['active', 'active', 'active', 'active', 'created', 'created']);
    gate.open();
    await waitFor(async () =>
      (await Promise.all(ids.map((id) => queue.jobState(gated, id)))).every(
        (job) => job?.state === 'completed',
      ),
    );
    expect(gate.most).toBe(4);
    expect(deps.runs.filter((run) => run.startsWith('g')).sort()).toEqual(words);
  });

  it('settles each job of a batch by itself: one that fails does not fail or retry its batch-mate', async () => {
    const [bad, good] = [randomUUID(), randomUUID()];
    await database.db.transaction().execute((trx) =>
      queue.sendManyWithin(trx, pair, [
        { id: bad, data: { word: 'bad-1' } },
        { id: good, data: { word: 'good-1' } },
      ]),
    );
    await waitFor(async () => (await queue.jobState(pair, good))?.state === 'completed');
    await waitFor(async () => (await queue.jobState(pair, bad))?.state === 'retry');
    expect(JSON.stringify((await queue.jobState(pair, bad))?.output)).toContain('bad-1 fails');
    // Each ran once: the failure was recorded on its own job, not on the batch.
    expect(deps.runs.filter((run) => run.endsWith('-1')).sort()).toEqual(['bad-1', 'good-1']);
    expect((await queue.jobState(pair, good))?.retryCount).toBe(0);
  });

  it('wakes an idle worker when this process queues a job, without waiting for its poll', async () => {
    const local = { runs: [] as string[] };
    const other = await createTestDatabase();
    // A poll an hour apart: only the wake-up can start these jobs within the test's bounds.
    const idle = new JobQueue(other, { log: silentLogger, worker: true, pollSeconds: 3600 });
    await idle.start(local, [echo as never]);
    try {
      const first = await idle.send(echo as never, { word: 'first' });
      await waitFor(async () => (await idle.jobState(echo as never, first))?.state === 'completed');
      // Idle again (its fetch after that job found nothing): sent now, and within a transaction.
      const second = await idle.send(echo as never, { word: 'second' });
      await waitFor(async () => (await idle.jobState(echo as never, second))?.state === 'completed');
      const third = await other.db
        .transaction()
        .execute((trx) => idle.sendWithin(trx, echo as never, { word: 'third, on commit' }));
      await waitFor(async () => (await idle.jobState(echo as never, third))?.state === 'completed');
      expect(local.runs).toEqual(['first', 'second', 'third, on commit']);
    } finally {
      await idle.stop(5000);
      await other.close();
    }
  });

  it('refuses data that does not fit the job', async () => {
    await expect(queue.send(echo, { word: 42 } as unknown as { word: string })).rejects.toThrow();
  });

  it('lets a running job finish when it stops', async () => {
    const local = { runs: [] as string[] };
    const other = await createTestDatabase();
    const stopping = new JobQueue(other, { log: silentLogger, worker: true, pollSeconds: 0.5 });
    await stopping.start(local, [slow as never]);
    const id = await stopping.send(slow as never, {});
    await waitFor(async () => local.runs.includes('slow started'));
    const stopped = stopping.stop(10_000);
    release();
    await stopped;
    expect(local.runs).toEqual(['slow started', 'slow finished']);
    // The queue recorded it as done: nothing runs it a second time.
    const again = new JobQueue(other, { log: silentLogger, worker: false, pollSeconds: 0.5 });
    await again.start(local, [slow as never]);
    expect((await again.jobState(slow as never, id))?.state).toBe('completed');
    await again.stop(1000);
    await other.close();
  });
});

describe(`mail (${databaseKind})`, () => {
  const message = {
    to: 'thandi@example.co.za',
    ...passwordResetMail({
      firstName: 'Thandi',
      link: 'http://localhost:3000/reset-password?token=abc',
      validMinutes: 60,
    }),
  };

  it('seals queued messages so the job tables never hold a readable link', () => {
    const sealed = sealMessage('a'.repeat(40), message);
    expect(sealed).not.toContain('reset-password');
    expect(openMessage('a'.repeat(40), sealed)).toEqual(message);
    expect(() => openMessage('b'.repeat(40), sealed)).toThrow();
  });

  describe('without SMTP_URL: the outbox', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t.close();
    });

    it('writes each message as an .eml file with an HTML and a text body', async () => {
      const services = t.services;
      await queueMail(services, 'urgent', message);
      expect(await services.jobs.runQueued(mailJobs)).toBe(1);
      const outbox = path.join(t.dataDir, 'outbox');
      const files = (await fs.readdir(outbox)).filter((name) => name.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const parsed = await simpleParser(await fs.readFile(path.join(outbox, files[0] ?? '')));
      expect(parsed.subject).toBe('Reset your PropertyDNA password');
      expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('thandi@example.co.za');
      expect(parsed.from?.text).toContain('PropertyDNA');
      expect(parsed.text).toContain('http://localhost:3000/reset-password?token=abc');
      expect(parsed.html).toContain('href="http://localhost:3000/reset-password?token=abc"');
      // Nothing half-written is left beside it.
      expect((await fs.readdir(outbox)).filter((name) => !name.endsWith('.eml'))).toEqual([]);
    });
  });

  describe('with SMTP_URL: a real SMTP server', () => {
    let t: TestApp;
    let smtp: TestSmtpServer;

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp({
        SMTP_URL: smtp.url,
        MAIL_FROM: 'PropertyDNA <mail@propertydna.test>',
      });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it('delivers the message over SMTP', async () => {
      const services = t.services;
      await queueMail(services, 'urgent', message);
      expect(await services.jobs.runQueued(mailJobs)).toBe(1);
      const { received } = smtp;
      expect(received).toHaveLength(1);
      expect(received[0]?.from).toBe('mail@propertydna.test');
      expect(received[0]?.to).toEqual(['thandi@example.co.za']);
      const parsed = await simpleParser(received[0]?.raw ?? Buffer.alloc(0));
      expect(parsed.subject).toBe('Reset your PropertyDNA password');
      expect(parsed.html).toContain('reset-password?token=abc');
      expect(parsed.text).toContain('reset-password?token=abc');
      await expect(fs.readdir(path.join(t.dataDir, 'outbox'))).rejects.toThrow();
    });

    it('keeps a message the server refused and sends it on the retry', async () => {
      const services = t.services;
      smtp.refuseNext(1);
      const id = (await queueMail(services, 'urgent', { ...message, subject: 'Second try' })) as string;
      expect(await services.jobs.runQueued(mailJobs)).toBe(1);
      expect((await services.jobs.jobState(urgentMailJob, id))?.state).toBe('retry');
      expect(smtp.received.map((r) => r.raw.toString())).not.toContainEqual(
        expect.stringContaining('Second try'),
      );
    });
  });

  describe('urgent before bulk', () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    let bulk: ReturnType<TestSmtpServer['hold']>;

    beforeAll(async () => {
      smtp = await startSmtpServer();
      // The server keeps every bulk message it is handed waiting: the bulk lane is full and stays so.
      bulk = smtp.hold((raw) => raw.toString().includes('Subject: Bulk '));
      t = await createTestApp({ SMTP_URL: smtp.url, JOBS_WORKER: 'true', JOBS_POLL_SECONDS: '60' });
    });
    afterAll(async () => {
      bulk.release();
      await t.close();
      await smtp.close();
    });

    it('delivers a reset asked for after a backlog of bulk mail before that backlog, and the backlog still drains', async () => {
      const bulkCount = 30;
      await t.db.db.transaction().execute((trx) =>
        queueMailsWithin(
          t.services,
          trx,
          'bulk',
          Array.from({ length: bulkCount }, (_, i) => ({
            jobId: randomUUID(),
            message: {
              to: `neighbour${i}@example.co.za`,
              subject: `Bulk ${i}`,
              text: 'news',
              html: '<p>news</p>',
            },
          })),
        ),
      );
      // As many bulk messages as the lane runs at once are with the server; the rest wait in the queue.
      await waitFor(() => bulk.held() === bulkMailJob.concurrency);
      const account = await signUpAndLogIn(t);
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: account.email },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const subjects = () => smtp.received.map((mail) => /^Subject: (.*)$/m.exec(mail.raw.toString())?.[1]);
      await waitFor(() => subjects().includes('Reset your PropertyDNA password'));
      // Ahead of every bulk message queued before it, and of the sign-up's welcome (bulk too); the
      // sign-up's confirmation link went by the urgent lane as well.
      expect(subjects().sort()).toEqual([
        'Confirm your PropertyDNA email address',
        'Reset your PropertyDNA password',
      ]);
      bulk.release();
      await waitFor(() => smtp.received.length === bulkCount + 3);
      expect(subjects().filter((subject) => subject?.startsWith('Bulk ')).length).toBe(bulkCount);
    });
  });
});
