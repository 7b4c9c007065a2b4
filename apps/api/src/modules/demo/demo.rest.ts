import { demoLoginSchema } from '@propertydna/domain';
import { type AnyRestRoute, defineRoute, TOO_MANY } from '../../rest/define-route.js';
import { loginResultSchema } from '../auth/auth.schemas.js';

/** The demo's door: a private demo for each sign-in. */
export const demoRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/api/auth/demo',
    summary:
      'Sign in to a private demo of its own (owner or supplier), seeded with the sample data and removed after 24 hours; 20 an hour from one address',
    tags: ['auth'],
    capability: 'anyone',
    body: demoLoginSchema,
    example: { account: 'owner' },
    response: loginResultSchema,
    errors: { 429: TOO_MANY('demos from this address (20 an hour)') },
    call: (caller, { body }) => caller.demo.start(body),
  }),
];
