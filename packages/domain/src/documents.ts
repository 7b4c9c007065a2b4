import { z } from 'zod';

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

/** Spec §4: Pending until verified_by is set, then Verified. */
export type DocumentStatus = 'Pending' | 'Verified';
export function documentStatus(document: { verified_by: string | null | undefined }): DocumentStatus {
  return document.verified_by ? 'Verified' : 'Pending';
}

/** What an invited vendor may upload (spec §4, §6, §9). */
export const VENDOR_ACCESS_KINDS = ['certificate', 'inspection'] as const satisfies readonly DocumentKind[];
