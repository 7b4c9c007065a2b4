import {
  type CreateWebhookEndpointInput,
  isUuid,
  MAX_WEBHOOK_ENDPOINTS,
  type UpdateWebhookEndpointInput,
  WEBHOOK_MESSAGES,
  type WebhookEvent,
} from '@propertydna/domain';
import type { RequestActor } from '../../auth/actor.js';
import type { DbOrTrx, WebhookDeliveryStatus } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { sealText } from '../../sealed-text.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit } from '../audit/audit.repo.js';
import { checkWebhookUrl } from './webhook-address.js';
import {
  addressPolicy,
  eventBody,
  newMessageId,
  queueDeliveriesWithin,
  WEBHOOK_SECRET_SEAL,
  WEBHOOK_TEST_EVENT,
} from './webhook-delivery.js';
import { newWebhookSecret } from './webhook-signature.js';

/**
 * Issue 30 §2: an organisation's webhook endpoints, managed by its owners and admins. Every change (create,
 * update — turning it on or off included —, delete, secret rotation, test event, resend) is an audit row
 * of the organisation naming the person and, when it came with one, the API token; never the secret.
 */

/** How long a rotated-out secret still signs (beside the new one), so receivers can switch over. */
export const SECRET_ROTATION_GRACE_MS = 24 * 3_600_000;
/** How many deliveries an endpoint's log shows, newest first. */
export const DELIVERY_LOG_LENGTH = 50;

export interface WebhookEndpointOut {
  id: string;
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  disabledAt: string | null;
  disabledReason: string | null;
  /** Until when the previous secret still signs beside the current one (after a rotation), else null. */
  previousSecretValidUntil: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveryOut {
  id: string;
  messageId: string;
  event: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  created_at: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const notFound = () => new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);

const ENDPOINT_COLUMNS = [
  'id',
  'url',
  'description',
  'events',
  'enabled',
  'disabled_at',
  'disabled_reason',
  'previous_secret_expires_at',
  'created_at',
  'updated_at',
] as const;

type EndpointRow = {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  disabled_at: Date | null;
  disabled_reason: string | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

function toEndpointOut(row: EndpointRow, now: Date): WebhookEndpointOut {
  const until = row.previous_secret_expires_at;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    // Written only through the events schema.
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    disabledAt: isoOrNull(row.disabled_at),
    disabledReason: row.disabled_reason,
    previousSecretValidUntil: until && new Date(until) > now ? iso(until) : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The organisation's endpoints, oldest first (never their secrets). */
export async function listEndpoints(
  db: DbOrTrx,
  organizationId: string,
  now = new Date(),
): Promise<WebhookEndpointOut[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => toEndpointOut(row, now));
}

/** One endpoint of the organisation; another organisation's id (or no such id) is 404. */
export async function getEndpoint(
  db: DbOrTrx,
  organizationId: string,
  id: string,
  now = new Date(),
): Promise<WebhookEndpointOut> {
  if (!isUuid(id)) throw notFound();
  const row = await db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return toEndpointOut(row, now);
}

/**
 * Registers an endpoint and answers it with its signing secret (`whsec_…`), which is shown this once: it
 * is kept sealed and no answer carries it again (rotate to get a new one).
 */
export async function createEndpoint(
  services: AppServices,
  who: RequestActor,
  input: CreateWebhookEndpointInput,
  now = new Date(),
): Promise<WebhookEndpointOut & { secret: string }> {
  const organizationId = who.actor.organizationId;
  checkWebhookUrl(input.url, addressPolicy(services.env));
  const secret = newWebhookSecret();
  const id = await services.db.db.transaction().execute(async (trx) => {
    // The organisation row locked: two creates at once cannot both pass the count.
    await trx
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', organizationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const { count } = await trx
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_WEBHOOK_ENDPOINTS) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.tooMany);
    const row = await trx
      .insertInto('webhook_endpoints')
      .values({
        organization_id: organizationId,
        url: input.url,
        description: input.description,
        events: JSON.stringify(input.events),
        secret_sealed: sealText(services.secret, WEBHOOK_SECRET_SEAL, secret),
        created_by: who.actor.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordActorAudit(trx, who, 'webhook_create', null, {
      endpointId: row.id,
      url: input.url,
      description: input.description,
      events: input.events,
    });
    return row.id;
  });
  return { ...(await getEndpoint(services.db.db, organizationId, id, now)), secret };
}

/** Changes an endpoint's URL, events, description, or turns it on or off (on again: it was disabled). */
export async function updateEndpoint(
  services: AppServices,
  who: RequestActor,
  id: string,
  patch: UpdateWebhookEndpointInput,
  now = new Date(),
): Promise<WebhookEndpointOut> {
  const organizationId = who.actor.organizationId;
  await getEndpoint(services.db.db, organizationId, id, now);
  if (patch.url !== undefined) checkWebhookUrl(patch.url, addressPolicy(services.env));
  await services.db.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook_endpoints')
      .set({
        ...(patch.url !== undefined ? { url: patch.url } : {}),
        ...(patch.events !== undefined ? { events: JSON.stringify(patch.events) } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.enabled === true ? { enabled: true, disabled_at: null, disabled_reason: null } : {}),
        ...(patch.enabled === false ? { enabled: false, disabled_at: now, disabled_reason: null } : {}),
        updated_at: now,
      })
      .where('organization_id', '=', organizationId)
      .where('id', '=', id)
      .execute();
    // What the patch set, as it set it (an `enabled` alone is turning the endpoint on or off).
    await recordActorAudit(trx, who, 'webhook_update', null, { endpointId: id, changes: patch });
  });
  return getEndpoint(services.db.db, organizationId, id, now);
}

