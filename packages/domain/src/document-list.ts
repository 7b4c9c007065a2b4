import { trustBadge, type VerificationLevel } from './trust.js';

/**
 * How the vault's list may be narrowed by what a document's status says (issue 32): its expiry (the
 * Expired and 'Expires in N days' badges) and its trust badge (Verified, Self-declared).
 */
export const DOCUMENT_STATUS_FILTERS = ['expired', 'expiring', 'verified', 'self_declared'] as const;
export type DocumentStatusFilter = (typeof DOCUMENT_STATUS_FILTERS)[number];

/** The filter's choices as the vault names them (the same words as the badges they pick). */
export const DOCUMENT_STATUS_FILTER_LABELS: Record<DocumentStatusFilter, string> = {
  expired: 'Expired',
  expiring: 'Expiring within 60 days',
  verified: 'Verified',
  self_declared: 'Self-declared',
};

/** The orders of the vault's list: newest or oldest upload first, by name, or soonest expiry first. */
export const DOCUMENT_SORTS = ['newest', 'oldest', 'name', 'expiry'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

export const DOCUMENT_SORT_LABELS: Record<DocumentSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name (A–Z)',
  expiry: 'Expiry (soonest first)',
};

/** What the filter and the sort read of a document: the facts every document answer carries. */
export interface ListedDocument {
  id: string;
  name: string;
  created_at: string;
  /** Its expiry day (YYYY-MM-DD) as its dates say, null when it has none. */
  expires_on: string | null;
  expired: boolean;
  /** 'Expires in N days' within 60 days (EXPIRY_NOTICE_DAYS), 'Expired', or null. */
  expiry_notice: string | null;
  provenance: { issuer_level: VerificationLevel | null };
}

/**
 * Whether a document shows the status `filter` picks: expired from its expiry day on; expiring while
 * not expired and its 'Expires in N days' badge shows (60 days or fewer); verified or self-declared by
 * its one trust badge.
 */
export function documentHasStatus(document: ListedDocument, filter: DocumentStatusFilter): boolean {
  switch (filter) {
    case 'expired':
      return document.expired;
    case 'expiring':
      return !document.expired && document.expiry_notice !== null;
    case 'verified':
      return trustBadge(document.provenance) === 'Verified';
    case 'self_declared':
      return trustBadge(document.provenance) === 'Self-declared';
  }
}

const byName = new Intl.Collator('en-ZA', { sensitivity: 'base', numeric: true });

/** Newest upload first; equal times by id, so the order never changes between two answers. */
const newestFirst = (a: ListedDocument, b: ListedDocument) =>
  b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id);

/**
 * The documents in the vault's `sort` order (a new array): newest or oldest upload first; by name as
 * people read it (case and accents aside, 'Plan 2' before 'Plan 10'); or soonest expiry first, the
 * already expired leading (longest expired first) and those without an expiry last. Ties are newest
 * first.
 */
export function sortDocuments<T extends ListedDocument>(documents: readonly T[], sort: DocumentSort): T[] {
  const compare: Record<DocumentSort, (a: T, b: T) => number> = {
    newest: newestFirst,
    oldest: (a, b) => -newestFirst(a, b),
    name: (a, b) => byName.compare(a.name, b.name) || newestFirst(a, b),
    expiry: (a, b) => {
      if (a.expires_on === b.expires_on) return newestFirst(a, b);
      if (a.expires_on === null) return 1;
      if (b.expires_on === null) return -1;
      return a.expires_on.localeCompare(b.expires_on);
    },
  };
  return [...documents].sort(compare[sort]);
}
