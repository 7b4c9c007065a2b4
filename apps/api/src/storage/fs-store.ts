import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { DigestStream, digestOf, TooLargeError } from './digest.js';
import {
  assertObjectKey,
  type FileStore,
  isObjectKey,
  mediaTypeOf,
  newObjectKey,
  type ReadUrlOptions,
  type SignedUpload,
  type UploadDeclaration,
  type VerifyResult,
} from './file-store.js';
import { sign, verifySignature } from './signing.js';

const verifiedRecord = z.object({ bytes: z.number().int().min(0), sha256: z.string() });
const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export interface FsFileStoreOptions {
  /** Directory that holds the objects; nothing is ever written outside it. */
  root: string;
  /** HMAC key for upload and read URLs. */
  secret: string;
  ttlSeconds: number;
  /** Clock, for tests. */
  now?: () => number;
}

/** Query of a signed upload URL, as received (already parsed by the route's schema). */
export interface UploadGrant {
  bytes: number;
  sha256: string;
  type: string;
  expires: number;
  signature: string;
}

export interface ReadGrant {
  disposition: 'inline' | 'attachment';
  filename: string;
  type: string;
  expires: number;
  signature: string;
}

/** What an upload URL's signature covers: every field of the grant but the signature itself. */
const uploadFields = (key: string, g: Omit<UploadGrant, 'signature'>) =>
  ['PUT', key, g.bytes, g.sha256, g.type, g.expires] as const;
/** What a read URL's signature covers. */
const readFields = (key: string, g: Omit<ReadGrant, 'signature'>) =>
  ['GET', key, g.disposition, g.filename, g.type, g.expires] as const;

export const FS_UPLOAD_PATH = '/storage/uploads';
export const FS_OBJECT_PATH = '/storage/objects';
const TEMP_DIR = '.incoming';
/**
 * Where the store notes, per object, the size and SHA-256 it checked while receiving the PUT (see
 * receiveUpload). Only the store writes here, and only after its own hash matched the signed
 * declaration; no key can name this folder, so no URL reaches it.
 */
const VERIFIED_DIR = '.verified';
/**
 * How much of an upload may wait in memory between the socket and the disk (per stream): enough that
 * the socket goes on being read while a write is on its way to disk, and the chunks that queue up
 * meanwhile go out in one writev; small enough that an upload of any size stays a couple of MB of
 * memory. (The streams' 64 KiB default is one socket read: each write paused the socket.)
 */
const UPLOAD_BUFFER_BYTES = 1024 * 1024;
/** A partial upload not written to for this long is abandoned (removed at start and by housekeeping). */
export const INCOMING_MAX_IDLE_MS = 60 * 60 * 1000;

/**
 * Local-disk store. Uploads go through the API's own PUT route: the body is streamed to a temporary
 * file while it is hashed, and moved into place only when size and SHA-256 match the signed
 * declaration. Reads are streamed, or served through signed, expiring URLs.
 */
export class FsFileStore implements FileStore {
  readonly driver = 'fs';
  readonly #root: string;
  readonly #secret: string;
  readonly #ttlSeconds: number;
  readonly #now: () => number;

  constructor(options: FsFileStoreOptions) {
    this.#root = path.resolve(options.root);
    this.#secret = options.secret;
    this.#ttlSeconds = options.ttlSeconds;
    this.#now = options.now ?? Date.now;
  }

