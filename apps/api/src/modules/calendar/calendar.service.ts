import {
  EXPIRING_DOCUMENT_KINDS,
  FREQUENCY_MONTHS,
  formatDateOnly,
  johannesburgDate,
  type MaintenanceFrequency,
  parseDateOnly,
  type TaskPriority,
} from '@propertydna/domain';
import ical, {
  ICalAlarmType,
  type ICalCalendar,
  ICalEventRepeatingFreq,
  type ICalRepeatingOptions,
} from 'ical-generator';
import type { Actor } from '../../auth/actor.js';
import { assertNotPropertyScoped } from '../../auth/property-scope.js';
import {
  derivedToken,
  findLiveCapability,
  isDerivedUnder,
  issueDerivedCapability,
  revokeCapabilitiesOf,
} from '../../capabilities/capabilities.js';
import type { CapabilityRow, Db, DbOrTrx } from '../../db/database.js';
import { listTasks } from '../maintenance/maintenance.service.js';

/**
 * A calendar feed is a capability link of purpose 'calendar', one live per user (subject_id) of an
 * organisation. Its token is derived (capabilities.ts derivedToken): HMAC-SHA256 of the link's random
 * id under a key from APP_SECRET, so GET /api/calendar can answer the same URL again while the
 * database keeps only the token's SHA-256. It lives until rotated; a changed APP_SECRET retires it.
 */
const PURPOSE = 'calendar';
/** Feeds do not expire: calendar apps poll them for years. Rotation is how one ends. */
const NEVER = new Date('9999-12-31T00:00:00.000Z');
/** A token as derivedToken makes it: 32 bytes, base64url. Anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** How often a subscribed calendar app should fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const FEED_TTL_SECONDS = 6 * 60 * 60;
/** A maintenance task's reminder, and an expiry's. */
const TASK_ALARM_DAYS = 7;
const EXPIRY_ALARM_DAYS = 30;

const DAY_SECONDS = 24 * 60 * 60;

/** Serialises the feed's issue and rotation for one user (two first GETs must not make two feeds). */
async function lockUser(trx: DbOrTrx, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

async function issueFeed(trx: DbOrTrx, secret: string, actor: Actor): Promise<string> {
  const { token } = await issueDerivedCapability(trx, secret, {
    purpose: PURPOSE,
    organizationId: actor.organizationId,
    createdBy: actor.userId,
    subjectId: actor.userId,
    expiresAt: NEVER,
  });
  return token;
}

/**
 * GET /api/calendar: the caller's live feed token, created on the first call; the same one after that.
 * A feed made under another APP_SECRET can no longer be answered: it is revoked and a new one made.
 */
export async function feedToken(db: Db, secret: string, actor: Actor): Promise<string> {
  // The feed shows every property of the organisation: not a property-restricted API token's (issue 30 §1).
  assertNotPropertyScoped();
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, actor.userId);
    const live = await trx
      .selectFrom('capabilities')
      .select(['id', 'token_hash'])
      .where('purpose', '=', PURPOSE)
      .where('subject_id', '=', actor.userId)
      .where('organization_id', '=', actor.organizationId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (live && isDerivedUnder(secret, PURPOSE, live)) return derivedToken(secret, PURPOSE, live.id);
    await revokeCapabilitiesOf(trx, PURPOSE, actor.userId);
    return issueFeed(trx, secret, actor);
  });
}

/** POST /api/calendar/rotate: revokes the caller's feed (its URL answers 404 from now on) and makes a new one. */
export async function rotateFeed(db: Db, secret: string, actor: Actor): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, actor.userId);
    await revokeCapabilitiesOf(trx, PURPOSE, actor.userId);
    return issueFeed(trx, secret, actor);
  });
}

/**
 * The live feed of a token, or null (unknown, revoked, made under another APP_SECRET, or its user gone
 * from the organisation): all look alike to the caller, a 404.
 */
export async function findFeed(db: Db, secret: string, token: string): Promise<CapabilityRow | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const feed = await findLiveCapability(db, PURPOSE, token);
  if (!feed?.organization_id || !feed.subject_id || !isDerivedUnder(secret, PURPOSE, feed)) return null;
  const member = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', feed.subject_id)
    .where('organization_id', '=', feed.organization_id)
    .executeTakeFirst();
  return member ? feed : null;
}

const RECURRENCE = {
  monthly: 'Every month',
  quarterly: 'Every 3 months',
  'bi-annually': 'Every 6 months',
  annually: 'Every year',
} as const satisfies Record<MaintenanceFrequency, string>;

const PRIORITY = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
} as const satisfies Record<TaskPriority, string>;

