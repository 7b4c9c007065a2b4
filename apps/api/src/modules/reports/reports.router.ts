import { authedProcedure, router } from '../../trpc/init.js';
import { packPreviewInput, packPreviewSchema } from './reports.schemas.js';
import { packPreview } from './reports.service.js';

/** The Reports screens' procedures (the reports themselves are downloads: reports.files.ts). */
export const reportsRouter = router({
  /** What a pack would carry: its sections and documents, each in or out; nothing is remembered. */
  packPreview: authedProcedure
    .meta({ requires: 'read' })
    .input(packPreviewInput)
    .output(packPreviewSchema)
    .query(({ ctx, input }) => {
      const { pack, propertyId, claimId, include, exclude } = input;
      const subject = (pack === 'claim_pack' ? claimId : propertyId) ?? '';
      return packPreview(ctx.db, ctx.actor.organizationId, { pack, subject, include, exclude });
    }),
});
