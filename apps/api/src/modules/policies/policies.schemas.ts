import {
  acceptPolicyTaskSchema,
  answeredDateTimeSchema,
  idSchema,
  MAINTENANCE_FREQUENCIES,
  policyTopicSchema,
  TASK_PRIORITIES,
} from '@propertydna/domain';
import { z } from 'zod';
import { taskSchema } from '../maintenance/maintenance.schemas.js';

/** Which property's policies (absent: all the owner's). */
export const policiesQuery = z.object({ propertyId: idSchema.optional() });
/** POST /api/policies/analyze. */
export const analyzeInput = z.object({ propertyId: idSchema });
/** POST /api/policies/findings/{id}/task: the maintenance condition accepted into the schedule. */
export const acceptTaskInput = acceptPolicyTaskSchema;

/** What a maintenance condition offers the schedule: a task the owner accepts with one click. */
export const candidateTaskSchema = z
  .object({
    title: z.string(),
    frequency: z.enum(MAINTENANCE_FREQUENCIES).meta({ description: 'As the clause says, else annually' }),
    priority: z.enum(TASK_PRIORITIES).meta({ description: "The clause's severity" }),
    task_id: z.string().nullable().meta({
      description:
        'The maintenance task once the owner has accepted it (this clause, any analysis); null until then',
    }),
  })
  .meta({ id: 'PolicyCandidateTask' });

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
    clause_ref: z.string().nullable().meta({
      description:
        "The clause's own number as the wording prints it ('4.12', '(a)', 'B03.1'); null where it has none",
    }),
    topics: z.array(policyTopicSchema).meta({
      description:
        "What the clause is about (tags such as 'geyser', 'solar', 'trees'); empty when none applies",
    }),
    reason: z.string().nullable().meta({
      description:
        'Why the clause was classified so: the cue and the section it used (e.g. \'says "we will not pay" under "What is not covered"\')',
    }),
    limit_rands: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Endorsements: the limit the clause states, in rand; else null' }),
    candidate_task: candidateTaskSchema.nullable().meta({
      description:
        'Maintenance conditions: the task it offers the maintenance schedule (accepted with POST /api/policies/findings/{id}/task, never added by itself); else null',
    }),
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
    updated_at: answeredDateTimeSchema.nullable(),
  })
  .meta({ id: 'PolicyAnalysis' });
export type PolicyAnalysisOut = z.infer<typeof policyAnalysisSchema>;

export const analyzeResultSchema = z.object({
  queued: z.number().int(),
  message: z.string(),
  analyses: z.array(policyAnalysisSchema),
});

/** POST /api/policies/findings/{id}/task: the task, and whether this call added it. */
export const acceptTaskResultSchema = z
  .object({
    created: z.boolean(),
    message: z.string(),
    task: taskSchema,
  })
  .meta({ id: 'PolicyTaskAccepted' });
export type AcceptTaskResult = z.infer<typeof acceptTaskResultSchema>;
