import { z } from 'zod';
import { isVerifiedLevel, type VerificationLevel } from './trust.js';

/** Kinds of document in the vault (spec §3). */
export const DOCUMENT_KINDS = [
  'deed',
  'certificate',
  'policy',
  'inspection',
  'contract',
  'maintenance',
  'other',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const documentKindSchema = z.enum(DOCUMENT_KINDS);

/** Kinds whose expiry date an owner can set and edit. */
export const EXPIRING_DOCUMENT_KINDS = ['certificate', 'policy'] as const satisfies readonly DocumentKind[];

/**
 * Where a document came from; always set by the server from who uploads, never by the client.
 * vendor_upload: a service provider without an account uploaded it through the owner's invite.
 */
export const DOCUMENT_SOURCES = [
  'owner_upload',
  'supplier_verified',
  'developer_pack',
  'vendor_upload',
] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

/**
 * Spec §4: Pending until verified, then Verified. It follows the document's trust badge: Verified only
 * when the issuer's level at the time of issue was one someone checked (trust.ts), never because a
 * supplier's name is on it.
 */
export type DocumentStatus = 'Pending' | 'Verified';
export function documentStatus(document: {
  issuer_level: VerificationLevel | null | undefined;
}): DocumentStatus {
  return isVerifiedLevel(document.issuer_level) ? 'Verified' : 'Pending';
}

/** What an invited vendor may upload (spec §4, §6, §9). */
export const VENDOR_ACCESS_KINDS = ['certificate', 'inspection'] as const satisfies readonly DocumentKind[];
