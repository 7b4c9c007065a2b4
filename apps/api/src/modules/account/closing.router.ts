import { closeAccountSchema, loginSchema } from '@propertydna/domain';
import { clearSessionCookie, setSessionCookie } from '../../auth/actor.js';
import { authedProcedure, publicProcedure, router } from '../../trpc/init.js';
import { loginResultSchema, okSchema } from '../auth/auth.schemas.js';
import { closedAccountSchema } from './closing.schemas.js';
import { closeAccount, leaveOrganization, reopenAccount } from './closing.service.js';

/** Issue 31 §2: closing the account, reopening it within the grace, leaving an organisation. */
export const closingRouter = router({
  /** An owner closes the organisation's account (password and CLOSE); everyone is signed out at once. */
  close: authedProcedure
    .meta({ requires: 'organization.delete' })
    .input(closeAccountSchema)
    .output(closedAccountSchema)
    .mutation(async ({ ctx, input }) => {
      const closed = await closeAccount(ctx.deps, ctx.who, input);
      clearSessionCookie(ctx.req, ctx.res);
      return closed;
    }),

  /** Signed out, with the owner's email and password: within the grace the account opens again. */
  reopen: publicProcedure
    .input(loginSchema)
    .output(loginResultSchema)
    .mutation(async ({ ctx, input }) => {
      const grant = await reopenAccount(ctx.deps, input, ctx.req.ip);
      setSessionCookie(ctx.req, ctx.res, grant.token, grant.expiresAt);
      return { token: grant.token, user: grant.user, organization: grant.organization };
    }),

  /** A member leaves the organisation (only their membership goes); they are signed out. */
  leave: authedProcedure
    .meta({ requires: 'account.self' })
    .output(okSchema)
    .mutation(async ({ ctx }) => {
      await leaveOrganization(ctx.db, ctx.who);
      clearSessionCookie(ctx.req, ctx.res);
      return { ok: true as const };
    }),
});
