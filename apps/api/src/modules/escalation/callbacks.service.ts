import { CALLBACK_TIME_LABELS, type Callback, formatDate, formatTime } from '@propertydna/domain';
import type { RequestActor } from '../../auth/actor.js';
import { requireOwned } from '../../auth/owned.js';
import type { Db, DbOrTrx } from '../../db/database.js';
import { type LimitRule, takeAttempt, waitPhrase } from '../../limits/attempt-limiter.js';
import { queueMailWithin } from '../../mail/mail-job.js';
import { callbackRequestMail } from '../../mail/templates.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit } from '../audit/audit.repo.js';
import type { CallbackOut } from './escalation.schemas.js';
import { joinedUserName } from './user-name.js';

function selectCallbacks(db: DbOrTrx, propertyId: string) {
  return db
    .selectFrom('callbacks as cb')
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'cb.user_id').onRef('u.organization_id', '=', 'cb.organization_id'),
    )
    .select([
      'cb.id',
      'cb.property_id',
      'cb.phone',
      'cb.preferred_time',
      'cb.topic',
      'cb.status',
      'cb.created_at',
      joinedUserName.as('requested_by'),
    ])
    .where('cb.property_id', '=', propertyId);
}

type CallbackRow = Awaited<ReturnType<ReturnType<typeof selectCallbacks>['executeTakeFirstOrThrow']>>;

function callbackOut(row: CallbackRow): CallbackOut {
  return {
    id: row.id,
    property_id: row.property_id,
    phone: row.phone,
    preferred_time: row.preferred_time,
    preferred_time_label: CALLBACK_TIME_LABELS[row.preferred_time],
    topic: row.topic,
    status: row.status,
    requested_by: row.requested_by,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Callback requests one user may send within an hour: each one mails the support team. */
export const MAX_CALLBACKS_PER_HOUR = 5;

const callbackRule = (userId: string): LimitRule => ({
  rule: 'escalation:callback',
  key: userId,
  windowMs: 60 * 60 * 1000,
  max: MAX_CALLBACKS_PER_HOUR,
  message: (seconds) => `You have asked for several calls already. Try again in ${waitPhrase(seconds)}.`,
});

/** GET /api/properties/{id}/callbacks: the property's callback requests with their status, newest first. */
export async function listCallbacks(
  db: Db,
  organizationId: string,
  propertyId: string,
): Promise<CallbackOut[]> {
  const property = await requireOwned(db, organizationId, 'property', propertyId);
  const rows = await selectCallbacks(db, property)
    .orderBy('cb.created_at', 'desc')
    .orderBy('cb.id')
    .execute();
  return rows.map(callbackOut);
}

/**
 * POST /api/properties/{id}/callbacks (Schedule Call): stores the request and queues the mail to the
 * support team (SUPPORT_EMAIL) in the same transaction: the team hears of every stored request, and of
 * nothing that was not stored.
 */
export async function requestCallback(
  services: AppServices,
  who: RequestActor,
  propertyId: string,
  request: Callback,
  now = new Date(),
): Promise<CallbackOut> {
  const { organizationId, userId } = who.actor;
  const db = services.db.db;
  await requireOwned(db, organizationId, 'property', propertyId);
  await takeAttempt(db, [callbackRule(userId)], now);
  return db.transaction().execute(async (trx) => {
    // Again under the property's lock: an archive cannot slip in between the check and the insert.
    const property = await requireOwned(trx, organizationId, 'property', propertyId, { lock: true });
    const details = await trx
      .selectFrom('properties')
      .select(['name', 'address', 'dna_code'])
      .where('id', '=', property)
      .executeTakeFirstOrThrow();
    const owner = await trx
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const { id } = await trx
      .insertInto('callbacks')
      .values({
        organization_id: organizationId,
        property_id: property,
        user_id: userId,
        phone: request.phone,
        preferred_time: request.preferred_time,
        topic: request.topic,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordActorAudit(trx, who, 'callback', null, { callbackId: id, propertyId: property });
    await queueMailWithin(services, trx, 'urgent', {
      to: services.env.SUPPORT_EMAIL,
      // A demo's request is kept in the demo and never reaches the support team.
      forOrganization: organizationId,
      ...callbackRequestMail({
        ownerName: `${owner.first_name} ${owner.last_name}`.trim(),
        ownerEmail: owner.email,
        propertyName: details.name,
        address: details.address,
        dnaCode: details.dna_code,
        phone: request.phone,
        preferredTime: CALLBACK_TIME_LABELS[request.preferred_time],
        topic: request.topic,
        requestedAt: `${formatDate(now)} ${formatTime(now)}`,
      }),
    });
    return callbackOut(
      await selectCallbacks(trx, property).where('cb.id', '=', id).executeTakeFirstOrThrow(),
    );
  });
}
