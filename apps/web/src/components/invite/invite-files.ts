import {
  CERTIFICATE_TYPE_LABELS,
  type CertificateType,
  certificateExpiryFor,
  DOCUMENT_MESSAGES,
  type DocumentKind,
  formatDate,
  formatSize,
  isIsoDate,
} from '@propertydna/domain';
import type { RouterOutputs } from '../../lib/trpc';
import {
  isCertifiedKind,
  isExpiringKind,
  type UploadItem,
  type UploadTarget,
} from '../../lib/upload/upload-documents';
import { KIND_LABELS } from '../documents/labels';

/** What the holder of an upload link sees (issue 15): who asks, for what, until when, and what came in. */
export type InviteView = RouterOutputs['invites']['view'];

/** The picker's `accept`: what a certificate or a report usually is (the server takes the vault's types). */
export const INVITE_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

/** A file chosen on the invite page, with what it is said to be and where its upload is. */
export interface InviteFile {
  file: File;
  /** Its row in the upload sequence (key, phase, percent, the server's message). */
  item: UploadItem;
  /** The browser refused it (too large, empty, a type not accepted): it can only be removed. */
  refused: boolean;
  kind: DocumentKind;
  certificateType: CertificateType | null;
  /** 'YYYY-MM-DD' or '' (certificates and inspections). */
  issuedOn: string;
  /** 'YYYY-MM-DD' or '' (certificates and policies). */
  expiresAt: string;
  /** The expiry was typed or cleared by hand: a new type or issue date no longer replaces it. */
  expiryEdited: boolean;
}

/** A certificate's suggested expiry: its type's validity from its issue date, else none. */
const suggestedExpiry = (kind: DocumentKind, type: CertificateType | null, issuedOn: string) =>
  kind === 'certificate' ? (certificateExpiryFor(type, issuedOn) ?? '') : '';

/**
 * The entries of newly chosen files: each of the first allowed kind, its issue date empty (never
 * defaulted: the vendor types the date on the certificate); a file the browser refused starts as an error
 * with its message (`fileErrors`, as `validateUploadBatch` gives them).
 */
export function newInviteFiles(
  files: readonly File[],
  fileErrors: readonly (string | null)[],
  allowedKinds: readonly DocumentKind[],
  keyOf: (index: number) => string,
): InviteFile[] {
  const kind = allowedKinds[0] ?? 'certificate';
  return files.map((file, index) => {
    const error = fileErrors[index] ?? null;
    return {
      file,
      item: {
        key: keyOf(index),
        name: file.name,
        bytes: file.size,
        phase: error ? 'error' : 'queued',
        percent: 0,
        error,
      },
      refused: error !== null,
      kind,
      certificateType: null,
      issuedOn: '',
      expiresAt: '',
      expiryEdited: false,
    };
  });
}

/** Another kind: the expiry starts again from the kind's suggestion (none but a certificate's). */
export function withKind(entry: InviteFile, kind: DocumentKind): InviteFile {
  return {
    ...entry,
    kind,
    expiryEdited: false,
    expiresAt: suggestedExpiry(kind, entry.certificateType, entry.issuedOn),
  };
}

/** Another certificate type or issue date: the expiry follows unless it was edited by hand. */
export function withCertificate(
  entry: InviteFile,
  change: { certificateType?: CertificateType | null; issuedOn?: string },
): InviteFile {
  const next = { ...entry, ...change };
  return next.expiryEdited
    ? next
    : { ...next, expiresAt: suggestedExpiry(next.kind, next.certificateType, next.issuedOn) };
}

export function withExpiry(entry: InviteFile, expiresAt: string): InviteFile {
  return { ...entry, expiresAt, expiryEdited: true };
}

