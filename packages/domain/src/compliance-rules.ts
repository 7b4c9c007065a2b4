import {
  CERTIFICATE_TYPE_LABELS,
  CERTIFICATE_TYPES,
  CERTIFICATE_VALIDITY_MONTHS,
  type CertificateType,
  MAINTENANCE_CONDITION_KEYS,
  MAINTENANCE_CONDITIONS,
  type MaintenanceCondition,
  type PropertyFeature,
} from './certificates.js';
import { EXPIRY_WARNING_DAYS, type FindingSeverity, type FindingType } from './compliance.js';
import type { DocumentKind } from './documents.js';
import {
  calendarDateOf,
  dayNumberOf,
  formatDateOnly,
  johannesburgDayNumber,
  parseDateOnly,
} from './due-band.js';
import { formatDate } from './format.js';
import { type ProvinceCode, resolvePropertyMunicipality } from './municipalities.js';
import { policyClausePlace, policyTaskKey } from './policy-tasks.js';
import { addMonths } from './recurrence.js';
import { findingGradeOf as grade, type SeverityLevel, type SeveritySituation } from './severity.js';
import { truncateText } from './text.js';

/**
 * The compliance rules engine: what a South African property's vault shows about the certificates the
 * law, a sale and its insurer ask for. Facts and their sources: docs/sa-compliance.md; the vocabulary:
 * certificates.ts. Pure: the same input always gives the same findings, in the same order.
 *
 * Dates are 'YYYY-MM-DD' in South African time. How the engine reads them:
 * - A certificate's expiry date is the Johannesburg date of its `expires_at`; without one, for a type with
 *   a validity (CERTIFICATE_VALIDITY_MONTHS), the same day N months after `issued_on` (addMonths:
 *   2024-02-29 + 12 months is 2025-02-28). On its expiry date it is no longer valid: the vault stores an
 *   expiry date as the start of that day, and complianceFromExpiry counts it expired from then.
 * - "No older than N months" (a sale's age limits) holds through the same day N months after issue: a CoC
 *   issued on 2024-11-23 may be used for a transfer on 2026-11-23, not on 2026-11-24.
 * - Of several certificates of a type only the newest counts: the latest `issued_on` (an undated one
 *   after every dated one), then the latest `expires_at`, then the smaller id.
 *
 * Only South African properties (country 'ZA') are judged. A municipality that names no single listed one
 * (a typed name from before the list) brings no Cape Town or provincial rule. A compliant finding is of
 * severity low; an unknown one has the severity of the gap it may hide.
 */

/** Which view a finding belongs to: owning the property, selling it, or claiming from its insurer. */
export const COMPLIANCE_CONTEXTS = ['ongoing', 'transfer', 'insurance'] as const;
export type ComplianceContext = (typeof COMPLIANCE_CONTEXTS)[number];

/** A document of the property's vault, as the rules read it. */
export interface ComplianceDocument {
  id: string;
  name: string;
  kind: DocumentKind;
  certificate_type: CertificateType | null;
  /** YYYY-MM-DD */
  issued_on: string | null;
  /** An ISO timestamp with a zone, or YYYY-MM-DD */
  expires_at: string | null;
}

/**
 * A maintenance condition found in a policy's wording: a catalogued one (its certificate can prove it),
 * or 'other', a condition no catalogued key names (issue 28: 'trees overhanging the roof must be
 * trimmed'), with the clause's own title and number.
 */
export interface PolicyConditionInput {
  condition: MaintenanceCondition | typeof OTHER_POLICY_CONDITION;
  document_id: string;
  document_name: string;
  page: number | null;
  excerpt: string;
  /** 'other' conditions: the clause's heading or first words, and its own number. */
  title?: string;
  clause_ref?: string | null;
}

/** The key of a policy's maintenance condition that no catalogued one names (POLICY_OTHER_KEY). */
export const OTHER_POLICY_CONDITION = 'other';

/** A policy in the vault whose wording could not be read (a scan without text, not a PDF, damaged). */
export interface UnreadablePolicyInput {
  document_id: string;
  document_name: string;
  /** Why, in plain words. */
  reason: string;
}

export interface ComplianceInput {
  property: { country: string; municipality: string; features: readonly PropertyFeature[] };
  documents: readonly ComplianceDocument[];
  policyConditions?: readonly PolicyConditionInput[];
  unreadablePolicies?: readonly UnreadablePolicyInput[];
  /** The property's maintenance tasks accepted from its policies' conditions (keyed by policyTaskKey). */
  policyTasks?: readonly PolicyTaskState[];
  /** YYYY-MM-DD: the date the check is for. */
  today: string;
}

/**
 * A maintenance task accepted from a policy's condition, as the check reads it: done (its last
 * completion) and due again. A condition no certificate can prove is answered by it: done and not yet
 * due again is met, by the owner's own record (issue 28).
 */
export interface PolicyTaskState {
  /** The task's key: policyTaskKey of the clause it was accepted from. */
  key: string;
  title: string;
  /** YYYY-MM-DD */
  next_due: string;
  /** YYYY-MM-DD of its last completion; null: never marked done. */
  last_done_on: string | null;
}

