import { RETENTION } from '@propertydna/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAD_LETTER_QUEUE } from '../src/jobs/job-queue.js';
import { houseKeep } from '../src/modules/housekeeping/housekeeping.service.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { doors } from './support/doors.js';

const DAY = 86_400_000;

describe(`privacy notice, marketing consent and retention (issue 31 §4, ${databaseKind})`, () => {
  let t: TestApp;
  let owner: TestAccount;
  const { trpc } = doors(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpAndLogIn(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const consent = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/marketing-consent', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { agree: boolean; changedAt: string };
  };
  const consentEvents = () =>
    t.db.db
      .selectFrom('audit_events')
      .select(['details', 'ip', 'created_at'])
      .where('user_id', '=', owner.userId)
      .where('action', '=', 'marketing_consent')
      .orderBy('id')
      .execute();

  it('names the operators this deployment uses and how long each record is kept, to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/privacy' });
    expect(res.statusCode, res.body).toBe(200);
    const notice = res.json();
    expect(notice.operators).toEqual([
      {
        purpose: 'Email',
        operator: 'Nobody outside: emails are written to a folder on this server, not sent',
      },
      { purpose: 'File storage', operator: "Nobody outside: files are kept on this server's own disk" },
      { purpose: 'Payments', operator: 'Nobody: payments are not configured' },
    ]);
    expect(notice.retention).toMatchObject({ accessLogDays: 730, failedJobDays: 30, sessionDays: 30 });
  });

  it('names a configured mail server by its host, never by the credentials in its URL', async () => {
    const other = await createTestApp({
      SMTP_URL: 'smtp://mailer:s3cret-pass@mail.example.co.za:587',
      PAYFAST_MERCHANT_ID: '10000100',
      PAYFAST_MERCHANT_KEY: '46f0cd694581a',
    });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/privacy' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('The mail server at mail.example.co.za');
      expect(res.body).toContain('PayFast, for Premium payments');
      expect(res.body).not.toContain('s3cret');
      expect(res.body).not.toContain('mailer');
    } finally {
      await other.close();
    }
  });

  it('keeps the sign-up choice until it is changed, and records every change with its time and address (both doors)', async () => {
    const first = await consent(owner.headers);
    expect(first.agree).toBe(false);
    expect(await consentEvents()).toEqual([]);

    const before = Date.now();
    const given = await t.app.inject({
      method: 'PUT',
      url: '/api/account/marketing-consent',
      headers: owner.headers,
      payload: { agree: true },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().agree).toBe(true);
    expect(new Date(given.json().changedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const withdrawn = await trpc(owner, 'mutation', 'privacy.setMarketingConsent', { agree: false });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await consent(owner.headers)).agree).toBe(false);
    const events = await consentEvents();
    expect(events.map((event) => event.details)).toEqual([{ agree: true }, { agree: false }]);
    expect(events.every((event) => event.ip)).toBe(true);
    const row = await t.db.db
      .selectFrom('users')
      .select('agree_to_marketing')
      .where('id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(row.agree_to_marketing).toBe(false);
  });

  it('refuses anything but true or false with 400 and changes nothing; a stranger is 401; an API token 403', async () => {
    const events = (await consentEvents()).length;
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/account/marketing-consent',
      headers: owner.headers,
      payload: { agree: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('agree must be true or false');
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/account/marketing-consent',
      payload: { agree: true },
    });
    expect(anonymous.statusCode).toBe(401);
    const created = await trpc(owner, 'mutation', 'apiTokens.create', {
      name: 'Script',
      scope: 'read_write',
    });
    expect(created.statusCode, created.body).toBe(200);
    const secret = (created.json() as { result: { data: { secret: string } } }).result.data.secret;
    const byToken = await t.app.inject({
      method: 'PUT',
      url: '/api/account/marketing-consent',
      headers: { authorization: `Bearer ${secret}` },
      payload: { agree: true },
    });
    expect(byToken.statusCode).toBe(403);
    expect((await consentEvents()).length).toBe(events);
    expect((await consent(owner.headers)).agree).toBe(false);
  });

  it('keeps a job that failed for good 30 days and a finished one at most 7, as the notice says (the queues as stored)', async () => {
    const { rows } = await sql<{
      name: string;
      retention_seconds: number;
      deletion_seconds: number;
      dead_letter: string | null;
    }>`select name, retention_seconds, deletion_seconds, dead_letter from pgboss.queue order by name`.execute(
      t.db.db,
    );
    const failed = rows.find((row) => row.name === DEAD_LETTER_QUEUE);
    expect(failed?.retention_seconds).toBe(RETENTION.failedJobDays * 86_400);
    expect(RETENTION.failedJobDays).toBe(30);
    const queues = rows.filter((row) => row.name !== DEAD_LETTER_QUEUE);
    expect(queues.length).toBeGreaterThan(5);
    for (const queue of queues) {
      // Every job that fails its last run goes to the failed-jobs queue; a finished one is deleted in a week.
      expect([queue.name, queue.dead_letter]).toEqual([queue.name, DEAD_LETTER_QUEUE]);
      expect(queue.deletion_seconds).toBeLessThanOrEqual(RETENTION.finishedJobDays * 86_400);
    }
  });

  it('deletes access-log entries older than two years at housekeeping, and keeps the rest', async () => {
    const [link] = await t.db.db
      .insertInto('capabilities')
      .values({
        purpose: 'share',
        organization_id: owner.organizationId,
        created_by: owner.userId,
        token_hash: `privacy-test-${Date.now()}`,
        expires_at: new Date(Date.now() + DAY),
      })
      .returning('id')
      .execute();
    const capability = link?.id ?? '';
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
    await t.db.db
      .insertInto('capability_events')
      .values([
        { capability_id: capability, action: 'view', ip: '196.25.1.10', created_at: at(731) },
        { capability_id: capability, action: 'download', ip: '196.25.1.10', created_at: at(729) },
        { capability_id: capability, action: 'view', ip: '196.25.1.11', created_at: at(1) },
      ])
      .execute();
    const report = await houseKeep(t.db.db, t.store);
    expect(report.accessLog).toBe(1);
    const left = await t.db.db
      .selectFrom('capability_events')
      .select('action')
      .where('capability_id', '=', capability)
      .orderBy('created_at')
      .execute();
    expect(left.map((row) => row.action)).toEqual(['download', 'view']);
  });
});
