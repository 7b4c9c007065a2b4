import { marketingConsentInput } from '@propertydna/domain';
import { authedProcedure, publicProcedure, router } from '../../trpc/init.js';
import { marketingConsentSchema, privacyNoticeSchema } from './privacy.schemas.js';
import { marketingConsent, privacyNotice, setMarketingConsent } from './privacy.service.js';

export const privacyRouter = router({
  /** What /privacy says that depends on this deployment: its operators and its retention. */
  notice: publicProcedure.output(privacyNoticeSchema).query(({ ctx }) => privacyNotice(ctx.deps.env)),

  /** The caller's marketing consent, with when it was last given or withdrawn. */
  marketingConsent: authedProcedure
    .meta({ requires: 'account.self' })
    .output(marketingConsentSchema)
    .query(({ ctx }) => marketingConsent(ctx.db, ctx.actor.userId)),

  /** Gives or withdraws marketing consent (recorded with its time). */
  setMarketingConsent: authedProcedure
    .meta({ requires: 'account.self' })
    .input(marketingConsentInput)
    .output(marketingConsentSchema)
    .mutation(({ ctx, input }) => setMarketingConsent(ctx.db, ctx.who, input)),
});