export interface ComplianceFinding {
  /** `${rule}:${context}`: unique within one result. */
  id: string;
  type: FindingType;
  /** Plain words: what is missing or stale, and why it matters. */
  title: string;
  description: string;
  severity: FindingSeverity;
  /**
   * Its step on the one severity scale (severity.ts): `severity` with the situations the scale calls
   * critical (no policy or an expired one, a certificate the law requires for a transfer) told apart.
   */
  level: SeverityLevel;
  /**
   * YYYY-MM-DD: the day what it asks is due by (an expiry date, the last day a certificate is young enough
   * for a sale, a task's due date), past when overdue; null when it has no date (a certificate never held).
   */
  due_date: string | null;
  /** The rule's id, e.g. 'electrical_coc.transfer'. */
  rule: string;
  /** The law, by-law, custom or insurer condition the rule encodes. */
  source: string;
  context: ComplianceContext;
  /** The documents that satisfy the rule, or the stale one it judged. */
  evidence: { id: string; name: string }[];
  /** What to do next. */
  action: string;
}

/** A certificate of the vault with its explicit expiry read as a Johannesburg date. */
export interface HeldCertificate {
  document: ComplianceDocument;
  type: CertificateType;
  /** The Johannesburg date of `expires_at`, or null. */
  expiresOn: string | null;
}

/** What the rules read, worked out once per check. */
export interface ComplianceFacts {
  today: string;
  features: ReadonlySet<PropertyFeature>;
  /** The property's municipality code and province when the stored value names one listed municipality. */
  municipality: { code: string; province: ProvinceCode } | null;
  /** The certificate of a type that counts: the newest one, or null when the vault has none. */
  newest: (type: CertificateType) => HeldCertificate | null;
  /** The documents of kind 'policy'. */
  policies: readonly HeldPolicy[];
  policyConditions: readonly PolicyConditionInput[];
  unreadablePolicies: readonly UnreadablePolicyInput[];
  /** The task accepted from a policy's clause (by the clause's policyTaskKey), or null. */
  policyTask: (key: string) => PolicyTaskState | null;
  /** Certificates that do not say which they are. */
  untypedCertificates: readonly ComplianceDocument[];
}

export interface HeldPolicy {
  document: ComplianceDocument;
  expiresOn: string | null;
}

/** What a rule says about one property: a finding without what the rule itself supplies. */
export interface RuleVerdict {
  type: FindingType;
  title: string;
  description: string;
  severity: FindingSeverity;
  level: SeverityLevel;
  /** See ComplianceFinding.due_date; null when left out. */
  due_date?: string | null;
  evidence: { id: string; name: string }[];
  action: string;
  /** Where the finding cites more precisely than the rule (a policy's page); else the rule's source. */
  source?: string;
}

export interface ComplianceRule {
  id: string;
  context: ComplianceContext;
  /** What the rule asks, for lists of the rules. */
  title: string;
  source: string;
  appliesTo: (facts: ComplianceFacts) => boolean;
  evaluate: (facts: ComplianceFacts) => RuleVerdict;
}

/** Certificates a sale asks for and nothing else does: an old one after the sale is history, not a gap. */
const TRANSFER_ONLY_TYPES: readonly CertificateType[] = ['plumbing_coc', 'beetle_clearance'];

/** Who issues each certificate, why it matters and what says so (plain words for the findings). */
const CERTIFICATE_TEXTS = {
  electrical_coc: {
    issuer: 'a registered electrical contractor',
    why: 'Every owner must hold an electrical Certificate of Compliance for the installation: it is the one certificate every property needs.',
    source: 'Electrical Installation Regulations 2009, reg 7(1)',
  },
  gas_coc: {
    issuer: 'a registered (SAQCC Gas) installer',
    why: 'A gas installation needs a Certificate of Conformity when it is installed or altered and at every sale.',
    source: 'Pressure Equipment Regulations 2009, reg 17(3)',
  },
  electric_fence_coc: {
    issuer: 'a registered electric fence installer',
    why: 'An electric fence installed or altered since 1 October 2012 needs its own certificate, and so does a sale.',
    source: 'Electrical Machinery Regulations 2011, reg 12',
  },
  plumbing_coc: {
    issuer: 'an accredited plumber',
    why: "In Cape Town the seller must submit a plumbing certificate from an accredited plumber before transfer, a new one for every sale; the vault counts one issued in the last 3 months as this sale's.",
    source: 'City of Cape Town Water By-law 2010, s14',
  },
  beetle_clearance: {
    issuer: 'an entomologist (pest inspector)',
    why: 'In the Western Cape and KwaZulu-Natal buyers and banks customarily ask for a beetle certificate, valid 3 months from issue.',
    source: 'Custom in the Western Cape and KwaZulu-Natal, often a bank condition: valid 3 months from issue',
  },
  sseg_registration: {
    issuer: 'your electricity distributor (Eskom or the municipality), through your installer',
    why: 'A grid-tied solar PV system must be registered with the electricity distributor before it is connected (plug-in trolley inverters and solar water heaters are exempt).',
    source:
      'Distributor (Eskom or municipal) registration of small-scale embedded generation; NERSA above 100 kW',
  },
  occupation_certificate: {
    issuer: "the municipality's building control",
    why: 'New buildings and alterations need an occupation certificate; banks make bonds conditional on it.',
    source: 'National Building Regulations and Building Standards Act 103 of 1977, s14',
  },
  geyser_coc: {
    issuer: 'a registered plumber',
    why: 'Geysers installed since 8 June 2001 must meet SANS 10254; insurers may reject a geyser claim without a compliance certificate.',
    source: "SANS 10254 (installations since 8 June 2001); insurers' geyser condition",
  },
  roof_inspection: {
    issuer: 'a roofer',
    why: "Insurers reject more roof claims than any other building claim; a roofer's inspection every 12 months is the proof of upkeep.",
    source: "Insurers' maintenance condition: roof inspected every 12 months",
  },
  alarm_service: {
    issuer: 'your alarm company',
    why: 'Insurers can refuse a theft claim when the alarm was not kept in working order; it should be tested and serviced every 6 months.',
    source: "Insurers' alarm warranty: alarm and backup battery tested every 6 months",
  },
  lightning_conductor: {
    issuer: 'a lightning protection installer',
    why: 'Insurers ask for a lightning conductor to be certified every year.',
    source: 'Thatch policy wording (e.g. Hollard): lightning conductor certified yearly',
  },
  thatch_retardant: {
    issuer: 'a thatching contractor',
    why: 'Insurers ask for fire retardant re-applied at least every 3 years, with written proof; without it a fire claim can be rejected.',
    source: 'Thatch policy wording (e.g. Hollard): fire retardant re-applied at least every 3 years',
  },
} as const satisfies Record<CertificateType, { issuer: string; why: string; source: string }>;

