import { changeMemberRoleSchema } from '@propertydna/domain';
import { z } from 'zod';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { okSchema } from '../auth/auth.schemas.js';
import { memberIdParams, memberSchema } from './organizations.schemas.js';

/** The REST routes of the organisation's members (issue 29 §1): each a door to one procedure. */
export const organizationsRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/organization/members',
    summary: "The organisation's members: name, email and role, owners first",
    tags: ['organization'],
    capability: 'read',
    response: z.array(memberSchema),
    call: (caller) => caller.organization.members(),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/api/organization/members/:id',
    summary:
      "Change a member's role (owners and admins; no one gives a role stronger than their own; the last owner stays owner)",
    tags: ['organization'],
    capability: 'members.manage',
    params: memberIdParams,
    body: changeMemberRoleSchema,
    response: memberSchema,
    errors: { 409: 'The organisation would be left without an owner' },
    call: (caller, { params, body }) => caller.organization.changeRole({ id: params.id, role: body.role }),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/organization/members/:id',
    summary:
      'Remove a member: their sessions end at once and they keep their login in an empty organisation of their own (the last owner cannot be removed)',
    tags: ['organization'],
    capability: 'members.manage',
    params: memberIdParams,
    response: okSchema,
    errors: { 409: 'The organisation would be left without an owner' },
    call: (caller, { params }) => caller.organization.removeMember({ id: params.id }),
  }),
];
