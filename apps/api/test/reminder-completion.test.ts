import {
  alertLine,
  johannesburgToday,
  type MergedReminder,
  REMINDER_COMPLETION_MESSAGES,
  snoozedLabel,
} from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES } from '../src/auth/owned.js';
import { reminderDigestMail } from '../src/mail/templates.js';
import { complianceRecheckJob } from '../src/modules/compliance/compliance.jobs.js';
import { openReminders, REMINDER_TEXTS } from '../src/modules/maintenance/reminders.service.js';
import { digestOf } from '../src/modules/notifications/notifications.service.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner } from './support/http-owner.js';

const DAY_MS = 86_400_000;
const day = (offset: number, from = Date.now()) => johannesburgToday(new Date(from + offset * DAY_MS));
const pdf = (label: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), Buffer.alloc(1200, 0x41), Buffer.from('\n%%EOF\n')]);

describe(`completing and snoozing certificate and policy reminders (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  type Owner = HttpOwner & { propertyId: string };

  async function owner(features: string[] = []): Promise<Owner> {
    const account = await httpOwner(t, origin);
    return { ...account, propertyId: await addProperty(account, 'Kloof House', features) };
  }

  async function addProperty(account: HttpOwner, name: string, features: string[] = []) {
    const res = await account.call('POST', '/api/properties', {
      name,
      address: `${name}, 8 Kloof Street`,
      municipality: 'CPT',
      parcel_id: `R${Math.random().toString(36).slice(2, 8)}`,
      features,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  async function upload(account: HttpOwner, propertyId: string, fields: Record<string, unknown>) {
    const res = await account.upload(pdf(JSON.stringify(fields) + Math.random()), 'application/pdf', {
      property_id: propertyId,
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  const expiredPolicy = (account: Owner) =>
    upload(account, account.propertyId, {
      kind: 'policy',
      name: 'Home policy 2025.pdf',
      expires_at: day(-10),
    });

  const reminders = async (account: Owner): Promise<MergedReminder[]> => {
    const res = await account.call('GET', `/api/properties/${account.propertyId}/reminders`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  const complete = (account: HttpOwner, id: string, body?: unknown) =>
    account.call('POST', `/api/reminders/${encodeURIComponent(id)}/complete`, body);
  const snooze = (account: HttpOwner, id: string, until: string) =>
    account.call('POST', `/api/reminders/${encodeURIComponent(id)}/snooze`, { until });

  const marks = async (organizationId: string) => ({
    completions: await t.db.db
      .selectFrom('reminder_completions')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .execute(),
    snoozes: await t.db.db
      .selectFrom('reminder_snoozes')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .execute(),
  });

  it("'Insurance policy expired' without a document or reason is 400 on both doors and changes nothing", async () => {
    const account = await owner(['electric_fence']);
    const policyId = await expiredPolicy(account);
    const before = await reminders(account);
    const expired = before.find((reminder) => reminder.id === `document:${policyId}`);
    expect(expired).toMatchObject({
      title: 'Insurance policy expired: Home policy 2025.pdf',
      priority: 'critical',
      overdue: true,
      snoozed_until: null,
    });

    for (const body of [undefined, {}, { reason: '   ' }, { replacement_document_id: null, reason: null }]) {
      const res = await complete(account, `document:${policyId}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: REMINDER_COMPLETION_MESSAGES.replacementOrReason });
    }
    const viaTrpc = await account.call('POST', '/trpc/maintenance.completeReminder', {
      id: `document:${policyId}`,
    });
    expect(viaTrpc.statusCode).toBe(400);
    expect(viaTrpc.json().error.message).toBe(REMINDER_COMPLETION_MESSAGES.replacementOrReason);

    expect(await reminders(account)).toEqual(before);
    expect(await marks(account.organizationId)).toEqual({ completions: [], snoozes: [] });
    const property = (await account.call('GET', `/api/properties/${account.propertyId}`)).json();
    expect(property.features).toEqual(['electric_fence']);
  });

  it('a reason that names a feature removes the feature from the property, and the reminder is done', async () => {
    const account = await owner(['electric_fence', 'geyser']);
    const certificate = await upload(account, account.propertyId, {
      kind: 'certificate',
      name: 'Electric fence certificate.pdf',
      metadata: { certificate_type: 'electric_fence_coc', issued_on: day(-800) },
      expires_at: day(-3),
    });
    const id = `document:${certificate}`;
    // Only the feature the certificate is about: another one (even one the property has) is refused,
    // and nothing changes.
    for (const other of ['pool', 'geyser']) {
      const wrong = await complete(account, id, { no_longer_have: other });
      expect(wrong.statusCode, other).toBe(400);
      expect(wrong.json()).toEqual({ error: REMINDER_COMPLETION_MESSAGES.featureNotForDocument });
    }
    // A policy belongs to no feature.
    const policy = await upload(account, account.propertyId, {
      kind: 'policy',
      name: 'Home policy.pdf',
      expires_at: day(-2),
    });
    const viaPolicy = await complete(account, `document:${policy}`, { no_longer_have: 'geyser' });
    expect(viaPolicy.statusCode).toBe(400);
    expect(viaPolicy.json()).toEqual({ error: REMINDER_COMPLETION_MESSAGES.featureNotForDocument });
    expect((await account.call('GET', `/api/properties/${account.propertyId}`)).json().features).toEqual([
      'electric_fence',
      'geyser',
    ]);
    const unknown = await complete(account, id, { no_longer_have: 'moat' });
    expect(unknown.statusCode).toBe(400);
    expect(await marks(account.organizationId)).toEqual({ completions: [], snoozes: [] });

    // Every recheck queued so far (by the uploads) run first: the one counted below is the completion's.
    while ((await t.services.jobs.runQueued(complianceRecheckJob)) > 0) {}
    const done = await complete(account, id, { no_longer_have: 'electric_fence' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ ok: true, message: REMINDER_TEXTS.featureRemoved('electric_fence') });
    const property = (await account.call('GET', `/api/properties/${account.propertyId}`)).json();
    expect(property.features).toEqual(['geyser']);
    expect((await reminders(account)).map((reminder) => reminder.id)).not.toContain(id);
    const { completions } = await marks(account.organizationId);
    expect(completions).toEqual([
      expect.objectContaining({
        reminder_key: id,
        reason: 'We no longer have: Electric fence',
        removed_feature: 'electric_fence',
        replacement_document_id: null,
      }),
    ]);
    const audit = await t.db.db
      .selectFrom('audit_events')
      .select(['action', 'document_id', 'details'])
      .where('organization_id', '=', account.organizationId)
      .where('action', '=', 'reminder_complete')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        document_id: certificate,
        details: expect.objectContaining({ removedFeature: 'electric_fence' }),
      }),
    ]);
    // The feature's removal rechecks the property's compliance, like any change of its features.
    expect(await t.services.jobs.runQueued(complianceRecheckJob)).toBe(1);
  });

  it('a plain reason completes it for this expiry date only', async () => {
    const account = await owner();
    const policyId = await expiredPolicy(account);
    const done = await complete(account, `document:${policyId}`, {
      reason: 'We sold the cottage it covered',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await reminders(account)).map((reminder) => reminder.id)).not.toContain(`document:${policyId}`);
    // A new expiry date is a new reminder: the reason answered the old one.
    expect(
      (await account.call('PATCH', `/api/documents/${policyId}`, { expires_at: day(-5) })).statusCode,
    ).toBe(200);
    expect((await reminders(account)).map((reminder) => reminder.id)).toContain(`document:${policyId}`);
  });

  it('with the replacement document it is done; the replacement is checked; deleting it brings the reminder back', async () => {
    const account = await owner();
    const policyId = await expiredPolicy(account);
    const id = `document:${policyId}`;
    const otherProperty = await addProperty(account, 'Sea Point Flat');
    const elsewhere = await upload(account, otherProperty, { kind: 'policy', name: 'Flat policy.pdf' });
    const certificate = await upload(account, account.propertyId, {
      kind: 'certificate',
      name: 'Gas CoC.pdf',
    });
    const alsoExpired = await upload(account, account.propertyId, {
      kind: 'policy',
      name: 'Older schedule.pdf',
      expires_at: day(-40),
    });
    const stranger = await owner();
    const foreign = await upload(stranger, stranger.propertyId, { kind: 'policy', name: 'Not yours.pdf' });
    for (const [replacement, status, error] of [
      [elsewhere, 400, REMINDER_COMPLETION_MESSAGES.replacementOtherProperty],
      [certificate, 400, REMINDER_COMPLETION_MESSAGES.replacementPolicy],
      [alsoExpired, 400, REMINDER_COMPLETION_MESSAGES.replacementExpired],
      [policyId, 400, REMINDER_COMPLETION_MESSAGES.replacementSame],
      [foreign, 404, NOT_FOUND_MESSAGES.document],
      ['not-a-document', 404, NOT_FOUND_MESSAGES.document],
    ] as const) {
      const res = await complete(account, id, { replacement_document_id: replacement });
      expect(res.statusCode, replacement).toBe(status);
      expect(res.json()).toEqual({ error: error });
    }
    expect(await marks(account.organizationId)).toEqual({ completions: [], snoozes: [] });

    // A renewed schedule without an expiry date proves no later cover: refused until it has one.
    const undated = await upload(account, account.propertyId, {
      kind: 'policy',
      name: 'Home policy 2026 (undated).pdf',
    });
    const refused = await complete(account, id, { replacement_document_id: undated });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: REMINDER_COMPLETION_MESSAGES.replacementNoExpiry });
    expect(await marks(account.organizationId)).toEqual({ completions: [], snoozes: [] });

    // A dated renewal supersedes the old one by itself; Mark Complete with it records the completion.
    const renewal = await upload(account, account.propertyId, {
      kind: 'policy',
      name: 'Home policy 2026.pdf',
      expires_at: day(300),
    });
    const done = await complete(account, id, { replacement_document_id: renewal });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ ok: true, message: REMINDER_TEXTS.completed });
    expect((await reminders(account)).map((reminder) => reminder.id)).not.toContain(id);

    expect((await account.call('DELETE', `/api/documents/${renewal}`)).statusCode).toBe(200);
    expect((await reminders(account)).map((reminder) => reminder.id)).toContain(id);
  });

  it('a replacement uploaded with a later expiry has already ended the reminder: Mark Complete with it is 200', async () => {
    const account = await owner();
    const policyId = await expiredPolicy(account);
    const id = `document:${policyId}`;
    const renewal = await upload(account, account.propertyId, {
      kind: 'policy',
      name: 'Home policy 2026.pdf',
      expires_at: day(335),
    });
    expect((await reminders(account)).map((reminder) => reminder.id)).not.toContain(id);
    const done = await complete(account, id, { replacement_document_id: renewal });
    expect(done.statusCode, done.body).toBe(200);
    expect((await marks(account.organizationId)).completions).toEqual([
      expect.objectContaining({ reminder_key: id, due_date: day(-10), replacement_document_id: renewal }),
    ]);
    // Without a replacement, or with one that is no replacement, a reminder that is not open is not found.
    expect((await complete(account, id, { reason: 'Renewed' })).statusCode).toBe(404);
    const certificate = await upload(account, account.propertyId, {
      kind: 'certificate',
      name: 'Gas CoC.pdf',
    });
    expect((await complete(account, id, { replacement_document_id: certificate })).statusCode).toBe(400);
  });

  it('an older policy that expires sooner is no replacement: 400, and the expiry is still reminded', async () => {
    const account = await owner();
    const current = await upload(account, account.propertyId, {
      kind: 'policy',
      name: 'Policy 2026.pdf',
      expires_at: day(30),
    });
    const older = await upload(account, account.propertyId, {
      kind: 'policy',
      name: 'Policy 2025.pdf',
      expires_at: day(10),
    });
    const res = await complete(account, `document:${current}`, { replacement_document_id: older });
    // A replacement that runs out before the document it replaces is no replacement.
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: REMINDER_COMPLETION_MESSAGES.replacementNotLater });
    expect(await marks(account.organizationId)).toEqual({ completions: [], snoozes: [] });
  });

  it('the same ahead of time (reminder not open yet): 400, nothing recorded, reminded when it expires', async () => {
    const account = await owner();
    const current = await upload(account, account.propertyId, {
      kind: 'policy',
      name: 'Policy 2027.pdf',
      expires_at: day(200),
    });
    const older = await upload(account, account.propertyId, {
      kind: 'policy',
      name: 'Policy 2026.pdf',
      expires_at: day(100),
    });
    const res = await complete(account, `document:${current}`, { replacement_document_id: older });
    const later = new Date(Date.now() + 210 * DAY_MS);
    const open = await openReminders(t.db.db, account.organizationId, account.propertyId, later);
    // Both policies have expired by then: 'Insurance policy expired' must be listed.
    expect({ status: res.statusCode, open: open.map((r) => r.title) }).toEqual({
      status: 400,
      open: ['Insurance policy expired: Policy 2027.pdf'],
    });
  });

  it('a critical reminder can be snoozed for up to 30 days, stays listed as snoozed, and comes back on its day', async () => {
    const account = await owner();
    const policyId = await expiredPolicy(account);
    const id = `document:${policyId}`;
    for (const [until, message] of [
      [day(0), REMINDER_COMPLETION_MESSAGES.snoozeNotAfterToday],
      [day(31), REMINDER_COMPLETION_MESSAGES.snoozeTooLong],
      ['', REMINDER_COMPLETION_MESSAGES.snoozeUntilRequired],
      ['2026-02-30', 'Enter a valid date'],
    ] as const) {
      const res = await snooze(account, id, until);
      expect(res.statusCode, until).toBe(400);
      expect(res.json().error).toContain(message);
    }
    expect((await snooze(account, 'document:00000000-0000-4000-8000-000000000000', day(3))).statusCode).toBe(
      404,
    );
    const stranger = await owner();
    expect((await snooze(stranger, id, day(3))).statusCode).toBe(404);
    expect(await marks(account.organizationId)).toEqual({ completions: [], snoozes: [] });

    const snoozed = await snooze(account, id, day(3));
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    expect(snoozed.json()).toEqual({ ok: true, message: REMINDER_TEXTS.snoozed(day(3)) });
    // Never dropped: still on the Actions tab, critical, marked with the day it is back.
    const listed = (await reminders(account)).find((reminder) => reminder.id === id);
    expect(listed).toMatchObject({ priority: 'critical', overdue: true, snoozed_until: day(3) });
    const digest = await digestOf(t.db.db, account.organizationId, new Date());
    expect(digest.dueSoonCount).toBe(0);
    expect(digest.snoozed.flatMap((group) => group.reminders.map((reminder) => reminder.id))).toEqual([id]);

    // On the snooze's last day it is still snoozed; on its day it is back in full.
    const lastDay = new Date(Date.now() + 2 * DAY_MS);
    const onLastDay = await openReminders(t.db.db, account.organizationId, account.propertyId, lastDay);
    expect(onLastDay.find((reminder) => reminder.id === id)?.snoozed_until).toBe(day(3));
    const back = new Date(Date.now() + 3 * DAY_MS);
    const returned = await openReminders(t.db.db, account.organizationId, account.propertyId, back);
    expect(returned.find((reminder) => reminder.id === id)).toMatchObject({
      priority: 'critical',
      snoozed_until: null,
    });
    const digestBack = await digestOf(t.db.db, account.organizationId, back);
    expect(digestBack.dueSoon.flatMap((group) => group.reminders.map((reminder) => reminder.id))).toEqual([
      id,
    ]);
    expect(digestBack.snoozed).toEqual([]);

    // Snoozing is not completing: Mark Complete still needs the replacement or a reason.
    expect((await complete(account, id)).statusCode).toBe(400);
  });

  it('the digest and the Actions tab hold the same reminders in the same state', async () => {
    const account = await owner();
    const task = (title: string, days: number) =>
      account.call('POST', '/api/maintenance', {
        propertyId: account.propertyId,
        title,
        frequency: 'annually',
        priority: 'low',
        next_due: day(days),
      });
    const overdueTask = (await task('Clean the gutters', -4)).json();
    await task('Service the geyser', 12);
    await task('Paint the roof', 90);
    const policyId = await expiredPolicy(account);
    const certificate = await upload(account, account.propertyId, {
      kind: 'certificate',
      name: 'Alarm certificate.pdf',
      expires_at: day(20),
    });
    await upload(account, account.propertyId, {
      kind: 'certificate',
      name: 'Later.pdf',
      expires_at: day(50),
    });
    const dropped = await upload(account, account.propertyId, {
      kind: 'certificate',
      name: 'Borehole certificate.pdf',
      expires_at: day(-1),
    });
    expect((await snooze(account, `document:${policyId}`, day(7))).statusCode).toBe(200);
    expect((await snooze(account, `task:${overdueTask.id}`, day(2))).statusCode).toBe(200);
    expect(
      (await complete(account, `document:${dropped}`, { reason: 'The borehole was closed' })).statusCode,
    ).toBe(200);

    const actions = await reminders(account);
    const digest = await digestOf(t.db.db, account.organizationId, new Date());
    const state = (reminder: MergedReminder) => [
      reminder.id,
      reminder.priority,
      reminder.overdue,
      reminder.snoozed_until,
    ];
    const inDigest = [...digest.dueSoon, ...digest.comingUp, ...digest.snoozed]
      .flatMap((group) => group.reminders)
      .map(state)
      .sort();
    // The digest reaches 30 days ahead; within that window it holds exactly the Actions tab's list.
    const inActions = actions
      .filter((reminder) => reminder.overdue || reminder.days_until <= 30)
      .map(state)
      .sort();
    expect(inDigest).toEqual(inActions);
    expect(inActions.map(([id]) => id)).toEqual(
      expect.arrayContaining([`document:${policyId}`, `task:${overdueTask.id}`, `document:${certificate}`]),
    );
    expect(actions.map((reminder) => reminder.id)).not.toContain(`document:${dropped}`);
    expect(
      digest.snoozed
        .flatMap((group) => group.reminders)
        .map((reminder) => reminder.snoozed_until)
        .sort(),
    ).toEqual([day(2), day(7)]);
    // The mail says so: each snoozed line with its day.
    const mail = reminderDigestMail({
      firstName: 'Thandi',
      appUrl: 'https://app.example',
      today: day(0),
      digest,
      test: true,
    });
    for (const reminder of digest.snoozed.flatMap((group) => group.reminders)) {
      expect(mail.text).toContain(alertLine(reminder));
      expect(alertLine(reminder)).toContain(snoozedLabel(reminder.snoozed_until as string));
    }
  });
});