function dayNumber(date: string): number {
  return dayNumberOf(parseDateOnly(date));
}

/** The Johannesburg date of an expiry given as YYYY-MM-DD or as an ISO timestamp with a zone. */
function expiryDate(expiresAt: string | null): string | null {
  return expiresAt === null ? null : formatDateOnly(calendarDateOf(johannesburgDayNumber(expiresAt)));
}

/** '2 years', '3 years', but '12 months', '6 months'. */
function period(months: number): string {
  return months > 12 && months % 12 === 0 ? `${months / 12} years` : `${months} months`;
}

/** Newest first: latest issue date (undated last), then latest expiry (none last), then smaller id. */
function newestFirst(a: HeldCertificate, b: HeldCertificate): number {
  const byIssue = compareDesc(a.document.issued_on, b.document.issued_on);
  if (byIssue !== 0) return byIssue;
  const byExpiry = compareDesc(a.expiresOn, b.expiresOn);
  return byExpiry !== 0 ? byExpiry : compareIds(a.document, b.document);
}

/** Dates latest first, null after every date. */
function compareDesc(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a > b ? -1 : 1;
}

/** Ids in code-unit order (not the locale's, so the order is the same everywhere). */
function compareIds(a: { id: string }, b: { id: string }): number {
  return Number(a.id > b.id) - Number(a.id < b.id);
}

function complianceFacts(input: ComplianceInput): ComplianceFacts {
  parseDateOnly(input.today);
  const byType = new Map<CertificateType, HeldCertificate>();
  for (const document of input.documents) {
    const type = document.certificate_type;
    if (type === null) continue;
    const held = { document, type, expiresOn: expiryDate(document.expires_at) };
    const current = byType.get(type);
    if (!current || newestFirst(held, current) < 0) byType.set(type, held);
  }
  const resolved = resolvePropertyMunicipality(input.property.municipality);
  const tasks = new Map((input.policyTasks ?? []).map((task) => [task.key, task] as const));
  for (const task of tasks.values()) {
    parseDateOnly(task.next_due);
    if (task.last_done_on !== null) parseDateOnly(task.last_done_on);
  }
  return {
    today: input.today,
    features: new Set(input.property.features),
    municipality: resolved.ok
      ? { code: resolved.municipality.code, province: resolved.municipality.province }
      : null,
    newest: (type) => byType.get(type) ?? null,
    policies: input.documents
      .filter((document) => document.kind === 'policy')
      .map((document) => ({ document, expiresOn: expiryDate(document.expires_at) })),
    policyConditions: input.policyConditions ?? [],
    unreadablePolicies: input.unreadablePolicies ?? [],
    policyTask: (key) => tasks.get(key) ?? null,
    untypedCertificates: input.documents.filter(
      (document) => document.kind === 'certificate' && document.certificate_type === null,
    ),
  };
}

/** How a certificate stands on a date. */
type Standing =
  | { kind: 'valid'; expiresOn: string | null }
  | { kind: 'expiring'; expiresOn: string }
  | { kind: 'expired'; expiresOn: string }
  | { kind: 'too_old'; issuedOn: string; months: number }
  | { kind: 'undated'; months: number };

/**
 * Its own validity: expired on or after its expiry date, expiring within EXPIRY_WARNING_DAYS of it;
 * undated when its type has a validity but it has neither issue nor expiry date; valid for good when its
 * type has no validity and it has no expiry date.
 */
function byValidity(held: HeldCertificate, today: string): Standing {
  const months = CERTIFICATE_VALIDITY_MONTHS[held.type];
  const issuedOn = held.document.issued_on;
  const expiresOn =
    held.expiresOn ?? (months !== undefined && issuedOn !== null ? addMonths(issuedOn, months) : null);
  if (expiresOn === null)
    return months === undefined ? { kind: 'valid', expiresOn } : { kind: 'undated', months };
  return expiryStanding(expiresOn, today);
}

/** Expired on or after its expiry date, expiring within EXPIRY_WARNING_DAYS of it, else valid. */
function expiryStanding(
  expiresOn: string,
  today: string,
): { kind: 'expired' | 'expiring' | 'valid'; expiresOn: string } {
  const daysLeft = dayNumber(expiresOn) - dayNumber(today);
  if (daysLeft <= 0) return { kind: 'expired', expiresOn };
  return { kind: daysLeft <= EXPIRY_WARNING_DAYS ? 'expiring' : 'valid', expiresOn };
}

