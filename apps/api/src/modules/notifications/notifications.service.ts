import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type AlertDigest,
  alertDigest,
  calendarDateOf,
  dayNumberOf,
  EMAIL_ALERTS_UPGRADE_MESSAGE,
  formatDateOnly,
  hasEmailAlerts,
  johannesburgToday,
  parseDateOnly,
} from '@propertydna/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/database.js';
import { appUrl } from '../../env.js';
import { AppError } from '../../errors.js';
import { type LimitRule, takeAttempt, waitPhrase } from '../../limits/attempt-limiter.js';
import { queueMail, queueMailsWithin } from '../../mail/mail-job.js';
import type { MailMessage } from '../../mail/mailer.js';
import { reminderDigestMail } from '../../mail/templates.js';
import type { AppServices } from '../../trpc/context.js';
import { requireVerifiedEmail } from '../auth/email-ownership.js';
import { storedFinding } from '../compliance/compliance.service.js';
import { openRemindersOfProperties } from '../maintenance/reminders.service.js';
import type { NotificationSettings } from './notifications.schemas.js';

/** 'Send me a test reminder email' at most this often per user and hour (each one is a real email). */
export const MAX_TEST_EMAILS_PER_HOUR = 5;
/** Digest claims are kept this long (a claim only matters on its own day). */
const KEEP_CLAIMS_DAYS = 30;
/**
 * Users read per page in the daily round: their reminders are read in one pass, their digests claimed and
 * queued in one transaction. Small enough that no statement holds PGlite (and so the event loop) for long.
 */
const BATCH = 50;
/** Digests rendered between turns of the event loop given to other work. */
const YIELD_EVERY = 20;

export const testSentMessage = (email: string) => `Test reminder email sent to ${email}`;

const testEmailRule = (userId: string): LimitRule => ({
  rule: 'alerts:test-email',
  key: userId,
  windowMs: 60 * 60 * 1000,
  max: MAX_TEST_EMAILS_PER_HOUR,
  message: (seconds) => `Too many test emails. Try again in ${waitPhrase(seconds)}.`,
});

/** A user as the alerts see them: who gets the mail, and the plan that decides whether they may. */
function recipients(db: Db) {
  return db
    .selectFrom('users as u')
    .innerJoin('organizations as o', 'o.id', 'u.organization_id')
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.organization_id',
      'u.email_alerts',
      'o.plan',
      'o.trial_ends_at',
    ]);
}
type Recipient = Awaited<ReturnType<ReturnType<typeof recipients>['executeTakeFirstOrThrow']>>;

const alertsAvailable = (user: Recipient, now: Date) =>
  hasEmailAlerts(user.plan, user.trial_ends_at ? new Date(user.trial_ends_at) : null, now);

const recipient = (db: Db, userId: string) =>
  recipients(db).where('u.id', '=', userId).executeTakeFirstOrThrow();

/** notifications.settings: the user's choice, and whether the plan includes alerts (not Free). */
export async function alertSettings(db: Db, actor: Actor, now = new Date()): Promise<NotificationSettings> {
  const user = await recipient(db, actor.userId);
  const available = alertsAvailable(user, now);
  return {
    emailAlerts: user.email_alerts,
    available,
    reason: available ? null : EMAIL_ALERTS_UPGRADE_MESSAGE,
  };
}

/** notifications.update: turns the daily email alert on or off (kept on every plan; sent on Premium and trial). */
export async function updateAlertSettings(
  db: Db,
  actor: Actor,
  input: { emailAlerts: boolean },
  now = new Date(),
): Promise<NotificationSettings> {
  await db
    .updateTable('users')
    .set({ email_alerts: input.emailAlerts, updated_at: now })
    .where('id', '=', actor.userId)
    .execute();
  return alertSettings(db, actor, now);
}

