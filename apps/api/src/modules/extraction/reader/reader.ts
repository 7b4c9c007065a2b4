import type { Readable } from 'node:stream';
import { type FieldProposal, MAX_UPLOAD_BYTES, type ReadLine, type ReadPage } from '@propertydna/domain';
import sharp, { type Metadata } from 'sharp';
import {
  findOrientation,
  type GreyImage,
  type ImageInput,
  normalise,
  preview,
  toPgm,
  turn,
} from './images.js';
import { type OcrLine, OcrPool, readingScore, toReadLines } from './ocr.js';
import { RenderPool } from './render-pool.js';

/**
 * The reader (issue 27): the text of a PDF or a picture of pages, per page, with lines and words in
 * boxes (fractions of the page) and confidences. A PDF's own text layer is taken as it is; a page
 * without one (a scan inside a PDF) and every picture are read by OCR (tesseract.js, English, local
 * data only). Heavy work stays off the event loop: mupdf and libheif in a worker thread (piscina),
 * sharp on libuv's pool, tesseract in its own worker threads.
 */

export interface ReadResult {
  /** 'done': read (pages may still be few, see message); 'unreadable': nothing could be read, message says why. */
  status: 'done' | 'unreadable';
  pages: ReadPage[];
  /** Pages the document has (null when that could not be told: a damaged or refused file). */
  pageCount: number | null;
  pageLimitReached: boolean;
  /** Why a reading is unreadable or incomplete, in words for the owner; null when everything was read. */
  message: string | null;
  /** A JPEG of each page read (~1000 px on its long side), the picture its boxes were measured on. */
  previews: { page: number; jpeg: Buffer }[];
}

export interface ReadOptions {
  /** Called after each page: pages read so far, and the document's pages (null until known). */
  onProgress?: (pagesRead: number, pages: number | null) => void;
}

export interface DocumentReader {
  /**
   * Reads one document. Files that cannot be read give status 'unreadable' with a message; errors that
   * may pass (an OCR worker that died) throw, so the job is retried.
   */
  read(source: Readable, contentType: string, options?: ReadOptions): Promise<ReadResult>;
  /**
   * The domain's proposeFields, run in the reader's worker thread: on a dense document it takes long
   * enough to hold up the web server's requests.
   */
  proposeFields(pages: readonly ReadPage[], hint?: { documentKind?: string }): Promise<FieldProposal>;
  /** Ends the workers; reading after close throws. */
  close(): Promise<void>;
}

export interface DocumentReaderOptions {
  /** OCR worker threads (tesseract). */
  workers: number;
  /** Pages read from one document at most; the rest are left (pageLimitReached). */
  pageLimit: number;
  /** Seconds one document may take; the pages read by then are kept. */
  timeLimitSeconds: number;
  /** Bytes read from a source at most (default MAX_UPLOAD_BYTES). */
  maxBytes?: number;
  /** Pixels a picture may declare (checked before decoding) and a rendered page may have. */
  maxInputPixels?: number;
  maxRenderPixels?: number;
  /** Told of errors inside OCR workers. */
  onWorkerError?: (error: unknown) => void;
}

/** Pictures larger than this (a 48-megapixel phone photo is 48 million) are refused before decoding. */
export const MAX_INPUT_PIXELS = 100_000_000;
/** A PDF page rendered for OCR is at most this many pixels (A4 at 300 dpi is 8.7 million). */
export const MAX_RENDER_PIXELS = 36_000_000;
/** The largest page PDF allows is 14,400 points (200 inches) a side; beyond is a made-up page. */
export const MAX_PDF_PAGE_POINTS = 14_400;
const PDF_OCR_SCALE = 300 / 72;
/**
 * A page's text kept at most, and a document's (a page of 0.5 pt type holds 20,000 lines; no form or
 * schedule has more than a few hundred a page): the rest is left and the reading's message says so.
 * The field rules look at the same first 2,000 lines of a page (MAX_LINES_PER_PAGE in the domain).
 */
