import {
  createWebhookEndpointSchema,
  idParamsSchema,
  updateWebhookEndpointInput,
  webhookDeliveryParams,
} from '@propertydna/domain';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/init.js';
import { okSchema } from '../auth/auth.schemas.js';
import {
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from './webhooks.schemas.js';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from './webhooks.service.js';

/** Issue 30 §2: the organisation's webhook endpoints and their delivery logs (owners and admins). */
export const webhooksRouter = router({
  list: authedProcedure
    .meta({ requires: 'webhooks.manage' })
    .output(z.array(webhookEndpointSchema))
    .query(({ ctx }) => listEndpoints(ctx.db, ctx.actor.organizationId)),

  get: authedProcedure
    .meta({ requires: 'webhooks.manage' })
    .input(idParamsSchema)
    .output(webhookEndpointSchema)
    .query(({ ctx, input }) => getEndpoint(ctx.db, ctx.actor.organizationId, input.id)),

  create: authedProcedure
    .meta({ requires: 'webhooks.manage' })
    .input(createWebhookEndpointSchema)
    .output(webhookEndpointWithSecretSchema)
    .mutation(({ ctx, input }) => createEndpoint(ctx.deps, ctx.who, input)),

  update: authedProcedure
    .meta({ requires: 'webhooks.manage' })
    .input(updateWebhookEndpointInput)
    .output(webhookEndpointSchema)
    .mutation(({ ctx, input }) => updateEndpoint(ctx.deps, ctx.who, input.id, input.patch)),

  remove: authedProcedure
    .meta({ requires: 'webhooks.manage' })
    .input(idParamsSchema)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteEndpoint(ctx.db, ctx.who, input.id);
      return { ok: true as const };
    }),

  rotateSecret: authedProcedure
    .meta({ requires: 'webhooks.manage' })
    .input(idParamsSchema)
    .output(webhookEndpointWithSecretSchema)
    .mutation(({ ctx, input }) => rotateSecret(ctx.deps, ctx.who, input.id)),

  deliveries: authedProcedure
    .meta({ requires: 'webhooks.manage' })
    .input(idParamsSchema)
    .output(z.array(webhookDeliverySchema))
    .query(({ ctx, input }) => listDeliveries(ctx.db, ctx.actor.organizationId, input.id)),

  sendTest: authedProcedure
    .meta({ requires: 'webhooks.manage' })
    .input(idParamsSchema)
    .output(webhookDeliverySchema)
    .mutation(({ ctx, input }) => sendTestEvent(ctx.deps, ctx.who, input.id)),

  resend: authedProcedure
    .meta({ requires: 'webhooks.manage' })
    .input(webhookDeliveryParams)
    .output(webhookDeliverySchema)
    .mutation(({ ctx, input }) => resendDelivery(ctx.deps, ctx.who, input.id, input.deliveryId)),
});
