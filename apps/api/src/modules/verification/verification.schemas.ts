import {
  answeredDateSchema,
  answeredDateTimeSchema,
  EVIDENCE_KINDS,
  supplierVerificationSchema,
  TRADES,
} from '@propertydna/domain';
import { z } from 'zod';

/**
 * The status of one submission: lapsed is an approval past its valid-until date, outdated one whose
 * company name or number changed since the reviewer checked it (both computed, not stored).
 */
export const EVIDENCE_OUT_STATUSES = ['pending', 'approved', 'rejected', 'lapsed', 'outdated'] as const;

/** One piece of evidence and the decision on it, as the supplier and the back office see it. */
export const evidenceOutSchema = z
  .object({
    id: z.string(),
    kind: z.enum(EVIDENCE_KINDS),
    trade: z.enum(TRADES).nullable(),
    document: z.object({
      id: z.string(),
      name: z.string(),
      content_type: z.string(),
      bytes: z.number().int(),
    }),
    /** The expiry the supplier gave for the document (required for an insurance certificate). */
    expires_at: answeredDateSchema.nullable(),
    status: z.enum(EVIDENCE_OUT_STATUSES),
    submitted_at: answeredDateTimeSchema,
    reviewed_at: answeredDateTimeSchema.nullable(),
    /** The reviewer, named as at the decision. */
    reviewer_name: z.string().nullable(),
    /** What the reviewer checked (an approval). */
    checked: z.string().nullable(),
    valid_until: answeredDateSchema.nullable(),
    /** Why it was rejected (mailed to the supplier too). */
    reject_reason: z.string().nullable(),
  })
  .meta({ id: 'SupplierEvidence' });
export type EvidenceOut = z.infer<typeof evidenceOutSchema>;

/** The supplier console's Verification tab: its level and checks, and every submission. */
export const verificationStatusSchema = z
  .object({
    verification: supplierVerificationSchema,
    evidence: z.array(evidenceOutSchema),
  })
  .meta({ id: 'SupplierVerificationStatus' });
export type VerificationStatusOut = z.infer<typeof verificationStatusSchema>;

/**
 * A submission in the back office: the evidence, and of its organisation only what checking it needs
 * (the company's name, trading name, registration number and service categories).
 */
export const reviewItemSchema = evidenceOutSchema
  .extend({
    organization: z.object({
      id: z.string(),
      name: z.string(),
      trading_as: z.string().nullable(),
      registration_number: z.string().nullable(),
      specialties: z.array(z.string()),
    }),
  })
  .meta({ id: 'EvidenceReview' });
export type ReviewItemOut = z.infer<typeof reviewItemSchema>;

/** Which submissions the back office lists: those waiting for review, or those decided (the history). */
export const reviewListQuery = z.object({
  status: z.enum(['pending', 'decided']).default('pending'),
});

/** Whether the caller may open the back office (the web app shows its link to staff only). */
export const staffAccessSchema = z.object({ staff: z.boolean() }).meta({ id: 'StaffAccess' });
