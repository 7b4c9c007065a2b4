import { CERTIFICATE_VALIDITY_MONTHS, type CertificateType, certificateTypeSchema } from './certificates.js';
import { calendarDateOf, formatDateOnly, johannesburgDayNumber } from './due-band.js';
import { addMonths } from './recurrence.js';
import { isIsoDate } from './schemas/common.js';

/**
 * What a document's dates honestly say: when it was issued (if anyone said so), when it expires, and
 * whether it has. Every screen, pack and rule reads them through here, so the same document says the
 * same thing everywhere.
 *
 * No date is ever made up. An issue date is only known when the owner, the issuer or the document itself
 * gave it; an issue date the upload form used to fill in with the upload day (rows flagged
 * `issue_date_unconfirmed` by migration 0025) counts as unknown until the owner confirms or edits it,
 * and so does an expiry that was worked out from that date.
 */

/** 'Expires in N days' is shown this many days ahead (the Expired badge from the expiry date on). */
export const EXPIRY_NOTICE_DAYS = 60;

/**
 * How much is known of a certificate's (or inspection's) issue date: known (given by the owner, the
 * issuer or the document), unconfirmed (the upload day filled in by an old form: the owner must
 * confirm it), unknown (nobody gave one: "date unknown").
 */
export const ISSUE_DATE_STATES = ['known', 'unconfirmed', 'unknown'] as const;
export type IssueDateState = (typeof ISSUE_DATE_STATES)[number];

/** The words for an issue date that cannot be relied on. */
export const ISSUE_DATE_LABELS = {
  unknown: 'Date unknown',
  unconfirmed: 'Issue date not confirmed',
} as const;

/** The kinds of document that carry an issue date (a certificate, or an inspection report). */
const DATED_KINDS: readonly string[] = ['certificate', 'inspection'];

/** A document as stored: its kind, explicit expiry, metadata and the unconfirmed flag. */
export interface DatedDocument {
  kind: string;
  /** An ISO timestamp (the start of the Johannesburg expiry day), a YYYY-MM-DD, a Date or null. */
  expires_at: string | Date | null;
  metadata: Record<string, unknown>;
  issue_date_unconfirmed?: boolean | null;
}

/** What the document's dates say on `today` (a Johannesburg YYYY-MM-DD). */
export interface DocumentDates {
  /** The issue date as recorded (YYYY-MM-DD), even when it is unconfirmed; null when none. */
  issued_on: string | null;
  /** Null for kinds that carry no issue date (a policy, a deed). */
  issue_date: IssueDateState | null;
  /**
   * The Johannesburg date it stops being valid: its own expiry, else for a certificate type with a set
   * validity (a roof inspection: 12 months) that many months after a known issue date; null when it has
   * none or it cannot be known.
   */
  expires_on: string | null;
  /** True from its expiry date on (on that day it is no longer valid). */
  expired: boolean;
  /** Whole days from today to the expiry date while it has not expired; null otherwise. */
  expires_in_days: number | null;
  /** 'Expired', 'Expires in N days' within EXPIRY_NOTICE_DAYS, else null. */
  expiry_notice: string | null;
}

/** The Johannesburg YYYY-MM-DD of a stored expiry (a timestamp, a Date or a date). */
function expiryDay(expiresAt: string | Date | null): string | null {
  if (expiresAt === null) return null;
  return formatDateOnly(calendarDateOf(johannesburgDayNumber(expiresAt)));
}

/** metadata.certificate_type when it is a known type. */
export function certificateTypeOf(metadata: Record<string, unknown>): CertificateType | null {
  return certificateTypeSchema.safeParse(metadata.certificate_type).data ?? null;
}

/** metadata.issued_on when it is a real date. */
function recordedIssueDate(metadata: Record<string, unknown>): string | null {
  const issued = metadata.issued_on;
  return typeof issued === 'string' && isIsoDate(issued) ? issued : null;
}

/**
 * The dates the rules may rely on: the issue date only when known, and the stored expiry unless it is the
 * one an unconfirmed issue date gave (the same day its type's validity runs out after it).
 */
export function reliableDates(document: DatedDocument): {
  issued_on: string | null;
  expires_on: string | null;
} {
  const recorded = recordedIssueDate(document.metadata);
  const stored = expiryDay(document.expires_at);
  if (!document.issue_date_unconfirmed || recorded === null)
    return { issued_on: recorded, expires_on: stored };
  const months = CERTIFICATE_VALIDITY_MONTHS[certificateTypeOf(document.metadata) as CertificateType];
  const derived = months === undefined ? null : addMonths(recorded, months);
  return { issued_on: null, expires_on: stored === derived ? null : stored };
}

/** Days from `today` to `date`, both YYYY-MM-DD. */
function daysBetween(today: string, date: string): number {
  return johannesburgDayNumber(date) - johannesburgDayNumber(today);
}

/** 'Expired' on and after the expiry date; 'Expires in N days' within EXPIRY_NOTICE_DAYS; else null. */
export function expiryNotice(expiresOn: string | null, today: string): string | null {
  if (expiresOn === null) return null;
  const days = daysBetween(today, expiresOn);
  if (days <= 0) return 'Expired';
  if (days > EXPIRY_NOTICE_DAYS) return null;
  return days === 1 ? 'Expires in 1 day' : `Expires in ${days} days`;
}

/**
 * The Johannesburg date the document stops being valid, as every screen shows it (DocumentDates
 * expires_on): its own reliable expiry, else its type's validity after a known issue date; null when it
 * has none or it cannot be known. Reminders read this too, so a document the vault calls Expired has one.
 */
export function documentExpiry(document: DatedDocument): string | null {
  const reliable = reliableDates(document);
  const months = CERTIFICATE_VALIDITY_MONTHS[certificateTypeOf(document.metadata) as CertificateType];
  return (
    reliable.expires_on ??
    (DATED_KINDS.includes(document.kind) && months !== undefined && reliable.issued_on !== null
      ? addMonths(reliable.issued_on, months)
      : null)
  );
}

/** A document's dates on `today` (see DocumentDates). */
export function documentDates(document: DatedDocument, today: string): DocumentDates {
  const recorded = recordedIssueDate(document.metadata);
  const dated = DATED_KINDS.includes(document.kind);
  const expiresOn = documentExpiry(document);
  const days = expiresOn === null ? null : daysBetween(today, expiresOn);
  const expired = days !== null && days <= 0;
  return {
    issued_on: recorded,
    issue_date: !dated
      ? null
      : recorded === null
        ? 'unknown'
        : document.issue_date_unconfirmed
          ? 'unconfirmed'
          : 'known',
    expires_on: expiresOn,
    expired,
    expires_in_days: days === null || expired ? null : days,
    expiry_notice: expiryNotice(expiresOn, today),
  };
}
