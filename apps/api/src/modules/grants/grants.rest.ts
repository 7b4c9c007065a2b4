import {
  createPropertyGrantSchema,
  grantIdParamsSchema,
  grantTokenSchema,
  idParamsSchema,
  propertyGrantParamsSchema,
  reportIssueSchema,
} from '@propertydna/domain';
import { z } from 'zod';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { okSchema } from '../auth/auth.schemas.js';
import {
  grantAcceptedSchema,
  grantOfferSchema,
  issueReportedSchema,
  propertyGrantSchema,
  sharedPropertyViewSchema,
  sharedWithMeSchema,
} from './grants.schemas.js';

/** The REST routes of access to one property for people outside the organisation (issue 29 §3). */
export const grantsRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/properties/:id/access',
    summary:
      'Who has, or was offered, read-only access to the property from outside the organisation: address, role, scope, state (pending, active, expired, revoked) and expiry',
    tags: ['access'],
    capability: 'read',
    params: idParamsSchema,
    response: z.array(propertyGrantSchema),
    call: (caller, { params }) => caller.grants.list(params),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/properties/:id/access',
    summary:
      'Grant someone outside the organisation read-only access to this property by email (owners and admins; not with an API token): a single-use link is mailed to them, the access lasts expiresInDays (default 90, at most 365). One person at a time on the Free plan',
    tags: ['access'],
    capability: 'grants.manage',
    params: idParamsSchema,
    body: createPropertyGrantSchema,
    response: propertyGrantSchema,
    errors: {
      403: 'Your role cannot grant access, an API token was used, or the Free plan already has its one person',
      409: 'The address is a member of your organisation',
    },
    example: {
      email: 'conveyancer@example.co.za',
      role: 'conveyancer',
      scope: 'documents_and_compliance',
      expiresInDays: 90,
    },
    call: (caller, { params, body }) => caller.grants.create({ propertyId: params.id, ...body }),
    status: 201,
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/properties/:id/access/:grantId',
    summary: "Revoke a grant: the person's next request is 404, and a link not yet accepted stops working",
    tags: ['access'],
    capability: 'grants.manage',
    params: propertyGrantParamsSchema,
    response: okSchema,
    call: (caller, { params }) => caller.grants.revoke(params),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/access/:token',
    summary:
      'What an access link shows its holder (no account needed): the property, who grants it, the role, scope, invited address and expiry. 404 when unknown, used, revoked or expired',
    tags: ['access'],
    capability: 'anyone',
    params: grantTokenSchema,
    response: grantOfferSchema,
    call: (caller, { params }) => caller.grants.offer(params),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/access/:token/accept',
    summary:
      'Accept access to a property: signed in with the invited address, confirmed. Once only; your own organisation is unchanged and the property appears under Shared with me',
    tags: ['access'],
    capability: 'account.self',
    params: grantTokenSchema,
    response: grantAcceptedSchema,
    errors: { 403: 'Signed in with another address, the address is not confirmed, or an API token was used' },
    call: (caller, { params }) => caller.grants.accept(params),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/shared-with-me',
    summary:
      "The properties other organisations shared with you, read-only: each live grant's property (name, address, DNA code), role, scope and expiry",
    tags: ['access'],
    capability: 'account.self',
    response: z.array(sharedWithMeSchema),
    call: (caller) => caller.grants.sharedWithMe(),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/shared-with-me/:grantId',
    summary:
      "One property shared with you, as it is now: its documents and, when the scope includes it, its compliance check. Recorded in the property's audit trail. 404 once the grant is revoked or expired",
    tags: ['access'],
    capability: 'account.self',
    params: grantIdParamsSchema,
    response: sharedPropertyViewSchema,
    call: (caller, { params }) => caller.grants.sharedProperty(params),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/shared-with-me/:grantId/issues',
    summary:
      'Report an issue at a property shared with you as its tenant: a short title and a description. It becomes a maintenance reminder on the owner\'s property, due today, ending "Reported by <your name> (tenant)", and is recorded in the property\'s audit trail. 403 for any role but tenant; 404 once the grant is revoked or expired',
    tags: ['access'],
    capability: 'account.self',
    params: grantIdParamsSchema,
    body: reportIssueSchema,
    response: issueReportedSchema,
    errors: { 403: 'Only a tenant can report an issue, or an API token was used' },
    example: { title: 'Leaking kitchen tap', description: 'The kitchen tap drips all night.' },
    call: (caller, { params, body }) => caller.grants.reportIssue({ grantId: params.grantId, ...body }),
    status: 201,
  }),
];
