import { randomBytes, randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@propertydna/domain';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Database, Db } from '../../db/database.js';
import { appUrl } from '../../env.js';
import { AppError } from '../../errors.js';
import { defineJob, type JobQueue } from '../../jobs/job-queue.js';
import { mailLinks } from '../../mail/links.js';
import { queueMailsWithin } from '../../mail/mail-job.js';
import { webhookDisabledMail } from '../../mail/templates.js';
import { openText } from '../../sealed-text.js';
import type { AppServices } from '../../trpc/context.js';
import { type AddressPolicy, resolveWebhookAddress } from './webhook-address.js';
import { postWebhook } from './webhook-post.js';
import { signWebhook } from './webhook-signature.js';

/** The purpose an endpoint's secret is sealed for (sealText). */
export const WEBHOOK_SECRET_SEAL = 'propertydna webhook secret v1';

/** The event of "Send test event": to any endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const addressPolicy = (env: AppServices['env']): AddressPolicy => ({
  allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
  production: env.NODE_ENV === 'production',
});

/** A message id as Standard Webhooks shows them: `msg_` and 128 random bits. */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

/** The body of every event: `{ type, timestamp, data }` (the Standard Webhooks payload structure). */
export const eventBody = (type: string, data: Record<string, unknown>, now: Date) =>
  JSON.stringify({ type, timestamp: now.toISOString(), data });

/**
 * One attempt of one delivery. Runs on the queue; the retries are its own (each a new job starting after
 * the next wait of WEBHOOKS_RETRY_DELAYS_SECONDS), so the schedule, the log and the final disabling are
 * all written beside the attempt they follow. The job itself is retried only when the database fails it.
 */
export const webhookDeliveryJob = defineJob<{ deliveryId: string }, AppServices>({
  name: 'webhooks.deliver',
  data: z.object({ deliveryId: z.uuid() }),
  // Each attempt waits on someone else's server (up to WEBHOOKS_TIMEOUT_MS): several at once.
  concurrency: 8,
  batchSize: 4,
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
  deleteAfterSeconds: 86_400,
  run: async ({ deliveryId }, { deps }) => {
    await attemptDelivery(deps, deliveryId);
  },
});

/** Queues the first attempt of these deliveries in the caller's transaction. */
export async function queueDeliveriesWithin(
  jobs: JobQueue<AppServices>,
  trx: Transaction<Database>,
  deliveryIds: readonly string[],
  startAfter?: Date,
): Promise<void> {
  await jobs.sendManyWithin(
    trx,
    webhookDeliveryJob,
    deliveryIds.map((deliveryId) => ({ id: randomUUID(), data: { deliveryId }, startAfter })),
  );
}

/**
 * Emits an event of an organisation, inside the transaction of the change it reports (so it is sent if
 * and only if the change commits, whichever door made it): a delivery row for every enabled endpoint of
 * the organisation subscribed to it, and the job of its first attempt. `key` makes a scheduled event
 * (an expiry reminder, a task due) once per endpoint: a second emission with the same key adds nothing.
 * Answers how many deliveries were queued.
 */
export async function emitWebhookEventWithin(
  jobs: JobQueue<AppServices>,
  trx: Transaction<Database>,
  organizationId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
  options: { key?: string; now?: Date } = {},
): Promise<number> {
  const endpoints = await trx
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('enabled', '=', true)
    .where(sql<boolean>`events @> ${JSON.stringify([event])}::jsonb`)
    .execute();
  if (endpoints.length === 0) return 0;
  const now = options.now ?? new Date();
  const body = eventBody(event, data, now);
  const rows = await trx
    .insertInto('webhook_deliveries')
    .values(
      endpoints.map((endpoint) => ({
        endpoint_id: endpoint.id,
        organization_id: organizationId,
        message_id: newMessageId(),
        event,
        event_key: options.key ?? null,
        body,
        created_at: now,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['endpoint_id', 'event_key']).where('event_key', 'is not', null).doNothing(),
    )
    .returning('id')
    .execute();
  await queueDeliveriesWithin(
    jobs,
    trx,
    rows.map((row) => row.id),
  );
  return rows.length;
}

/**
 * The queue of the app a database belongs to, for the few places that change what an event reports with
 * only the database in hand (a compliance check is run by reads, reports and rounds alike). Set once when
 * the app is built; a database without an app (a tool) emits nothing.
 */
const queues = new WeakMap<Db, JobQueue<AppServices>>();
export function attachWebhookQueue(services: Pick<AppServices, 'db' | 'jobs'>): void {
  queues.set(services.db.db, services.jobs);
}

/**
 * emitWebhookEventWithin through the queue of the app `db` belongs to (attachWebhookQueue), for a service
 * that has only the database in hand. A database without an app emits nothing.
 */
export async function emitWebhookEventOfDbWithin(
  db: Db,
  trx: Transaction<Database>,
  organizationId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<number> {
  const jobs = queues.get(db);
  return jobs ? emitWebhookEventWithin(jobs, trx, organizationId, event, data) : 0;
}

const describeAnswer = (status: number | null, error: string | null) =>
  status === null ? (error ?? 'no answer') : `HTTP ${status}`;

/**
 * One attempt: the endpoint's host is resolved and every address checked (unless WEBHOOKS_ALLOW_PRIVATE),
 * the body is signed with the endpoint's secret (and the previous one while it is still valid) and POSTed
 * to the checked address, redirects not followed, within WEBHOOKS_TIMEOUT_MS. A 2xx delivers it; anything
 * else schedules the next attempt, and after the last one the delivery has failed, the endpoint is
 * disabled and its organisation's owners are mailed.
 */
export async function attemptDelivery(services: AppServices, deliveryId: string, now = new Date()) {
  const db = services.db.db;
  const delivery = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select([
      'd.id',
      'd.message_id',
      'd.event',
      'd.body',
      'd.status',
      'd.attempts',
      'd.organization_id',
      'e.id as endpoint_id',
      'e.url',
      'e.enabled',
      'e.secret_sealed',
      'e.previous_secret_sealed',
      'e.previous_secret_expires_at',
    ])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
  if (!delivery || delivery.status === 'delivered' || delivery.status === 'failed') return;
  if (!delivery.enabled) {
    await db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', error: 'The endpoint is disabled', next_attempt_at: null })
      .where('id', '=', deliveryId)
      .execute();
    return;
  }
  const secrets = [openText(services.secret, WEBHOOK_SECRET_SEAL, delivery.secret_sealed)];
  if (
    delivery.previous_secret_sealed &&
    delivery.previous_secret_expires_at &&
    new Date(delivery.previous_secret_expires_at) > now
  ) {
    secrets.push(openText(services.secret, WEBHOOK_SECRET_SEAL, delivery.previous_secret_sealed));
  }
  const timestamp = Math.floor(now.getTime() / 1000);
  let answer: { status: number | null; error: string | null };
  try {
    const url = new URL(delivery.url);
    const address = await resolveWebhookAddress(url, addressPolicy(services.env));
    answer = await postWebhook(
      url,
      address,
      {
        'webhook-id': delivery.message_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(secrets, delivery.message_id, timestamp, delivery.body),
      },
      delivery.body,
      services.env.WEBHOOKS_TIMEOUT_MS,
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    answer = { status: null, error: error.message };
  }
  const attempts = delivery.attempts + 1;
  const delivered = answer.status !== null && answer.status >= 200 && answer.status < 300;
  const delays = services.env.WEBHOOKS_RETRY_DELAYS_SECONDS;
  const delay = delays[attempts - 1];
  const attempted = {
    attempts,
    response_status: answer.status,
    error: delivered ? null : describeAnswer(answer.status, answer.error),
    last_attempt_at: now,
  };
  await db.transaction().execute(async (trx) => {
    if (delivered) {
      await trx
        .updateTable('webhook_deliveries')
        .set({ ...attempted, status: 'delivered', next_attempt_at: null })
        .where('id', '=', deliveryId)
        .execute();
    } else if (delay !== undefined) {
      const next = new Date(now.getTime() + delay * 1000);
      await trx
        .updateTable('webhook_deliveries')
        .set({ ...attempted, status: 'retrying', next_attempt_at: next })
        .where('id', '=', deliveryId)
        .execute();
      await queueDeliveriesWithin(services.jobs, trx, [deliveryId], next);
    } else {
      await trx
        .updateTable('webhook_deliveries')
        .set({ ...attempted, status: 'failed', next_attempt_at: null })
        .where('id', '=', deliveryId)
        .execute();
      // A test event or a resend that fails says so in the log; only real events disable the endpoint.
      if (delivery.event !== WEBHOOK_TEST_EVENT)
        await disableEndpointWithin(services, trx, delivery, attempts, attempted.error ?? '', now);
    }
  });
}

/** Turns a persistently failing endpoint off and tells the organisation's owners (once: only if it was on). */
async function disableEndpointWithin(
  services: AppServices,
  trx: Transaction<Database>,
  delivery: { endpoint_id: string; organization_id: string; url: string; event: string },
  attempts: number,
  lastAnswer: string,
  now: Date,
): Promise<void> {
  const disabled = await trx
    .updateTable('webhook_endpoints')
    .set({
      enabled: false,
      disabled_at: now,
      disabled_reason: `Disabled after ${attempts} failed attempts to deliver ${delivery.event} (last answer: ${lastAnswer})`,
      updated_at: now,
    })
    .where('id', '=', delivery.endpoint_id)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (Number(disabled.numUpdatedRows) === 0) return;
  const owners = await trx
    .selectFrom('users')
    .select(['email', 'first_name'])
    .where('organization_id', '=', delivery.organization_id)
    .where('role', '=', 'owner')
    .execute();
  await queueMailsWithin(
    services,
    trx,
    'urgent',
    owners.map((owner) => ({
      jobId: randomUUID(),
      message: {
        to: owner.email,
        ...webhookDisabledMail({
          firstName: owner.first_name,
          url: delivery.url,
          event: delivery.event,
          attempts,
          lastAnswer,
          accountUrl: mailLinks.account(appUrl(services.env)),
        }),
      },
    })),
  );
}