/**
 * No older than `months` (through the same day `months` after issue), and not past its own expiry date.
 * Undated without an issue date, unless its expiry date answers: its type is valid `months` from issue.
 */
function byAge(held: HeldCertificate, months: number, today: string): Standing {
  const { expiresOn } = held;
  if (expiresOn !== null && expiresOn <= today) return { kind: 'expired', expiresOn };
  const issuedOn = held.document.issued_on;
  if (issuedOn === null) {
    return expiresOn !== null && CERTIFICATE_VALIDITY_MONTHS[held.type] === months
      ? { kind: 'valid', expiresOn }
      : { kind: 'undated', months };
  }
  return today > addMonths(issuedOn, months)
    ? { kind: 'too_old', issuedOn, months }
    : { kind: 'valid', expiresOn };
}

type Check = { kind: 'validity' } | { kind: 'age'; months: number };

interface CertificateRuleSpec {
  type: CertificateType;
  context: ComplianceContext;
  title: string;
  check: Check;
  /** The gap's situation (severity.ts) when none is held, when the held one is stale, and (a gap only where set) when it expires soon. */
  severity: { missing: SeveritySituation; stale: SeveritySituation; expiring?: SeveritySituation };
  appliesTo: (facts: ComplianceFacts) => boolean;
  why?: string;
  source?: string;
}

function evidenceOf(document: ComplianceDocument): { id: string; name: string } {
  return { id: document.id, name: document.name };
}

function certificateVerdict(spec: CertificateRuleSpec, why: string, facts: ComplianceFacts): RuleVerdict {
  const label = CERTIFICATE_TYPE_LABELS[spec.type];
  const { issuer } = CERTIFICATE_TEXTS[spec.type];
  const held = facts.newest(spec.type);
  if (!held) {
    return {
      type: 'gap',
      ...grade(spec.severity.missing),
      title: `No ${label}`,
      description: `There is no ${label} in the vault. ${why}`,
      evidence: [],
      action: `Upload your ${label}, or ask ${issuer} for one`,
    };
  }
  const { document } = held;
  const name = `"${document.name}"`;
  const evidence = [evidenceOf(document)];
  const renew = `Ask ${issuer} for a new ${label}`;
  const standing =
    spec.check.kind === 'age' ? byAge(held, spec.check.months, facts.today) : byValidity(held, facts.today);
  const gapSituation =
    standing.kind === 'expired'
      ? spec.severity.stale
      : standing.kind === 'expiring' && spec.severity.expiring;
  if ((standing.kind === 'expired' || standing.kind === 'expiring') && gapSituation) {
    const expired = standing.kind === 'expired';
    const date = formatDate(standing.expiresOn);
    return {
      type: 'gap',
      ...grade(gapSituation),
      due_date: standing.expiresOn,
      title: `${label} ${expired ? 'expired' : 'expires soon'}`,
      description: `${name} ${expired ? 'expired' : 'expires'} on ${date}. ${why}`,
      evidence,
      action: expired ? renew : `${renew} before ${date}`,
    };
  }
  if (standing.kind === 'too_old') {
    return {
      type: 'gap',
      ...grade(spec.severity.stale),
      // The last day it was young enough.
      due_date: addMonths(standing.issuedOn, standing.months),
      title: `${label} older than ${period(standing.months)}`,
      description: `${name} was issued on ${formatDate(standing.issuedOn)}, so it is older than ${period(standing.months)}. ${why}`,
      evidence,
      action: renew,
    };
  }
  if (standing.kind === 'undated') {
    return {
      type: 'unknown',
      ...grade(spec.severity.missing),
      title: `${label}: issue date needed`,
      description: `${name} has no issue date, so the vault cannot tell whether it is within ${period(standing.months)} of issue. Add the date it was issued.`,
      evidence,
      action: `Add the issue date of ${name}`,
    };
  }
  const issued =
    document.issued_on === null ? ' is in the vault' : ` was issued on ${formatDate(document.issued_on)}`;
  const expires = standing.expiresOn === null ? '' : ` and expires on ${formatDate(standing.expiresOn)}`;
  return {
    type: 'compliant',
    ...grade('in_order'),
    title: `${label} in order`,
    description: `${name}${issued}${expires}. ${why}`,
    evidence,
    action:
      standing.expiresOn === null
        ? 'Nothing to do: keep it in the vault'
        : `Renew it before ${formatDate(standing.expiresOn)}`,
  };
}

function certificateRule(spec: CertificateRuleSpec): ComplianceRule {
  const why = spec.why ?? CERTIFICATE_TEXTS[spec.type].why;
  return {
    id: `${spec.type}.${spec.context}`,
    context: spec.context,
    title: spec.title,
    source: spec.source ?? CERTIFICATE_TEXTS[spec.type].source,
    appliesTo: spec.appliesTo,
    evaluate: (facts) => certificateVerdict(spec, why, facts),
  };
}

const everyProperty = () => true;
/** Where the property has the feature, or the vault holds the certificate (which says it has). */
const withFeature = (feature: PropertyFeature, type: CertificateType) => (facts: ComplianceFacts) =>
  facts.features.has(feature) || facts.newest(type) !== null;

const ONGOING_SEVERITY = {
  missing: 'certificate_missing',
  stale: 'certificate_expired',
  expiring: 'expiring_within_30_days',
} as const;