export const MAX_PAGE_LINES = 2_000;
export const MAX_PAGE_CHARS = 60_000;
export const MAX_DOCUMENT_LINES = 20_000;
export const MAX_DOCUMENT_CHARS = 600_000;
const PREVIEW_LONG_SIDE = 1000;
const PREVIEW_QUALITY = 80;
/** An OCR reading this sure of enough words is taken the way up it was read; otherwise the other way is tried. */
const UPRIGHT_CONFIDENCE = 0.75;
const UPRIGHT_WORDS = 3;
/**
 * Below this mean confidence of both ways up, the page is also read turned by a quarter: a page of text
 * read across its lines gives scraps in the 0.2–0.6 range; a poor but upright scan reads above it.
 */
const OTHER_AXIS_BELOW = 0.6;

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/tiff']);
const HEIF_TYPES = new Set(['image/heic', 'image/heif']);

/** Why a file cannot be read: ends the reading with status 'unreadable' and this message. */
class Unreadable extends Error {
  constructor(
    message: string,
    readonly pageCount: number | null = null,
  ) {
    super(message);
  }
}

/** The document's time is up (the reading keeps what it has). */
class TimeUp extends Error {}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const millions = (pixels: number) => `${Math.round(pixels / 1_000_000)} million`;
const seconds = (count: number) => (count === 1 ? '1 second' : `${count} seconds`);

/** The source in one buffer (shared, so worker threads see it without a copy), refused past maxBytes. */
async function readSource(source: Readable, maxBytes: number): Promise<SharedArrayBuffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of source) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    length += buffer.length;
    if (length > maxBytes) {
      source.destroy();
      throw new Unreadable(`The file is larger than ${megabytes(maxBytes)}, the most that is read`);
    }
    chunks.push(buffer);
  }
  const shared = new SharedArrayBuffer(length);
  const view = new Uint8Array(shared);
  let offset = 0;
  for (const chunk of chunks) {
    view.set(chunk, offset);
    offset += chunk.length;
  }
  return shared;
}

interface PageRead {
  page: ReadPage;
  preview: Buffer;
  /** Whether the page's text was cut at MAX_PAGE_LINES or MAX_PAGE_CHARS. */
  cut?: boolean;
}

/**
 * The pages' text cut to a page's and a document's most (pages in order; a page's lines in its order),
 * and whether anything was left out.
 */
function capText(pages: readonly PageRead[]): { pages: PageRead[]; cut: boolean } {
  let lines = 0;
  let chars = 0;
  let cut = pages.some((read) => read.cut === true);
  const capped = pages.map((read) => {
    const kept: ReadLine[] = [];
    let pageChars = 0;
    for (const line of read.page.lines) {
      const length = line.text.length;
      if (
        kept.length >= MAX_PAGE_LINES ||
        pageChars + length > MAX_PAGE_CHARS ||
        lines >= MAX_DOCUMENT_LINES ||
        chars + length > MAX_DOCUMENT_CHARS
      ) {
        cut = true;
        break;
      }
      kept.push(line);
      pageChars += length;
      lines += 1;
      chars += length;
    }
    return kept.length === read.page.lines.length ? read : { ...read, page: { ...read.page, lines: kept } };
  });
  return { pages: capped, cut };
}

interface Reading {
  signal: AbortSignal;
  pageCount: number | null;
}

export function defaultOcrWorkers(parallelism: number): number {
  // One core is left for the web server.
  return Math.max(1, parallelism - 1);
}

