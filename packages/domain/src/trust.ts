/**
 * The trust vocabulary (issue 26): how far a supplier was checked, and where a document came from.
 * Every screen, pack, mail and /verify names these with the labels below, so the same document says the
 * same thing everywhere. "Verified" is earned: only a level someone checked is called verified.
 */

import { EXTRACTED_FIELD_LABELS, type ExtractedFieldName } from './extraction/types.js';

/**
 * How far PropertyDNA checked a supplier:
 * - self_declared: what the supplier typed; never called verified.
 * - documents_checked: a PropertyDNA reviewer approved the evidence the supplier uploaded (registration,
 *   trade registration, liability insurance), each approval until the evidence's expiry.
 * - register_matched: a reviewer approved the supplier's registration evidence (current, its facts
 *   unchanged) and the name and number checked match a current entry of an official register the
 *   operator imported that no other organisation holds.
 */
export const VERIFICATION_LEVELS = ['self_declared', 'documents_checked', 'register_matched'] as const;
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];

export const VERIFICATION_LEVEL_LABELS: Record<VerificationLevel, string> = {
  self_declared: 'Self-declared',
  documents_checked: 'Documents checked',
  register_matched: 'Register matched',
};

/** What each level means, in the words of the README and the provider card's tooltip. */
export const VERIFICATION_LEVEL_MEANINGS: Record<VerificationLevel, string> = {
  self_declared: 'What the supplier entered themselves; nobody has checked it.',
  documents_checked: 'A PropertyDNA reviewer checked the supplier’s registration and insurance documents.',
  register_matched:
    'A PropertyDNA reviewer checked the supplier’s registration, and the checked name and number match an official register.',
};

/** True only for a level someone checked: the one place that decides what may be called verified. */
export function isVerifiedLevel(level: VerificationLevel | null | undefined): boolean {
  return level === 'documents_checked' || level === 'register_matched';
}

/**
 * Who put a document where it is:
 * - owner_upload: the owner (or their team) uploaded it.
 * - supplier_issued: a supplier issued it on a job.
 * - vendor_upload: a service provider uploaded it through the owner's invite.
 * - share_adopted: adopted from a share link into this vault.
 * - transfer_received: received with the property's transfer from its previous owner.
 * - document_read: its details were read from the document itself (OCR).
 */
export const PROVENANCE_KINDS = [
  'owner_upload',
  'supplier_issued',
  'vendor_upload',
  'share_adopted',
  'transfer_received',
  'document_read',
] as const;
export type ProvenanceKind = (typeof PROVENANCE_KINDS)[number];

export const PROVENANCE_LABELS: Record<ProvenanceKind, string> = {
  owner_upload: 'Uploaded by the owner',
  supplier_issued: 'Issued by a supplier on a job',
  vendor_upload: 'Uploaded by an invited vendor',
  share_adopted: 'Adopted from a share',
  transfer_received: 'Received with a transfer',
  document_read: 'Read from the document itself',
};

/** A document's provenance as every answer gives it. */
export interface Provenance {
  kind: ProvenanceKind;
  /** Who issued it: the supplier or vendor as named when it was issued; null for the owner's own. */
  issuer_name: string | null;
  /** The issuer's verification level when it was issued; null when no supplier issued it. */
  issuer_level: VerificationLevel | null;
  /**
   * Which of its details were read from the document itself and taken (issue 27): confirmed by a person,
   * or accepted automatically where the owner turned that on. Null (or absent) when none was; answers
   * that do not look at readings (/verify) leave it out.
   */
  read?: ReadProvenance | null;
}

/** The details of a document that were read from it and taken, and by whom (fields by name). */
export interface ReadProvenance {
  confirmed: ExtractedFieldName[];
  /** Who confirmed them last (a name, else an e-mail address); null when no longer known (a former owner). */
  confirmed_by: string | null;
  auto_accepted: ExtractedFieldName[];
}

export type TrustBadge = 'Verified' | 'Self-declared';

/**
 * The one badge a document shows on every screen, pack and /verify: Verified only when a checked
 * supplier issued it; anything else is self-declared (the file is registered, nobody vouched for it).
 */
export function trustBadge(provenance: Pick<Provenance, 'issuer_level'>): TrustBadge {
  return isVerifiedLevel(provenance.issuer_level) ? 'Verified' : 'Self-declared';
}

/**
 * One line for the document, e.g. "Issued by a supplier on a job · Acme Roofing · Documents checked", and
 * what was read from it and taken ("Certificate type, Issue date read from the document, confirmed by
 * Jane Mokoena"). Reading is not checking: the level (and the badge) stay as they are.
 */
export function provenanceLine(provenance: Provenance): string {
  const parts = [PROVENANCE_LABELS[provenance.kind]];
  if (provenance.issuer_name) parts.push(provenance.issuer_name);
  parts.push(VERIFICATION_LEVEL_LABELS[provenance.issuer_level ?? 'self_declared']);
  const read = provenance.read;
  const labels = (names: readonly ExtractedFieldName[]) =>
    names.map((name) => EXTRACTED_FIELD_LABELS[name]).join(', ');
  if (read?.confirmed.length) {
    parts.push(
      `${labels(read.confirmed)} read from the document, confirmed${read.confirmed_by ? ` by ${read.confirmed_by}` : ''}`,
    );
  }
  if (read?.auto_accepted.length) {
    parts.push(`${labels(read.auto_accepted)} read from the document, accepted automatically`);
  }
  return parts.join(' · ');
}
