import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '../errors.js';

/** What the client declares before uploading; the stored bytes must match it exactly. */
export interface UploadDeclaration {
  bytes: number;
  /** Lower-case hex SHA-256 of the whole content. */
  sha256: string;
  contentType: string;
}

export interface SignedUpload {
  /** Server-generated object key; never derived from anything the client sent. */
  key: string;
  /** Where to PUT the raw bytes. May be relative to the API origin (fs) or absolute (s3). */
  url: string;
  method: 'PUT';
  /** Headers the PUT must carry. */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface ReadUrlOptions {
  disposition: 'inline' | 'attachment';
  /** Already sanitised display name for Content-Disposition. */
  filename: string;
  contentType: string;
}

export type VerifyResult =
  | { ok: true; bytes: number; sha256: string }
  | { ok: false; reason: 'missing' | 'size_mismatch' | 'hash_mismatch' };

export interface FileStore {
  readonly driver: 'fs' | 's3';
  /** Issues a fresh key and a signed, expiring URL to PUT exactly the declared content to. */
  createUpload(declaration: UploadDeclaration): Promise<SignedUpload>;
  /**
   * Stores content the server itself produced (seed documents, rendered reports) under a new key;
   * answers the key with the content's size and SHA-256.
   */
  putObject(content: Buffer, contentType: string): Promise<{ key: string; bytes: number; sha256: string }>;
  /**
   * Stores content the server streams (an account export's ZIP) under a new key, without holding it in
   * memory: exactly `bytes` bytes must arrive (more or fewer fails and leaves nothing). Answers the key
   * with the size and SHA-256 of what was written.
   */
  putStream(
    content: Readable,
    contentType: string,
    bytes: number,
  ): Promise<{ key: string; bytes: number; sha256: string }>;
  /**
   * Checks the stored object's size and SHA-256 against the declaration: s3 streams it back and hashes
   * it; fs trusts the record it wrote when its own hash of the PUT body matched (no second read).
   * An object that does not match is removed, so a bad upload leaves nothing behind.
   */
  verifyUpload(key: string, declaration: Pick<UploadDeclaration, 'bytes' | 'sha256'>): Promise<VerifyResult>;
  /** A signed, expiring URL that serves the object with the given headers. */
  createReadUrl(key: string, options: ReadUrlOptions): Promise<{ url: string; expiresAt: Date }>;
  /** Streams the object (optionally a byte range, inclusive end). Throws NOT_FOUND if absent. */
  openRead(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Size of the stored object, or null if there is none. */
  stat(key: string): Promise<{ bytes: number } | null>;
  remove(key: string): Promise<void>;
  /** Every stored object with when it was last written (the orphan sweep walks this). */
  listObjects(): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /**
   * Removes partial uploads (bytes received but never completed) not written to since `before`;
   * answers how many. Stores that receive no bytes themselves (s3: the browser PUTs to the bucket) have none.
   */
  sweepIncoming(before: Date): Promise<number>;
  /** Throws when the store cannot be used (health check). */
  check(): Promise<void>;
}

/** Keys look like `3f/3f9a…` (2 hex, slash, 32 hex): 128 random bits, fanned out over 256 folders. */
const KEY_PATTERN = /^([0-9a-f]{2})\/([0-9a-f]{32})$/;

export function newObjectKey(): string {
  const name = randomBytes(16).toString('hex');
  return `${name.slice(0, 2)}/${name}`;
}

export function isObjectKey(key: string): boolean {
  const match = KEY_PATTERN.exec(key);
  return match !== null && match[2]?.startsWith(match[1] ?? '-') === true;
}

export function assertObjectKey(key: string): void {
  if (!isObjectKey(key)) throw new AppError('BAD_REQUEST', 'Invalid storage key');
}

/** Media type without parameters, lower-cased: `Text/Plain; charset=utf-8` → `text/plain`. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(disposition: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