export function createDocumentReader(options: DocumentReaderOptions): DocumentReader {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const maxInputPixels = options.maxInputPixels ?? MAX_INPUT_PIXELS;
  const maxRenderPixels = options.maxRenderPixels ?? MAX_RENDER_PIXELS;
  const ocr = new OcrPool(Math.max(1, options.workers), options.onWorkerError);
  const render = new RenderPool(1);
  let closed = false;

  /**
   * OCR that gives up when the document's time is up. The page being read is left to finish in its
   * worker (its result dropped): a thread is never ended while its WebAssembly engine works.
   */
  async function recognize(image: GreyImage, signal: AbortSignal): Promise<OcrLine[]> {
    if (signal.aborted) throw new TimeUp();
    const picture = toPgm(image);
    let onAbort: (() => void) | null = null;
    const timeUp = new Promise<never>((_, reject) => {
      onAbort = () => reject(new TimeUp());
      signal.addEventListener('abort', onAbort, { once: true });
    });
    const recognizing = ocr.recognize(picture);
    // A page left behind at time up ends on its own; its failure is nobody's to handle.
    recognizing.catch(() => {});
    try {
      return await Promise.race([recognizing, timeUp]);
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  }

  /** A picture of a page through OCR: normalised, levelled, read the right way up. */
  async function ocrPicture(
    input: ImageInput,
    metadata: Metadata | null,
    signal: AbortSignal,
  ): Promise<Omit<PageRead, 'page'> & { page: Omit<ReadPage, 'page'> }> {
    // The OCR and render threads start (on the first page) while the picture is decoded.
    ocr.warm();
    render.warm();
    let grey: GreyImage;
    try {
      grey = await normalise(input, maxInputPixels, metadata);
    } catch (error) {
      throw new Unreadable(`The picture could not be decoded (${sharpReason(error)})`);
    }
    // The sheet without the desk around it, its light flattened; then levelled; then its ruled lines
    // painted out for OCR (the preview keeps them).
    const sheet = asGrey(await render.sheet(grey, signal));
    const orientation = await findOrientation(sheet, (small) => render.orientation(small, signal));
    const prepare = async (degrees: number) => {
      const image = await turn(sheet, degrees);
      return { image, ruled: await render.rules(image, signal) };
    };
    const readTurned = async (degrees: number) => {
      const { image, ruled } = await prepare(degrees);
      return { image, lines: await recognize(asGrey(ruled), signal) };
    };
    // The profiles cannot tell which way up the lines lie; the levelled page's ascenders and descenders
    // can (wayUp): a page they find upside down is turned before it is read, which saves reading it twice.
    let start = orientation.turn;
    let prepared = await prepare(start);
    if (orientation.ink && prepared.ruled.wayUp === 'down') {
      start += 180;
      prepared = await prepare(start);
    }
    let best = { image: prepared.image, lines: await recognize(asGrey(prepared.ruled), signal) };
    let score = readingScore(best.lines);
    const poor = () =>
      orientation.ink && (score.meanConfidence < UPRIGHT_CONFIDENCE || score.words < UPRIGHT_WORDS);
    /** Reads the page turned by `extra` more; the better reading wins. */
    const tryTurn = async (extra: number) => {
      const { image, lines } = await readTurned(start + extra);
      const next = readingScore(lines);
      if (next.score > score.score) {
        best = { image, lines };
        score = next;
      }
    };
    // Which way up the profiles cannot tell: the other way up is read when this one reads poorly.
    if (poor()) await tryTurn(180);
    // A photo's shadow, perspective or ruled boxes can make the profiles take the wrong axis: when both
    // ways up read as scraps, the page is read across the other axis too (both ways).
    if (poor() && score.meanConfidence < OTHER_AXIS_BELOW) {
      await tryTurn(90);
      if (poor()) await tryTurn(270);
    }
    return {
      page: {
        source: 'ocr',
        width: best.image.width,
        height: best.image.height,
        lines: toReadLines(best.lines, best.image.width, best.image.height),
      },
      preview: await preview(best.image, PREVIEW_LONG_SIDE, PREVIEW_QUALITY),
    };
  }

  /** Runs `readPage` over the pages (one per OCR worker at once), stopping when time is up. */
  async function readPages(
    count: number,
    reading: Reading,
    readPage: (index: number) => Promise<Omit<PageRead, 'page'> & { page: Omit<ReadPage, 'page'> }>,
    onProgress: ReadOptions['onProgress'],
  ): Promise<{ pages: PageRead[]; timedOut: boolean }> {
    const pages: PageRead[] = [];
    let next = 0;
    let timedOut = false;
    const lane = async () => {
      while (next < count && !timedOut) {
        const index = next++;
        if (reading.signal.aborted) {
          timedOut = true;
          return;
        }
        try {
          const read = await readPage(index);
          pages.push({ page: { page: index + 1, ...read.page }, preview: read.preview, cut: read.cut });
          onProgress?.(pages.length, reading.pageCount);
        } catch (error) {
          if (error instanceof TimeUp || (reading.signal.aborted && isAbort(error))) {
            timedOut = true;
            return;
          }
          throw error;
        }
      }
    };
    // As many pages at once as there are OCR workers: a page's rendering and preparing run while another
    // is read only when there is a worker for it, so the web server keeps a core (OCR_WORKERS).
    const lanes = Math.min(count, Math.max(1, options.workers));
    await Promise.all(Array.from({ length: lanes }, lane));
    pages.sort((a, b) => a.page.page - b.page.page);
    return { pages, timedOut };
  }

  async function readPdf(bytes: SharedArrayBuffer, reading: Reading, onProgress: ReadOptions['onProgress']) {
    const info = await render.pdfInfo(bytes, MAX_PDF_PAGE_POINTS, reading.signal);
    if (!info.ok) {
      throw new Unreadable(
        {
          encrypted: 'The PDF is protected by a password, so it cannot be read',
          damaged: 'The PDF is damaged and could not be opened',
          no_pages: 'The PDF has no pages',
          page_too_large: `The PDF's first page is too large to read (${info.detail ?? ''} points)`,
        }[info.reason],
      );
    }
    reading.pageCount = info.pageCount;
    onProgress?.(0, info.pageCount);
    const count = Math.min(info.pageCount, options.pageLimit);
    const result = await readPages(
      count,
      reading,
      async (index) => {
        const page = await render.pdfPage(
          {
            bytes,
            index,
            maxPagePoints: MAX_PDF_PAGE_POINTS,
            ocrScale: PDF_OCR_SCALE,
            maxPixels: maxRenderPixels,
            previewLongSide: PREVIEW_LONG_SIDE,
            previewQuality: PREVIEW_QUALITY,
            maxLines: MAX_PAGE_LINES,
            maxChars: MAX_PAGE_CHARS,
          },
          reading.signal,
        );
        if (page.failure === 'too_large') {
          throw new Unreadable(
            `Page ${index + 1} of the PDF is too large to read (${Math.round(page.width)} × ${Math.round(page.height)} points)`,
            info.pageCount,
          );
        }
        if (page.failure === 'damaged') {
          throw new Unreadable(
            `Page ${index + 1} of the PDF is damaged and could not be read`,
            info.pageCount,
          );
        }
        if (page.lines && page.preview) {
          return {
            page: {
              source: page.blank ? 'ocr' : 'text_layer',
              width: page.width,
              height: page.height,
              lines: page.lines,
            },
            preview: Buffer.from(page.preview),
            cut: page.cut === true,
          };
        }
        if (!page.image) throw new Error('The reader worker gave neither text nor a picture of the page');
        const { pixels, width, height } = page.image;
        return ocrPicture({ kind: 'raw', pixels, width, height, channels: 1 }, null, reading.signal);
      },
      onProgress,
    );
    return { ...result, pageCount: info.pageCount };
  }

  async function readImage(
    bytes: SharedArrayBuffer,
    contentType: string,
    reading: Reading,
    onProgress: ReadOptions['onProgress'],
  ) {
    if (HEIF_TYPES.has(contentType)) {
      const decoded = await render.heic(bytes, maxInputPixels, reading.signal);
      if (!decoded.ok) {
        throw new Unreadable(
          decoded.reason === 'too_large'
            ? `The picture is ${decoded.width} × ${decoded.height} pixels, more than the ${millions(maxInputPixels)} pixels that are read`
            : 'The HEIC picture could not be decoded',
        );
      }
      reading.pageCount = 1;
      const result = await readPages(
        1,
        reading,
        () =>
          ocrPicture(
            { kind: 'raw', pixels: decoded.grey, width: decoded.width, height: decoded.height, channels: 1 },
            null,
            reading.signal,
          ),
        onProgress,
      );
      return { ...result, pageCount: 1 };
    }
    const buffer = Buffer.from(bytes);
    let metadata: Metadata;
    try {
      // Reads the header only: the size is checked before anything is decoded.
      metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
    } catch (error) {
      throw new Unreadable(`The picture could not be decoded (${sharpReason(error)})`);
    }
    const width = metadata.width ?? 0;
    const height = metadata.pageHeight ?? metadata.height ?? 0;
    if (width <= 0 || height <= 0) throw new Unreadable('The picture has no size and could not be decoded');
    if (width * height > maxInputPixels) {
      throw new Unreadable(
        `The picture is ${width} × ${height} pixels, more than the ${millions(maxInputPixels)} pixels that are read`,
      );
    }
    const pageCount = contentType === 'image/tiff' ? Math.max(1, metadata.pages ?? 1) : 1;
    reading.pageCount = pageCount;
    onProgress?.(0, pageCount);
    const count = Math.min(pageCount, options.pageLimit);
    const result = await readPages(
      count,
      reading,
      async (index) => {
        const pageMetadata = index === 0 ? metadata : await sharp(buffer, { page: index }).metadata();
        const pageWidth = pageMetadata.width ?? 0;
        const pageHeight = pageMetadata.pageHeight ?? pageMetadata.height ?? 0;
        if (pageWidth * pageHeight > maxInputPixels) {
          throw new Unreadable(
            `Page ${index + 1} is ${pageWidth} × ${pageHeight} pixels, more than the ${millions(maxInputPixels)} pixels that are read`,
            pageCount,
          );
        }
        return ocrPicture({ kind: 'encoded', bytes: buffer, page: index }, pageMetadata, reading.signal);
      },
      onProgress,
    );
    return { ...result, pageCount };
  }

  return {
    async read(source, contentType, readOptions = {}) {
      if (closed) throw new Error('The document reader is closed');
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), options.timeLimitSeconds * 1000);
      timer.unref();
      const reading: Reading = { signal: controller.signal, pageCount: null };
      try {
        const isPdf = contentType === 'application/pdf';
        if (!isPdf && !IMAGE_TYPES.has(contentType) && !HEIF_TYPES.has(contentType)) {
          source.resume();
          return unreadable('Only PDFs and pictures (JPEG, PNG, WebP, TIFF, HEIC) are read', null);
        }
        const bytes = await readSource(source, maxBytes);
        const read = isPdf
          ? await readPdf(bytes, reading, readOptions.onProgress)
          : await readImage(bytes, contentType, reading, readOptions.onProgress);
        const { timedOut, pageCount } = read;
        const { pages, cut } = capText(read.pages);
        const limit = Math.min(pageCount, options.pageLimit);
        const result: ReadResult = {
          status: 'done',
          pages: pages.map((read) => read.page),
          pageCount,
          pageLimitReached: pageCount > options.pageLimit,
          message: null,
          previews: pages.map((read) => ({ page: read.page.page, jpeg: read.preview })),
        };
        if (timedOut) {
          if (pages.length === 0) {
            return unreadable(
              `Reading stopped after ${seconds(options.timeLimitSeconds)}, before a page was read`,
              pageCount,
            );
          }
          result.message = `Reading stopped after ${seconds(options.timeLimitSeconds)}: ${pages.length} of ${pageCount} pages were read`;
        } else if (pageCount > limit) {
          result.message = `Only the first ${limit} of ${pageCount} pages were read`;
        }
        if (cut) {
          const said = `The text was cut: at most ${MAX_PAGE_LINES.toLocaleString('en-US')} lines a page and ${MAX_DOCUMENT_LINES.toLocaleString('en-US')} a document are kept`;
          result.message = result.message === null ? said : `${result.message}. ${said}`;
        }
        if (result.pages.every((page) => page.lines.length === 0)) {
          return { ...result, status: 'unreadable', message: 'No text was found in the document' };
        }
        return result;
      } catch (error) {
        if (error instanceof Unreadable)
          return unreadable(error.message, error.pageCount ?? reading.pageCount);
        if (error instanceof TimeUp || (controller.signal.aborted && isAbort(error))) {
          return unreadable(
            `Reading stopped after ${seconds(options.timeLimitSeconds)}, before a page was read`,
            reading.pageCount,
          );
        }
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    proposeFields(pages, hint = {}) {
      if (closed) return Promise.reject(new Error('The document reader is closed'));
      return render.propose(
        pages.map((page) => ({
          page: page.page,
          source: page.source,
          width: page.width,
          height: page.height,
          lines: JSON.stringify(page.lines),
        })),
        hint.documentKind ?? null,
      );
    },
    async close() {
      closed = true;
      await Promise.all([ocr.close(), render.close()]);
    },
  };
}

/** Pixels back from the worker thread as the Buffer sharp takes (no copy). */
function asGrey(image: { pixels: Uint8Array; width: number; height: number }): GreyImage {
  const { pixels, width, height } = image;
  return { pixels: Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), width, height };
}

function unreadable(message: string, pageCount: number | null): ReadResult {
  return { status: 'unreadable', pages: [], pageCount, pageLimitReached: false, message, previews: [] };
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || /abort/i.test(error.message));
}

/** sharp's reason, without paths or internals: the first line, shortened. */
function sharpReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').slice(0, 120);
}
