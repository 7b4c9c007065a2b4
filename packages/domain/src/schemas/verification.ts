import { z } from 'zod';
import { registerNameKey, registerNumberKey } from '../registers.js';
import { VERIFICATION_LEVELS, type VerificationLevel } from '../trust.js';
import { MAX_LENGTHS, optionalIsoDateSchema, optionalText, requiredText, uuidSchema } from './common.js';

/**
 * Supplier verification (issue 26 §2): the evidence a supplier submits, a reviewer's decision on it, and
 * the checks every answer about a supplier carries (`verification: {level, checks}`).
 */

/** The evidence a supplier can submit for review. */
export const EVIDENCE_KINDS = ['company_registration', 'trade_registration', 'liability_insurance'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

export const EVIDENCE_KIND_LABELS: Record<EvidenceKind, string> = {
  company_registration: 'Company registration document',
  trade_registration: 'Trade registration',
  liability_insurance: 'Liability insurance certificate',
};

/** What a check can be about: a reviewed piece of evidence, or a match with an imported official register. */
export const VERIFICATION_CHECK_KINDS = [...EVIDENCE_KINDS, 'register'] as const;
export type VerificationCheckKind = (typeof VERIFICATION_CHECK_KINDS)[number];

export const VERIFICATION_CHECK_KIND_LABELS: Record<VerificationCheckKind, string> = {
  ...EVIDENCE_KIND_LABELS,
  register: 'Official register',
};

/**
 * Where a check stands: approved (a reviewer approved it and it has not reached its valid-until date),
 * pending (submitted, not yet reviewed), rejected, lapsed (approved, but its valid-until date has passed),
 * matched (found in a current official register entry), outdated (approved, but the company name or number
 * the reviewer checked has changed since: the check no longer counts).
 */
export const VERIFICATION_CHECK_STATUSES = [
  'approved',
  'pending',
  'rejected',
  'lapsed',
  'matched',
  'outdated',
] as const;
export type VerificationCheckStatus = (typeof VERIFICATION_CHECK_STATUSES)[number];

export const VERIFICATION_CHECK_STATUS_LABELS: Record<VerificationCheckStatus, string> = {
  approved: 'Approved',
  pending: 'Pending review',
  rejected: 'Rejected',
  lapsed: 'Lapsed',
  matched: 'Matched',
  outdated: 'Outdated',
};

/** The trades whose work needs a registration of its own in South Africa, each with its register. */
export const TRADES = ['electrical', 'plumbing', 'lp_gas', 'other'] as const;
export type Trade = (typeof TRADES)[number];

export const TRADE_LABELS: Record<Trade, string> = {
  electrical: 'Electrical registered person (Department of Employment and Labour)',
  plumbing: 'PIRB licensed plumber',
  lp_gas: 'LP gas practitioner (SAQCC Gas)',
  other: 'Other trade registration',
};

/** Words in a service category that mean the trade needs its registration. */
const TRADE_WORDS: Record<Exclude<Trade, 'other'>, RegExp> = {
  electrical: /electric/i,
  plumbing: /plumb|geyser/i,
  lp_gas: /\bgas\b/i,
};

/**
 * The trade registrations a supplier offering these service categories must have approved before its
 * documents count as checked: electrical work needs a registered person, plumbing (and geysers) a PIRB
 * plumber, gas an SAQCC gas practitioner. Roofing, painting and the like need none.
 */
export function tradesRequiredBy(specialties: readonly string[]): Trade[] {
  return (Object.keys(TRADE_WORDS) as Exclude<Trade, 'other'>[]).filter((trade) =>
    specialties.some((specialty) => TRADE_WORDS[trade].test(specialty)),
  );
}

/** One check of a supplier, as GET /api/providers and the supplier's public details answer it. */
export const verificationCheckSchema = z.object({
  kind: z.enum(VERIFICATION_CHECK_KINDS),
  status: z.enum(VERIFICATION_CHECK_STATUSES),
  /** When a reviewer decided, or the register was imported; null while pending. */
  checked_at: z.string().nullable(),
  /** The date the approval (or register entry) holds until, inclusive; null when it has none. */
  valid_until: z.string().nullable(),
  /** Who checked: 'PropertyDNA review', or the register's name. */
  source: z.string(),
  /** The trade of a trade registration; null for the other kinds. */
  trade: z.enum(TRADES).nullable(),
  /** What the reviewer checked ('CIPC certificate: name and number match'); null while pending. */
  checked: z.string().nullable(),
});
export type VerificationCheck = z.infer<typeof verificationCheckSchema>;

export const supplierVerificationSchema = z.object({
  level: z.enum(VERIFICATION_LEVELS),
  checks: z.array(verificationCheckSchema),
});
export type SupplierVerification = z.infer<typeof supplierVerificationSchema>;

/** True when an approval valid until `validUntil` (inclusive, a Johannesburg date) still holds on `today`. */
export function isStillValid(validUntil: string | null, today: string): boolean {
  return validUntil === null || validUntil >= today;
}

/**
 * The level a supplier's checks earn (the one rule):
 * - register_matched: a current official register entry matches the name and number a PropertyDNA
 *   reviewer checked on its approved company registration (or the trade registration number on approved
 *   trade evidence), that approval still current and its facts unchanged, and no other organisation
 *   claims that entry; a typed-in number alone never earns it;
 * - documents_checked: an approved, unexpired company registration AND liability insurance certificate,
 *   and an approved, unexpired trade registration for every trade its service categories need;
 * - self_declared otherwise (whatever it typed).
 * The checks are as answered: 'approved' already means not past its valid-until date.
 */
export function verificationLevelOf(
  checks: readonly Pick<VerificationCheck, 'kind' | 'status' | 'trade'>[],
  requiredTrades: readonly Trade[],
): VerificationLevel {
  const approved = (kind: EvidenceKind, trade: Trade | null = null) =>
    checks.some(
      (check) =>
        check.kind === kind && check.status === 'approved' && (trade === null || check.trade === trade),
    );
  const reviewed = approved('company_registration') || approved('trade_registration');
  if (reviewed && checks.some((check) => check.kind === 'register' && check.status === 'matched')) {
    return 'register_matched';
  }
  const documents =
    approved('company_registration') &&
    approved('liability_insurance') &&
    requiredTrades.every((trade) => approved('trade_registration', trade));
  return documents ? 'documents_checked' : 'self_declared';
}

/** True when the supplier holds an approved, unexpired liability insurance certificate. */
export function insuranceCurrent(checks: readonly Pick<VerificationCheck, 'kind' | 'status'>[]): boolean {
  return checks.some((check) => check.kind === 'liability_insurance' && check.status === 'approved');
}

/** The insurance check's valid-until date when it is current, for 'Liability insurance current until …'. */
export function insuredUntil(checks: readonly VerificationCheck[]): string | null {
  return (
    checks.find((check) => check.kind === 'liability_insurance' && check.status === 'approved')
      ?.valid_until ?? null
  );
}

export const VERIFICATION_MESSAGES = {
  kindRequired: 'Choose what this document is',
  documentRequired: 'Upload the document first',
  tradeRequired: 'Choose the trade this registration is for',
  expiryRequired: 'Enter the date the insurance certificate expires',
  checkedRequired: 'Say what you checked',
  reasonRequired: 'Give the reason for rejecting it',
  invalidEvidence: 'Invalid evidence',
  validUntilRequired: 'Enter the date the approval is valid until',
  validUntilPast: 'The approval must be valid until today or later',
  notPending: 'This evidence was already reviewed',
  notEvidence: 'Upload the evidence as an organisation document of your company',
  submitted: 'Submitted for review',
  approved: 'Approved',
  rejected: 'Rejected',
  ownOrganisation: "You cannot review your own organisation's evidence.",
  outdated: 'Your company details changed since they were checked: submit again',
} as const;

/**
 * A supplier submits one document as evidence (the supplier console): what it is, the uploaded
 * organisation document, the trade (a trade registration only) and the date it expires (required for an
 * insurance certificate: the approval cannot outlive the cover).
 */
export const submitEvidenceSchema = z
  .object({
    kind: z.enum(EVIDENCE_KINDS, { error: VERIFICATION_MESSAGES.kindRequired }),
    document_id: uuidSchema(VERIFICATION_MESSAGES.documentRequired),
    trade: z
      .enum(TRADES, { error: VERIFICATION_MESSAGES.tradeRequired })
      .nullish()
      .transform((value) => value ?? null),
    expires_at: optionalIsoDateSchema,
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'trade_registration' && !value.trade) {
      ctx.addIssue({ code: 'custom', path: ['trade'], message: VERIFICATION_MESSAGES.tradeRequired });
    }
    if (value.kind === 'liability_insurance' && !value.expires_at) {
      ctx.addIssue({ code: 'custom', path: ['expires_at'], message: VERIFICATION_MESSAGES.expiryRequired });
    }
  })
  .transform((value) => ({ ...value, trade: value.kind === 'trade_registration' ? value.trade : null }));
