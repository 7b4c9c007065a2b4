import {
  CERTIFIED_KINDS,
  type CertificateType,
  type DocumentKind,
  EXPIRING_DOCUMENT_KINDS,
  type RegisterDocumentInput,
  type SignUploadInput,
} from '@propertydna/domain';
import { errorMessage } from '../error-message';
import type { PutFileOptions } from './put-file';
import type { HashProgress } from './sha256';
import { contentTypeOf } from './validate';

/** Where a file is in the upload sequence (spec §4): hashed, signed, uploaded, registered. */
export type UploadPhase = 'queued' | 'hashing' | 'waiting' | 'uploading' | 'registering' | 'done' | 'error';

/** One row of the progress list. `percent` is the current phase's progress, 0 to 100. */
export interface UploadItem {
  key: string;
  name: string;
  bytes: number;
  phase: UploadPhase;
  percent: number;
  error: string | null;
  /** The registered document, once the file is stored (its reading is then followed). */
  documentId?: string;
}

/**
 * Where uploaded files go: a property's vault, a supplier's job, the organisation itself, or the property
 * an upload invite names (issue 15: a vendor's upload link, whose token the invite's own steps carry).
 */
export type UploadDestination =
  | { propertyId: string }
  | { jobId: string }
  | { organization: true }
  | { inviteToken: string };

/** The registration fields naming a destination (none for an invite: its token names the property). */
export function destinationFields(
  destination: UploadDestination,
): Pick<RegisterDocumentInput, 'property_id' | 'job_id' | 'organization'> {
  if ('propertyId' in destination) return { property_id: destination.propertyId };
  if ('jobId' in destination) return { job_id: destination.jobId };
  if ('inviteToken' in destination) return {};
  return { organization: true };
}

/** What a batch is uploaded as: where to, of which kind, with which expiry and, for a certificate, which one. */
export interface UploadTarget {
  destination: UploadDestination;
  kind: DocumentKind;
  /** 'YYYY-MM-DD'; sent only for certificates and policies. */
  expiresAt: string | null;
  /** Which certificate it is (metadata.certificate_type); sent only for certificates and inspections. */
  certificateType?: CertificateType | null;
  /** 'YYYY-MM-DD' (metadata.issued_on); sent only for certificates and inspections. */
  issuedOn?: string | null;
}

export interface SignedUpload {
  url: string;
  storageKey: string;
  headers: Record<string, string>;
}

/** The steps of the sequence, injected so the order and the error handling can be tested alone. */
export interface UploadSteps {
  hash: (file: File, onProgress: HashProgress) => Promise<string>;
  signBatch: (files: SignUploadInput[]) => Promise<SignedUpload[]>;
  put: (options: PutFileOptions) => Promise<void>;
  register: (input: RegisterDocumentInput) => Promise<{ id: string }>;
}

/** A finished batch: the registered documents (in the order of the files) and how many files failed. */
export interface UploadResult {
  documentIds: string[];
  failed: number;
}

export type UpdateItem = (key: string, patch: Partial<UploadItem>) => void;

/** The row message of an upload that failed without a message of the server's. */
export const UPLOAD_FAILED = 'Upload failed';

export function isExpiringKind(kind: DocumentKind): boolean {
  return (EXPIRING_DOCUMENT_KINDS as readonly DocumentKind[]).includes(kind);
}

/** Certificates and inspections say which certificate they are and when they were issued. */
export function isCertifiedKind(kind: DocumentKind): boolean {
  return (CERTIFIED_KINDS as readonly DocumentKind[]).includes(kind);
}

/** The registration's metadata of a target: its certificate type and issue date, when it may have them. */
export function certificateMetadata(target: UploadTarget): Record<string, string> {
  if (!isCertifiedKind(target.kind)) return {};
  return {
    ...(target.certificateType ? { certificate_type: target.certificateType } : {}),
    ...(target.issuedOn ? { issued_on: target.issuedOn } : {}),
  };
}

/** The rows of a new batch: files the browser refused start as errors with their message. */
export function initialUploadItems(
  files: readonly { name: string; size: number }[],
  fileErrors: readonly (string | null)[],
  keyPrefix: string,
): UploadItem[] {
  return files.map((file, index) => {
    const error = fileErrors[index] ?? null;
    return {
      key: `${keyPrefix}-${index}`,
      name: file.name,
      bytes: file.size,
      phase: error ? 'error' : 'queued',
      percent: 0,
      error,
    };
  });
}

export function percentOf(done: number, total: number): number {
  if (total <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((done * 100) / total)));
}

/**
 * The upload sequence of spec §4 for one batch: hash each file (in turn, off the main thread), sign the
 * batch in one call, then per file PUT it with progress and register it. A file that fails shows the
 * server's message on its own row and the others go on. Rows already in error (refused by the browser)
 * are skipped. Resolves with the ids of the registered documents and how many files failed.
 */
export async function runUpload(
  files: readonly File[],
  items: readonly UploadItem[],
  target: UploadTarget,
  steps: UploadSteps,
  update: UpdateItem,
): Promise<UploadResult> {
  const fail = (item: UploadItem, error: unknown) =>
    update(item.key, { phase: 'error', error: errorMessage(error, UPLOAD_FAILED) });

  const hashed: { file: File; item: UploadItem; sha256: string; contentType: string }[] = [];
  for (const [index, file] of files.entries()) {
    const item = items[index];
    if (!item || item.phase === 'error') continue;
    update(item.key, { phase: 'hashing', percent: 0 });
    try {
      const sha256 = await steps.hash(file, (done, total) =>
        update(item.key, { phase: 'hashing', percent: percentOf(done, total) }),
      );
      hashed.push({ file, item, sha256, contentType: contentTypeOf(file) });
      update(item.key, { phase: 'waiting', percent: 0 });
    } catch (error) {
      fail(item, error);
    }
  }
  const refused = items.length - hashed.length;
  if (hashed.length === 0) return { documentIds: [], failed: refused };

  let signed: SignedUpload[];
  try {
    signed = await steps.signBatch(
      hashed.map(({ file, sha256, contentType }) => ({ contentType, sha256, bytes: file.size })),
    );
  } catch (error) {
    for (const { item } of hashed) fail(item, error);
    return { documentIds: [], failed: items.length };
  }

  const expiresAt = isExpiringKind(target.kind) && target.expiresAt ? target.expiresAt : null;
  const metadata = certificateMetadata(target);
  const outcomes = await Promise.all(
    hashed.map(async ({ file, item, sha256, contentType }, index) => {
      const upload = signed[index];
      try {
        if (!upload) throw new Error(UPLOAD_FAILED);
        update(item.key, { phase: 'uploading', percent: 0 });
        await steps.put({
          url: upload.url,
          headers: upload.headers,
          body: file,
          onProgress: (sent, total) =>
            update(item.key, { phase: 'uploading', percent: percentOf(sent, total) }),
        });
        update(item.key, { phase: 'registering', percent: 100 });
        const document = await steps.register({
          ...destinationFields(target.destination),
          kind: target.kind,
          name: file.name,
          storage_key: upload.storageKey,
          sha256,
          bytes: file.size,
          content_type: contentType,
          ...(expiresAt ? { expires_at: expiresAt } : {}),
          ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
        });
        update(item.key, { phase: 'done', percent: 100, documentId: document.id });
        return document.id;
      } catch (error) {
        fail(item, error);
        return null;
      }
    }),
  );
  const documentIds = outcomes.filter((id): id is string => id !== null);
  return { documentIds, failed: items.length - documentIds.length };
}
