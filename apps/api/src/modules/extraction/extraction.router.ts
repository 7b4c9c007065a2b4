import { extractionSchema } from '@propertydna/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import {
  confirmExtractionInput,
  extractionIdInput,
  readingSettingsSchema,
  setAutoAcceptSchema,
} from './extraction.schemas.js';
import { confirmExtraction, getExtraction, readingSettings, setAutoAccept } from './extraction.service.js';

/** Documents that read themselves: a document's reading, its confirmation, and the organisation's setting. */
export const extractionRouter = router({
  get: authedProcedure
    .meta({ requires: 'read' })
    .input(extractionIdInput)
    .output(extractionSchema)
    .query(({ ctx, input }) => getExtraction(ctx.deps, ctx.actor.organizationId, input.id)),

  confirm: authedProcedure
    .meta({ requires: 'documents.write' })
    .input(confirmExtractionInput)
    .output(extractionSchema)
    .mutation(({ ctx, input }) => confirmExtraction(ctx.deps, ctx.who, input.id, input.fields)),

  settings: authedProcedure
    .meta({ requires: 'read' })
    .output(readingSettingsSchema)
    .query(({ ctx }) => readingSettings(ctx.db, ctx.actor.organizationId)),

  setAutoAccept: authedProcedure
    .meta({ requires: 'organization.settings' })
    .input(setAutoAcceptSchema)
    .output(readingSettingsSchema)
    .mutation(({ ctx, input }) => setAutoAccept(ctx.db, ctx.who, input.enabled)),
});
