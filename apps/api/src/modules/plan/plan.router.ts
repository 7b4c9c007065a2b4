import { authedProcedure, router } from '../../trpc/init.js';
import { publicOrganizationSchema } from '../auth/auth.schemas.js';
import { startTrial } from './plan.service.js';

export const planRouter = router({
  startTrial: authedProcedure
    .meta({ requires: 'plan.manage' })
    .output(publicOrganizationSchema)
    .mutation(({ ctx }) => startTrial(ctx.db, ctx.actor.organizationId)),
});
