import type { ComplianceContext, FindingSeverity, FindingType, PolicyCheckStatus } from '@propertydna/domain';

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

export const SEVERITY_BADGES: Record<FindingSeverity, { label: string; color: string }> = {
  high: { label: 'High severity', color: 'red' },
  medium: { label: 'Medium severity', color: 'orange' },
  low: { label: 'Low severity', color: 'gray' },
};

/** The three views of a compliance check: owning the property, selling it, claiming from its insurer. */
export const CONTEXT_LABELS: Record<ComplianceContext, { title: string; description: string }> = {
  ongoing: { title: 'Ongoing', description: 'What you must hold as the owner, now.' },
  transfer: { title: 'Transfer', description: 'What a sale of the property needs.' },
  insurance: { title: 'Insurance', description: "What your insurer's conditions ask for." },
};