/**
 * The digests of organisations' live properties: each property's open reminders, as its Actions tab
 * lists them (reminders.service, read for all of them at once), cut into the bands of the alert (domain
 * alertDigest), with the Policy Check items of its stored check (as stored: the nightly round reruns a
 * check of an earlier day). An organisation whose reminders cannot be read maps to the error.
 */
async function digestsOf(
  db: Db,
  organizationIds: readonly string[],
  now: Date,
): Promise<Map<string, AlertDigest | Error>> {
  const digests = new Map<string, AlertDigest | Error>();
  if (organizationIds.length === 0) return digests;
  const [reminders, checks] = await Promise.all([
    openRemindersOfProperties(db, organizationIds, now),
    // Each property's stored compliance check: the digest lists its Policy Check items (issue 32).
    db
      .selectFrom('compliance_checks')
      .select(['property_id', 'findings'])
      .where('organization_id', 'in', organizationIds)
      .execute(),
  ]);
  const findings = new Map(checks.map((check) => [check.property_id, check.findings.map(storedFinding)]));
  for (const [id, properties] of reminders) {
    digests.set(
      id,
      properties instanceof Error
        ? properties
        : alertDigest(
            properties.map((property) => ({ ...property, findings: findings.get(property.id) ?? [] })),
          ),
    );
  }
  return digests;
}

/** The digest of one organisation's live properties (see digestsOf). */
export async function digestOf(db: Db, organizationId: string, now: Date): Promise<AlertDigest> {
  const digest = (await digestsOf(db, [organizationId], now)).get(organizationId);
  if (digest === undefined) throw new AppError('NOT_FOUND', 'Organisation not found');
  if (digest instanceof Error) throw digest;
  return digest;
}

/** The digest as a mail to the user: the daily alert, or its test. */
const digestMessage = (
  services: AppServices,
  user: Recipient,
  digest: AlertDigest,
  today: string,
  test: boolean,
): MailMessage => ({
  to: user.email,
  ...reminderDigestMail({ firstName: user.first_name, appUrl: appUrl(services.env), today, digest, test }),
});

/**
 * POST /api/notifications/test ('Send me a test reminder email'): the caller's digest as it stands, now
 * (queued like every mail; into DATA_DIR/outbox without SMTP_URL), also when nothing is due (it says
 * so), whether the daily alert is on or off. The Free plan has no alerts: 403 with the upgrade message;
 * an address not yet confirmed gets no mail: 403 'Confirm your email address first…'.
 */
export async function sendTestDigest(
  services: AppServices,
  actor: Actor,
  now = new Date(),
): Promise<{ ok: true; message: string }> {
  const db = services.db.db;
  const user = await recipient(db, actor.userId);
  if (!alertsAvailable(user, now)) throw new AppError('FORBIDDEN', EMAIL_ALERTS_UPGRADE_MESSAGE);
  await requireVerifiedEmail(db, actor.userId);
  await takeAttempt(db, [testEmailRule(actor.userId)], now);
  const today = johannesburgToday(now);
  const digest = await digestOf(db, user.organization_id, now);
  await queueMail(services, 'urgent', digestMessage(services, user, digest, today, true));
  return { ok: true, message: testSentMessage(user.email) };
}

/**
 * The digests of one page of users, at most one per user and South African day. The claims
 * (alert_digests, keyed by user and day) and the mail jobs that carry the digests are written in one
 * transaction: both or neither, so a crash between them loses nothing and sends nothing twice. A second
 * run, a retry or another replica finds the claim and sends nothing; each mail job is retried by the
 * queue until it is delivered. Answers how many this call queued.
 */
