import {
  answeredDateSchema,
  answeredDateTimeSchema,
  COMPLIANCE_CONTEXTS,
  COMPLIANCE_STATUSES,
  FINDING_SEVERITIES,
  FINDING_TYPES,
  POLICY_CHECK_STATUSES,
  SEVERITY_LEVELS,
} from '@propertydna/domain';
import { z } from 'zod';

/** One finding of a compliance check (spec §3 Policy check, with what the rules engine adds). */
export const complianceFindingSchema = z
  .object({
    id: z.string(),
    type: z.enum(FINDING_TYPES),
    title: z.string(),
    description: z.string(),
    severity: z.enum(FINDING_SEVERITIES),
    level: z.enum(SEVERITY_LEVELS).meta({
      description:
        'Its step on the one severity scale (critical, high, medium, low): severity, with the situations the scale calls critical (no insurance policy or an expired one, a certificate the law requires for a transfer) told apart',
    }),
    due_date: answeredDateSchema.nullable().meta({
      description:
        'YYYY-MM-DD: the day what it asks is due by (an expiry date, the last day a certificate is young enough for a sale, a task due date), past when overdue; null when it has no date',
    }),
    rule: z.string(),
    source: z.string().meta({ description: 'The law, by-law or insurer condition the rule encodes' }),
    context: z.enum(COMPLIANCE_CONTEXTS),
    evidence: z.array(z.object({ id: z.string(), name: z.string() })),
    action: z.string(),
  })
  .meta({ id: 'ComplianceFinding' });

/** What the owner must do (issue 32): the findings of one thing to do, grouped (domain policyCheckItems). */
export const policyCheckItemSchema = z
  .object({
    id: z.string().meta({ description: 'Stable within one check' }),
    type: z.enum(['gap', 'unknown']),
    level: z
      .enum(SEVERITY_LEVELS)
      .meta({ description: 'The highest level of its findings: the words Critical, High, Medium, Low' }),
    title: z.string(),
    action: z.string().meta({ description: 'What to do, in words' }),
    due_date: answeredDateSchema
      .nullable()
      .meta({ description: 'YYYY-MM-DD: the earliest due date of its findings; null when none has one' }),
    contexts: z
      .array(z.enum(COMPLIANCE_CONTEXTS))
      .meta({ description: 'The contexts that ask for it, in the order ongoing, transfer, insurance' }),
    finding_ids: z
      .array(z.string())
      .meta({ description: 'The findings behind it (ids in findings), the most severe first' }),
  })
  .meta({ id: 'PolicyCheckItem' });

/** Spec §3 Policy check: GET and POST /api/properties/{id}/policy-check. */
export const policyCheckSchema = z
  .object({
    status: z.enum(POLICY_CHECK_STATUSES),
    lastChecked: answeredDateTimeSchema,
    complianceStatus: z.enum(COMPLIANCE_STATUSES),
    findings: z.array(complianceFindingSchema),
    transferReadiness: z.object({ ready: z.number().int(), required: z.number().int() }),
    items: z.array(policyCheckItemSchema).meta({
      description:
        'The gaps and what the check cannot tell, once per thing to do: a certificate several contexts ask for is one item naming them; most severe first, then by due date',
    }),
  })
  .meta({ id: 'PolicyCheck' });
