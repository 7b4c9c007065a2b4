import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/init.js';
import { publicOrganizationSchema } from '../auth/auth.schemas.js';
import { cancelSubscription, loadBilling, startCheckout } from './payfast.service.js';
import { startTrial } from './plan.service.js';

const checkoutSchema = z.object({ action: z.string(), fields: z.array(z.tuple([z.string(), z.string()])) });

export const planRouter = router({
  startTrial: authedProcedure
    .meta({ requires: 'plan.manage' })
    .output(publicOrganizationSchema)
    .mutation(({ ctx }) => startTrial(ctx.db, ctx.actor.organizationId)),
  /** The plan bought: whether payments are configured, the paid year, the payments (issue 31 §5). */
  billing: authedProcedure
    .meta({ requires: 'account.self' })
    .query(({ ctx }) => loadBilling(ctx.db, ctx.deps.env, ctx.actor.organizationId)),
  /** "Upgrade": an order and the signed form for PayFast's hosted page (the browser posts it). */
  checkout: authedProcedure
    .meta({ requires: 'plan.manage' })
    .output(checkoutSchema)
    .mutation(async ({ ctx }) => {
      const user = await ctx.db
        .selectFrom('users')
        .select(['email', 'first_name', 'last_name'])
        .where('id', '=', ctx.actor.userId)
        .executeTakeFirstOrThrow();
      return startCheckout(ctx.db, ctx.deps.env, ctx.actor.organizationId, {
        email: user.email,
        firstName: user.first_name,
        lastName: user.last_name,
      });
    }),
  /** Cancels the subscription; Premium runs to the end of the paid year. */
  cancelSubscription: authedProcedure
    .meta({ requires: 'plan.manage' })
    .mutation(({ ctx }) => cancelSubscription(ctx.db, ctx.deps.env, ctx.actor.organizationId)),
});
