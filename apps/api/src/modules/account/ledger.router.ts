import { accessLedgerQuery, revokeAccessInput } from '@propertydna/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import { okSchema } from '../auth/auth.schemas.js';
import { accessLedgerPageSchema } from './ledger.schemas.js';
import { listAccessLedger, revokeAccess } from './ledger.service.js';

/**
 * Issue 31 §3: the organisation's access ledger. Reading it is 'read' (every member, and API tokens:
 * it shows what each member can already read in the links' access logs and the audit trail; grantees
 * are not members and never reach it). Revoking needs a session and the capability that revokes that
 * access elsewhere, checked per kind (the procedure's gate is 'shares.write', so a viewer revokes nothing).
 */
export const accessLedgerRouter = router({
  list: authedProcedure
    .meta({ requires: 'read' })
    .input(accessLedgerQuery)
    .output(accessLedgerPageSchema)
    .query(({ ctx, input }) => listAccessLedger(ctx.db, ctx.actor.organizationId, input)),

  revoke: authedProcedure
    .meta({ requires: 'shares.write' })
    .input(revokeAccessInput)
    .output(okSchema)
    .mutation(({ ctx, input }) => revokeAccess(ctx.db, ctx.who, input)),
});