/** Removes an endpoint and its delivery log; queued attempts find nothing and end. */
export async function deleteEndpoint(db: DbOrTrx, who: RequestActor, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const deleted = await db
    .deleteFrom('webhook_endpoints')
    .where('organization_id', '=', who.actor.organizationId)
    .where('id', '=', id)
    .returning(['id', 'url', 'description'])
    .executeTakeFirst();
  if (!deleted) throw notFound();
  await recordActorAudit(db, who, 'webhook_delete', null, {
    endpointId: deleted.id,
    url: deleted.url,
    description: deleted.description,
  });
}

/**
 * A new signing secret, answered this once. The previous one keeps signing beside it (two signatures in
 * webhook-signature) for SECRET_ROTATION_GRACE_MS, so a receiver can switch without losing a message.
 */
export async function rotateSecret(
  services: AppServices,
  who: RequestActor,
  id: string,
  now = new Date(),
): Promise<WebhookEndpointOut & { secret: string }> {
  const organizationId = who.actor.organizationId;
  await getEndpoint(services.db.db, organizationId, id, now);
  const secret = newWebhookSecret();
  await services.db.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook_endpoints')
      .set((eb) => ({
        previous_secret_sealed: eb.ref('secret_sealed'),
        previous_secret_expires_at: new Date(now.getTime() + SECRET_ROTATION_GRACE_MS),
        secret_sealed: sealText(services.secret, WEBHOOK_SECRET_SEAL, secret),
        updated_at: now,
      }))
      .where('organization_id', '=', organizationId)
      .where('id', '=', id)
      .execute();
    await recordActorAudit(trx, who, 'webhook_rotate_secret', null, { endpointId: id });
  });
  return { ...(await getEndpoint(services.db.db, organizationId, id, now)), secret };
}

function toDeliveryOut(row: {
  id: string;
  message_id: string;
  event: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  response_status: number | null;
  error: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
}): WebhookDeliveryOut {
  return {
    id: row.id,
    messageId: row.message_id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.response_status,
    error: row.error,
    created_at: iso(row.created_at),
    lastAttemptAt: isoOrNull(row.last_attempt_at),
    nextAttemptAt: isoOrNull(row.next_attempt_at),
  };
}