  /** Creates the directories and removes partial uploads left by a crash (see sweepIncoming). */
  async init(): Promise<void> {
    await fs.mkdir(path.join(this.#root, TEMP_DIR), { recursive: true });
    await fs.mkdir(path.join(this.#root, VERIFIED_DIR), { recursive: true });
    await this.sweepIncoming(new Date(this.#now() - INCOMING_MAX_IDLE_MS));
  }

  /** Absolute path of a key, refusing anything that is not a server-made key inside the root. */
  #pathOf(key: string): string {
    assertObjectKey(key);
    const resolved = path.resolve(this.#root, key);
    if (!resolved.startsWith(this.#root + path.sep)) throw new AppError('BAD_REQUEST', 'Invalid storage key');
    return resolved;
  }

  #expiry(): number {
    return Math.floor(this.#now() / 1000) + this.#ttlSeconds;
  }

  async createUpload(declaration: UploadDeclaration): Promise<SignedUpload> {
    const key = newObjectKey();
    const expires = this.#expiry();
    const type = mediaTypeOf(declaration.contentType);
    const signature = sign(
      this.#secret,
      uploadFields(key, { bytes: declaration.bytes, sha256: declaration.sha256, type, expires }),
    );
    const query = new URLSearchParams({
      bytes: String(declaration.bytes),
      sha256: declaration.sha256,
      type,
      expires: String(expires),
      signature,
    });
    return {
      key,
      url: `${FS_UPLOAD_PATH}/${key}?${query}`,
      method: 'PUT',
      headers: { 'Content-Type': type },
      expiresAt: new Date(expires * 1000),
    };
  }

  /** Checks a signed URL's signature and expiry; throws 403 otherwise. */
  #assertGrant(fields: readonly (string | number)[], expires: number, signature: string, what: string): void {
    if (!verifySignature(this.#secret, fields, signature)) {
      throw new AppError('FORBIDDEN', `Invalid ${what} signature`);
    }
    if (expires * 1000 < this.#now()) throw new AppError('FORBIDDEN', `The ${what} URL has expired`);
  }

  /**
   * Checks everything that can be checked before reading the body: signature, expiry,
   * Content-Type, and Content-Length when the client sent one.
   */
  authorizeUpload(
    key: string,
    grant: UploadGrant,
    headers: { contentType?: string; contentLength?: number },
  ) {
    this.#pathOf(key);
    this.#assertGrant(uploadFields(key, grant), grant.expires, grant.signature, 'upload');
    if (mediaTypeOf(headers.contentType) !== grant.type) {
      throw new AppError('BAD_REQUEST', `Content-Type must be ${grant.type}, as signed`);
    }
    if (headers.contentLength !== undefined && headers.contentLength > grant.bytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', `Upload is larger than the declared ${grant.bytes} bytes`);
    }
    if (headers.contentLength !== undefined && headers.contentLength < grant.bytes) {
      throw new AppError('BAD_REQUEST', `Upload is smaller than the declared ${grant.bytes} bytes`);
    }
  }

  /** The verified record of an object (see VERIFIED_DIR); the key's name part is unique on its own. */
  #recordOf(key: string): string {
    this.#pathOf(key);
    return path.join(this.#root, VERIFIED_DIR, key.slice(3));
  }

  /**
   * Streams `body` to a temporary file while hashing it, then moves it into place only if it is
   * exactly the declared content, with a record of what was verified (so registering it need not read
   * and hash it again: verifyUpload). On any failure the temporary file is removed and no record kept.
   * Call authorizeUpload first.
   */
  async receiveUpload(
    key: string,
    grant: UploadGrant,
    body: Readable,
  ): Promise<{ key: string; bytes: number; sha256: string }> {
    const target = this.#pathOf(key);
    const temp = path.join(this.#root, TEMP_DIR, randomBytes(16).toString('hex'));
    const record = this.#recordOf(key);
    const digest = new DigestStream(grant.bytes, UPLOAD_BUFFER_BYTES);
    try {
      await pipeline(
        body,
        digest,
        createWriteStream(temp, { flags: 'wx', highWaterMark: UPLOAD_BUFFER_BYTES }),
      );
      if (digest.bytes !== grant.bytes) {
        throw new AppError(
          'BAD_REQUEST',
          `Upload is ${digest.bytes} bytes, but ${grant.bytes} were declared`,
        );
      }
      if (digest.digest() !== grant.sha256) {
        throw new AppError('BAD_REQUEST', 'Upload does not match the declared SHA-256');
      }
      // The record first: an object is never in place without it (a crash in between leaves a record
      // without an object, which counts as "not uploaded" and is swept).
      await fs.writeFile(record, JSON.stringify({ bytes: grant.bytes, sha256: grant.sha256 }));
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(temp, target);
      return { key, bytes: grant.bytes, sha256: grant.sha256 };
    } catch (error) {
      await fs.rm(temp, { force: true });
      await fs.rm(record, { force: true });
      if (error instanceof TooLargeError) throw new AppError('PAYLOAD_TOO_LARGE', error.message);
      throw error;
    }
  }

  async putObject(
    content: Buffer,
    _contentType: string,
  ): Promise<{ key: string; bytes: number; sha256: string }> {
    const key = newObjectKey();
    const target = this.#pathOf(key);
    const temp = path.join(this.#root, TEMP_DIR, randomBytes(16).toString('hex'));
    await fs.writeFile(temp, content, { flag: 'wx' });
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(temp, target);
    return { key, bytes: content.length, sha256: createHash('sha256').update(content).digest('hex') };
  }

  async putStream(
    content: Readable,
    _contentType: string,
    bytes: number,
  ): Promise<{ key: string; bytes: number; sha256: string }> {
    const key = newObjectKey();
    const target = this.#pathOf(key);
    const temp = path.join(this.#root, TEMP_DIR, randomBytes(16).toString('hex'));
    const digest = new DigestStream(bytes, UPLOAD_BUFFER_BYTES);
    try {
      await pipeline(
        content,
        digest,
        createWriteStream(temp, { flags: 'wx', highWaterMark: UPLOAD_BUFFER_BYTES }),
      );
      if (digest.bytes !== bytes) throw new Error(`Stored ${digest.bytes} bytes, but ${bytes} were expected`);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(temp, target);
      return { key, bytes, sha256: digest.digest() };
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  /**
   * Trusts the record receiveUpload wrote after its own hash matched: the object is not read again,
   * only its size is checked. The record is spent here (a second check, or an object stored before
   * records existed, is hashed in full). Trust boundary: the data directory is the server's own; a file
   * changed on disk after its PUT is not this check's to find (ZIP exports verify every SHA-256 as they
   * stream).
   */
  async verifyUpload(
    key: string,
    declaration: Pick<UploadDeclaration, 'bytes' | 'sha256'>,
  ): Promise<VerifyResult> {
    const recorded = await this.#takeRecord(key);
    if (!recorded) return this.#hashUpload(key, declaration);
    const found = await this.stat(key);
    if (!found) return { ok: false, reason: 'missing' };
    if (found.bytes !== declaration.bytes || recorded.bytes !== declaration.bytes) {
      await this.remove(key);
      return { ok: false, reason: 'size_mismatch' };
    }
    if (recorded.sha256 !== declaration.sha256) {
      await this.remove(key);
      return { ok: false, reason: 'hash_mismatch' };
    }
    return { ok: true, bytes: recorded.bytes, sha256: recorded.sha256 };
  }

  /** Reads and removes an object's verified record; null when there is none (or it is unreadable). */
  async #takeRecord(key: string): Promise<{ bytes: number; sha256: string } | null> {
    const file = this.#recordOf(key);
    const text = await fs.readFile(file, 'utf8').catch(() => null);
    if (text === null) return null;
    await fs.rm(file, { force: true });
    const parsed = verifiedRecord.safeParse(safeJson(text));
    return parsed.success ? parsed.data : null;
  }

  /** The full check: size, then SHA-256 of the stored bytes; a mismatching object is removed. */
  async #hashUpload(
    key: string,
    declaration: Pick<UploadDeclaration, 'bytes' | 'sha256'>,
  ): Promise<VerifyResult> {
    const file = this.#pathOf(key);
    // One open file for the size and the hash: an object removed meanwhile (the orphan sweep) is
    // either read whole through the handle or "missing", never an error half-way.
    const handle = await fs.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!handle) return { ok: false, reason: 'missing' };
    let actual: { bytes: number; sha256: string };
    try {
      if ((await handle.stat()).size !== declaration.bytes) {
        await fs.rm(file, { force: true });
        return { ok: false, reason: 'size_mismatch' };
      }
      actual = await digestOf(handle.createReadStream({ autoClose: false }));
    } finally {
      await handle.close();
    }
    if (actual.sha256 !== declaration.sha256) {
      await fs.rm(file, { force: true });
      return { ok: false, reason: 'hash_mismatch' };
    }
    return { ok: true, ...actual };
  }

  async createReadUrl(key: string, options: ReadUrlOptions): Promise<{ url: string; expiresAt: Date }> {
    this.#pathOf(key);
    const expires = this.#expiry();
    const type = mediaTypeOf(options.contentType);
    const signature = sign(
      this.#secret,
      readFields(key, { disposition: options.disposition, filename: options.filename, type, expires }),
    );
    const query = new URLSearchParams({
      disposition: options.disposition,
      filename: options.filename,
      type,
      expires: String(expires),
      signature,
    });
    return { url: `${FS_OBJECT_PATH}/${key}?${query}`, expiresAt: new Date(expires * 1000) };
  }

  authorizeRead(key: string, grant: ReadGrant): void {
    this.#pathOf(key);
    this.#assertGrant(readFields(key, grant), grant.expires, grant.signature, 'download');
  }

  async openRead(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = this.#pathOf(key);
    const handle = await fs.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new AppError('NOT_FOUND', 'File not found');
      throw error;
    });
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<{ bytes: number } | null> {
    const file = this.#pathOf(key);
    try {
      const info = await fs.stat(file);
      return info.isFile() ? { bytes: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.#pathOf(key), { force: true });
    await fs.rm(this.#recordOf(key), { force: true });
  }

  async sweepIncoming(before: Date): Promise<number> {
    // A running upload keeps writing to its file, so only files idle since `before` are removed.
    const temp = path.join(this.#root, TEMP_DIR);
    let removed = 0;
    for (const name of await fs.readdir(temp).catch(() => [])) {
      const file = path.join(temp, name);
      const info = await fs.stat(file).catch(() => null);
      if (info?.isFile() && info.mtimeMs < before.getTime()) {
        await fs.rm(file, { force: true });
        removed += 1;
      }
    }
    // Records are spent at registration or removed with their object; one left without its object
    // (a crash between the two writes of receiveUpload) goes once it is as idle.
    const records = path.join(this.#root, VERIFIED_DIR);
    for (const name of await fs.readdir(records).catch(() => [])) {
      const key = `${name.slice(0, 2)}/${name}`;
      if (!isObjectKey(key) || (await this.stat(key))) continue;
      const info = await fs.stat(path.join(records, name)).catch(() => null);
      if (info?.isFile() && info.mtimeMs < before.getTime())
        await fs.rm(path.join(records, name), { force: true });
    }
    return removed;
  }

  async *listObjects(): AsyncIterable<{ key: string; modifiedAt: Date }> {
    for (const folder of await fs.readdir(this.#root).catch(() => [])) {
      if (!/^[0-9a-f]{2}$/.test(folder)) continue;
      for (const name of await fs.readdir(path.join(this.#root, folder)).catch(() => [])) {
        const key = `${folder}/${name}`;
        if (!isObjectKey(key)) continue;
        const info = await fs.stat(path.join(this.#root, key)).catch(() => null);
        if (info?.isFile()) yield { key, modifiedAt: info.mtime };
      }
    }
  }

  async check(): Promise<void> {
    // Writable and readable: write, read back and remove a probe in the temp folder.
    const probe = path.join(this.#root, TEMP_DIR, `health-${randomBytes(8).toString('hex')}`);
    await fs.writeFile(probe, 'ok');
    try {
      if ((await fs.readFile(probe, 'utf8')) !== 'ok')
        throw new Error('storage probe read back wrong content');
    } finally {
      await fs.rm(probe, { force: true });
    }
  }
}
