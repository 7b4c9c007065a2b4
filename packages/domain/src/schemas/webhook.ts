import { z } from 'zod';
import { idSchema, noControlCharacters } from './common.js';

/**
 * Issue 30 §2: the events an organisation's webhook endpoints can subscribe to. Each is posted as a small
 * JSON body `{ type, timestamp, data }` whose data names ids and the fields that changed.
 */
export const WEBHOOK_EVENTS = [
  'document.created',
  'document.expiring',
  'compliance.changed',
  'maintenance.task_due',
  'reminder.created',
  'vendor.upload',
  'transfer.accepted',
  'claim.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event means, in the words the account page and the API documentation use. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'document.created': 'A document is added to the vault',
  'document.expiring': 'A document expires in 60, 30 or 7 days',
  'compliance.changed': "A property's compliance status changes",
  'maintenance.task_due': 'A maintenance task falls due',
  'reminder.created': 'A reminder is added',
  'vendor.upload': 'A vendor uploads a document through their link',
  'transfer.accepted': 'A property transfer is accepted',
  'claim.created': 'An insurance claim is started',
};

/** The days before an expiry on which document.expiring is sent (with the daily alert round). */
export const WEBHOOK_EXPIRY_DAYS = [60, 30, 7] as const;

/** How many endpoints an organisation may register. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

export const WEBHOOK_MESSAGES = {
  url: 'Enter a valid URL starting with https://',
  httpsOnly: 'Webhook URLs must use https://',
  credentials: 'Webhook URLs cannot contain a user name or password',
  events: 'Choose at least one event',
  event: `Event must be one of ${WEBHOOK_EVENTS.join(', ')}`,
  description: 'Description must be 200 characters or fewer',
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Webhook delivery not found',
  tooMany: `An organisation can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`,
  privateAddress: 'Webhook URLs must point to a public internet address',
  unresolvable: 'The webhook URL’s host name could not be resolved',
  disabled: 'This endpoint is disabled: enable it first',
} as const;

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.event });

/** An endpoint's address: http(s) with a host, no credentials (https only in production: checked by the server). */
export const webhookUrlSchema = z
  .string({ error: WEBHOOK_MESSAGES.url })
  .trim()
  .check(noControlCharacters('URL'))
  .max(2000, 'URL must be 2000 characters or fewer')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.url)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.username === '' && url.password === '';
    } catch {
      return true;
    }
  }, WEBHOOK_MESSAGES.credentials);

const eventsSchema = z
  .array(webhookEventSchema, { error: WEBHOOK_MESSAGES.events })
  .min(1, WEBHOOK_MESSAGES.events)
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

const descriptionSchema = z
  .string()
  .trim()
  .check(noControlCharacters('Description'))
  .max(200, WEBHOOK_MESSAGES.description);

/** Adding an endpoint (POST /api/webhooks). */
export const createWebhookEndpointSchema = z.object({
  url: webhookUrlSchema,
  events: eventsSchema,
  description: descriptionSchema.default(''),
});
export type CreateWebhookEndpointInput = z.infer<typeof createWebhookEndpointSchema>;

/** Changing an endpoint (PATCH /api/webhooks/{id}): any of its fields; `enabled: true` turns a disabled one back on. */
export const updateWebhookEndpointSchema = z
  .object({
    url: webhookUrlSchema,
    events: eventsSchema,
    description: descriptionSchema,
    enabled: z.boolean({ error: 'Enabled must be true or false' }),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Nothing to change');
export type UpdateWebhookEndpointInput = z.infer<typeof updateWebhookEndpointSchema>;
export const updateWebhookEndpointInput = z.object({ id: idSchema, patch: updateWebhookEndpointSchema });

/** A delivery of an endpoint (resend). */
export const webhookDeliveryParams = z.object({ id: idSchema, deliveryId: idSchema });
