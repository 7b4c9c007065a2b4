import { MAINTENANCE_CONDITIONS, type MaintenanceCondition } from '../certificates.js';

/**
 * What the policy analysis can find in an insurance policy wording, and what each finding means for
 * the owner. Exclusions and endorsements have keys of their own; maintenance conditions use the keys
 * of MAINTENANCE_CONDITIONS (certificates.ts), so the rules engine can look for their evidence.
 * Facts and sources: docs/sa-compliance.md.
 */

export const POLICY_CLAUSE_FINDING_TYPES = ['exclusion', 'maintenance', 'endorsement'] as const;
export type PolicyClauseFindingType = (typeof POLICY_CLAUSE_FINDING_TYPES)[number];

export const POLICY_CLAUSE_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type PolicyClauseSeverity = (typeof POLICY_CLAUSE_SEVERITIES)[number];

/**
 * What an exclusion key stands for (the corpus labels follow these definitions):
 * - wear_and_tear: loss from wear and tear or age is excluded.
 * - gradual_deterioration: damage that happens gradually (deterioration, slow leaks, seepage) is excluded.
 * - lack_of_maintenance: damage from poor upkeep or neglect is excluded, or cover requires the home in
 *   general to be kept in good repair (a duty of care that names maintenance or repair).
 * - unoccupancy: cover stops or shrinks once the home has stood empty for more than a number of days.
 * - faulty_workmanship: faulty or defective workmanship, design, materials or building work is excluded.
 * - subsidence_landslip: ground movement (subsidence, heave, landslip) is excluded.
 * - power_surge: damage by power surges or dips is excluded.
 * - rust_corrosion, damp_mould, pests_vermin: damage by rust or corrosion; by damp, mould or
 *   condensation; by insects, vermin or other pests is excluded.
 * - boundary_walls: storm, wind or water damage to boundary, garden or retaining walls, gates and fences
 *   is excluded or restricted.
 */
export const POLICY_EXCLUSION_KEYS = [
  'wear_and_tear',
  'gradual_deterioration',
  'lack_of_maintenance',
  'unoccupancy',
  'faulty_workmanship',
  'subsidence_landslip',
  'power_surge',
  'rust_corrosion',
  'damp_mould',
  'pests_vermin',
  'boundary_walls',
] as const;
export type PolicyExclusionKey = (typeof POLICY_EXCLUSION_KEYS)[number];

/**
 * What an endorsement key stands for: a clause that grants (or, for theft, limits) cover.
 * - theft_forcible_entry: theft is covered only after forcible or violent entry.
 * - accidental_damage: accidental damage to the home or its contents in general is covered.
 * - power_surge_extension, subsidence_landslip_extension: power surge / ground movement damage is covered.
 * - geyser_limits: burst geyser cover with its limits (amount, geysers per claim, excess, replacement).
 * - trace_and_access: the cost of finding a hidden leak and opening up to reach it is covered.
 * A clause that only mentions an extension (an exclusion "unless extended", a schedule line "not
 * selected") is not an endorsement.
 */
export const POLICY_ENDORSEMENT_KEYS = [
  'theft_forcible_entry',
  'accidental_damage',
  'power_surge_extension',
  'subsidence_landslip_extension',
  'geyser_limits',
  'trace_and_access',
] as const;
export type PolicyEndorsementKey = (typeof POLICY_ENDORSEMENT_KEYS)[number];

/**
 * A clause that is an exclusion, a maintenance condition or an endorsement but matches none of the
 * catalogued keys (issue 28: every clause is read, not only the known topics). Its title is the clause's
 * own heading or first words; its topics say what it is about.
 */
export const POLICY_OTHER_KEY = 'other' as const;

export type PolicyClauseKey =
  | PolicyExclusionKey
  | MaintenanceCondition
  | PolicyEndorsementKey
  | typeof POLICY_OTHER_KEY;

/**
 * What a clause is about, as tags (issue 28). A finding exists whether or not a topic applies; a clause
 * about several things keeps them all. The Policy Analysis screen filters by these.
 */
export const POLICY_TOPICS = [
  'geyser',
  'roof',
  'thatch',
  'lightning',
  'alarm',
  'security',
  'theft',
  'fire',
  'flood',
  'storm',
  'water',
  'damp',
  'subsidence',
  'solar',
  'electrical',
  'power_surge',
  'gas',
  'trees',
  'drains',
  'walls',
  'glass',
  'pool',
  'unoccupancy',
  'wear_and_tear',
  'workmanship',
  'pests',
  'riot',
  'war',
  'consequential_loss',
  'accommodation',
  'rent',
  'debris',
  'municipal',
  'locks_keys',
  'fire_brigade',
  'accidental_damage',
  'building_works',
  'liability',
] as const;
export type PolicyTopic = (typeof POLICY_TOPICS)[number];

