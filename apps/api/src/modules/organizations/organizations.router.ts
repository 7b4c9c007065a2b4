import { changeMemberRoleInput, idParamsSchema } from '@propertydna/domain';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/init.js';
import { okSchema } from '../auth/auth.schemas.js';
import { changeMemberRole, listMembers, removeMember } from './members.service.js';
import { memberSchema } from './organizations.schemas.js';

/** Issue 29 §1: the organisation's members and their roles. */
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
});
