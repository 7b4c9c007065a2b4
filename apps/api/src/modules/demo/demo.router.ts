import { demoLoginSchema } from '@propertydna/domain';
import { setSessionCookie } from '../../auth/actor.js';
import { publicProcedure, router } from '../../trpc/init.js';
import { loginResultSchema } from '../auth/auth.schemas.js';
import { startDemo } from './demo.service.js';

export const demoRouter = router({
  /** A private demo organisation of the chosen kind, seeded with the sample data, and a session in it. */
  start: publicProcedure
    .input(demoLoginSchema)
    .output(loginResultSchema)
    .mutation(async ({ ctx, input }) => {
      const grant = await startDemo(ctx.deps, input.account, ctx.req.ip);
      setSessionCookie(ctx.req, ctx.res, grant.token, grant.expiresAt);
      return { token: grant.token, user: grant.user, organization: grant.organization };
    }),
});
