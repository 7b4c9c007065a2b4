import {
  CERTIFICATE_TYPE_LABELS,
  CERTIFICATE_TYPES,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
} from '@propertydna/domain';
import type { RouterOutputs } from '../../lib/trpc';

/** A document as the API answers it (spec §3), in the vault of one property or of all. */
export type VaultDocument = RouterOutputs['documents']['list'][number];

/** The kinds of spec §3, as the vault shows them (the same words the vault's search finds). */
export const KIND_LABELS = DOCUMENT_KIND_LABELS;

export const KIND_OPTIONS = DOCUMENT_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));

/** The certificate types as a Select lists them (the upload form, the details editor). */
export const CERTIFICATE_TYPE_OPTIONS = CERTIFICATE_TYPES.map((value) => ({
  value,
  label: CERTIFICATE_TYPE_LABELS[value],
}));

/** Plain links, authenticated by the session cookie (spec §7). */
export const documentViewUrl = (id: string) => `/api/documents/${encodeURIComponent(id)}/view`;
export const documentDownloadUrl = (id: string) => `/api/documents/${encodeURIComponent(id)}/download`;
