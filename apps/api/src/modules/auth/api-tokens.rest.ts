import { z } from 'zod';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import {
  apiTokenIdSchema,
  apiTokenSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from './api-tokens.schemas.js';
import { okSchema } from './auth.schemas.js';

/** The REST routes of a person's own API tokens (issue 30 §1): each a door to one apiTokens procedure. */
export const apiTokensRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/account/tokens',
    summary:
      'Your live API tokens: name, scope, the property it is restricted to (if any), created, last used (time and IP address), expiry. Never their secrets',
    tags: ['auth'],
    capability: 'account.self',
    response: z.array(apiTokenSchema),
    call: (caller) => caller.apiTokens.list(),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/account/tokens',
    summary:
      "Create an API token (signed in with a session, not with a token): scope read or read_write, expiry in days (default 365, at most 730), optionally restricted to one property of the organisation (another's, or an unknown one: 404). The secret pdna_… is in this answer only; only its hash is kept",
    tags: ['auth'],
    capability: 'account.self',
    body: createApiTokenSchema,
    example: { name: 'Spreadsheet sync', scope: 'read', expiresInDays: 365 },
    response: createdApiTokenSchema,
    errors: { 403: 'An API token cannot create tokens', 404: 'Property not found' },
    call: (caller, { body }) => caller.apiTokens.create(body),
    status: 201,
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/account/tokens/:id',
    summary: 'Revoke one of your API tokens: it answers 401 from the next request on',
    tags: ['auth'],
    capability: 'account.self',
    params: apiTokenIdSchema,
    response: okSchema,
    errors: { 403: 'An API token cannot revoke tokens' },
    call: (caller, { params }) => caller.apiTokens.revoke(params),
  }),
];
