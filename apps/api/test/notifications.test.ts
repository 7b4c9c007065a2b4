import fs from 'node:fs/promises';
import path from 'node:path';
import {
  calendarDateOf,
  contextsLabel,
  dayNumberOf,
  EMAIL_ALERTS_UPGRADE_MESSAGE,
  formatDate as formatDateLong,
  formatDateOnly,
  johannesburgToday,
  parseDateOnly,
  SEVERITY_LABELS,
} from '@propertydna/domain';
import { sql } from 'kysely';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailJobs, queueMailWithin } from '../src/mail/mail-job.js';
import { emailAlertsJob } from '../src/modules/notifications/notifications.jobs.js';
import { sendDailyDigests } from '../src/modules/notifications/notifications.service.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { httpOwner, sha256Hex } from './support/http-owner.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.js';
import { silentLogger } from './support/wait.js';

const APP_URL = 'https://app.propertydna.test';

/** The South African date `days` days from today. */
const inDays = (days: number) =>
  formatDateOnly(calendarDateOf(dayNumberOf(parseDateOnly(johannesburgToday(new Date()))) + days));

const addressOf = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '');

/** The alert mails (the daily digest and its test), not the welcome mail of the sign-up. */
const isAlert = (subject: string | undefined) => /^(PropertyDNA:|Test:) /.test(subject ?? '');

/** The owner's properties and tasks through the API: `tasks` maps a property name to the days until each task is due. */
async function ownerWith(
  t: TestApp,
  origin: string,
  tasks: Record<string, number[]>,
  options: { plan?: 'free' | 'premium' } = {},
) {
  const owner = await httpOwner(t, origin, options);
  const properties: Record<string, string> = {};
  for (const [name, dues] of Object.entries(tasks)) {
    const property = await owner.call('POST', '/api/properties', {
      name,
      address: `${name} Road`,
      municipality: 'CPT',
      parcel_id: `M${Math.random().toString(36).slice(2, 8)}`,
    });
    expect(property.statusCode, property.body).toBe(201);
    const propertyId = property.json().id as string;
    properties[name] = propertyId;
    for (const days of dues) {
      const task = await owner.call('POST', '/api/maintenance', {
        propertyId,
        title: `${name} task in ${days} days`,
        description: 'Check it',
        frequency: 'annually',
        priority: 'low',
        next_due: inDays(days),
        assigned_to: null,
      });
      expect(task.statusCode, task.body).toBe(201);
    }
  }
  return { ...owner, properties };
}

