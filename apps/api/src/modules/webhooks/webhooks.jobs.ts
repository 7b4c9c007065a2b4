import { johannesburgToday, WEBHOOK_EXPIRY_DAYS, type WebhookEvent } from '@propertydna/domain';
import { sql } from 'kysely';
import type { AppServices } from '../../trpc/context.js';
import { emitWebhookEventWithin, webhookDeliveryJob } from './webhook-delivery.js';

/** How far back a task's due date may lie and still be reported by the round (a round missed by a few days). */
const TASK_DUE_LOOKBACK_DAYS = 7;

const subscribed = (event: WebhookEvent) =>
  sql<boolean>`exists (select 1 from webhook_endpoints e where e.organization_id = x.organization_id and e.enabled and e.events @> ${JSON.stringify([event])}::jsonb)`;

/**
 * The scheduled events, with the daily alert round (07:00 South African time): `document.expiring` when
 * a document's expiry is within 60, then 30, then 7 days (once per step: a round that ran late sends the
 * step it is in, never one twice), and `maintenance.task_due` when a task's due date has come (once per
 * due date). Only organisations with an endpoint for the event are read. Answers how many deliveries
 * were queued.
 */
export async function queueScheduledWebhookEvents(services: AppServices, now = new Date()): Promise<number> {
  const db = services.db.db;
  const today = johannesburgToday(now);
  const furthest = Math.max(...WEBHOOK_EXPIRY_DAYS);
  const expiring = await db
    .selectFrom('documents as x')
    .innerJoin('properties as p', 'p.id', 'x.property_id')
    .select([
      'x.id',
      'x.organization_id',
      'x.property_id',
      'x.kind',
      'x.name',
      sql<string>`to_char((x.expires_at at time zone 'Africa/Johannesburg')::date, 'YYYY-MM-DD')`.as(
        'expires_on',
      ),
      sql<number>`((x.expires_at at time zone 'Africa/Johannesburg')::date - ${today}::date)`.as('days_left'),
    ])
    .where('x.expires_at', 'is not', null)
    .where('p.archived_at', 'is', null)
    .where(
      sql<boolean>`(x.expires_at at time zone 'Africa/Johannesburg')::date between ${today}::date and ${today}::date + ${furthest}::int`,
    )
    .where(subscribed('document.expiring'))
    .execute();
  const due = await db
    .selectFrom('maintenance_tasks as x')
    .innerJoin('properties as p', 'p.id', 'x.property_id')
    .select([
      'x.id',
      'x.organization_id',
      'x.property_id',
      'x.title',
      'x.priority',
      sql<string>`to_char(x.next_due, 'YYYY-MM-DD')`.as('due_date'),
    ])
    .where('p.archived_at', 'is', null)
    .where(
      sql<boolean>`x.next_due between ${today}::date - ${TASK_DUE_LOOKBACK_DAYS}::int and ${today}::date`,
    )
    .where(subscribed('maintenance.task_due'))
    .execute();
  const events: {
    organizationId: string;
    event: WebhookEvent;
    key: string;
    data: Record<string, unknown>;
  }[] = [];
  for (const document of expiring) {
    const daysLeft = Number(document.days_left);
    const step = [...WEBHOOK_EXPIRY_DAYS].sort((a, b) => a - b).find((days) => daysLeft <= days);
    if (step === undefined) continue;
    events.push({
      organizationId: document.organization_id,
      event: 'document.expiring',
      key: `document.expiring:${document.id}:${document.expires_on}:${step}`,
      data: {
        documentId: document.id,
        propertyId: document.property_id,
        kind: document.kind,
        name: document.name,
        expiresOn: document.expires_on,
        daysLeft,
        within: step,
      },
    });
  }
  for (const task of due) {
    const dueDate = task.due_date;
    events.push({
      organizationId: task.organization_id,
      event: 'maintenance.task_due',
      key: `maintenance.task_due:${task.id}:${dueDate}`,
      data: {
        taskId: task.id,
        propertyId: task.property_id,
        title: task.title,
        priority: task.priority,
        dueDate,
      },
    });
  }
  let queued = 0;
  for (const organizationId of new Set(events.map((event) => event.organizationId))) {
    queued += await db.transaction().execute(async (trx) => {
      let count = 0;
      for (const event of events.filter((e) => e.organizationId === organizationId)) {
        count += await emitWebhookEventWithin(services.jobs, trx, organizationId, event.event, event.data, {
          key: event.key,
          now,
        });
      }
      return count;
    });
  }
  return queued;
}

export const webhookJobs = [webhookDeliveryJob];
