import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  webhookDeliveryParams,
} from '@propertydna/domain';
import { z } from 'zod';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { okSchema } from '../auth/auth.schemas.js';
import {
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookIdParams,
} from './webhooks.schemas.js';

const DISABLED = 'The endpoint is disabled: enable it first (PATCH with `enabled: true`)';

/** The REST routes of webhooks (issue 30 §2): each a door to one procedure; owners and admins only. */
export const webhooksRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/webhooks',
    summary: "The organisation's webhook endpoints: URL, events, description, enabled (never their secrets)",
    tags: ['webhooks'],
    capability: 'webhooks.manage',
    response: z.array(webhookEndpointSchema),
    call: (caller) => caller.webhooks.list(),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/webhooks',
    summary:
      'Register an endpoint: events are POSTed to it signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`). The answer carries its `whsec_` secret, shown this once. https only in production; never a private, loopback or link-local address',
    tags: ['webhooks'],
    capability: 'webhooks.manage',
    body: createWebhookEndpointSchema,
    example: {
      url: 'https://hooks.example.co.za/propertydna',
      events: ['document.created', 'document.expiring', 'compliance.changed'],
      description: 'Portfolio sync',
    },
    response: webhookEndpointWithSecretSchema,
    errors: { 409: 'The organisation has the most endpoints it may have' },
    call: (caller, { body }) => caller.webhooks.create(body),
    status: 201,
  }),
  defineRoute({
    method: 'GET',
    url: '/api/webhooks/:id',
    summary: 'One webhook endpoint',
    tags: ['webhooks'],
    capability: 'webhooks.manage',
    params: webhookIdParams,
    response: webhookEndpointSchema,
    call: (caller, { params }) => caller.webhooks.get(params),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/api/webhooks/:id',
    summary:
      'Change an endpoint: URL, events, description; `enabled: true` turns one disabled after persistent failure back on',
    tags: ['webhooks'],
    capability: 'webhooks.manage',
    params: webhookIdParams,
    body: updateWebhookEndpointSchema,
    example: { events: ['document.created', 'claim.created'], enabled: true },
    response: webhookEndpointSchema,
    call: (caller, { params, body }) => caller.webhooks.update({ id: params.id, patch: body }),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/webhooks/:id',
    summary: 'Remove an endpoint and its delivery log',
    tags: ['webhooks'],
    capability: 'webhooks.manage',
    params: webhookIdParams,
    response: okSchema,
    call: (caller, { params }) => caller.webhooks.remove(params),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/webhooks/:id/rotate-secret',
    summary:
      'A new signing secret, shown this once; the previous one keeps signing beside it (two signatures, space-separated) for 24 hours',
    tags: ['webhooks'],
    capability: 'webhooks.manage',
    params: webhookIdParams,
    response: webhookEndpointWithSecretSchema,
    call: (caller, { params }) => caller.webhooks.rotateSecret(params),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/webhooks/:id/deliveries',
    summary:
      "The endpoint's delivery log, newest first (50): event, status, attempts, the last answer's status code, when",
    tags: ['webhooks'],
    capability: 'webhooks.manage',
    params: webhookIdParams,
    response: z.array(webhookDeliverySchema),
    call: (caller, { params }) => caller.webhooks.deliveries(params),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/webhooks/:id/test',
    summary:
      'Send test event: a `webhook.test` message to the endpoint through the queue (see its delivery log)',
    tags: ['webhooks'],
    capability: 'webhooks.manage',
    params: webhookIdParams,
    response: webhookDeliverySchema,
    errors: { 409: DISABLED },
    call: (caller, { params }) => caller.webhooks.sendTest(params),
    status: 202,
  }),
  defineRoute({
    method: 'POST',
    url: '/api/webhooks/:id/deliveries/:deliveryId/resend',
    summary: 'Resend a delivery: the same message (same `webhook-id` and body) as a new delivery',
    tags: ['webhooks'],
    capability: 'webhooks.manage',
    params: webhookDeliveryParams,
    response: webhookDeliverySchema,
    errors: { 409: DISABLED },
    call: (caller, { params }) => caller.webhooks.resend(params),
    status: 202,
  }),
];