/** Ongoing: a certificate to hold, valid, where the property needs it. */
function heldRule(type: CertificateType, appliesTo: CertificateRuleSpec['appliesTo']): ComplianceRule {
  return certificateRule({
    type,
    context: 'ongoing',
    title: `${CERTIFICATE_TYPE_LABELS[type]} held and not expired`,
    check: { kind: 'validity' },
    severity: ONGOING_SEVERITY,
    appliesTo,
  });
}

const HELD_RULES = [
  heldRule('electrical_coc', everyProperty),
  heldRule('gas_coc', withFeature('gas', 'gas_coc')),
  heldRule('electric_fence_coc', withFeature('electric_fence', 'electric_fence_coc')),
  heldRule('sseg_registration', withFeature('solar_pv', 'sseg_registration')),
];

/**
 * Certificates an insurer's condition asks for: the insurance context judges their age (a stale roof
 * inspection is the insurer's concern, not the law's, so it must not turn the property critical).
 */
const INSURER_TYPES: readonly CertificateType[] = [
  'roof_inspection',
  'alarm_service',
  'geyser_coc',
  'thatch_retardant',
  'lightning_conductor',
];

/** Ongoing: any other certificate held with an expiry date on it, judged by it. */
const EXPIRY_RULES = CERTIFICATE_TYPES.filter(
  (type) =>
    !TRANSFER_ONLY_TYPES.includes(type) &&
    !INSURER_TYPES.includes(type) &&
    !HELD_RULES.some((rule) => rule.id === `${type}.ongoing`),
).map((type) =>
  certificateRule({
    type,
    context: 'ongoing',
    title: `${CERTIFICATE_TYPE_LABELS[type]} not expired`,
    check: { kind: 'validity' },
    severity: ONGOING_SEVERITY,
    // The types left (an occupation certificate) have no validity of their own: only a date on them counts.
    appliesTo: (facts) => (facts.newest(type)?.expiresOn ?? null) !== null,
    source: 'The expiry date on the certificate',
  }),
);

/**
 * Ongoing: certificates in the vault that do not say what they are (uploaded before types, or left
 * untyped) are still judged by the expiry date on them: expired is a high gap, expiring soon a low one.
 * No specific rule can use them, so the finding asks for their type too.
 */
const UNTYPED_EXPIRY_RULE: ComplianceRule = {
  id: 'untyped_certificates.ongoing',
  context: 'ongoing',
  title: 'Certificates not expired',
  source: 'The expiry date on the certificate',
  appliesTo: (facts) => untypedDated(facts).some(({ standing }) => standing.kind !== 'valid'),
  evaluate: (facts) => {
    const judged = untypedDated(facts).filter(({ standing }) => standing.kind !== 'valid');
    const expired = judged.filter(({ standing }) => standing.kind === 'expired');
    const shown = expired.length > 0 ? expired : judged;
    const list = shown
      .map(
        ({ document, standing }) =>
          `"${document.name}" (${standing.kind} on ${formatDate(standing.expiresOn)})`,
      )
      .join(', ');
    return {
      type: 'gap',
      ...grade(expired.length > 0 ? 'certificate_expired' : 'expiring_within_30_days'),
      due_date: shown.map(({ standing }) => standing.expiresOn).sort()[0] as string,
      title: expired.length > 0 ? 'Expired certificates' : 'Certificates expiring soon',
      description: `${list}. ${expired.length > 0 ? 'An expired certificate no longer proves what it certified.' : 'Once expired, it no longer proves what it certified.'} Say which certificate each one is, so the right rules can judge it.`,
      evidence: shown.map(({ document }) => evidenceOf(document)),
      action: expired.length > 0 ? 'Renew the expired certificates' : 'Renew them before they expire',
    };
  },
};

/** The untyped certificates with an expiry date, in id order (the vault's order must not matter). */
function untypedDated(facts: ComplianceFacts) {
  return [...facts.untypedCertificates].sort(compareIds).flatMap((document) => {
    const expiresOn = expiryDate(document.expires_at);
    return expiresOn === null ? [] : [{ document, standing: expiryStanding(expiresOn, facts.today) }];
  });
}

const TRANSFER_RULES = [
  certificateRule({
    type: 'electrical_coc',
    context: 'transfer',
    title: 'Electrical CoC no older than 2 years at transfer',
    check: { kind: 'age', months: 24 },
    severity: { missing: 'sale_certificate_missing', stale: 'sale_certificate_stale' },
    appliesTo: everyProperty,
    why: 'The law does not allow a change of ownership with an electrical Certificate of Compliance older than 2 years.',
    source: 'Electrical Installation Regulations 2009, reg 7(5)',
  }),
  certificateRule({
    type: 'gas_coc',
    context: 'transfer',
    title: 'Gas CoC for the sale, customarily no older than 2 years',
    check: { kind: 'age', months: 24 },
    severity: { missing: 'sale_certificate_customary', stale: 'sale_certificate_optional' },
    appliesTo: withFeature('gas', 'gas_coc'),
    why: 'A sale needs a gas Certificate of Conformity. No law sets how long one lasts, but offers to purchase customarily ask for one no older than 2 years.',
    source: 'Pressure Equipment Regulations 2009, reg 17(3); 2 years by custom of offers to purchase',
  }),
  certificateRule({
    type: 'electric_fence_coc',
    context: 'transfer',
    title: 'Electric fence certificate for the sale',
    check: { kind: 'validity' },
    severity: { missing: 'sale_certificate_optional', stale: 'sale_certificate_optional' },
    appliesTo: withFeature('electric_fence', 'electric_fence_coc'),
    why: 'A sale after 1 October 2012 needs an electric fence certificate; it is transferable and does not block the transfer, but the buyer can insist on it.',
  }),
  certificateRule({
    type: 'plumbing_coc',
    context: 'transfer',
    title: 'Cape Town plumbing certificate issued for this sale (no older than 3 months)',
    check: { kind: 'age', months: 3 },
    severity: { missing: 'sale_certificate_missing', stale: 'sale_certificate_stale' },
    appliesTo: (facts) => facts.municipality?.code === 'CPT',
  }),
  certificateRule({
    type: 'beetle_clearance',
    context: 'transfer',
    title: 'Beetle certificate no older than 3 months (Western Cape, KwaZulu-Natal)',
    check: { kind: 'age', months: 3 },
    severity: { missing: 'sale_certificate_optional', stale: 'sale_certificate_optional' },
    appliesTo: (facts) => facts.municipality?.province === 'WC' || facts.municipality?.province === 'KZN',
  }),
];

