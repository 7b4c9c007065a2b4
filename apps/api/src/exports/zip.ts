import { createHash } from 'node:crypto';
import { type PassThrough, pipeline, type Readable, Transform } from 'node:stream';
import { downloadFileName } from '@propertydna/domain';
import type { FastifyReply } from 'fastify';
import yazl from 'yazl';
import { AppError } from '../errors.js';
import { attachmentHeaders } from '../storage/download-headers.js';
import type { FileStore } from '../storage/file-store.js';

/**
 * Streamed ZIP downloads of vault documents, checked against the vault on the way out.
 *
 * How to use it (the reports and the claim packs do):
 *
 *   const entries: ZipEntry[] = [
 *     { path: 'insurance-pack.pdf', content: pdfBuffer },                 // made in memory: reports
 *     { path: 'documents/certificate/CoC.pdf', document: vaultDocument }, // streamed from the store
 *   ];
 *   return zipResponse(reply, services.store, {
 *     filename: `insurance-pack-${id}.zip`,
 *     entries: withManifest(entries, { property: { id, dna_code } }, now), // adds manifest.json first
 *     mtime: now,
 *   });
 *
 * - Nothing is held in memory but the `content` entries: each document is read from the store only
 *   when its turn comes, piped through a SHA-256 and into the response with backpressure.
 * - Every entry is stored uncompressed (vault files are PDFs and photos, compressed already), so the
 *   archive's size is known before the first byte and sent as Content-Length: browsers show progress.
 * - Before anything is sent, every document's stored size is checked (a missing or resized file answers
 *   a 500 with a message naming it). While packing, each document's bytes are hashed; bytes that do not
 *   match the vault's SHA-256 and size stop the export: the error is logged and the response is
 *   destroyed, so the client gets a broken download rather than a wrong file.
 * - Paths must be unique (use ZipPaths to make them so); a duplicate is a programming error and throws.
 */

/** A vault document to pack: where its bytes are and what they must be. */
export interface StoredFile {
  /** The vault document's id (named in the manifest). */
  id: string;
  storage_key: string;
  /** Lower-case hex SHA-256 the vault recorded at upload. */
  sha256: string;
  bytes: number;
}

/** A vault document as the ZIP packs it. */
export const storedFileOf = (document: StoredFile): StoredFile => ({
  id: document.id,
  storage_key: document.storage_key,
  sha256: document.sha256,
  bytes: document.bytes,
});

export type ZipEntry = { path: string; content: Buffer | string } | { path: string; document: StoredFile };

/** One file of the archive as manifest.json lists it. */
export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
  /** The vault document the file is (null for a generated report). */
  document_id: string | null;
}

export const MANIFEST_PATH = 'manifest.json';

const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const bufferOf = (content: Buffer | string) => (typeof content === 'string' ? Buffer.from(content) : content);

/** What the manifest says of each entry; a document's hash is the vault's (the packing checks it). */
export function manifestFiles(entries: readonly ZipEntry[]): ManifestFile[] {
  return entries.map((entry) => {
    if ('document' in entry) {
      const { id, sha256, bytes } = entry.document;
      return { path: entry.path, bytes, sha256, document_id: id };
    }
    const data = bufferOf(entry.content);
    return { path: entry.path, bytes: data.length, sha256: sha256Of(data), document_id: null };
  });
}

/**
 * The entries with `manifest.json` in front: `{ format, version, generated_at, ...about, files }`, where
 * `files` lists every other entry with its path, size, SHA-256 and (for documents) vault document id.
 */
export function withManifest(
  entries: readonly ZipEntry[],
  about: Record<string, unknown>,
  now: Date,
): ZipEntry[] {
  const manifest = {
    format: 'propertydna.manifest',
    version: 1,
    generated_at: now.toISOString(),
    ...about,
    files: manifestFiles(entries),
  };
  return [{ path: MANIFEST_PATH, content: `${JSON.stringify(manifest, null, 2)}\n` }, ...entries];
}

