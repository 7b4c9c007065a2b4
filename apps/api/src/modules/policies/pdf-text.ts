import { execFile, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { MAX_UPLOAD_BYTES } from '@propertydna/domain';
import { measurePdfInflation } from './pdf-inflation.js';

/**
 * The text of a PDF, one string per page, for the policy analysis: read with unpdf (a build of Mozilla's
 * PDF.js) in a process of its own, so that a hostile or broken file can cost no more than a size limit,
 * a page limit, an inflation limit, a memory limit and a time budget, and ends as a clear 'could not
 * read' rather than a crash.
 */

export interface PdfTextLimits {
  /** Larger files are not read. */
  maxBytes: number;
  /** Files with more pages are not read. */
  maxPages: number;
  /** The whole extraction (parsing every page) must finish within this. */
  timeoutMs: number;
  /**
   * What the reader process may take once started, heap and buffers alike (its address space; two
   * thirds of it its heap limit); at least MIN_MEMORY_MB.
   */
  maxMemoryMb: number;
  /** What one stream of the file may unpack to. */
  maxStreamBytes: number;
  /** What all the streams of the file together may unpack to. */
  maxInflatedBytes: number;
}

const MB = 1024 * 1024;

/**
 * What a policy wording needs, with room to spare: a page of dense text is a 5–50 KB content stream, an
 * embedded font a few hundred KB to a few MB (a whole CJK font about 16 MB), so a stream of 32 MB is far
 * past any wording's; 200 pages (the page limit) of 50 KB with a dozen fonts unpack to about 40 MB, so
 * 128 MB in all. Images are not counted: text extraction never unpacks them (a scan still reads as one
 * without text). The reader's 160 MB holds PDF.js reading the largest of these (a 200-page wording
 * peaks at 120 MB, a 44 MB scan at 150 MB).
 */
export const MAX_STREAM_INFLATED_BYTES = 32 * MB;
export const MAX_DOCUMENT_INFLATED_BYTES = 128 * MB;

export const PDF_TEXT_LIMITS: PdfTextLimits = {
  maxBytes: MAX_UPLOAD_BYTES,
  maxPages: 200,
  timeoutMs: 30_000,
  maxMemoryMb: 160,
  maxStreamBytes: MAX_STREAM_INFLATED_BYTES,
  maxInflatedBytes: MAX_DOCUMENT_INFLATED_BYTES,
};

const MIN_MEMORY_MB = 16;

export type PdfTextFailure =
  | 'too_large'
  | 'too_many_pages'
  | 'too_much_content'
  | 'too_complex'
  | 'timeout'
  | 'encrypted'
  | 'unreadable';

export type PdfTextResult =
  | { ok: true; pages: string[] }
  | { ok: false; reason: PdfTextFailure; error: string };

const FAILURE_MESSAGES: Record<PdfTextFailure, (limits: PdfTextLimits) => string> = {
  too_large: (limits) =>
    `The PDF could not be read: it is larger than ${Math.round(limits.maxBytes / MB)} MB.`,
  too_many_pages: (limits) => `The PDF could not be read: it has more than ${limits.maxPages} pages.`,
  too_much_content: (limits) =>
    `The PDF could not be read: its compressed content unpacks to more than ${Math.round(limits.maxInflatedBytes / MB)} MB (or ${Math.round(limits.maxStreamBytes / MB)} MB in one part), far more than a policy wording holds.`,
  too_complex: () => 'The PDF could not be read: it needs more memory than a policy wording should.',
  timeout: () => 'The PDF could not be read: reading it took too long.',
  encrypted: () => 'The PDF could not be read: it is protected by a password.',
  unreadable: () => 'The PDF could not be read: the file is damaged or is not a PDF.',
};

function failure(reason: PdfTextFailure, limits: PdfTextLimits): PdfTextResult {
  return { ok: false, reason, error: FAILURE_MESSAGES[reason](limits) };
}

/** A PDF.js text item: its string, its position (transform[4], transform[5]) and size. */
export interface PdfTextItem {
  str: string;
  transform: number[];
  height: number;
  hasEOL: boolean;
}

/**
 * A page's text from its PDF.js items: the items of a line joined, lines by a line break, and a blank
 * line where the gap to the next line is wider than one and a half lines (a paragraph break, which the
 * clause splitter reads). Runs inside the worker too (it is handed over as source): it must use nothing
 * from outside itself.
 */
export function pageText(items: readonly PdfTextItem[]): string {
  const lines: { text: string; y: number; height: number }[] = [];
  let current: { text: string; y: number; height: number } | null = null;
  for (const item of items) {
    const y = item.transform[5] ?? 0;
    const height = item.height || Math.abs(item.transform[3] ?? 0) || 10;
    if (current && item.str !== '' && Math.abs(current.y - y) > height / 2) {
      lines.push(current);
      current = null;
    }
    if (!current) current = { text: '', y, height };
    current.text += item.str;
    if (item.hasEOL) {
      lines.push(current);
      current = null;
    }
  }
  if (current) lines.push(current);
  const out: string[] = [];
  let previous: { y: number; height: number } | null = null;
  for (const line of lines) {
    const text = line.text.replace(/\s+/g, ' ').trim();
    if (text === '') continue;
    if (previous && previous.y - line.y > previous.height * 1.8) out.push('');
    out.push(text);
    previous = line;
  }
  return out.join('\n');
}

/**
 * The reader: a Node process of its own, so that what PDF.js allocates outside the JS heap (a stream
 * it unpacks is one growing buffer) is bounded too. It loads PDF.js, reads the file from its stdin and
 * says it is ready with the address space it has then; the server limits that address space to what
 * it has plus `maxMemoryMb` (prlimit), then lets it measure the streams (pdf-inflation.ts) and read
 * the pages. It answers over IPC; every error it can catch is an answer, so a reader that ends without
 * one was ended by a limit (the kernel's, or V8's heap limit).
 */
const READER_SOURCE = `
const zlib = require('node:zlib');
const { readFileSync } = require('node:fs');
// What esbuild's keepNames (tsx, in development) wraps functions in: the functions below are source.
const __name = (target) => target;
const measurePdfInflation = (${measurePdfInflation.toString()});
const pageText = (${pageText.toString()});
const answer = (message) => process.send(message, () => process.exit(0));
const reasonOf = (error) =>
  /out of memory|allocation failed|call stack/i.test(String(error && error.message))
    ? 'too_complex'
    : error && error.name === 'PasswordException' ? 'encrypted' : 'unreadable';
process.on('disconnect', () => process.exit(0));
(async () => {
  const unpdf = require(process.argv[1]);
  await unpdf.getResolvedPDFJS();
  // The thread pool (which zlib's streams use) starts before the bound is set, not within it.
  await new Promise((resolve) => zlib.inflate(zlib.deflateSync(Buffer.alloc(1)), resolve));
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  process.once('message', async (limits) => {
    try {
      const inflation = await measurePdfInflation(bytes, limits, zlib);
      if (!inflation.ok)
        return answer({ reason: inflation.limit === 'structure' ? 'unreadable' : 'too_much_content' });
      // PDF.js takes a Uint8Array, not a Buffer: a view of the bytes where they own their memory.
      const data = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? new Uint8Array(bytes.buffer) : new Uint8Array(bytes);
      const pdf = await unpdf.getDocumentProxy(data, { verbosity: 0, stopAtErrors: false });
      if (pdf.numPages > limits.maxPages) return answer({ reason: 'too_many_pages' });
      const pages = [];
      for (let number = 1; number <= pdf.numPages; number += 1) {
        const page = await pdf.getPage(number);
        const content = await page.getTextContent();
        pages.push(pageText(content.items.filter((item) => typeof item.str === 'string')));
        page.cleanup();
      }
      await pdf.loadingTask.destroy();
      answer({ pages });
    } catch (error) {
      answer({ reason: reasonOf(error) });
    }
  });
  let status = '';
  try {
    status = readFileSync('/proc/self/status', 'utf8');
  } catch {}
  const vmSize = /VmSize:\\s+(\\d+) kB/.exec(status);
  process.send({ ready: true, addressSpaceKb: vmSize ? Number(vmSize[1]) : null });
})().catch((error) => answer({ reason: reasonOf(error) }));
`;

const unpdfPath = createRequire(import.meta.url).resolve('unpdf');

/** The bytes of a source, or null once they pass `maxBytes` (the stream is then destroyed). */
async function bytesOf(source: Uint8Array | Readable, maxBytes: number): Promise<Uint8Array | null> {
  if (source instanceof Uint8Array) return source.byteLength > maxBytes ? null : source;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buffer.byteLength;
    if (size > maxBytes) {
      source.destroy();
      return null;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}

const execFileAsync = promisify(execFile);
let unboundedWarned = false;

/**
 * Limits a process's address space (its heap, its buffers, its mappings) to `bytes`: allocations past
 * it fail. False where that cannot be done (no prlimit, not Linux): the reader then runs with its heap
 * limit and the inflation limits only, and the server warns once.
 */
async function boundAddressSpace(pid: number, bytes: number): Promise<boolean> {
  try {
    await execFileAsync('prlimit', [`--pid=${pid}`, `--as=${bytes}`]);
    return true;
  } catch (error) {
    if (!unboundedWarned) {
      unboundedWarned = true;
      process.emitWarning(`The PDF reader's memory is not bounded: prlimit failed (${String(error)})`);
    }
    return false;
  }
}

type ReaderMessage =
  | { ready: true; addressSpaceKb: number | null }
  | { pages: string[] }
  | { reason: PdfTextFailure };
type ReaderAnswer = { pages: string[] } | { reason: PdfTextFailure };

/**
 * Runs one reader over the bytes; answers once it has exited (its memory given back), so the next
 * reader never overlaps it.
 */
function runReader(bytes: Uint8Array, limits: PdfTextLimits): Promise<ReaderAnswer> {
  return new Promise((resolve, reject) => {
    const memoryMb = Math.max(MIN_MEMORY_MB, limits.maxMemoryMb);
    // Two thirds of the memory for the heap leaves the rest to PDF.js's buffers; a young generation of
    // 8 MB semi-spaces keeps a small heap quick (V8 sizes it from the heap limit, and a 200-page wording
    // took three times as long with the default). That wording reads in 60 MB of heap, 120 MB in all.
    const heapMb = Math.max(MIN_MEMORY_MB, Math.floor((memoryMb * 2) / 3));
    const reader = spawn(
      process.execPath,
      [`--max-old-space-size=${heapMb}`, '--max-semi-space-size=8', '-e', READER_SOURCE, unpdfPath],
      {
        // Nothing of the server's environment: a bounded malloc (one arena, not one per thread) and pool.
        env: { MALLOC_ARENA_MAX: '1', UV_THREADPOOL_SIZE: '1' },
        stdio: ['pipe', 'ignore', 'ignore', 'ipc'],
      },
    );
    let answer: ReaderAnswer | Error | null = null;
    let exited = false;
    const deliver = () => {
      if (answer instanceof Error) reject(answer);
      else if (answer) resolve(answer);
    };
    const settle = (given: ReaderAnswer | Error) => {
      if (answer) return;
      answer = given;
      clearTimeout(timer);
      if (exited) deliver();
      else reader.kill('SIGKILL');
    };
    const timer = setTimeout(() => settle({ reason: 'timeout' }), limits.timeoutMs);
    reader.on('message', (message: ReaderMessage) => {
      if (!('ready' in message)) return settle(message);
      // A reader that died meanwhile is told nothing (its exit answers): no error from the send.
      const go = () =>
        reader.send(
          {
            maxPages: limits.maxPages,
            maxStreamBytes: limits.maxStreamBytes,
            maxTotalBytes: limits.maxInflatedBytes,
          },
          () => {},
        );
      if (message.addressSpaceKb === null || reader.pid === undefined) return go();
      const bound = message.addressSpaceKb * 1024 + memoryMb * 1024 * 1024;
      void boundAddressSpace(reader.pid, bound).then(() => {
        if (!answer) go();
      });
    });
    reader.on('error', (error) => {
      // Could not start (no memory or processes left): the server's trouble, not the file's.
      if (reader.pid === undefined) {
        exited = true;
        settle(error);
      }
    });
    reader.on('exit', (code, signal) => {
      exited = true;
      // Ended without an answer: a limit ended it (the kernel's, or V8's heap), else it was unreadable.
      settle({ reason: signal !== null || code !== 0 ? 'too_complex' : 'unreadable' });
      deliver();
    });
    reader.stdin?.on('error', () => {});
    reader.stdin?.end(bytes);
  });
}

/**
 * One reader at a time, in the order asked: the server's memory bound holds however many analyses the
 * job queue runs at once (each waits its turn, then has its full time budget).
 */
let readers: Promise<unknown> = Promise.resolve();
function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const turn = readers.then(task, task);
  readers = turn.catch(() => {});
  return turn;
}

/**
 * The text of each page of a PDF (a Uint8Array, or a stream such as FileStore.openRead gives), or why
 * it could not be read. A stream that fails while being read throws (a storage fault, not the file's).
 */
export async function extractPdfPages(
  source: Uint8Array | Readable,
  limits: Partial<PdfTextLimits> = {},
): Promise<PdfTextResult> {
  const effective = { ...PDF_TEXT_LIMITS, ...limits };
  const bytes = await bytesOf(source, effective.maxBytes);
  if (!bytes) return failure('too_large', effective);
  if (bytes.byteLength === 0) return failure('unreadable', effective);
  const answer = await inTurn(() => runReader(bytes, effective));
  return 'pages' in answer ? { ok: true, pages: answer.pages } : failure(answer.reason, effective);
}
