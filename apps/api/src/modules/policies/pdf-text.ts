import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { MAX_UPLOAD_BYTES } from '@propertydna/domain';

/**
 * The text of a PDF, one string per page, for the policy analysis: read with unpdf (a build of Mozilla's
 * PDF.js) in a worker thread, so that a hostile or broken file can cost no more than a size limit, a
 * page limit, a memory limit and a time budget, and ends as a clear 'could not read' rather than a crash.
 */

export interface PdfTextLimits {
  /** Larger files are not read. */
  maxBytes: number;
  /** Files with more pages are not read. */
  maxPages: number;
  /** The whole extraction (parsing every page) must finish within this. */
  timeoutMs: number;
  /** The worker's heap, at least MIN_MEMORY_MB (below a few MB V8 aborts the whole process, not the worker). */
  maxMemoryMb: number;
}

export const PDF_TEXT_LIMITS: PdfTextLimits = {
  maxBytes: MAX_UPLOAD_BYTES,
  maxPages: 200,
  timeoutMs: 30_000,
  maxMemoryMb: 256,
};

const MIN_MEMORY_MB = 16;

export type PdfTextFailure =
  | 'too_large'
  | 'too_many_pages'
  | 'too_complex'
  | 'timeout'
  | 'encrypted'
  | 'unreadable';

export type PdfTextResult =
  | { ok: true; pages: string[] }
  | { ok: false; reason: PdfTextFailure; error: string };

const FAILURE_MESSAGES: Record<PdfTextFailure, (limits: PdfTextLimits) => string> = {
  too_large: (limits) =>
    `The PDF could not be read: it is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB.`,
  too_many_pages: (limits) => `The PDF could not be read: it has more than ${limits.maxPages} pages.`,
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

/** The worker: opens the PDF with unpdf, checks the page count, reads each page's text items. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const pageText = (${pageText.toString()});
(async () => {
  try {
    const { getDocumentProxy } = require(workerData.unpdf);
    const pdf = await getDocumentProxy(workerData.bytes, { verbosity: 0, stopAtErrors: false });
    if (pdf.numPages > workerData.maxPages) {
      parentPort.postMessage({ reason: 'too_many_pages' });
      return;
    }
    const pages = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(pageText(content.items.filter((item) => typeof item.str === 'string')));
      page.cleanup();
    }
    await pdf.loadingTask.destroy();
    parentPort.postMessage({ pages });
  } catch (error) {
    parentPort.postMessage({ reason: error && error.name === 'PasswordException' ? 'encrypted' : 'unreadable' });
  }
})();
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

type WorkerAnswer = { pages: string[] } | { reason: PdfTextFailure };

function runWorker(bytes: Uint8Array, limits: PdfTextLimits): Promise<WorkerAnswer> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bytes, unpdf: unpdfPath, maxPages: limits.maxPages },
      resourceLimits: { maxOldGenerationSizeMb: Math.max(MIN_MEMORY_MB, limits.maxMemoryMb) },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (answer: WorkerAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => settle({ reason: 'timeout' }), limits.timeoutMs);
    worker.on('message', (answer: WorkerAnswer) => settle(answer));
    // Out of memory, a crash in PDF.js, or an exit without an answer: the file could not be read.
    worker.on('error', (error: NodeJS.ErrnoException) =>
      settle({ reason: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'too_complex' : 'unreadable' }),
    );
    worker.on('exit', () => settle({ reason: 'unreadable' }));
  });
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
  const answer = await runWorker(bytes, effective);
  return 'pages' in answer ? { ok: true, pages: answer.pages } : failure(answer.reason, effective);
}