/** The entry's date fields that cannot be sent as they are, with the vault form's messages. */
export function dateErrors(entry: InviteFile): { issuedOn: string | null; expiresAt: string | null } {
  const certified = isCertifiedKind(entry.kind);
  const issuedOn =
    certified && entry.issuedOn !== '' && !isIsoDate(entry.issuedOn) ? 'Enter a valid date' : null;
  const expiresAt =
    isExpiringKind(entry.kind) &&
    certified &&
    entry.expiresAt !== '' &&
    isIsoDate(entry.issuedOn) &&
    entry.expiresAt <= entry.issuedOn
      ? DOCUMENT_MESSAGES.expiryBeforeIssue
      : null;
  return { issuedOn, expiresAt };
}

export const hasDateErrors = (entry: InviteFile) => {
  const errors = dateErrors(entry);
  return errors.issuedOn !== null || errors.expiresAt !== null;
};

/** A file whose fields may still change and that may (again) be sent: waiting, or failed at the server. */
export const isSendable = (entry: InviteFile) =>
  !entry.refused && (entry.item.phase === 'queued' || entry.item.phase === 'error');

/** A file between its first step and its last. */
export const isInFlight = (entry: InviteFile) =>
  entry.item.phase !== 'queued' && entry.item.phase !== 'error' && entry.item.phase !== 'done';

/** What the entry is uploaded as, to the invite of `token`. */
export function targetOf(entry: InviteFile, token: string): UploadTarget {
  const certified = isCertifiedKind(entry.kind);
  return {
    destination: { inviteToken: token },
    kind: entry.kind,
    expiresAt: isExpiringKind(entry.kind) && entry.expiresAt ? entry.expiresAt : null,
    ...(certified ? { certificateType: entry.certificateType, issuedOn: entry.issuedOn || null } : {}),
  };
}

/** What the link still accepts: files and bytes. */
export function capacityOf(view: Pick<InviteView, 'limits' | 'used'>): { files: number; bytes: number } {
  return {
    files: Math.max(0, view.limits.max_files - view.used.files),
    bytes: Math.max(0, view.limits.max_bytes - view.used.bytes),
  };
}

const filesPhrase = (count: number, more = '') => `${count} ${more}${count === 1 ? 'file' : 'files'}`;

/** 'You can upload 18 more files (up to 240.0 MB) through this link.' */
export function capacityText(capacity: { files: number; bytes: number }): string {
  return `You can upload ${filesPhrase(capacity.files, 'more ')} (up to ${formatSize(capacity.bytes)}) through this link.`;
}

/** Why these files cannot all go through the link, or null when they fit. */
export function capacityProblem(
  entries: readonly InviteFile[],
  capacity: { files: number; bytes: number },
): string | null {
  if (entries.length > capacity.files) {
    return `This link accepts ${filesPhrase(capacity.files, 'more ')}. Remove ${filesPhrase(entries.length - capacity.files)} before uploading.`;
  }
  const bytes = entries.reduce((sum, entry) => sum + entry.file.size, 0);
  if (bytes > capacity.bytes) {
    return `These files come to ${formatSize(bytes)}; this link accepts ${formatSize(capacity.bytes)} more.`;
  }
  return null;
}

/** 'Upload 1 file', 'Upload 3 files'. */
export const uploadButtonText = (count: number) => `Upload ${filesPhrase(count)}`;

/** What a file was sent as, in a line: 'Certificate · Beetle clearance · issued Nov 23, 2026'. */
export function describeEntry(entry: InviteFile): string {
  const parts = [KIND_LABELS[entry.kind]];
  if (isCertifiedKind(entry.kind)) {
    if (entry.certificateType) parts.push(CERTIFICATE_TYPE_LABELS[entry.certificateType]);
    if (isIsoDate(entry.issuedOn)) parts.push(`issued ${formatDate(entry.issuedOn)}`);
  }
  if (isExpiringKind(entry.kind) && isIsoDate(entry.expiresAt)) {
    parts.push(`expires ${formatDate(entry.expiresAt)}`);
  }
  return parts.join(' · ');
}