/** One clause of a policy wording that matters to the owner. */
export interface PolicyClauseFinding {
  finding_type: PolicyClauseFindingType;
  /** Stable: an exclusion or endorsement key, or the MaintenanceCondition key. */
  key: PolicyClauseKey;
  title: string;
  /** Plain words: what the clause means for the owner. */
  description: string;
  severity: PolicyClauseSeverity;
  /** 0..1: how sure the match is. */
  confidence: number;
  /** 1-based page of the wording. */
  page: number;
  /**
   * The clause as it stands on the page (at most POLICY_EXCERPT_MAX_CHARS), with its line breaks and
   * runs of white space folded to one space and words hyphenated across a line break joined, as a PDF
   * viewer's search does: a substring of foldPolicyText(page).
   */
  excerpt: string;
  /** unoccupancy: the number of days the home may stand empty. */
  days?: number;
  /** endorsements: the limit the clause states, in rand. */
  limit_rands?: number;
  /** The clause's own number as the wording prints it ('4.12', '(a)', 'B03.1'); null where it has none. */
  clause_ref: string | null;
  /** What the clause is about (never required for a finding to exist). */
  topics: PolicyTopic[];
  /**
   * Why the clause was classified so, in words for the owner: the cue and the section it used, e.g.
   * 'says "we will not pay" under "What is not covered"'.
   */
  reason: string;
}

export const POLICY_EXCERPT_MAX_CHARS = 400;

interface ClauseEntry {
  title: string;
  severity: PolicyClauseSeverity;
  /** What the clause means for the owner; `days` and `limit` where the clause states them. */
  describe: (facts: { days?: number; limit?: string }) => string;
}

const withLimit = (sentence: string, limit: string | undefined) =>
  limit ? `${sentence} The clause names a limit of ${limit}.` : sentence;

export const POLICY_EXCLUSIONS: Record<PolicyExclusionKey, ClauseEntry> = {
  wear_and_tear: {
    title: 'Wear and tear',
    severity: 'high',
    describe: () =>
      'Damage that comes from age and ordinary use is not covered: worn roofs, perished seals, old pipes. Repair or replace worn parts before they fail.',
  },
  gradual_deterioration: {
    title: 'Gradual deterioration',
    severity: 'high',
    describe: () =>
      'Only sudden events are covered. Damage that builds up slowly, such as a leak dripping for months, is not: fix small leaks and cracks early.',
  },
  lack_of_maintenance: {
    title: 'Lack of maintenance',
    severity: 'high',
    describe: () =>
      'If poor upkeep caused or worsened the damage, the claim can be rejected. Keep the home in good repair and keep proof of the work (invoices, reports).',
  },
  unoccupancy: {
    title: 'Home left unoccupied',
    severity: 'high',
    describe: ({ days }) =>
      days
        ? `Cover shrinks or stops once the home has stood empty for more than ${days} days in a row. Tell the insurer before a long absence.`
        : 'Cover shrinks or stops while the home stands empty for a long time. Tell the insurer before a long absence.',
  },
  faulty_workmanship: {
    title: 'Faulty workmanship, design or materials',
    severity: 'medium',
    describe: () =>
      'Poor building work, bad design or defective materials are not covered (some policies pay for the damage they cause). Use registered contractors and keep their guarantees.',
  },
  subsidence_landslip: {
    title: 'Subsidence and landslip excluded',
    severity: 'high',
    describe: () =>
      'Damage from the ground sinking, heaving or sliding is not covered unless the schedule adds it. Cracks from ground movement would be your cost.',
  },
  power_surge: {
    title: 'Power surge excluded',
    severity: 'medium',
    describe: () =>
      'Damage to appliances and the electrical installation from power surges (for example when power returns after load-shedding) is not covered unless the extension is added.',
  },
  rust_corrosion: {
    title: 'Rust and corrosion',
    severity: 'medium',
    describe: () =>
      'Rust and corrosion are not covered. Treat and paint exposed steel, and replace corroded pipes.',
  },
  damp_mould: {
    title: 'Damp and mould',
    severity: 'medium',
    describe: () =>
      'Damage from damp, rising damp, condensation or mould is not covered. Fix damp-proofing and ventilation before it spreads.',
  },
  pests_vermin: {
    title: 'Insects, vermin and pests',
    severity: 'medium',
    describe: () =>
      'Damage by insects (termites, borer beetles), rodents or birds is not covered. Regular pest control is the owner’s cost.',
  },
  boundary_walls: {
    title: 'Storm damage to walls, gates and fences',
    severity: 'medium',
    describe: () =>
      'Storm, wind or water damage to boundary, garden or retaining walls, gates and fences is excluded or restricted. Keep walls and drainage in good order.',
  },
};