export type SubmitEvidenceInput = z.input<typeof submitEvidenceSchema>;
export type SubmitEvidence = z.output<typeof submitEvidenceSchema>;

/**
 * A reviewer approves one piece of evidence: what was checked, and until when (left out: the
 * evidence's own expiry; an insurance approval always has one).
 */
export const approveEvidenceSchema = z.object({
  id: uuidSchema(VERIFICATION_MESSAGES.invalidEvidence),
  checked: requiredText(VERIFICATION_MESSAGES.checkedRequired, MAX_LENGTHS.description, 'What was checked'),
  valid_until: optionalIsoDateSchema,
});
export type ApproveEvidenceInput = z.input<typeof approveEvidenceSchema>;
export type ApproveEvidence = z.output<typeof approveEvidenceSchema>;

/** A reviewer rejects one piece of evidence, with the reason mailed to the supplier. */
export const rejectEvidenceSchema = z.object({
  id: uuidSchema(VERIFICATION_MESSAGES.invalidEvidence),
  reason: requiredText(VERIFICATION_MESSAGES.reasonRequired, MAX_LENGTHS.description, 'Reason'),
});
export type RejectEvidenceInput = z.input<typeof rejectEvidenceSchema>;

export const evidenceIdSchema = z.object({ id: uuidSchema(VERIFICATION_MESSAGES.invalidEvidence) });

