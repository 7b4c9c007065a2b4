import { idParamsSchema } from '@propertydna/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import { policyCheckSchema } from './compliance.schemas.js';
import { checkPropertyNow, getPolicyCheck } from './compliance.service.js';

export const complianceRouter = router({
  /** The property's compliance check (rerun first when stale). */
  policyCheck: authedProcedure
    .meta({ requires: 'read' })
    .input(idParamsSchema)
    .output(policyCheckSchema)
    .query(({ ctx, input }) => getPolicyCheck(ctx.db, ctx.actor.organizationId, input.id)),

  /** 'Run Full Compliance Check': runs it now. */
  runCheck: authedProcedure
    .meta({ requires: 'properties.write' })
    .input(idParamsSchema)
    .output(policyCheckSchema)
    .mutation(({ ctx, input }) => checkPropertyNow(ctx.db, ctx.actor.organizationId, input.id)),
});
