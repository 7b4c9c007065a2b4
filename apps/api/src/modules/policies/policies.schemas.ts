import { idSchema } from '@propertydna/domain';
import { z } from 'zod';

/** Which property's policies (absent: all the owner's). */
export const policiesQuery = z.object({ propertyId: idSchema.optional() });
/** POST /api/policies/analyze. */
export const analyzeInput = z.object({ propertyId: idSchema });

/** A clause of a policy's wording (spec §3 Finding), or the vault document that proves a condition. */
export const policyFindingSchema = z
  .object({
    id: z.string(),
    property_id: z.string(),
    property_name: z.string(),
    document_id: z.string().meta({ description: 'The policy the clause is in' }),
    document_name: z.string(),
    finding_type: z.enum(['evidence', 'exclusion', 'maintenance', 'endorsement']),
    key: z.string().meta({ description: "What the clause is, e.g. 'wear_and_tear' or 'geyser_sans_10254'" }),
    title: z.string(),
    description: z.string(),
    severity: z.enum(['low', 'medium', 'high', 'critical']),
    confidence: z.number().min(0).max(1),
    page: z.number().int().nullable(),
    excerpt: z.string().meta({ description: 'The clause itself, as in the PDF' }),
    evidence_document: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .meta({ description: 'Evidence findings: the vault document that proves the condition' }),
  })
  .meta({ id: 'PolicyFinding' });
export type PolicyFindingOut = z.infer<typeof policyFindingSchema>;

/** Where the analysis of one policy stands (the screen's progress). */
export const policyAnalysisSchema = z
  .object({
    document_id: z.string(),
    document_name: z.string(),
    property_id: z.string(),
    property_name: z.string(),
    state: z.enum(['not_analysed', 'queued', 'running', 'done', 'no_text', 'failed']),
    pages: z.number().int().nullable(),
    error: z.string().nullable().meta({
      description:
        "Why a failed or no_text analysis read nothing; while queued behind the reading of a scan (OCR), that it waits for it ('Reading the scan first: …'); for a done analysis of a scan read only in part (its page or time limit), a warning that clauses on the pages not read are missing ('Only 50 of this scan’s 80 pages were read …'); else null",
    }),
    policy_number: z
      .string()
      .nullable()
      .meta({ description: "The policy number the analysis read in the policy's text; null when none" }),
    insurer: z.string().nullable().meta({
      description:
        "The South African insurer or underwriter the policy's text names ('Underwritten by', 'Insurer:', else the most named); null when none",
    }),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'PolicyAnalysis' });
export type PolicyAnalysisOut = z.infer<typeof policyAnalysisSchema>;

export const analyzeResultSchema = z.object({
  queued: z.number().int(),
  message: z.string(),
  analyses: z.array(policyAnalysisSchema),
});
