import {
  changeEmailSchema,
  changePasswordSchema,
  EMAIL_VERIFICATION_MESSAGES,
  forgotPasswordSchema,
  loginSchema,
  PASSWORD_RESET_MESSAGES,
  resetPasswordSchema,
  SIGNUP_MESSAGES,
  signupRequestSchema,
  verifyEmailSchema,
} from '@propertydna/domain';
import { clearSessionCookie, isSameOrigin, setSessionCookie } from '../../auth/actor.js';
import { AppError } from '../../errors.js';
import type { Context } from '../../trpc/context.js';
import { authedProcedure, publicProcedure, router } from '../../trpc/init.js';
import { loginResultSchema, meSchema, messageSchema, okSchema } from './auth.schemas.js';
import {
  changePassword,
  confirmEmailChange,
  loadMe,
  login,
  logout,
  requestEmailChange,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  type SessionGrant,
  signup,
  verifyEmail,
} from './auth.service.js';

/** Hands the session to the caller twice: the token in the body (Bearer) and an HttpOnly cookie (plain links). */
function answerWithSession(ctx: Pick<Context, 'req' | 'res'>, grant: SessionGrant) {
  setSessionCookie(ctx.req, ctx.res, grant.token, grant.expiresAt);
  return { token: grant.token, user: grant.user, organization: grant.organization };
}

export const authRouter = router({
  /** The same answer whether or not the email already has an account (its owner is mailed instead). */
  signup: publicProcedure
    .input(signupRequestSchema)
    .output(messageSchema)
    .mutation(async ({ ctx, input }) => {
      await signup(ctx.deps, input, ctx.req.ip);
      return { ok: true as const, message: SIGNUP_MESSAGES.created.message };
    }),

  login: publicProcedure
    .input(loginSchema)
    .output(loginResultSchema)
    .mutation(async ({ ctx, input }) => answerWithSession(ctx, await login(ctx.deps, input, ctx.req.ip))),

  me: authedProcedure
    .meta({ requires: 'account.self' })
    .output(meSchema)
    .query(({ ctx }) => loadMe(ctx.db, ctx.actor.userId)),

  /** Changes the password; every other session of the user ends. */
  changePassword: authedProcedure
    .meta({ requires: 'account.self' })
    .input(changePasswordSchema)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.deps, ctx.actor.userId, ctx.actor.sessionId, input, ctx.req.ip);
      return { ok: true as const };
    }),

  /** 'Forgot password?': the same answer whether or not the email has an account. */
  forgotPassword: publicProcedure
    .input(forgotPasswordSchema)
    .output(messageSchema)
    .mutation(async ({ ctx, input }) => {
      await requestPasswordReset(ctx.deps, input.email, ctx.req.ip);
      return { ok: true as const, message: PASSWORD_RESET_MESSAGES.requested };
    }),

  /** Sets a new password with a reset link (single use, one hour); every session of the user ends. */
  resetPassword: publicProcedure
    .input(resetPasswordSchema)
    .output(messageSchema)
    .mutation(async ({ ctx, input }) => {
      await resetPassword(ctx.deps, input, ctx.req.ip);
      return { ok: true as const, message: PASSWORD_RESET_MESSAGES.done };
    }),

  /** Opens the link mailed to the account's address (single use, 24 hours): the address is confirmed. */
  verifyEmail: publicProcedure
    .input(verifyEmailSchema)
    .output(messageSchema)
    .mutation(async ({ ctx, input }) => {
      await verifyEmail(ctx.deps, input.token, ctx.req.ip);
      return { ok: true as const, message: EMAIL_VERIFICATION_MESSAGES.verified };
    }),

  /** Mails a new confirmation link to the signed-in account's address (3 an hour). */
  resendVerification: authedProcedure
    .meta({ requires: 'account.self' })
    .output(messageSchema)
    .mutation(async ({ ctx }) => ({
      ok: true as const,
      message: await resendVerification(ctx.deps, ctx.actor.userId),
    })),

  /** Asks to change the address: it takes effect when the link mailed to the new one is opened. */
  changeEmail: authedProcedure
    .meta({ requires: 'account.self' })
    .input(changeEmailSchema)
    .output(messageSchema)
    .mutation(async ({ ctx, input }) => ({
      ok: true as const,
      message: await requestEmailChange(ctx.deps, ctx.actor.userId, input, ctx.req.ip),
    })),

  /** Opens the link mailed to a new address: the account's address becomes that one. */
  confirmEmailChange: publicProcedure
    .input(verifyEmailSchema)
    .output(messageSchema)
    .mutation(async ({ ctx, input }) => ({
      ok: true as const,
      message: await confirmEmailChange(ctx.deps, input.token, ctx.req.ip),
    })),

  /** Ends the caller's session, if any, and clears the cookie. Answers ok either way. */
  logout: publicProcedure.output(okSchema).mutation(async ({ ctx }) => {
    if (ctx.actor) {
      if (ctx.actor.via === 'cookie' && !isSameOrigin(ctx.req, ctx.deps.env.APP_URL))
        throw new AppError('FORBIDDEN', 'Cross-site request refused');
      await logout(ctx.deps.lucia, ctx.actor.sessionId);
    }
    clearSessionCookie(ctx.req, ctx.res);
    return { ok: true as const };
  }),
});
