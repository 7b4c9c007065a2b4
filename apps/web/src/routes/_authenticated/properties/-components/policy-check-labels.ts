import {
  type ComplianceContext,
  type FindingType,
  type PolicyCheckStatus,
  SEVERITY_LABELS,
  type SeverityLevel,
} from '@propertydna/domain';

/** The overall status of a policy check (spec §3) as its badge shows it. */
export const POLICY_STATUS_BADGES: Record<PolicyCheckStatus, { label: string; color: string }> = {
  compliant: { label: 'Compliant', color: 'green' },
  gaps_detected: { label: 'Gaps detected', color: 'orange' },
  unknown: { label: 'Unknown', color: 'gray' },
};

/** What a finding says (spec §3) as its badge shows it. */
export const FINDING_BADGES: Record<FindingType, { label: string; color: string }> = {
  compliant: { label: 'Compliant', color: 'green' },
  gap: { label: 'Gap', color: 'orange' },
  unknown: { label: 'Unknown', color: 'gray' },
};

/** The colour of each level of the one severity scale (issue 32), as the dashboard's cards show it. */
export const SEVERITY_COLORS = {
  critical: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'gray',
} as const satisfies Record<SeverityLevel, string>;

/** A level of the one severity scale as its badge shows it: the cards' words (Critical, High, ...). */
export const SEVERITY_BADGES: Record<SeverityLevel, { label: string; color: string }> = {
  critical: { label: SEVERITY_LABELS.critical, color: SEVERITY_COLORS.critical },
  high: { label: SEVERITY_LABELS.high, color: SEVERITY_COLORS.high },
  medium: { label: SEVERITY_LABELS.medium, color: SEVERITY_COLORS.medium },
  low: { label: SEVERITY_LABELS.low, color: SEVERITY_COLORS.low },
};

/** The three views of a compliance check: owning the property, selling it, claiming from its insurer. */
export const CONTEXT_LABELS: Record<ComplianceContext, { title: string; description: string }> = {
  ongoing: { title: 'Ongoing', description: 'What you must hold as the owner, now.' },
  transfer: { title: 'Transfer', description: 'What a sale of the property needs.' },
  insurance: { title: 'Insurance', description: "What your insurer's conditions ask for." },
};