const POLICY_TITLES = {
  expired: 'Expired insurance policy',
  expiring: 'Insurance policy expires soon',
  valid: 'Insurance policy in force',
} as const;

/**
 * Insurance: a policy whose wording could not be read cannot be checked for its conditions; the owner
 * learns why and what to upload instead (an unknown, never a silent pass).
 */
const POLICY_WORDING_RULE: ComplianceRule = {
  id: 'policy_wording.insurance',
  context: 'insurance',
  title: "The policy's wording can be read",
  source: "The insurance policy's wording: its conditions bind the cover",
  appliesTo: (facts) => facts.unreadablePolicies.length > 0,
  evaluate: (facts) => ({
    type: 'unknown',
    ...grade('cannot_tell'),
    title: 'Policy wording could not be read',
    description: facts.unreadablePolicies
      .map((policy) => `"${policy.document_name}": ${policy.reason}`)
      .join(' '),
    evidence: facts.unreadablePolicies.map((policy) => ({
      id: policy.document_id,
      name: policy.document_name,
    })),
    action: "Upload the insurer's policy wording as a PDF with text (not a scan), then analyse it",
  }),
};

/** Insurance: the policy with the latest expiry date counts (a renewed policy's old schedule is history). */
const POLICY_RULE: ComplianceRule = {
  id: 'insurance_policy.insurance',
  context: 'insurance',
  title: 'Insurance policy in force',
  source: 'The policy schedule: cover ends on its expiry date',
  appliesTo: everyProperty,
  evaluate: ({ policies, today }) => {
    const why = 'Without cover in force, no claim on the property is paid.';
    if (policies.length === 0) {
      return {
        type: 'gap',
        ...grade('insurance_missing'),
        title: 'No insurance policy',
        description: `There is no insurance policy in the vault. ${why}`,
        evidence: [],
        action: 'Upload your building insurance policy schedule',
      };
    }
    const [latest] = policies
      .flatMap(({ document, expiresOn }) => (expiresOn === null ? [] : [{ document, expiresOn }]))
      .sort((a, b) => compareDesc(a.expiresOn, b.expiresOn) || compareIds(a.document, b.document));
    const undated = policies
      .filter((policy) => policy.expiresOn === null)
      .map((policy) => policy.document)
      .sort(compareIds);
    if (!latest || (latest.expiresOn <= today && undated.length > 0)) {
      return {
        type: 'unknown',
        ...grade('cannot_tell'),
        title: 'Insurance policy: expiry date needed',
        description: `${undated.map((document) => `"${document.name}"`).join(', ')} has no expiry date, so the vault cannot tell whether the cover is still in force. Add the date the cover ends.`,
        evidence: undated.map(evidenceOf),
        action: 'Add the expiry date of your policy',
      };
    }
    const { kind } = expiryStanding(latest.expiresOn, today);
    const date = formatDate(latest.expiresOn);
    return {
      type: kind === 'valid' ? 'compliant' : 'gap',
      ...grade(
        kind === 'expired'
          ? 'insurance_expired'
          : kind === 'expiring'
            ? 'expiring_within_30_days'
            : 'in_order',
      ),
      due_date: kind === 'valid' ? null : latest.expiresOn,
      title: POLICY_TITLES[kind],
      description: `"${latest.document.name}" ${kind === 'expired' ? 'expired' : 'expires'} on ${date}.${kind === 'valid' ? '' : ` ${why}`}`,
      evidence: [evidenceOf(latest.document)],
      action:
        kind === 'expired'
          ? 'Renew the policy, or upload the current schedule if it was renewed'
          : `Renew the policy before ${date} and upload the new schedule`,
    };
  },
};

function insuranceRule(
  type: CertificateType,
  title: string,
  missing: SeveritySituation,
  appliesTo: CertificateRuleSpec['appliesTo'],
): ComplianceRule {
  return certificateRule({
    type,
    context: 'insurance',
    title,
    check: { kind: 'validity' },
    severity: { missing, stale: missing },
    appliesTo,
  });
}

