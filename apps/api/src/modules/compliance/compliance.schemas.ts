import {
  COMPLIANCE_CONTEXTS,
  COMPLIANCE_STATUSES,
  FINDING_SEVERITIES,
  FINDING_TYPES,
  POLICY_CHECK_STATUSES,
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
    rule: z.string(),
    source: z.string().meta({ description: 'The law, by-law or insurer condition the rule encodes' }),
    context: z.enum(COMPLIANCE_CONTEXTS),
    evidence: z.array(z.object({ id: z.string(), name: z.string() })),
    action: z.string(),
  })
  .meta({ id: 'ComplianceFinding' });

/** Spec §3 Policy check: GET and POST /api/properties/{id}/policy-check. */
export const policyCheckSchema = z
  .object({
    status: z.enum(POLICY_CHECK_STATUSES),
    lastChecked: z.string(),
    complianceStatus: z.enum(COMPLIANCE_STATUSES),
    findings: z.array(complianceFindingSchema),
    transferReadiness: z.object({ ready: z.number().int(), required: z.number().int() }),
  })
  .meta({ id: 'PolicyCheck' });
