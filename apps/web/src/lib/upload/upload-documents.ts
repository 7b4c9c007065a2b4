import {
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
}

/** What a batch is uploaded as: for which property, of which kind, with which expiry. */
export interface UploadTarget {
  propertyId: string;
  kind: DocumentKind;
  /** 'YYYY-MM-DD'; sent only for certificates and policies. */
  expiresAt: string | null;
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
  register: (input: RegisterDocumentInput) => Promise<unknown>;
}

export type UpdateItem = (key: string, patch: Partial<UploadItem>) => void;

/** The row message of an upload that failed without a message of the server's. */
export const UPLOAD_FAILED = 'Upload failed';

export function isExpiringKind(kind: DocumentKind): boolean {
  return (EXPIRING_DOCUMENT_KINDS as readonly DocumentKind[]).includes(kind);
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
 * are skipped. Resolves with how many files were registered and how many failed.
 */
export async function runUpload(
  files: readonly File[],
  items: readonly UploadItem[],
  target: UploadTarget,
  steps: UploadSteps,
  update: UpdateItem,
): Promise<{ uploaded: number; failed: number }> {
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
  if (hashed.length === 0) return { uploaded: 0, failed: refused };

  let signed: SignedUpload[];
  try {
    signed = await steps.signBatch(
      hashed.map(({ file, sha256, contentType }) => ({ contentType, sha256, bytes: file.size })),
    );
  } catch (error) {
    for (const { item } of hashed) fail(item, error);
    return { uploaded: 0, failed: items.length };
  }

  const expiresAt = isExpiringKind(target.kind) && target.expiresAt ? target.expiresAt : null;
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
        await steps.register({
          property_id: target.propertyId,
          kind: target.kind,
          name: file.name,
          storage_key: upload.storageKey,
          sha256,
          bytes: file.size,
          content_type: contentType,
          ...(expiresAt ? { expires_at: expiresAt } : {}),
        });
        update(item.key, { phase: 'done', percent: 100 });
        return true;
      } catch (error) {
        fail(item, error);
        return false;
      }
    }),
  );
  const uploaded = outcomes.filter(Boolean).length;
  return { uploaded, failed: items.length - uploaded };
}
