import { demoLoginSchema, loginSchema, signupRequestSchema } from '@propertydna/domain';
import { loginResultSchema, meSchema, okSchema } from '../modules/auth/auth.schemas.js';
import { healthSchema, infoSchema } from '../modules/system/system.schemas.js';
import { type AnyRestRoute, defineRoute } from './define-route.js';

/** The REST compatibility layer: every /api path of the spec, each a door to one procedure. */
export const restRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/api/auth/signup',
    summary: 'Create an account and its organisation',
    tags: ['auth'],
    body: signupRequestSchema,
    response: meSchema,
    call: (caller, { body }) => caller.auth.signup(body),
    status: () => 201,
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/login',
    summary: 'Sign in: answers the session token and sets the session cookie',
    tags: ['auth'],
    body: loginSchema,
    response: loginResultSchema,
    call: (caller, { body }) => caller.auth.login(body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/demo',
    summary: 'Sign in to the owner or the supplier demo account',
    tags: ['auth'],
    body: demoLoginSchema,
    response: loginResultSchema,
    call: (caller, { body }) => caller.auth.demo(body),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/auth/me',
    summary: 'The signed-in user and their organisation (401 without a session)',
    tags: ['auth'],
    response: meSchema,
    call: (caller) => caller.auth.me(),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/logout',
    summary: 'End the session and clear the cookie',
    tags: ['auth'],
    response: okSchema,
    call: (caller) => caller.auth.logout(),
  }),
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
