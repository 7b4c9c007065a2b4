import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { publicOrganizationSchema } from '../auth/auth.schemas.js';

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
];