const DELIVERY_COLUMNS = [
  'id',
  'message_id',
  'event',
  'status',
  'attempts',
  'response_status',
  'error',
  'created_at',
  'last_attempt_at',
  'next_attempt_at',
] as const;

/** An endpoint's delivery log: its latest deliveries, newest first. */
export async function listDeliveries(
  db: DbOrTrx,
  organizationId: string,
  endpointId: string,
): Promise<WebhookDeliveryOut[]> {
  await getEndpoint(db, organizationId, endpointId);
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(DELIVERY_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(DELIVERY_LOG_LENGTH)
    .execute();
  return rows.map(toDeliveryOut);
}

/** A delivery asked for by a person ("send test event", "resend"), queued and recorded in the audit trail. */
async function insertDelivery(
  services: AppServices,
  who: RequestActor,
  endpointId: string,
  message: { message_id: string; event: string; body: string },
  audit: { action: 'webhook_test' | 'webhook_resend'; details?: Record<string, unknown> },
  now: Date,
): Promise<WebhookDeliveryOut> {
  const organizationId = who.actor.organizationId;
  const row = await services.db.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('webhook_deliveries')
      .values({ ...message, endpoint_id: endpointId, organization_id: organizationId, created_at: now })
      .returning(DELIVERY_COLUMNS)
      .executeTakeFirstOrThrow();
    await queueDeliveriesWithin(services.jobs, trx, [inserted.id]);
    await recordActorAudit(trx, who, audit.action, null, {
      endpointId,
      deliveryId: inserted.id,
      messageId: inserted.message_id,
      event: inserted.event,
      ...audit.details,
    });
    return inserted;
  });
  return toDeliveryOut(row);
}

async function enabledEndpoint(services: AppServices, who: RequestActor, id: string) {
  const endpoint = await getEndpoint(services.db.db, who.actor.organizationId, id);
  if (!endpoint.enabled) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.disabled);
  return endpoint;
}

/** "Send test event": a `webhook.test` message to the endpoint now, through the queue like any other. */
export async function sendTestEvent(
  services: AppServices,
  who: RequestActor,
  id: string,
  now = new Date(),
): Promise<WebhookDeliveryOut> {
  const endpoint = await enabledEndpoint(services, who, id);
  const body = eventBody(
    WEBHOOK_TEST_EVENT,
    { endpointId: endpoint.id, description: endpoint.description },
    now,
  );
  return insertDelivery(
    services,
    who,
    endpoint.id,
    { message_id: newMessageId(), event: WEBHOOK_TEST_EVENT, body },
    { action: 'webhook_test' },
    now,
  );
}

/**
 * "Resend": the same message again (its webhook-id and body, so a receiver can tell it has it already), as
 * a new delivery with attempts of its own.
 */
export async function resendDelivery(
  services: AppServices,
  who: RequestActor,
  id: string,
  deliveryId: string,
  now = new Date(),
): Promise<WebhookDeliveryOut> {
  const endpoint = await enabledEndpoint(services, who, id);
  const original = isUuid(deliveryId)
    ? await services.db.db
        .selectFrom('webhook_deliveries')
        .select(['message_id', 'event', 'body'])
        .where('organization_id', '=', who.actor.organizationId)
        .where('endpoint_id', '=', endpoint.id)
        .where('id', '=', deliveryId)
        .executeTakeFirst()
    : undefined;
  if (!original) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
  return insertDelivery(
    services,
    who,
    endpoint.id,
    original,
    { action: 'webhook_resend', details: { resentFrom: deliveryId } },
    now,
  );
}

/** How long the delivery log keeps a settled delivery (delivered or failed). */
export const WEBHOOK_LOG_DAYS = 30;

/** The hourly housekeeping: settled deliveries older than WEBHOOK_LOG_DAYS are forgotten. Answers how many. */
export async function forgetOldDeliveries(db: DbOrTrx, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_LOG_DAYS * 86_400_000);
  const deleted = await db
    .deleteFrom('webhook_deliveries')
    .where('status', 'in', ['delivered', 'failed'])
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
