import { changeMemberRoleSchema, invitationTokenSchema, inviteMemberSchema } from '@propertydna/domain';
import { z } from 'zod';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { okSchema } from '../auth/auth.schemas.js';
import {
  invitationAcceptedSchema,
  invitationViewSchema,
  memberIdParams,
  memberSchema,
  pendingInviteSchema,
} from './organizations.schemas.js';

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
    example: { role: 'viewer' },
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
  defineRoute({
    method: 'GET',
    url: '/api/organization/invites',
    summary: 'Invitations still waiting: email, role, who invited, until when (owners and admins)',
    tags: ['organization'],
    capability: 'members.manage',
    response: z.array(pendingInviteSchema),
    call: (caller) => caller.organization.invites(),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/organization/invites',
    summary:
      'Invite a colleague by email with a role no stronger than your own: a single-use link, valid 14 days, is mailed to them (an earlier invitation of the address ends)',
    tags: ['organization'],
    capability: 'members.manage',
    body: inviteMemberSchema,
    response: pendingInviteSchema,
    errors: { 409: 'The address is already a member' },
    example: { email: 'thandi@example.co.za', role: 'member' },
    call: (caller, { body }) => caller.organization.invite(body),
    status: 201,
  }),
  defineRoute({
    method: 'POST',
    url: '/api/organization/invites/:id/resend',
    summary: 'Send a waiting invitation again: a new link for 14 days; the old link ends',
    tags: ['organization'],
    capability: 'members.manage',
    params: memberIdParams,
    response: pendingInviteSchema,
    call: (caller, { params }) => caller.organization.resendInvite(params),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/organization/invites/:id/revoke',
    summary: 'Revoke a waiting invitation: its link answers 404 from now on',
    tags: ['organization'],
    capability: 'members.manage',
    params: memberIdParams,
    response: okSchema,
    call: (caller, { params }) => caller.organization.revokeInvite(params),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/invitations/:token',
    summary:
      'What an invitation link shows its holder (no account needed): the organisation, who invites, the role and the invited address. 404 when unknown, expired, revoked or used',
    tags: ['organization'],
    capability: 'anyone',
    params: invitationTokenSchema,
    response: invitationViewSchema,
    call: (caller, { params }) => caller.invitations.view(params),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/invitations/:token/accept',
    summary:
      'Accept an invitation: signed in with the invited address, confirmed; you leave your own (empty) organisation and join theirs with the role offered. Once only',
    tags: ['organization'],
    capability: 'account.self',
    params: invitationTokenSchema,
    response: invitationAcceptedSchema,
    errors: {
      403: 'Signed in with another address, or the address is not confirmed',
      409: 'Your own organisation has other members, properties or jobs',
    },
    call: (caller, { params }) => caller.invitations.accept(params),
  }),
];
