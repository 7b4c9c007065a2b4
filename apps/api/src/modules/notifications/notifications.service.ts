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
import { queueMail, queueMailWithin } from '../../mail/mail-job.js';
import type { MailMessage } from '../../mail/mailer.js';
import { reminderDigestMail } from '../../mail/templates.js';
import type { AppServices } from '../../trpc/context.js';
import { openReminders } from '../maintenance/reminders.service.js';
import type { NotificationSettings } from './notifications.schemas.js';

/** 'Send me a test reminder email' at most this often per user and hour (each one is a real email). */
export const MAX_TEST_EMAILS_PER_HOUR = 5;
/** Digest claims are kept this long (a claim only matters on its own day). */
const KEEP_CLAIMS_DAYS = 30;
/** Users read per page in the daily round. */
const BATCH = 200;

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
 * The digest of an organisation's live properties: each property's open reminders, as its Actions tab
 * lists them (reminders.service), cut into the bands of the alert (domain alertDigest).
 */
export async function digestOf(db: Db, organizationId: string, now: Date): Promise<AlertDigest> {
  const properties = await db
    .selectFrom('properties')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .where('archived_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const withReminders = [];
  for (const property of properties) {
    withReminders.push({ ...property, reminders: await openReminders(db, organizationId, property.id, now) });
  }
  return alertDigest(withReminders);
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
 * so), whether the daily alert is on or off. The Free plan has no alerts: 403 with the upgrade message.
 */
export async function sendTestDigest(
  services: AppServices,
  actor: Actor,
  now = new Date(),
): Promise<{ ok: true; message: string }> {
  const db = services.db.db;
  const user = await recipient(db, actor.userId);
  if (!alertsAvailable(user, now)) throw new AppError('FORBIDDEN', EMAIL_ALERTS_UPGRADE_MESSAGE);
  await takeAttempt(db, [testEmailRule(actor.userId)], now);
  const today = johannesburgToday(now);
  const digest = await digestOf(db, user.organization_id, now);
  await queueMail(services, digestMessage(services, user, digest, today, true));
  return { ok: true, message: testSentMessage(user.email) };
}

/**
 * One user's daily digest, at most once per South African day. The claim (alert_digests, keyed by user
 * and day) and the mail job that carries the digest are written in one transaction: both or neither, so
 * a crash between them loses nothing and sends nothing twice. A second run, a retry or another replica
 * finds the claim and sends nothing; the mail job itself is retried by the queue until it is delivered.
 * Answers whether this call queued the digest.
 */
async function queueDigest(
  services: AppServices,
  user: Recipient,
  digest: AlertDigest,
  today: string,
): Promise<boolean> {
  const message = digestMessage(services, user, digest, today, false);
  return services.db.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('alert_digests')
      .values({ user_id: user.id, day: today, items: digest.dueSoonCount })
      .onConflict((conflict) => conflict.columns(['user_id', 'day']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) return false;
    const jobId = await queueMailWithin(services, trx, message);
    await trx
      .updateTable('alert_digests')
      .set({ mail_job_id: jobId })
      .where('user_id', '=', user.id)
      .where('day', '=', today)
      .execute();
    return true;
  });
}

/**
 * The daily round (07:00 South African time): every user with alerts on whose organisation is on Premium
 * or in its trial, and has no digest yet today, gets one if something is overdue or due within 7 days.
 * A user whose digest fails is logged and the round goes on; the round then fails so that the queue
 * retries it, and the retry reaches only those not yet served.
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
  const digests = new Map<string, AlertDigest>();
  const counts = { users: 0, queued: 0, failed: 0 };
  let after: string | null = null;
  for (;;) {
    let page = recipients(db)
      .where('u.email_alerts', '=', true)
      .where('u.is_demo', '=', false)
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
    const users = await page.execute();
    for (const user of users) {
      if (!alertsAvailable(user, now)) continue;
      counts.users += 1;
      try {
        let digest = digests.get(user.organization_id);
        if (!digest) {
          digest = await digestOf(db, user.organization_id, now);
          digests.set(user.organization_id, digest);
        }
        if (digest.dueSoonCount > 0 && (await queueDigest(services, user, digest, today))) counts.queued += 1;
      } catch (error) {
        counts.failed += 1;
        log.error({ err: error, userId: user.id }, 'email alert not queued');
      }
    }
    if (users.length < BATCH) break;
    after = users.at(-1)?.id ?? null;
  }
  if (counts.failed > 0)
    throw new Error(`${counts.failed} email alerts were not queued; the round is retried`);
  return counts;
}
