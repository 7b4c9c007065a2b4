import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../src/db/connect.js';
import { defineJob, JobQueue } from '../src/jobs/job-queue.js';
import { mailJobs, openMessage, queueMail, sealMessage, urgentMailJob } from '../src/mail/mail-job.js';
import { passwordResetMail } from '../src/mail/templates.js';
import { createTestApp, type TestApp } from './support/app.js';
import { createTestDatabase, databaseKind } from './support/database.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.js';
import { silentLogger, waitFor } from './support/wait.js';

/** Retries wait out real backoff (1 s, then 2 s, …): a wide bound for a loaded machine, never a timing check. */
const RETRY_BOUND_MS = 90_000;

describe(`background jobs (${databaseKind})`, { timeout: RETRY_BOUND_MS + 30_000 }, () => {
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
    retryDelaySeconds: 1,
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
    retryDelaySeconds: 1,
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

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = new JobQueue(database, { log: silentLogger, worker: true, pollSeconds: 0.5 });
    await queue.start(deps, [echo, flaky, hopeless, slow]);
  });
  afterAll(async () => {
    await queue.stop(5000);
    await database.close();
  });

  it('runs a queued job in the worker', async () => {
    const id = await queue.send(echo, { word: 'hello' });
    await waitFor(async () => (await queue.jobState(echo, id))?.state === 'completed');
    expect(deps.runs).toContain('hello');
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const id = await queue.send(flaky, { word: 'flaky' });
    await waitFor(async () => (await queue.jobState(flaky, id))?.state === 'completed', RETRY_BOUND_MS);
    expect(deps.runs.filter((run) => run.startsWith('flaky#'))).toEqual(['flaky#0', 'flaky#1', 'flaky#2']);
    expect((await queue.jobState(flaky, id))?.retryCount).toBe(2);
  });

  it('keeps a job that failed all its runs as failed, with the error', async () => {
    const id = await queue.send(hopeless, {});
    await waitFor(async () => (await queue.jobState(hopeless, id))?.state === 'failed', RETRY_BOUND_MS);
    const state = await queue.jobState(hopeless, id);
    expect(state?.retryCount).toBe(1);
    expect(JSON.stringify(state?.output)).toContain('never works');
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
      const id = await queueMail(services, 'urgent', { ...message, subject: 'Second try' });
      expect(await services.jobs.runQueued(mailJobs)).toBe(1);
      expect((await services.jobs.jobState(urgentMailJob, id))?.state).toBe('retry');
      expect(smtp.received.map((r) => r.raw.toString())).not.toContainEqual(
        expect.stringContaining('Second try'),
      );
    });
  });
});
