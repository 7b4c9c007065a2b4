import { documentSearchSchema, registerDocumentSchema, signUploadSchema } from '@propertydna/domain';
import { z } from 'zod';
import { signedUploadOut } from '../../storage/signed-upload.js';
import { authedProcedure, router } from '../../trpc/init.js';
import { okSchema } from '../auth/auth.schemas.js';
import {
  documentIdParams,
  documentSchema,
  propertyDocumentsInput,
  signedUploadSchema,
  signUploadBatchSchema,
  updateDocumentInput,
} from './documents.schemas.js';
import {
  deleteDocument,
  listDocuments,
  registerDocument,
  signUpload,
  updateDocument,
} from './documents.service.js';

export const documentsRouter = router({
  sign: authedProcedure
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
    .input(registerDocumentSchema)
    .output(documentSchema)
    .mutation(({ ctx, input }) => registerDocument(ctx.deps, ctx.who, input)),

  list: authedProcedure
    .input(documentSearchSchema.optional())
    .output(z.array(documentSchema))
    .query(({ ctx, input }) => listDocuments(ctx.db, ctx.actor.organizationId, undefined, input?.q)),

  byProperty: authedProcedure
    .input(propertyDocumentsInput)
    .output(z.array(documentSchema))
    .query(({ ctx, input }) => listDocuments(ctx.db, ctx.actor.organizationId, input.propertyId, input.q)),

  update: authedProcedure
    .input(updateDocumentInput)
    .output(documentSchema)
    .mutation(({ ctx, input }) => updateDocument(ctx.deps, ctx.who, input.id, input.patch)),

  remove: authedProcedure
    .input(documentIdParams)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteDocument(ctx.deps, ctx.who, input.id);
      return { ok: true as const };
    }),
});