/** Characters no common file system takes in a name, and control characters. */
const UNSAFE_IN_NAME = /[<>:"/\\|?*\p{Cc}]/gu;

/** A name safe as one path segment on Windows, macOS and Linux ('document' when nothing is left). */
export function safeZipName(name: string): string {
  const cleaned = name
    .replace(UNSAFE_IN_NAME, '_')
    .trim()
    .replace(/[. ]+$/, '');
  return cleaned === '' || /^\.+$/.test(cleaned) ? 'document' : cleaned;
}

/**
 * Hands out unique archive paths: the second 'documents/policy/Policy.pdf' becomes
 * 'documents/policy/Policy (2).pdf'. Compared without regard to case, as Windows and macOS do.
 */
export class ZipPaths {
  readonly #taken = new Set<string>();

  /**
   * A unique path for a file called `name` in `folder` ('' for the archive's root); given its content
   * type, with that type's extension (as a download is saved: a text/plain 'page.html' is 'page.html.txt').
   */
  add(folder: string, name: string, contentType?: string): string {
    const safe = safeZipName(contentType ? downloadFileName(name, contentType) : name);
    const dot = safe.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
    for (let n = 1; ; n++) {
      const candidate = `${folder ? `${folder}/` : ''}${n === 1 ? stem : `${stem} (${n})`}${extension}`;
      if (!this.#taken.has(candidate.toLowerCase())) {
        this.#taken.add(candidate.toLowerCase());
        return candidate;
      }
    }
  }
}

/** Stored bytes that are not what the vault recorded for a document. */
export class StoredFileMismatchError extends Error {
  override readonly name = 'StoredFileMismatchError';
  constructor(
    readonly details: {
      path: string;
      document_id: string;
      expected_sha256: string;
      expected_bytes: number;
      actual_sha256: string | null;
      actual_bytes: number;
    },
  ) {
    super(`The stored file of ${details.path} does not match the SHA-256 and size the vault recorded`);
  }
}

/**
 * A pass-through that hashes what flows through it and errors (instead of ending) when the bytes are
 * not exactly `expected`: at once when there are more, at the end when fewer or different. The last
 * chunk is held back until the digest is known, so a file that fails never reaches the client whole:
 * even a client that keeps a cut-off archive cannot get all of a wrong file.
 */
export function verifyingStream(path: string, expected: StoredFile): Transform {
  const hash = createHash('sha256');
  let bytes = 0;
  let held: Buffer | null = null;
  const mismatch = (actual: string | null) =>
    new StoredFileMismatchError({
      path,
      document_id: expected.id,
      expected_sha256: expected.sha256,
      expected_bytes: expected.bytes,
      actual_sha256: actual,
      actual_bytes: bytes,
    });
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > expected.bytes) return callback(mismatch(null));
      hash.update(chunk);
      const previous = held;
      held = chunk;
      callback(null, previous ?? undefined);
    },
    flush(callback) {
      const actual = hash.digest('hex');
      if (bytes !== expected.bytes || actual !== expected.sha256) return callback(mismatch(actual));
      callback(null, held ?? undefined);
    },
  });
}

/** Refuses before anything is sent when a document's stored object is gone or not its recorded size. */
async function checkStoredSizes(reply: FastifyReply, store: FileStore, entries: readonly ZipEntry[]) {
  for (const entry of entries) {
    if (!('document' in entry)) continue;
    const stored = await store.stat(entry.document.storage_key);
    if (stored?.bytes === entry.document.bytes) continue;
    reply.log.error(
      { path: entry.path, document_id: entry.document.id, expected_bytes: entry.document.bytes, stored },
      'export refused: a stored file is missing or not its recorded size',
    );
    throw new AppError(
      'INTERNAL',
      `The export was stopped: the stored file of ${entry.path} is missing or damaged. Nothing was sent.`,
    );
  }
}

export interface ZipDownload {
  /** The download's file name (Content-Disposition). */
  filename: string;
  entries: readonly ZipEntry[];
  /** The modification time written for every entry. */
  mtime: Date;
}

/**
 * Answers the request with the ZIP of `entries`, streamed (see the top of this file). Resolves to the
 * reply once streaming has started; failures after that end the response instead of rejecting.
 */
export async function zipResponse(
  reply: FastifyReply,
  store: FileStore,
  { filename, entries, mtime }: ZipDownload,
): Promise<FastifyReply> {
  const seen = new Set<string>();
  for (const { path } of entries) {
    if (seen.has(path.toLowerCase())) throw new Error(`Duplicate path in a ZIP: ${path}`);
    seen.add(path.toLowerCase());
  }
  await checkStoredSizes(reply, store, entries);

  const zip = new yazl.ZipFile();
  const output = zip.outputStream as PassThrough;
  let stopped = false;
  let reading: Readable | null = null;
  const stop = (error: Error) => {
    if (stopped) return;
    stopped = true;
    reply.log.error(
      { err: error, archive: filename, ...(error instanceof StoredFileMismatchError ? error.details : {}) },
      'export stopped: the download was cut off',
    );
    reading?.destroy();
    // Fastify answers a stream that errors after the headers went out by destroying the response.
    output.destroy(error);
  };
  zip.on('error', stop);
  // The client went away: stop reading the store.
  output.on('close', () => {
    if (!output.readableEnded) {
      stopped = true;
      reading?.destroy();
    }
  });

  const options = { compress: false, mtime };
  for (const entry of entries) {
    if ('content' in entry) {
      zip.addBuffer(bufferOf(entry.content), entry.path, options);
      continue;
    }
    const { path, document } = entry;
    zip.addReadStreamLazy(path, { ...options, size: document.bytes }, (done) => {
      if (stopped) return;
      store.openRead(document.storage_key).then(
        (source) => {
          reading = source;
          const checked = verifyingStream(path, document);
          pipeline(source, checked, (error) => {
            if (error) stop(error);
          });
          done(null, checked);
        },
        (error: unknown) => done(error, undefined as unknown as NodeJS.ReadableStream),
      );
    });
  }
  let size = -1;
  // Called during end(): every entry is stored with a known size (the types omit the argument).
  zip.end({ forceZip64Format: false, comment: '' }, (...args: unknown[]) => {
    size = Number(args[0]);
  });

  reply.headers(attachmentHeaders(filename, 'application/zip'));
  if (size >= 0) reply.header('content-length', size);
  return reply.send(output);
}