describe(`email alerts (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp({ APP_URL });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every alert mail in the outbox to `email`. */
  async function outboxFor(email: string): Promise<ParsedMail[]> {
    const outbox = path.join(t.dataDir, 'outbox');
    const files = (await fs.readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml'));
    const mails = await Promise.all(
      files.map(async (name) => simpleParser(await fs.readFile(path.join(outbox, name)))),
    );
    return mails.filter((mail) => addressOf(mail) === email && isAlert(mail.subject));
  }

  /** One daily round as the schedule runs it (through the queue), then the mail it queued. */
  async function dailyRound() {
    await t.services.jobs.send(emailAlertsJob, {});
    expect(await t.services.jobs.runQueued(emailAlertsJob)).toBe(1);
    await t.services.jobs.runQueued(mailJobs);
  }

  it('schedules the round at 07:00 South African time when the worker runs', async () => {
    const withWorker = await createTestApp({ JOBS_WORKER: 'true' });
    const schedules = await withWorker.services.jobs.schedules();
    await withWorker.close();
    expect(schedules).toContainEqual(
      expect.objectContaining({
        name: 'notifications.daily-alerts',
        cron: '0 7 * * *',
        timezone: 'Africa/Johannesburg',
      }),
    );
  });

  it('sends one digest per user and day: overdue and due within 7 days first, then within 30, per property, with links', async () => {
    const owner = await ownerWith(t, origin, { 'Kloof House': [-3, 5, 20], 'Sea Point Flat': [12, 45] });
    await dailyRound();
    await dailyRound();
    const mails = await outboxFor(owner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('PropertyDNA: 2 reminders overdue or due within 7 days');
    const text = mail?.text ?? '';
    const kloof = `${APP_URL}/properties/${owner.properties['Kloof House']}`;
    const seaPoint = `${APP_URL}/properties/${owner.properties['Sea Point Flat']}`;
    const order = [
      'Overdue or due within 7 days',
      `Kloof House (${kloof})`,
      '- High: Kloof House task in -3 days — Overdue by 3 days',
      '- Medium: Kloof House task in 5 days — Due in 5 days',
      'Coming up within 30 days',
      `Kloof House (${kloof})`,
      '- Low: Kloof House task in 20 days — Due in 20 days',
      `Sea Point Flat (${seaPoint})`,
      '- Low: Sea Point Flat task in 12 days — Due in 12 days',
    ];
    let at = -1;
    for (const line of order) {
      const next = text.indexOf(line, at + 1);
      expect(next, `"${line}" after position ${at} in:\n${text}`).toBeGreaterThan(at);
      at = next;
    }
    expect(text).not.toContain('45 days');
    expect(mail?.html).toContain(`href="${kloof}"`);
    expect(mail?.html).toContain('High: Kloof House task in -3 days — Overdue by 3 days');
    expect(mail?.html).toContain(`Turn them off on your account page: ${APP_URL}/account`);
    const claims = await t.db.db
      .selectFrom('alert_digests')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .execute();
    expect(claims).toEqual([
      expect.objectContaining({
        day: johannesburgToday(new Date()),
        items: 2,
        mail_job_id: expect.any(String),
      }),
    ]);
  });

  it("labels and orders on the one severity scale, and lists the property's Policy Check items as the tab does (issue 32)", async () => {
    const owner = await ownerWith(t, origin, { 'Fence House': [-1] });
    const propertyId = owner.properties['Fence House'] as string;
    const patched = await owner.call('PATCH', `/api/properties/${propertyId}`, {
      features: ['electric_fence'],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const content = Buffer.concat([
      Buffer.from('%PDF-1.7\n% fence\n'),
      Buffer.alloc(2000, 0x41),
      Buffer.from('\n%%EOF\n'),
    ]);
    // Uploaded as the web app does, to this test server (the signed URL names APP_URL, a test host).
    const signed = await owner.call('POST', '/api/documents/sign', {
      contentType: 'application/pdf',
      sha256: sha256Hex(content),
      bytes: content.length,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const put = await fetch(signed.json().url.replace(APP_URL, origin), {
      method: 'PUT',
      body: content,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(put.status).toBe(200);
    const policy = await owner.call('POST', '/api/documents', {
      storage_key: signed.json().storageKey,
      sha256: sha256Hex(content),
      bytes: content.length,
      content_type: 'application/pdf',
      property_id: propertyId,
      kind: 'policy',
      metadata: { filename: 'Home policy.pdf' },
      expires_at: inDays(-2),
    });
    expect(policy.statusCode, policy.body).toBe(201);
    // The policy's wording asks for the fence to be certified (as its analysis would have found).
    await t.db.db
      .insertInto('policy_findings')
      .values({
        organization_id: owner.organizationId,
        property_id: propertyId,
        document_id: policy.json().id,
        finding_type: 'maintenance',
        key: 'electric_fence',
        title: 'Electric fence certified',
        description: 'The electric fence must hold a valid certificate.',
        severity: 'medium',
        confidence: 0.9,
        excerpt: 'The electric fence must be certified by a registered installer.',
      })
      .execute();
    const checked = await owner.call('GET', `/api/properties/${propertyId}/policy-check`);
    expect(checked.statusCode, checked.body).toBe(200);
    const items = checked.json().items as {
      level: keyof typeof SEVERITY_LABELS;
      title: string;
      contexts: ('ongoing' | 'transfer' | 'insurance')[];
    }[];

    const sent = await owner.call('POST', '/api/notifications/test');
    expect(sent.statusCode, sent.body).toBe(200);
    await t.services.jobs.runQueued(mailJobs);
    const [mail] = await outboxFor(owner.email);
    const text = mail?.text ?? '';
    const lines = text.split('\n');
    const heading = lines.indexOf('What the compliance check asks, most severe first');
    expect(heading, text).toBeGreaterThan(0);
    expect(lines[heading + 3]).toBe(`Fence House (${APP_URL}/properties/${propertyId}?tab=policy-check)`);
    // The Policy Check's items, in its order and with its levels in the cards' words, one line each.
    const listed = lines.slice(heading + 4, heading + 4 + items.length);
    expect(listed.map((line) => line.slice(0, line.indexOf(').') + 1))).toEqual(
      items.map(
        (item) => `- ${SEVERITY_LABELS[item.level]}: ${item.title} (${contextsLabel(item.contexts)})`,
      ),
    );
    expect(listed.slice(0, 3)).toEqual([
      `- Critical: Expired insurance policy (Insurance). Renew the policy, or upload the current schedule if it was renewed. Overdue since ${formatDateLong(inDays(-2))}.`,
      expect.stringMatching(
        /^- Critical: No Electrical Certificate of Compliance \(Ongoing and Transfer\)\. /,
      ),
      expect.stringMatching(/^- Critical: No Water installation \(plumbing\) certificate \(Transfer\)\. /),
    ]);
    // The electric fence certificate, asked for in three contexts, is one line naming them.
    expect(text.split('No Electric Fence System Certificate')).toHaveLength(2);
    expect(listed).toContainEqual(
      expect.stringMatching(
        /^- Medium: No Electric Fence System Certificate \(Ongoing, Transfer and Insurance\)\. /,
      ),
    );
    // The reminders: the expired policy is critical as on the Policy Check, before the overdue task (high).
    const due = lines.slice(lines.indexOf('Overdue or due within 7 days'));
    const group = due.slice(due.findIndex((line) => line.startsWith('Fence House (')) + 1);
    expect(group.slice(0, 2)).toEqual([
      expect.stringMatching(/^- Critical: .*Home policy\.pdf/),
      `- High: Fence House task in -1 days — Overdue by 1 day (${formatDateLong(inDays(-1))})`,
    ]);
  });

  it('sends at most one digest when two rounds run at once (two replicas)', async () => {
    const owner = await ownerWith(t, origin, { 'Twin House': [1] });
    const rounds = await Promise.all([
      sendDailyDigests(t.services, silentLogger),
      sendDailyDigests(t.services, silentLogger),
    ]);
    expect(rounds.reduce((sum, round) => sum + round.queued, 0)).toBeGreaterThanOrEqual(1);
    await t.services.jobs.runQueued(mailJobs);
    expect(await outboxFor(owner.email)).toHaveLength(1);
  });

  it('serves every user of a round that spans many pages, each claim naming its bulk mail job, once', async () => {
    // 120 Premium owners (written directly: the round reads them 50 at a time), each with a task overdue.
    const seeded = 120;
    const tag = `pages${process.pid}`;
    await sql`
      insert into organizations (name, account_type, plan)
      select ${tag} || ' ' || g, 'individual', 'premium' from generate_series(1, ${seeded}::int) g`.execute(
      t.db.db,
    );
    await sql`
      insert into users (organization_id, email, password_hash, first_name, last_name, user_type, email_verified_at)
      select o.id, ${tag} || '-' || replace(o.name, ' ', '-') || '@example.co.za', 'x', 'Page', 'Owner', 'homeowner', now()
      from organizations o where o.name like ${`${tag} %`}`.execute(t.db.db);
    await sql`
      insert into properties (organization_id, dna_code, parcel_key, name, address, municipality, parcel_id)
      select o.id, 'PG-' || o.id, 'PG-' || o.id, 'Page house', '1 Page Road', 'CPT', 'P' || o.id
      from organizations o where o.name like ${`${tag} %`}`.execute(t.db.db);
    await sql`
      insert into maintenance_tasks (organization_id, property_id, title, frequency, priority, next_due)
      select p.organization_id, p.id, 'Clean the gutters', 'annually', 'low', ${inDays(-2)}::date
      from properties p where p.dna_code like 'PG-%'`.execute(t.db.db);
    const claimsOfSeeded = () =>
      sql<{ mail_job_id: string | null; job_name: string | null; items: number }>`
        select a.mail_job_id, j.name as job_name, a.items from alert_digests a
        join users u on u.id = a.user_id
        left join pgboss.job j on j.id = a.mail_job_id
        where u.email like ${`${tag}-%`}`.execute(t.db.db);
    await sendDailyDigests(t.services, silentLogger);
    const claims = (await claimsOfSeeded()).rows;
    expect(claims).toHaveLength(seeded);
    expect(new Set(claims.map((claim) => claim.mail_job_id)).size).toBe(seeded);
    expect(claims.every((claim) => claim.job_name === 'mail.bulk' && claim.items === 1)).toBe(true);
    // A second round finds every claim and queues nothing for them.
    expect((await sendDailyDigests(t.services, silentLogger)).queued).toBe(0);
    expect((await claimsOfSeeded()).rows).toHaveLength(seeded);
    await t.services.jobs.runQueued(mailJobs, 1000);
  });

  it('queues the mail and its claim together: a transaction that fails leaves no mail job', async () => {
    const failed = t.db.db.transaction().execute(async (trx) => {
      await queueMailWithin(t.services, trx, 'urgent', {
        to: 'nobody@example.co.za',
        subject: 'Never sent',
        text: 'x',
        html: '<p>x</p>',
      });
      throw new Error('crash before commit');
    });
    await expect(failed).rejects.toThrow('crash before commit');
    expect(await t.services.jobs.runQueued(mailJobs)).toBe(0);
    expect(await outboxFor('nobody@example.co.za')).toEqual([]);
  });

  it('sends none to a Free account, and its settings and test say why', async () => {
    const owner = await ownerWith(t, origin, { 'Free House': [-1, 2] }, { plan: 'free' });
    await dailyRound();
    expect(await outboxFor(owner.email)).toEqual([]);
    const settings = await owner.call('GET', '/api/notifications/settings');
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toEqual({
      emailAlerts: true,
      available: false,
      reason: EMAIL_ALERTS_UPGRADE_MESSAGE,
    });
    const test = await owner.call('POST', '/api/notifications/test');
    expect(test.statusCode, test.body).toBe(403);
    expect(test.json()).toEqual({ error: EMAIL_ALERTS_UPGRADE_MESSAGE });
    await t.services.jobs.runQueued(mailJobs);
    expect(await outboxFor(owner.email)).toEqual([]);
  });

  it('sends during the Premium trial of a Free account', async () => {
    const owner = await ownerWith(t, origin, { 'Trial House': [0] }, { plan: 'free' });
    expect((await owner.call('POST', '/api/plan/trial')).statusCode).toBe(200);
    await dailyRound();
    const mails = await outboxFor(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Trial House task in 0 days — Due today');
  });

  it('sends none on a day with nothing overdue or due within 7 days', async () => {
    const owner = await ownerWith(t, origin, { 'Quiet House': [8, 30] });
    await dailyRound();
    expect(await outboxFor(owner.email)).toEqual([]);
    const claims = await t.db.db
      .selectFrom('alert_digests')
      .select('day')
      .where('user_id', '=', owner.userId)
      .execute();
    expect(claims).toEqual([]);
  });

  it('sends none with alerts turned off, and again once they are on', async () => {
    const owner = await ownerWith(t, origin, { 'Muted House': [3] });
    const off = await owner.call('PUT', '/api/notifications/settings', { emailAlerts: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ emailAlerts: false, available: true, reason: null });
    await dailyRound();
    expect(await outboxFor(owner.email)).toEqual([]);

    const bad = await owner.call('PUT', '/api/notifications/settings', { emailAlerts: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('emailAlerts must be true or false');

    expect((await owner.call('PUT', '/api/notifications/settings', { emailAlerts: true })).json()).toEqual({
      emailAlerts: true,
      available: true,
      reason: null,
    });
    expect((await owner.call('GET', '/api/notifications/settings')).json().emailAlerts).toBe(true);
    await dailyRound();
    expect(await outboxFor(owner.email)).toHaveLength(1);
  });

  it('sends the test email now, into the outbox, with the items; it does not count as the day’s alert', async () => {
    const owner = await ownerWith(t, origin, { 'Test House': [-2, 25] });
    const sent = await owner.call('POST', '/api/notifications/test');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ ok: true, message: `Test reminder email sent to ${owner.email}` });
    expect(await t.services.jobs.runQueued(mailJobs)).toBeGreaterThanOrEqual(1);
    const [test] = await outboxFor(owner.email);
    expect(test?.subject).toBe('Test: your PropertyDNA reminders (1 reminder overdue or due within 7 days)');
    expect(test?.text).toContain('- High: Test House task in -2 days — Overdue by 2 days');
    expect(test?.text).toContain('- Low: Test House task in 25 days — Due in 25 days');
    expect(test?.text).toContain(`${APP_URL}/properties/${owner.properties['Test House']}`);

    await dailyRound();
    const mails = await outboxFor(owner.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'PropertyDNA: 1 reminder overdue or due within 7 days',
      'Test: your PropertyDNA reminders (1 reminder overdue or due within 7 days)',
    ]);
  });

  it('sends the test email when nothing is due, saying so, and through tRPC too', async () => {
    const owner = await ownerWith(t, origin, { 'Calm House': [] });
    const sent = await owner.call('POST', '/trpc/notifications.sendTest', {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().result.data).toEqual({
      ok: true,
      message: `Test reminder email sent to ${owner.email}`,
    });
    await t.services.jobs.runQueued(mailJobs);
    const [test] = await outboxFor(owner.email);
    expect(test?.subject).toBe('Test: your PropertyDNA reminders');
    expect(test?.text).toContain(
      'Nothing is overdue or due within the next 30 days, so the daily alert would not be sent today.',
    );
    expect(test?.text).not.toContain('Overdue or due within 7 days');
  });

  it('limits test emails to 5 an hour per user', async () => {
    const owner = await ownerWith(t, origin, {});
    for (let i = 0; i < 5; i += 1) {
      expect((await owner.call('POST', '/api/notifications/test')).statusCode).toBe(200);
    }
    const refused = await owner.call('POST', '/api/notifications/test');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too many test emails');
    await t.services.jobs.runQueued(mailJobs);
  });

  it('needs a signed-in caller', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications/settings'],
      ['PUT', '/api/notifications/settings'],
      ['POST', '/api/notifications/test'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        ...(method === 'PUT' ? { payload: { emailAlerts: false } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe(`email alerts over SMTP (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      APP_URL,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'PropertyDNA <mail@propertydna.test>',
    });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the daily digest to an in-process SMTP server, once', async () => {
    const owner = await ownerWith(t, origin, { 'Harbour House': [-1] });
    for (let round = 0; round < 2; round += 1) {
      await t.services.jobs.send(emailAlertsJob, {});
      expect(await t.services.jobs.runQueued(emailAlertsJob)).toBe(1);
      await t.services.jobs.runQueued(mailJobs);
    }
    const alerts = [];
    for (const mail of smtp.received) {
      const parsed = await simpleParser(mail.raw);
      if (isAlert(parsed.subject)) alerts.push({ ...mail, parsed });
    }
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.to).toEqual([owner.email]);
    expect(alerts[0]?.from).toBe('mail@propertydna.test');
    const parsed = alerts[0]?.parsed;
    expect(parsed?.subject).toBe('PropertyDNA: 1 reminder overdue or due within 7 days');
    expect(parsed?.text).toContain('- High: Harbour House task in -1 days — Overdue by 1 day');
    expect(parsed?.html).toContain(`href="${APP_URL}/properties/${owner.properties['Harbour House']}"`);
    await expect(fs.readdir(path.join(t.dataDir, 'outbox'))).rejects.toThrow();
  });
});
