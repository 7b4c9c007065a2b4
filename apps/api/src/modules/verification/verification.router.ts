import {
  approveEvidenceSchema,
  evidenceIdSchema,
  rejectEvidenceSchema,
  submitEvidenceSchema,
} from '@propertydna/domain';
import { z } from 'zod';
import { isStaff } from '../../auth/staff.js';
import { authedProcedure, router, staffProcedure, supplierProcedure } from '../../trpc/init.js';
import {
  approveEvidence,
  getReview,
  listReviews,
  rejectEvidence,
  submitEvidence,
  verificationStatus,
} from './evidence.service.js';
import {
  evidenceOutSchema,
  reviewItemSchema,
  reviewListQuery,
  staffAccessSchema,
  verificationStatusSchema,
} from './verification.schemas.js';

/** The supplier's side: its own level and checks, and submitting evidence (suppliers only). */
export const verificationRouter = router({
  status: supplierProcedure
    .meta({ requires: 'read' })
    .output(verificationStatusSchema)
    .query(({ ctx }) => verificationStatus(ctx.db, ctx.actor.organizationId)),
  submit: supplierProcedure
    .meta({ requires: 'organization.settings' })
    .input(submitEvidenceSchema)
    .output(evidenceOutSchema)
    .mutation(({ ctx, input }) => submitEvidence(ctx.db, ctx.who, input)),
});

/**
 * The back office: every procedure but `access` is staff only (checked on the server on each call),
 * and answers evidence submitted for review and nothing else of any organisation.
 */
export const backofficeRouter = router({
  /** Any signed-in caller may ask whether they are staff (the web app shows the back office's link). */
  access: authedProcedure
    .meta({ requires: 'read' })
    .output(staffAccessSchema)
    .query(async ({ ctx }) => ({ staff: await isStaff(ctx.db, ctx.actor.userId) })),
  reviews: staffProcedure
    .input(reviewListQuery)
    .output(z.array(reviewItemSchema))
    .query(({ ctx, input }) => listReviews(ctx.db, input.status)),
  review: staffProcedure
    .input(evidenceIdSchema)
    .output(reviewItemSchema)
    .query(({ ctx, input }) => getReview(ctx.db, input.id)),
  approve: staffProcedure
    .input(approveEvidenceSchema)
    .output(reviewItemSchema)
    .mutation(({ ctx, input }) => approveEvidence(ctx.deps, ctx.who, input)),
  reject: staffProcedure
    .input(rejectEvidenceSchema)
    .output(reviewItemSchema)
    .mutation(({ ctx, input }) => rejectEvidence(ctx.deps, ctx.who, input)),
});