/** The back office's history filter: which decisions to list. */
export const evidenceHistorySchema = z.object({
  q: optionalText(MAX_LENGTHS.name, 'Search'),
});

/** The evidence statuses as stored (lapsed is computed from the date). */
export const EVIDENCE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type EvidenceStatus = (typeof EVIDENCE_STATUSES)[number];

/** A stored status as a check's status on `today`: an approval past its valid-until date has lapsed. */
export function evidenceCheckStatus(
  status: EvidenceStatus,
  validUntil: string | null,
  today: string,
  outdated = false,
): VerificationCheckStatus {
  if (status !== 'approved') return status;
  if (!isStillValid(validUntil, today)) return 'lapsed';
  return outdated ? 'outdated' : 'approved';
}

/** The company facts a reviewer checks: the profile's name and numbers. */
export interface CompanyFacts {
  name: string | null;
  registration_number: string | null;
  trade_registration_number: string | null;
}

/**
 * True when the facts an approval of `kind` was given on are no longer the profile's (compared as the
 * registers compare them: case, spaces, '(Pty) Ltd'): the name for every kind, the company registration
 * number for a company registration, the trade registration number for a trade registration.
 */
export function checkedFactsChanged(
  kind: EvidenceKind,
  checked: CompanyFacts,
  current: CompanyFacts,
): boolean {
  const name = (value: string | null) => registerNameKey(value ?? '');
  const number = (value: string | null) => registerNumberKey(value ?? '');
  if (name(checked.name) !== name(current.name)) return true;
  if (kind === 'company_registration')
    return number(checked.registration_number) !== number(current.registration_number);
  if (kind === 'trade_registration')
    return number(checked.trade_registration_number) !== number(current.trade_registration_number);
  return false;
}

/** "Liability insurance certificate · valid until 2027-03-31", as the provider card lists a check. */
export function describeCheck(check: Pick<VerificationCheck, 'kind' | 'trade'>): string {
  return check.kind === 'trade_registration' && check.trade
    ? TRADE_LABELS[check.trade]
    : VERIFICATION_CHECK_KIND_LABELS[check.kind];
}
