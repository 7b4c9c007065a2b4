import { CERTIFICATE_TYPE_LABELS, CERTIFICATE_TYPES, type CertificateType } from './certificates.js';
import { DOCUMENT_KINDS, type DocumentKind } from './documents.js';

/** The kinds of spec §3 as every screen names them (the vault's Type column, the search). */
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  deed: 'Deed',
  certificate: 'Certificate',
  policy: 'Policy',
  inspection: 'Inspection',
  contract: 'Contract',
  maintenance: 'Maintenance',
  other: 'Other',
};

/**
 * What a vault search for `q` matches by label rather than by stored text: the kinds whose label, and
 * the certificate types whose label, contain it (case-insensitive, anywhere). A search for 'polic'
 * finds every policy, 'electrical' every Electrical Certificate of Compliance, though neither word is
 * stored on the document. `q` is the search as the schema leaves it (trimmed, not blank).
 */
export function documentLabelMatches(q: string): {
  kinds: DocumentKind[];
  certificateTypes: CertificateType[];
} {
  const needle = q.toLocaleLowerCase('en-ZA');
  const has = (label: string) => label.toLocaleLowerCase('en-ZA').includes(needle);
  return {
    kinds: DOCUMENT_KINDS.filter((kind) => has(DOCUMENT_KIND_LABELS[kind])),
    certificateTypes: CERTIFICATE_TYPES.filter((type) => has(CERTIFICATE_TYPE_LABELS[type])),
  };
}
