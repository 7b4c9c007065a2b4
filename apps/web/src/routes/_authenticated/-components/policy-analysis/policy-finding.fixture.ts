import type { PolicyAnalysis, PolicyFinding } from './policy-findings';

export const GARDENS = { id: '0b6f5d1e-3c39-4b7a-9f0e-0c5d6e7f8a91', name: 'Gardens Family Home' };
export const SEA_POINT = { id: '5a2c9d4e-7b1f-4e3a-8c6d-2f9e0a1b3c47', name: 'Sea Point Flat' };
export const WORDING = { id: '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a', name: 'Fynbos Direct wording.pdf' };
export const SCHEDULE = { id: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a10', name: 'Karoo schedule.pdf' };

/** A finding as the API answers it: an exclusion on page 2 of the Gardens policy, unless overridden. */
export function policyFinding(overrides: Partial<PolicyFinding> = {}): PolicyFinding {
  return {
    id: 'f-wear',
    property_id: GARDENS.id,
    property_name: GARDENS.name,
    document_id: WORDING.id,
    document_name: WORDING.name,
    finding_type: 'exclusion',
    key: 'wear_and_tear',
    title: 'Wear and tear is excluded',
    description: 'Damage from age and use is not covered.',
    severity: 'medium',
    confidence: 0.874,
    page: 2,
    excerpt: 'We won’t pay for wear and tear, or anything that wears out because of its age.',
    clause_ref: '4.1',
    topics: ['wear_and_tear'],
    reason: 'says "we won’t pay" under "What is not covered"',
    limit_rands: null,
    candidate_task: null,
    evidence_document: null,
    ...overrides,
  };
}

/** The findings of one analysed wording: two exclusions, a maintenance condition with its proof, an endorsement. */
export const FINDINGS: PolicyFinding[] = [
  policyFinding(),
  policyFinding({
    id: 'f-surge',
    key: 'power_surge',
    title: 'Power surge damage is excluded',
    description: 'Appliances damaged by a surge after load-shedding are not covered.',
    severity: 'high',
    confidence: 0.92,
    excerpt: 'damage to electrical appliances caused by a power surge or a dip in the supply',
    clause_ref: '4.7',
    topics: ['power_surge', 'electrical'],
  }),
  policyFinding({
    id: 'f-geyser',
    finding_type: 'maintenance',
    key: 'geyser_sans_10254',
    title: 'Geyser installed to SANS 10254',
    description: 'A geyser must be installed by a registered plumber to SANS 10254.',
    severity: 'critical',
    confidence: 0.81,
    page: 3,
    excerpt: 'Your geyser must be installed in line with SANS 10254.',
    clause_ref: '5.1',
    topics: ['geyser'],
    reason: 'says "must" under "Conditions"',
    candidate_task: {
      title: 'Geyser installed to SANS 10254',
      frequency: 'annually',
      priority: 'critical',
      task_id: null,
    },
  }),
  policyFinding({
    id: 'f-geyser:evidence',
    finding_type: 'evidence',
    key: 'geyser_sans_10254',
    title: 'Plumbing certificate on file',
    description: "Proves the policy's condition 'Geyser installed to SANS 10254'.",
    severity: 'low',
    confidence: 0.81,
    page: 3,
    excerpt: 'Your geyser must be installed in line with SANS 10254.',
    clause_ref: '5.1',
    topics: ['geyser'],
    evidence_document: { id: 'c0c0c0c0-1111-4222-8333-444455556666', name: 'Plumbing COC.pdf' },
  }),
  policyFinding({
    id: 'f-theft',
    property_id: SEA_POINT.id,
    property_name: SEA_POINT.name,
    document_id: SCHEDULE.id,
    document_name: SCHEDULE.name,
    finding_type: 'endorsement',
    key: 'theft_forcible_entry',
    title: 'Theft only with forced entry',
    description: 'Theft is covered only when someone broke in by force.',
    severity: 'high',
    confidence: 0.655,
    page: null,
    excerpt: 'Theft is covered only where entry was gained by force or violence.',
    clause_ref: null,
    topics: ['theft', 'security'],
    reason: null,
  }),
];

/** A policy's analysis as the API answers it: the Gardens wording, done, unless overridden. */
export function policyAnalysis(overrides: Partial<PolicyAnalysis> = {}): PolicyAnalysis {
  return {
    document_id: WORDING.id,
    document_name: WORDING.name,
    property_id: GARDENS.id,
    property_name: GARDENS.name,
    state: 'done',
    pages: 3,
    error: null,
    policy_number: null,
    insurer: null,
    updated_at: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}