const SURGE_PROTECTION_RULE: ComplianceRule = {
  id: 'surge_protection.insurance',
  context: 'insurance',
  title: 'Surge protection on a thatch roof without a lightning conductor',
  source: 'Thatch policy wording (e.g. Hollard): surge protection where there is no lightning conductor',
  appliesTo: (facts) => facts.features.has('thatch_roof') && !facts.features.has('lightning_conductor'),
  evaluate: () => ({
    type: 'unknown',
    ...grade('insurer_advice'),
    title: 'Surge protection for a thatch roof',
    description:
      'The property has a thatch roof and no lightning conductor: thatch insurers ask for surge protection instead. No certificate proves it, so the vault cannot tell whether it is fitted.',
    evidence: [],
    action: 'Have an electrician fit surge protection, and keep proof: the invoice or photos',
  }),
};

/** '"Home policy", page 4, says: "…"' with the excerpt's white space folded and cut at 200 characters. */
function quote(entry: PolicyConditionInput): string {
  const excerpt = entry.excerpt.replace(/\s+/g, ' ').trim();
  const cut = excerpt.length > 200 ? `${truncateText(excerpt, 199)}…` : excerpt;
  return `${policyPlace(entry)}, says: "${cut}"`;
}

function policyPlace(entry: PolicyConditionInput): string {
  const place = policyClausePlace({ clause_ref: entry.clause_ref ?? null, page: entry.page });
  return `"${entry.document_name}"${place ? `, ${place}` : ''}`;
}

/** The rule of a policy's maintenance conditions that no catalogued key names: one finding per clause. */
export const OTHER_CONDITION_RULE = 'policy_condition.other';

/**
 * The verdict on a condition no certificate proves (an 'other' clause, burglar bars), found in these
 * clauses: the owner's own record answers it, each clause by its accepted task. Met when every clause's
 * task is done and not due again, overdue when one is past its due date; else unknown, asking to add the
 * task or (once added) to mark it done. The vault holds the owner's record of the work, not a
 * certificate: the finding says so, and asks for the proof.
 */
function unprovableConditionVerdict(
  facts: ComplianceFacts,
  entries: readonly PolicyConditionInput[],
  title: string,
  requires: string,
  source: string,
): RuleVerdict {
  const tasks = entries.map((entry) => facts.policyTask(policyTaskKey(entry.document_id, entry.excerpt)));
  const done = tasks.filter((task): task is PolicyTaskState => task?.last_done_on != null);
  if (done.length < entries.length) {
    const added = tasks.find((task) => task !== null && task.last_done_on === null);
    return {
      type: 'unknown',
      ...grade('insurer_condition_unproven'),
      due_date: added?.next_due ?? null,
      title: `Policy condition: ${title}`,
      description: `${requires} No certificate proves it, so the vault cannot tell whether it is met; a claim that turns on it can be rejected without proof.`,
      evidence: [],
      action: added
        ? `Mark "${added.title}" done in Maintenance once it is done, and keep proof: photos or an invoice`
        : 'Add it to your maintenance schedule, and keep proof that it is done: photos or an invoice',
      source,
    };
  }
  const overdue = done.find((task) => task.next_due < facts.today);
  if (overdue) {
    return {
      type: 'gap',
      ...grade('task_overdue'),
      due_date: overdue.next_due,
      title: `Policy condition overdue: ${title}`,
      description: `${requires} You last marked "${overdue.title}" done on ${overdue.last_done_on}; it was due again on ${overdue.next_due}, so a claim that turns on it can be rejected.`,
      evidence: [],
      action: `Do "${overdue.title}" again and mark it done in Maintenance, with the proof`,
      source,
    };
  }
  const records = done.map(
    (task) => `"${task.title}" done on ${task.last_done_on}, due again ${task.next_due}`,
  );
  const nextDue = done.map((task) => task.next_due).sort()[0];
  return {
    type: 'compliant',
    ...grade('in_order'),
    title: `Policy condition done: ${title}`,
    description: `${requires} Your maintenance record: ${records.join('; ')}. This is your own record, not a certificate: keep the photos or the invoice with the task.`,
    evidence: [],
    action: `Nothing to do before ${nextDue}: keep the proof with the task`,
    source,
  };
}

/**
 * Insurance: each maintenance condition of the policy that no catalogued key names (issue 28), in the
 * order found. No certificate proves such a condition: it is unknown until the owner takes it into the
 * maintenance schedule (the policy's candidate task) and marks that task done, then met while the task
 * is not due again (overdue after). Its id names the clause (policyTaskKey), so the screens can tie the
 * finding to its candidate task.
 */
function otherConditionFindings(facts: ComplianceFacts): ComplianceFinding[] {
  return facts.policyConditions
    .filter((entry) => entry.condition === OTHER_POLICY_CONDITION)
    .map((entry) => {
      const words = entry.excerpt.replace(/\s+/g, ' ').trim();
      const first = words.length > 80 ? `${truncateText(words, 79)}…` : words;
      const source = policyPlace(entry);
      const verdict = unprovableConditionVerdict(
        facts,
        [entry],
        entry.title ?? first,
        `Your policy ${quote(entry)}`,
        source,
      );
      return {
        id: `${OTHER_CONDITION_RULE}:insurance:${policyTaskKey(entry.document_id, entry.excerpt)}`,
        due_date: null,
        ...verdict,
        source,
        rule: OTHER_CONDITION_RULE,
        context: 'insurance',
      };
    });
}

