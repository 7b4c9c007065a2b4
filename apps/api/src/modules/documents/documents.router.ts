import {
  documentBatchSchema,
  documentListSchema,
  moveDocumentsSchema,
  registerDocumentSchema,
  signUploadSchema,
} from '@propertydna/domain';
import { z } from 'zod';
import { signedUploadOut } from '../../storage/signed-upload.js';
import { authedProcedure, router } from '../../trpc/init.js';
import { okSchema } from '../auth/auth.schemas.js';
import {
  deletedDocumentsSchema,
  documentIdParams,
  documentSchema,
  propertyDocumentsInput,
  signedUploadSchema,
  signUploadBatchSchema,
  updateDocumentInput,
} from './documents.schemas.js';
import {
  deleteDocument,
  deleteDocuments,
  listDocuments,
  registerDocument,
  signUpload,
  updateDocument,
} from './documents.service.js';
import { moveDocuments } from './move-documents.js';

export const documentsRouter = router({
  sign: authedProcedure
    .meta({ requires: 'documents.write' })
    .input(signUploadSchema)
    .output(signedUploadSchema)
    .mutation(async ({ ctx, input }) => {
      return signedUploadOut(
        ctx.deps.env,
        await signUpload(ctx.db, ctx.deps.store, ctx.who, input, ctx.deps.env.UPLOAD_QUOTA_BYTES),
      );
    }),

  /** A batch of at most 5 files (spec §5), signed together. */
  signBatch: authedProcedure
    .meta({ requires: 'documents.write' })
    .input(signUploadBatchSchema)
    .output(z.array(signedUploadSchema))
    .mutation(async ({ ctx, input }) => {
      const uploads = [];
      for (const file of input.files) {
        uploads.push(
          signedUploadOut(
            ctx.deps.env,
            await signUpload(ctx.db, ctx.deps.store, ctx.who, file, ctx.deps.env.UPLOAD_QUOTA_BYTES),
          ),
        );
      }
      return uploads;
    }),

  register: authedProcedure
    .meta({ requires: 'documents.write' })
    .input(registerDocumentSchema)
    .output(documentSchema)
    .mutation(({ ctx, input }) => registerDocument(ctx.deps, ctx.who, input)),

  /** The vault: the organisation's documents, searched, filtered (kind, status, property) and sorted. */
  list: authedProcedure
    .meta({ requires: 'read' })
    .input(documentListSchema.optional())
    .output(z.array(documentSchema))
    .query(({ ctx, input }) => {
      const { propertyId, ...listing } = input ?? {};
      return listDocuments(ctx.db, ctx.actor.organizationId, propertyId, listing);
    }),

  byProperty: authedProcedure
    .meta({ requires: 'read' })
    .input(propertyDocumentsInput)
    .output(z.array(documentSchema))
    .query(({ ctx, input }) => {
      const { propertyId, ...listing } = input;
      return listDocuments(ctx.db, ctx.actor.organizationId, propertyId, listing);
    }),

  update: authedProcedure
    .meta({ requires: 'documents.write' })
    .input(updateDocumentInput)
    .output(documentSchema)
    .mutation(({ ctx, input }) => updateDocument(ctx.deps, ctx.who, input.id, input.patch)),

  /** Select several → Move (issue 32): to another live property of the organisation, all or nothing. */
  move: authedProcedure
    .meta({ requires: 'documents.write' })
    .input(moveDocumentsSchema)
    .output(z.array(documentSchema))
    .mutation(({ ctx, input }) => moveDocuments(ctx.deps, ctx.who, input.ids, input.propertyId)),

  /** Select several → Delete (issue 32): all or nothing, as a single delete each. */
  removeMany: authedProcedure
    .meta({ requires: 'documents.write' })
    .input(documentBatchSchema)
    .output(deletedDocumentsSchema)
    .mutation(async ({ ctx, input }) => {
      const deleted = await deleteDocuments(ctx.deps, ctx.who, input.ids);
      return { ok: true as const, deleted: deleted.length };
    }),

  remove: authedProcedure
    .meta({ requires: 'documents.write' })
    .input(documentIdParams)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteDocument(ctx.deps, ctx.who, input.id);
      return { ok: true as const };
    }),
});
