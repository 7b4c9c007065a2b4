import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { publicOrganizationSchema } from '../auth/auth.schemas.js';
import { billingSchema, checkoutSchema, readOnlyPropertiesSchema } from './plan.schemas.js';

/** The REST routes of the plan: each a door to one procedure. */
export const planRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/api/plan/trial',
    summary: 'Start the 14-day Premium trial (once per organisation)',
    tags: ['plan'],
    capability: 'plan.manage',
    response: publicOrganizationSchema,
    errors: { 409: 'The organisation is on Premium already, or has had its trial' },
    call: (caller) => caller.plan.startTrial(),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/plan/billing',
    summary:
      'The plan bought through PayFast: whether payments are configured (else why not), the price, the paid year, the subscription and every payment (each with its tax invoice at /api/plan/invoices/{pfPaymentId})',
    tags: ['plan'],
    capability: 'account.self',
    response: billingSchema,
    call: (caller) => caller.plan.billing(),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/plan/checkout',
    summary:
      "Upgrade: an order of Premium (R99 per year, a PayFast subscription) and the signed form for PayFast's hosted payment page; post `fields` as a form to `action`. Only PayFast's ITN changes the plan",
    tags: ['plan'],
    capability: 'plan.manage',
    response: checkoutSchema,
    errors: { 503: 'Payments are not configured' },
    call: (caller) => caller.plan.checkout(),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/plan/cancel',
    summary:
      'Cancel the PayFast subscription: Premium runs to the end of the paid year, then the plan is Free',
    tags: ['plan'],
    capability: 'plan.manage',
    response: billingSchema,
    errors: {
      409: 'There is no PayFast subscription to cancel',
      503: 'Payments are not configured, or PayFast did not accept the cancel',
    },
    call: (caller) => caller.plan.cancelSubscription(),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/plan/read-only-properties',
    summary:
      'The properties that are read-only on the Free plan (those beyond its limit after Premium lapsed; never deleted): their writes answer 403 until the organisation upgrades again',
    tags: ['plan'],
    capability: 'read',
    response: readOnlyPropertiesSchema,
    call: (caller) => caller.plan.readOnlyProperties(),
  }),
];