/** Insurance: a maintenance condition the policy's wording sets, and the certificate that proves it is met. */
function conditionRule(condition: MaintenanceCondition): ComplianceRule {
  const { title, evidencedBy } = MAINTENANCE_CONDITIONS[condition];
  const types: readonly CertificateType[] = evidencedBy;
  const entriesOf = (facts: ComplianceFacts) =>
    facts.policyConditions.filter((entry) => entry.condition === condition);
  return {
    id: `policy_condition.${condition}`,
    context: 'insurance',
    title: `Policy condition: ${title}`,
    source: "The maintenance condition in the insurance policy's wording",
    appliesTo: (facts) => entriesOf(facts).length > 0,
    evaluate: (facts) => {
      const entries = entriesOf(facts);
      const requires = `Your policy ${entries.map(quote).join('; and ')}`;
      const source = entries.map(policyPlace).join('; ');
      if (types.length === 0) return unprovableConditionVerdict(facts, entries, title, requires, source);
      const labels = types.map((type) => CERTIFICATE_TYPE_LABELS[type]).join(' or ');
      const judged = types.flatMap((type) => {
        const held = facts.newest(type);
        return held ? [{ held, standing: byValidity(held, facts.today) }] : [];
      });
      const valid = judged.find(({ standing }) => standing.kind === 'valid' || standing.kind === 'expiring');
      if (valid) {
        return {
          type: 'compliant',
          ...grade('in_order'),
          title: `Policy condition met: ${title}`,
          description: `${requires} "${valid.held.document.name}" is valid proof.`,
          evidence: [evidenceOf(valid.held.document)],
          action: 'Nothing to do: keep it in the vault',
          source,
        };
      }
      const undated = judged.find(({ standing }) => standing.kind === 'undated');
      if (undated) {
        return {
          type: 'unknown',
          ...grade('cannot_tell'),
          title: `Policy condition: ${title}`,
          description: `${requires} "${undated.held.document.name}" has no issue date, so the vault cannot tell whether it is still valid proof. Add the date it was issued.`,
          evidence: [evidenceOf(undated.held.document)],
          action: `Add the issue date of "${undated.held.document.name}"`,
          source,
        };
      }
      return {
        type: 'gap',
        ...grade('insurer_condition_unproven'),
        // Every certificate judged here has expired (valid, expiring and undated ones were answered above).
        due_date:
          judged.map(({ standing }) => (standing as { expiresOn: string }).expiresOn).sort()[0] ?? null,
        title: `Policy condition not proven: ${title}`,
        description: `${requires} There is no valid ${labels} in the vault, so a claim that turns on it can be rejected.`,
        evidence: judged.map(({ held }) => evidenceOf(held.document)),
        action: `Ask ${types.map((type) => CERTIFICATE_TEXTS[type].issuer).join(' or ')} for a new ${labels}, and upload it`,
        source,
      };
    },
  };
}

const INSURANCE_RULES = [
  POLICY_RULE,
  POLICY_WORDING_RULE,
  insuranceRule('roof_inspection', 'Roof inspected within 12 months', 'insurer_advice', everyProperty),
  insuranceRule(
    'alarm_service',
    'Alarm serviced within 6 months',
    'insurer_condition_unproven',
    withFeature('alarm', 'alarm_service'),
  ),
  insuranceRule(
    'geyser_coc',
    'Geyser certified to SANS 10254',
    'insurer_condition_unproven',
    withFeature('geyser', 'geyser_coc'),
  ),
  insuranceRule(
    'thatch_retardant',
    'Thatch fire retardant applied within 3 years',
    'insurer_condition_unproven',
    withFeature('thatch_roof', 'thatch_retardant'),
  ),
  insuranceRule(
    'lightning_conductor',
    'Lightning conductor certified within 12 months',
    'insurer_condition_unproven',
    withFeature('lightning_conductor', 'lightning_conductor'),
  ),
  SURGE_PROTECTION_RULE,
  ...MAINTENANCE_CONDITION_KEYS.map(conditionRule),
];

/** Every rule, in the order findings come: ongoing, then transfer, then insurance; each context in this order. */
export const COMPLIANCE_RULES: readonly ComplianceRule[] = [
  ...HELD_RULES,
  ...EXPIRY_RULES,
  UNTYPED_EXPIRY_RULE,
  ...TRANSFER_RULES,
  ...INSURANCE_RULES,
];

/**
 * The findings of every rule that applies to a South African property (other countries: none), in the
 * order of COMPLIANCE_RULES. Throws a RangeError for a malformed date (today, an issue or expiry date).
 */
export function evaluateCompliance(input: ComplianceInput): ComplianceFinding[] {
  if (input.property.country.trim().toUpperCase() !== 'ZA') return [];
  const facts = complianceFacts(input);
  const findings = COMPLIANCE_RULES.filter((rule) => rule.appliesTo(facts)).map((rule): ComplianceFinding => {
    const { source, ...verdict } = rule.evaluate(facts);
    return {
      id: `${rule.id}:${rule.context}`,
      due_date: null,
      ...verdict,
      rule: rule.id,
      source: source ?? rule.source,
      context: rule.context,
    };
  });
  // The policy's own conditions last, after the catalogued ones (insurance is the last context).
  return [...findings, ...otherConditionFindings(facts)];
}

/** 'Ready for transfer: 3 of 5': the transfer findings that are compliant, of all transfer findings. */
export function transferReadiness(findings: readonly Pick<ComplianceFinding, 'type' | 'context'>[]): {
  ready: number;
  required: number;
} {
  const transfer = findings.filter((finding) => finding.context === 'transfer');
  return {
    ready: transfer.filter((finding) => finding.type === 'compliant').length,
    required: transfer.length,
  };
}
