import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { downloadFileName } from '@propertydna/domain';
import * as Minio from 'minio';
import { AppError } from '../errors.js';
import { DigestStream, digestOf } from './digest.js';
import { dispositionFor } from './download-headers.js';
import {
  assertObjectKey,
  contentDisposition,
  type FileStore,
  isObjectKey,
  mediaTypeOf,
  newObjectKey,
  type ReadUrlOptions,
  type SignedUpload,
  type UploadDeclaration,
  type VerifyResult,
} from './file-store.js';

export interface S3FileStoreOptions {
  endpoint: string;
  /** Address browsers reach the bucket at, if not the same as `endpoint`. */
  publicEndpoint?: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  ttlSeconds: number;
}

function clientFor(endpoint: string, options: S3FileStoreOptions): Minio.Client {
  const url = new URL(endpoint);
  const useSSL = url.protocol === 'https:';
  return new Minio.Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    // A fixed region keeps presigning offline (no bucket-location request).
    region: options.region,
    pathStyle: true,
  });
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'NotFound' || code === 'NoSuchKey';
}

/**
 * S3-compatible store (AWS S3, MinIO, …) through the minio client. Browsers PUT and GET with
 * presigned URLs; since a presigned PUT cannot bind size and hash, the server streams the object
 * back after upload and checks both before anything may refer to it.
 */
export class S3FileStore implements FileStore {
  readonly driver = 's3';
  readonly #client: Minio.Client;
  readonly #publicClient: Minio.Client;
  readonly #bucket: string;
  readonly #ttlSeconds: number;

  constructor(options: S3FileStoreOptions) {
    this.#client = clientFor(options.endpoint, options);
    this.#publicClient = options.publicEndpoint ? clientFor(options.publicEndpoint, options) : this.#client;
    this.#bucket = options.bucket;
    this.#ttlSeconds = options.ttlSeconds;
  }

  /** Creates the bucket if it does not exist yet (convenient for a fresh MinIO). */
  async init(region: string): Promise<void> {
    if (!(await this.#client.bucketExists(this.#bucket))) await this.#client.makeBucket(this.#bucket, region);
  }

  async createUpload(declaration: UploadDeclaration): Promise<SignedUpload> {
    const key = newObjectKey();
    const url = await this.#publicClient.presignedPutObject(this.#bucket, key, this.#ttlSeconds);
    return {
      key,
      url,
      method: 'PUT',
      headers: { 'Content-Type': mediaTypeOf(declaration.contentType) },
      expiresAt: new Date(Date.now() + this.#ttlSeconds * 1000),
    };
  }

  async putObject(
    content: Buffer,
    contentType: string,
  ): Promise<{ key: string; bytes: number; sha256: string }> {
    const key = newObjectKey();
    await this.#client.putObject(this.#bucket, key, content, content.length, {
      'Content-Type': mediaTypeOf(contentType),
    });
    return { key, bytes: content.length, sha256: createHash('sha256').update(content).digest('hex') };
  }

  async putStream(
    content: Readable,
    contentType: string,
    bytes: number,
  ): Promise<{ key: string; bytes: number; sha256: string }> {
    const key = newObjectKey();
    const digest = new DigestStream(bytes);
    // The size is known, so the client sends parts of its own part size (not the whole stream at once).
    const hashed = content.pipe(digest);
    content.on('error', (error) => digest.destroy(error));
    try {
      await this.#client.putObject(this.#bucket, key, hashed, bytes, {
        'Content-Type': mediaTypeOf(contentType),
      });
    } catch (error) {
      await this.remove(key).catch(() => {});
      throw error;
    }
    if (digest.bytes !== bytes) {
      await this.remove(key);
      throw new Error(`Stored ${digest.bytes} bytes, but ${bytes} were expected`);
    }
    return { key, bytes, sha256: digest.digest() };
  }

  async verifyUpload(
    key: string,
    declaration: Pick<UploadDeclaration, 'bytes' | 'sha256'>,
  ): Promise<VerifyResult> {
    const found = await this.stat(key);
    if (!found) return { ok: false, reason: 'missing' };
    if (found.bytes !== declaration.bytes) {
      await this.remove(key);
      return { ok: false, reason: 'size_mismatch' };
    }
    const actual = await digestOf(await this.#client.getObject(this.#bucket, key));
    if (actual.bytes !== declaration.bytes || actual.sha256 !== declaration.sha256) {
      await this.remove(key);
      return { ok: false, reason: actual.bytes !== declaration.bytes ? 'size_mismatch' : 'hash_mismatch' };
    }
    return { ok: true, ...actual };
  }

  async createReadUrl(key: string, options: ReadUrlOptions): Promise<{ url: string; expiresAt: Date }> {
    assertObjectKey(key);
    // S3 lets a signed GET override only these response headers: nosniff and the CSP of
    // downloadHeaders cannot be set this way, which is why the app streams its downloads itself.
    const url = await this.#publicClient.presignedGetObject(this.#bucket, key, this.#ttlSeconds, {
      'response-content-disposition': contentDisposition(
        dispositionFor(options.disposition, options.contentType),
        downloadFileName(options.filename, options.contentType),
      ),
      'response-content-type': mediaTypeOf(options.contentType),
      'response-cache-control': 'private, no-store',
    });
    return { url, expiresAt: new Date(Date.now() + this.#ttlSeconds * 1000) };
  }

  async openRead(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertObjectKey(key);
    try {
      return range
        ? await this.#client.getPartialObject(this.#bucket, key, range.start, range.end - range.start + 1)
        : await this.#client.getObject(this.#bucket, key);
    } catch (error) {
      if (isNotFound(error)) throw new AppError('NOT_FOUND', 'File not found');
      throw error;
    }
  }

  async stat(key: string): Promise<{ bytes: number } | null> {
    assertObjectKey(key);
    try {
      const info = await this.#client.statObject(this.#bucket, key);
      return { bytes: info.size };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertObjectKey(key);
    await this.#client.removeObject(this.#bucket, key);
  }

  async *listObjects(): AsyncIterable<{ key: string; modifiedAt: Date }> {
    const stream = this.#client.listObjectsV2(this.#bucket, '', true);
    for await (const item of stream as AsyncIterable<{ name?: string; lastModified?: Date }>) {
      if (item.name && isObjectKey(item.name)) {
        yield { key: item.name, modifiedAt: item.lastModified ?? new Date(0) };
      }
    }
  }

  /** The browser PUTs straight to the bucket: the store itself holds no partial uploads. */
  async sweepIncoming(_before: Date): Promise<number> {
    return 0;
  }

  async check(): Promise<void> {
    if (!(await this.#client.bucketExists(this.#bucket)))
      throw new Error(`bucket ${this.#bucket} does not exist`);
  }
}
