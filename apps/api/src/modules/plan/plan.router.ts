import { READ_ONLY_PROPERTY_MESSAGE } from '@propertydna/domain';
import { readOnlyPropertyIds } from '../../auth/plan-read-only.js';
import { scopedPropertyId } from '../../auth/property-scope.js';
import { authedProcedure, router } from '../../trpc/init.js';
import { publicOrganizationSchema } from '../auth/auth.schemas.js';
import { cancelSubscription, loadBilling, startCheckout } from './payfast.service.js';
import { billingSchema, checkoutSchema, readOnlyPropertiesSchema } from './plan.schemas.js';
import { startTrial } from './plan.service.js';

export const planRouter = router({
  startTrial: authedProcedure
    .meta({ requires: 'plan.manage' })
    .output(publicOrganizationSchema)
    .mutation(({ ctx }) => startTrial(ctx.db, ctx.actor.organizationId)),
  /** The plan bought: whether payments are configured, the paid year, the payments (issue 31 §5). */
  billing: authedProcedure
    .meta({ requires: 'account.self' })
    .output(billingSchema)
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
    .output(billingSchema)
    .mutation(({ ctx }) => cancelSubscription(ctx.db, ctx.deps.env, ctx.actor.organizationId)),
  /** The properties beyond the Free limit once Premium lapsed: readable, not writable (issue 31 §5). */
  readOnlyProperties: authedProcedure
    .meta({ requires: 'read' })
    .output(readOnlyPropertiesSchema)
    .query(async ({ ctx }) => ({
      // A token restricted to one property (issue 30 §1) learns of no other property.
      propertyIds: (await readOnlyPropertyIds(ctx.db, ctx.actor.organizationId)).filter(
        (id) => scopedPropertyId() === null || id === scopedPropertyId(),
      ),
      message: READ_ONLY_PROPERTY_MESSAGE,
    })),
});
