import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { healthSchema, infoSchema } from './system.schemas.js';

/** The REST routes of health and version: each a door to one procedure. */
export const systemRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/health',
    summary: 'Health of the API, its database and its file store (503 when a part fails)',
    tags: ['system'],
    capability: 'anyone',
    response: healthSchema,
    alsoAnswers: [503],
    call: (caller) => caller.system.health(),
    status: (health) => (health.status === 'ok' ? 200 : 503),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/info',
    summary: 'Name and version of the API',
    tags: ['system'],
    capability: 'anyone',
    response: infoSchema,
    call: (caller) => caller.system.info(),
  }),
];
