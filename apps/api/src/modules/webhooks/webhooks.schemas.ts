import { idParamsSchema, WEBHOOK_EVENTS } from '@propertydna/domain';
import { z } from 'zod';

export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    disabledAt: z.iso.datetime().nullable(),
    disabledReason: z.string().nullable(),
    previousSecretValidUntil: z.iso
      .datetime()
      .nullable()
      .describe('After a rotation: until when the previous secret still signs beside the new one'),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'WebhookEndpoint' });

export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({
    secret: z
      .string()
      .describe(
        'The signing secret (`whsec_…`): shown this once, never answered again (rotate for a new one)',
      ),
  })
  .meta({ id: 'WebhookEndpointWithSecret' });

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    messageId: z.string().describe('The `webhook-id` header: the same for every attempt and a resend'),
    event: z.string(),
    status: z.enum(['pending', 'retrying', 'delivered', 'failed']),
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable(),
    error: z.string().nullable(),
    created_at: z.iso.datetime(),
    lastAttemptAt: z.iso.datetime().nullable(),
    nextAttemptAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export const webhookIdParams = idParamsSchema;