async function queueDigests(
  services: AppServices,
  due: readonly { user: Recipient; digest: AlertDigest }[],
  today: string,
): Promise<number> {
  if (due.length === 0) return 0;
  const messages = new Map<string, MailMessage>();
  for (const [index, { user, digest }] of due.entries()) {
    messages.set(user.id, digestMessage(services, user, digest, today, false));
    // Rendering is the thread's own work: requests get a turn every few digests.
    if (index % YIELD_EVERY === YIELD_EVERY - 1) await nextTurn();
  }
  // The job ids are chosen here, so each claim names its mail job as it is written.
  const jobIds = new Map(due.map(({ user }) => [user.id, randomUUID()]));
  return services.db.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('alert_digests')
      .values(
        due.map(({ user, digest }) => ({
          user_id: user.id,
          day: today,
          items: digest.dueSoonCount,
          mail_job_id: jobIds.get(user.id) ?? null,
        })),
      )
      .onConflict((conflict) => conflict.columns(['user_id', 'day']).doNothing())
      .returning('user_id')
      .execute();
    if (claimed.length === 0) return 0;
    await queueMailsWithin(
      services,
      trx,
      'bulk',
      claimed.map(({ user_id }) => ({
        jobId: jobIds.get(user_id) as string,
        message: messages.get(user_id) as MailMessage,
      })),
    );
    return claimed.length;
  });
}

/**
 * The daily round (07:00 South African time): every user with alerts on and a confirmed address whose
 * organisation is on Premium or in its trial, and has no digest yet today, gets one if something is overdue or due within 7 days.
 * Users are read a page at a time (BATCH); the reminders of a page's organisations are read in one pass
 * and its digests claimed and queued in one transaction (queueDigests), on the bulk mail lane. A page
 * whose digests fail is logged and the round goes on; the round then fails so that the queue retries
 * it, and the retry reaches only those not yet served.
 */
export async function sendDailyDigests(
  services: AppServices,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<{ users: number; queued: number; failed: number }> {
  const db = services.db.db;
  const today = johannesburgToday(now);
  const forgetBefore = formatDateOnly(calendarDateOf(dayNumberOf(parseDateOnly(today)) - KEEP_CLAIMS_DAYS));
  await db.deleteFrom('alert_digests').where('day', '<', forgetBefore).execute();
  const digests = new Map<string, AlertDigest | Error>();
  const counts = { users: 0, queued: 0, failed: 0 };
  let after: string | null = null;
  for (;;) {
    let page = recipients(db)
      .where('u.email_alerts', '=', true)
      .where('u.is_demo', '=', false)
      // Never to an address its account has not proved: it may be someone else's mailbox.
      .where('u.email_verified_at', 'is not', null)
      .where((eb) => eb.or([eb('o.plan', '=', 'premium'), eb('o.trial_ends_at', '>', now)]))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('alert_digests as a')
              .select('a.user_id')
              .whereRef('a.user_id', '=', 'u.id')
              .where('a.day', '=', today),
          ),
        ),
      )
      .orderBy('u.id')
      .limit(BATCH);
    if (after !== null) page = page.where('u.id', '>', after);
    const rows = await page.execute();
    const users = rows.filter((user) => alertsAvailable(user, now));
    counts.users += users.length;
    let pageUsers = users.length;
    try {
      const missing = [...new Set(users.map((user) => user.organization_id))].filter(
        (id) => !digests.has(id),
      );
      for (const [id, digest] of await digestsOf(db, missing, now)) digests.set(id, digest);
      const due: { user: Recipient; digest: AlertDigest }[] = [];
      for (const user of users) {
        const digest = digests.get(user.organization_id);
        if (digest instanceof Error || digest === undefined) {
          counts.failed += 1;
          pageUsers -= 1;
          log.error({ err: digest, userId: user.id }, 'email alert not queued');
        } else if (digest.dueSoonCount > 0) due.push({ user, digest });
      }
      counts.queued += await queueDigests(services, due, today);
    } catch (error) {
      counts.failed += pageUsers;
      log.error({ err: error, users: pageUsers }, 'email alerts of a page of users not queued');
    }
    if (rows.length < BATCH) break;
    after = rows.at(-1)?.id ?? null;
  }
  if (counts.failed > 0)
    throw new Error(`${counts.failed} email alerts were not queued; the round is retried`);
  return counts;
}