const maintenance = (
  key: MaintenanceCondition,
  severity: PolicyClauseSeverity,
  description: string,
): ClauseEntry => ({
  title: MAINTENANCE_CONDITIONS[key].title,
  severity,
  describe: () => description,
});

export const POLICY_MAINTENANCE: Record<MaintenanceCondition, ClauseEntry> = {
  geyser_sans_10254: maintenance(
    'geyser_sans_10254',
    'high',
    'The geyser must be installed to SANS 10254 (drip tray, vacuum breakers, overflow piped outside) by a qualified plumber; without it a burst-geyser claim may be refused. Keep the plumber’s certificate.',
  ),
  roof_maintained: maintenance(
    'roof_maintained',
    'high',
    'The roof must be kept in good repair and inspected; roof claims are the ones most often rejected. Keep the roofer’s inspection report.',
  ),
  alarm_serviced: maintenance(
    'alarm_serviced',
    'high',
    'The alarm must work, be armed when nobody is home and be serviced; otherwise theft cover can be refused or reduced. Keep the service certificate.',
  ),
  thatch_treated: maintenance(
    'thatch_treated',
    'critical',
    'The thatch must be treated with fire retardant at the required interval, with written proof; without it fire cover for the thatched building can fall away.',
  ),
  lightning_conductor: maintenance(
    'lightning_conductor',
    'high',
    'A lightning conductor must be fitted and certified (usually yearly) where the policy asks for one; keep the certificate.',
  ),
  electric_fence: maintenance(
    'electric_fence',
    'medium',
    'The electric fence must have a valid Electric Fence System Certificate; keep it in the vault.',
  ),
  electrical_compliance: maintenance(
    'electrical_compliance',
    'high',
    'The electrical installation must comply with the regulations: keep a valid Electrical Certificate of Compliance.',
  ),
  gas_compliance: maintenance(
    'gas_compliance',
    'high',
    'Gas installations must be installed by a registered gas installer with a Certificate of Conformity; keep it.',
  ),
  burglar_bars: maintenance(
    'burglar_bars',
    'medium',
    'Burglar bars, security gates or the locks the policy names must be fitted and used; theft without them may not be covered.',
  ),
};

export const POLICY_ENDORSEMENTS: Record<PolicyEndorsementKey, ClauseEntry> = {
  theft_forcible_entry: {
    title: 'Theft only with forced entry',
    severity: 'high',
    describe: () =>
      'Theft is covered only when the thief broke in by force (visible signs of forced entry) or used violence. Theft through an open door or by someone let in is not covered.',
  },
  accidental_damage: {
    title: 'Accidental damage cover',
    severity: 'low',
    describe: ({ limit }) =>
      withLimit(
        'Accidental damage (a spill, a dropped ladder) is covered, usually only where the schedule shows it.',
        limit,
      ),
  },
  power_surge_extension: {
    title: 'Power surge cover',
    severity: 'low',
    describe: ({ limit }) =>
      withLimit(
        'Damage from power surges is covered, usually up to a limit; check it against your appliances.',
        limit,
      ),
  },
  subsidence_landslip_extension: {
    title: 'Subsidence and landslip cover',
    severity: 'low',
    describe: ({ limit }) =>
      withLimit(
        'Ground movement damage is covered, usually with a higher excess and a geotechnical report when asked.',
        limit,
      ),
  },
  geyser_limits: {
    title: 'Geyser cover limits',
    severity: 'medium',
    describe: ({ limit }) =>
      withLimit(
        'Burst geyser cover has limits (an amount, one geyser per claim, an excess or the kind of replacement): the rest is your cost.',
        limit,
      ),
  },
  trace_and_access: {
    title: 'Leak detection (trace and access)',
    severity: 'low',
    describe: ({ limit }) =>
      withLimit(
        'The cost of finding a hidden leak and opening a wall or floor to reach it is covered.',
        limit,
      ),
  },
};

/** The catalogue entry of a finding's key. */
export function policyClauseEntry(type: PolicyClauseFindingType, key: PolicyClauseKey): ClauseEntry {
  const table: Record<string, ClauseEntry> =
    type === 'exclusion'
      ? POLICY_EXCLUSIONS
      : type === 'maintenance'
        ? POLICY_MAINTENANCE
        : POLICY_ENDORSEMENTS;
  const entry = table[key];
  if (!entry) throw new RangeError(`No ${type} finding has the key ${key}`);
  return entry;
}
