import {
  CERTIFICATE_TYPE_LABELS,
  type CertificateType,
  certificateTypeSchema,
  type ExtractedFieldName,
  formatDate,
  ISSUE_DATE_LABELS,
  type IssueDateState,
  isIsoDate,
  johannesburgToday,
  type UpdateDocumentInput,
} from '@propertydna/domain';
import { isCertifiedKind, isExpiringKind } from '../../lib/upload/upload-documents';
import type { VaultDocument } from './labels';

/** What the compliance check reads of a document, as the details editor shows it ('' for no date). */
export interface DocumentDetails {
  certificateType: CertificateType | null;
  /** 'YYYY-MM-DD' or ''. */
  issuedOn: string;
  /** 'YYYY-MM-DD' (the Johannesburg date of `expires_at`) or ''. */
  expiresOn: string;
}

type DetailsSource = Pick<VaultDocument, 'kind' | 'metadata' | 'expires_at'>;

/** A document's certificate type, when its metadata names a known one. */
export function certificateTypeOf(document: Pick<VaultDocument, 'metadata'>): CertificateType | null {
  const parsed = certificateTypeSchema.safeParse(document.metadata?.certificate_type);
  return parsed.success ? parsed.data : null;
}

/** A document's issue date ('YYYY-MM-DD'), when its metadata has a valid one. */
export function issuedOnOf(document: Pick<VaultDocument, 'metadata'>): string | null {
  const issued = document.metadata?.issued_on;
  return typeof issued === 'string' && isIsoDate(issued) ? issued : null;
}

/** The date a document expires on in South Africa ('YYYY-MM-DD'), from its stored timestamp or date. */
export function expiryDateOf(document: Pick<VaultDocument, 'expires_at'>): string | null {
  if (!document.expires_at) return null;
  if (isIsoDate(document.expires_at)) return document.expires_at;
  const instant = new Date(document.expires_at);
  return Number.isNaN(instant.getTime()) ? null : johannesburgToday(instant);
}

export function documentDetails(document: DetailsSource): DocumentDetails {
  return {
    certificateType: certificateTypeOf(document),
    issuedOn: issuedOnOf(document) ?? '',
    expiresOn: expiryDateOf(document) ?? '',
  };
}

/** Which of the details a document of this kind carries: a type and issue date, an expiry. */
export function detailFields(kind: VaultDocument['kind']): { certified: boolean; expiring: boolean } {
  return { certified: isCertifiedKind(kind), expiring: isExpiringKind(kind) };
}

/** Whether the owner may edit the document's details: their own certificate, inspection or policy. */
export function canEditDetails(document: Pick<VaultDocument, 'kind' | 'source'>): boolean {
  const { certified, expiring } = detailFields(document.kind);
  return document.source === 'owner_upload' && (certified || expiring);
}

/** A document that has details to show but that its owner cannot change (issued by a supplier). */
export function detailsStayAsIssued(document: Pick<VaultDocument, 'kind' | 'source'>): boolean {
  const { certified, expiring } = detailFields(document.kind);
  return document.source !== 'owner_upload' && (certified || expiring);
}

/**
 * The PATCH of documents.update from the details the editor started with and those it has now: only
 * the fields that changed (a cleared date or type is null), and only those the kind carries.
 */
export function detailsPatch(
  kind: VaultDocument['kind'],
  before: DocumentDetails,
  after: DocumentDetails,
): UpdateDocumentInput {
  const { certified, expiring } = detailFields(kind);
  const patch: UpdateDocumentInput = {};
  if (certified && after.certificateType !== before.certificateType)
    patch.certificate_type = after.certificateType;
  if (certified && after.issuedOn !== before.issuedOn) patch.issued_on = after.issuedOn || null;
  if (expiring && after.expiresOn !== before.expiresOn) patch.expires_at = after.expiresOn || null;
  return patch;
}

/**
 * What the compliance check sees of a certificate or an inspection, for a line under its name: its
 * type ('Electrical Certificate of Compliance' or 'Certificate type not set') and issue date ('issued
 * Mar 01, 2026'; 'Date unknown' when nobody gave one; 'Issue date not confirmed' when an old form filled
 * in the upload day). Null for other kinds.
 */
export function certificateSummary(
  document: Pick<VaultDocument, 'kind' | 'metadata'> & { issue_date?: IssueDateState | null },
): { type: string; issued: string } | null {
  if (!isCertifiedKind(document.kind)) return null;
  const type = certificateTypeOf(document);
  const issued = issuedOnOf(document);
  const state = document.issue_date ?? (issued ? 'known' : 'unknown');
  return {
    type: type ? CERTIFICATE_TYPE_LABELS[type] : 'Certificate type not set',
    issued:
      state === 'known' && issued
        ? `issued ${formatDate(issued)}`
        : state === 'unconfirmed'
          ? ISSUE_DATE_LABELS.unconfirmed
          : ISSUE_DATE_LABELS.unknown,
  };
}

/** A document whose issue date the owner is asked to confirm (the upload day an old form filled in). */
export function needsIssueDateConfirmation(document: { issue_date?: IssueDateState | null }): boolean {
  return document.issue_date === 'unconfirmed';
}

/**
 * The document as its details stand once values read from it were accepted (`fields`: the decisions
 * just saved, null for a rejection): its certificate type and issue date (then known), and its expiry
 * (an expiry date, or a policy's end of cover). The server applied the same; this spares the
 * details editor a stale start.
 */
export function detailsAfterReading<
  T extends Pick<VaultDocument, 'kind' | 'metadata' | 'expires_at'> & {
    issue_date?: IssueDateState | null;
  },
>(document: T, fields: Partial<Record<ExtractedFieldName, string | null>>): T {
  const metadata = { ...(document.metadata ?? {}) };
  let next: T = { ...document };
  if (fields.certificate_type) metadata.certificate_type = fields.certificate_type;
  if (fields.issue_date) {
    metadata.issued_on = fields.issue_date;
    next = { ...next, issue_date: 'known' };
  }
  const expiry = fields.expiry_date ?? fields.cover_to;
  if (expiry) next = { ...next, expires_at: expiry };
  return { ...next, metadata };
}
