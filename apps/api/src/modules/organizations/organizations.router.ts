import {
  changeMemberRoleInput,
  INVITE_MESSAGES,
  idParamsSchema,
  invitationTokenSchema,
  inviteMemberSchema,
} from '@propertydna/domain';
import { z } from 'zod';
import { appUrl } from '../../env.js';
import { authedProcedure, publicProcedure, router } from '../../trpc/init.js';
import { okSchema } from '../auth/auth.schemas.js';
import {
  acceptInvitation,
  inviteMember,
  listInvites,
  resendInvite,
  revokeInvite,
  viewInvitation,
} from './invites.service.js';
import { changeMemberRole, listMembers, removeMember } from './members.service.js';
import {
  invitationAcceptedSchema,
  invitationViewSchema,
  memberSchema,
  pendingInviteSchema,
} from './organizations.schemas.js';

/** Issue 29 §1–2: the organisation's members, their roles, and invitations to join. */
export const organizationRouter = router({
  members: authedProcedure
    .meta({ requires: 'read' })
    .output(z.array(memberSchema))
    .query(({ ctx }) => listMembers(ctx.db, ctx.actor.organizationId)),

  changeRole: authedProcedure
    .meta({ requires: 'members.manage' })
    .input(changeMemberRoleInput)
    .output(memberSchema)
    .mutation(({ ctx, input }) => changeMemberRole(ctx.db, ctx.who, input.id, input.role)),

  removeMember: authedProcedure
    .meta({ requires: 'members.manage' })
    .input(idParamsSchema)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await removeMember(ctx.db, ctx.who, input.id);
      return { ok: true as const };
    }),

  /** Invitations still waiting: who, with which role, until when. */
  invites: authedProcedure
    .meta({ requires: 'members.manage' })
    .output(z.array(pendingInviteSchema))
    .query(({ ctx }) => listInvites(ctx.db, ctx.actor.organizationId)),

  // The mailed link is on the app's configured origin (APP_URL), like every link the app mails.
  invite: authedProcedure
    .meta({ requires: 'members.manage' })
    .input(inviteMemberSchema)
    .output(pendingInviteSchema)
    .mutation(({ ctx, input }) => inviteMember(ctx.deps, ctx.who, input, appUrl(ctx.deps.env))),

  resendInvite: authedProcedure
    .meta({ requires: 'members.manage' })
    .input(idParamsSchema)
    .output(pendingInviteSchema)
    .mutation(({ ctx, input }) => resendInvite(ctx.deps, ctx.who, input.id, appUrl(ctx.deps.env))),

  revokeInvite: authedProcedure
    .meta({ requires: 'members.manage' })
    .input(idParamsSchema)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await revokeInvite(ctx.db, ctx.who, input.id);
      return { ok: true as const };
    }),
});

/** The invitation link's side: what it offers (anyone holding it), and accepting it (the invited address). */
export const invitationsRouter = router({
  view: publicProcedure
    .input(invitationTokenSchema)
    .output(invitationViewSchema)
    .query(({ ctx, input }) => viewInvitation(ctx.db, input.token)),

  /** Joining is the signed-in person's own step, whatever their role where they are now. */
  accept: authedProcedure
    .meta({ requires: 'account.self' })
    .input(invitationTokenSchema)
    .output(invitationAcceptedSchema)
    .mutation(async ({ ctx, input }) => {
      const { member, organizationName } = await acceptInvitation(ctx.db, ctx.who, input.token);
      return { ok: true as const, message: INVITE_MESSAGES.accepted(organizationName), member };
    }),
});
