import { healthSchema, infoSchema } from '../modules/system/system.schemas.js';
import { type AnyRestRoute, defineRoute } from './define-route.js';

/** The REST compatibility layer: every /api path of the spec, each a door to one procedure. */
export const restRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/health',
    summary: 'Health of the API, its database and its file store (503 when a part fails)',
    tags: ['system'],
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
    response: infoSchema,
    call: (caller) => caller.system.info(),
  }),
];