/**
 * The RRULE of a task due on `start` with this frequency: FREQ=MONTHLY with INTERVAL 1, 3 or 6, or
 * FREQ=YEARLY. A bare rule drops dates a month lacks (RFC 5545: no 31 April), where the domain's
 * addMonths takes the month's last day; so a task due on the 31st recurs on the last day of the month
 * (BYMONTHDAY=-1) and one due on 29 February on February's last day. A task due on the 29th or 30th
 * keeps the bare rule and skips a February without that day: the exact rule needs BYSETPOS with
 * BYMONTHDAY, which calendar apps do not all follow (ical.js adds wrong days), and an event missing
 * beats an event on the wrong day. Only the first date is the task's; completing it moves the event.
 */
function repeatingOf(start: string, frequency: MaintenanceFrequency): ICalRepeatingOptions {
  const { month, day } = parseDateOnly(start);
  const months = FREQUENCY_MONTHS[frequency];
  if (months === 12) {
    return month === 2 && day === 29
      ? { freq: ICalEventRepeatingFreq.YEARLY, byMonth: 2, byMonthDay: -1 }
      : { freq: ICalEventRepeatingFreq.YEARLY };
  }
  return {
    freq: ICalEventRepeatingFreq.MONTHLY,
    interval: months,
    ...(day === 31 ? { byMonthDay: -1 } : {}),
  };
}

/** A calendar date 'YYYY-MM-DD' as the Date ical-generator writes as that DATE (no zone: UTC midnight). */
const dateValue = (date: string) => new Date(`${date}T00:00:00.000Z`);
const dayAfter = (date: string) => new Date(dateValue(date).getTime() + DAY_SECONDS * 1000);

/**
 * The feed of an organisation: every maintenance task of its live properties as an all-day event
 * recurring by its frequency from next_due (reminder 7 days before), and every certificate or policy
 * expiry of those properties as an all-day event (reminder 30 days before). `origin` makes the links
 * back into the app.
 */
export async function feedCalendar(db: Db, organizationId: string, origin: string): Promise<ICalCalendar> {
  const calendar = ical({
    name: 'PropertyDNA',
    description: 'Maintenance tasks and certificate and policy expiries of your properties',
    prodId: { company: 'PropertyDNA', product: 'Calendar feed', language: 'EN' },
    ttl: FEED_TTL_SECONDS,
    // No time zone: every event is an all-day DATE (a Johannesburg calendar date), which needs none.
  });

  for (const task of await listTasks(db, organizationId)) {
    const summary = `${task.title} · ${task.property_name}`;
    calendar.createEvent({
      id: `maintenance-${task.id}@propertydna`,
      allDay: true,
      start: dateValue(task.next_due),
      end: dayAfter(task.next_due),
      repeating: repeatingOf(task.next_due, task.frequency),
      summary,
      description: [
        task.description,
        `Priority: ${PRIORITY[task.priority]}`,
        RECURRENCE[task.frequency],
        task.assigned_to ? `Assigned to: ${task.assigned_to}` : null,
      ]
        .filter((line): line is string => Boolean(line))
        .join('\n'),
      url: `${origin}/maintenance`,
      stamp: new Date(task.updated_at),
      lastModified: new Date(task.updated_at),
      alarms: [
        { type: ICalAlarmType.display, triggerBefore: TASK_ALARM_DAYS * DAY_SECONDS, description: summary },
      ],
    });
  }

  const expiries = await db
    .selectFrom('documents as d')
    .innerJoin('properties as p', 'p.id', 'd.property_id')
    .select([
      'd.id',
      'd.name',
      'd.expires_at',
      'd.created_at',
      'p.id as property_id',
      'p.name as property_name',
    ])
    .where('d.organization_id', '=', organizationId)
    .where('p.organization_id', '=', organizationId)
    .where('p.archived_at', 'is', null)
    .where('d.kind', 'in', EXPIRING_DOCUMENT_KINDS)
    .where('d.expires_at', 'is not', null)
    .$narrowType<{ expires_at: Date }>()
    .orderBy('d.expires_at')
    .orderBy('d.id')
    .execute();
  for (const document of expiries) {
    const expires = formatDateOnly(johannesburgDate(new Date(document.expires_at)));
    const summary = `Expires: ${document.name} · ${document.property_name}`;
    calendar.createEvent({
      id: `expiry-${document.id}@propertydna`,
      allDay: true,
      start: dateValue(expires),
      end: dayAfter(expires),
      summary,
      description: `${document.name} of ${document.property_name} expires on ${expires}. Renew it before then to keep your cover valid.`,
      url: `${origin}/properties/${document.property_id}`,
      stamp: new Date(document.created_at),
      alarms: [
        { type: ICalAlarmType.display, triggerBefore: EXPIRY_ALARM_DAYS * DAY_SECONDS, description: summary },
      ],
    });
  }
  return calendar;
}
