import { accountExportIdInput } from '@propertydna/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import { accountExportSchema } from './export.schemas.js';
import { exportStatus, latestExport, startExport } from './export.service.js';

/** Issue 31 §1: "Download all my data" (owner and admin; with the session, not an API token). */
export const accountExportRouter = router({
  /** Starts an export of the organisation (409 while one is being prepared). */
  start: authedProcedure
    .meta({ requires: 'organization.export' })
    .output(accountExportSchema)
    .mutation(({ ctx }) => startExport(ctx.deps, ctx.who)),

  /** One export's status and progress (another organisation's: 404; expired: 404 saying so). */
  status: authedProcedure
    .meta({ requires: 'organization.export' })
    .input(accountExportIdInput)
    .output(accountExportSchema)
    .query(({ ctx, input }) => exportStatus(ctx.db, ctx.who, input.id)),

  /** The newest export that has not expired (what /account shows), or null. */
  latest: authedProcedure
    .meta({ requires: 'organization.export' })
    .output(accountExportSchema.nullable())
    .query(({ ctx }) => latestExport(ctx.db, ctx.who)),
});
