/**
 * The reader's worker thread (a piscina pool; see render-pool.ts). mupdf and libheif are synchronous
 * WebAssembly: opening a PDF, walking a page's text, rendering it and decoding a HEIC photo all run
 * here, never on the event loop that answers requests; so do the loops over a page's ink that find
 * which way its text runs (projection profiles).
 *
 * The domain's field rules (proposeFields, pure and up to a few hundred milliseconds on a dense
 * document) run here too, off the event loop.
 *
 * This file is loaded by path into a worker thread, in the source tree as TypeScript (with tsx's
 * loader: the domain is TypeScript source) and in the build as dist/reader-render-worker.js: it imports
 * packages only, nothing relative.
 */
import { createRequire } from 'node:module';
import { type FieldProposal, proposeFields, type ReadPage } from '@propertydna/domain';
import * as mupdf from 'mupdf';
import { move, transferableSymbol, valueSymbol } from 'piscina';

const require = createRequire(import.meta.url);

// mupdf's warnings ("trying to repair broken xref") would go to stderr: a damaged file is said in the
// ReadResult's message instead.
mupdf.setLog({});

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
interface Word {
  text: string;
  box: Box;
  confidence: number;
}
interface Line {
  text: string;
  box: Box;
  confidence: number;
  words: Word[];
}

export type RenderTask =
  | { op: 'pdf-info'; bytes: SharedArrayBuffer; maxPagePoints: number }
  | {
      op: 'pdf-page';
      bytes: SharedArrayBuffer;
      index: number;
      maxPagePoints: number;
      /** Pixels per point for the OCR image (300 dpi: 300/72), lowered so the image stays under maxPixels. */
      ocrScale: number;
      maxPixels: number;
      previewLongSide: number;
      previewQuality: number;
      /** A page's text layer is cut after this many lines or characters (a page of 0.5 pt type). */
      maxLines: number;
      maxChars: number;
    }
  | { op: 'heic'; bytes: SharedArrayBuffer; maxPixels: number }
  /** A small grey copy of a page (about 1000 px): which way its lines run and their skew. */
  | { op: 'orientation'; pixels: Uint8Array; width: number; height: number }
  /** The fields the domain's rules propose; each page's lines as JSON (a string crosses threads cheaply). */
  | {
      op: 'propose';
      pages: { page: number; source: ReadPage['source']; width: number; height: number; lines: string }[];
      documentKind: string | null;
    }
  /** A picture of a page: the sheet found (the desk around it painted white, cropped) and its light flattened. */
  | { op: 'sheet'; pixels: Uint8Array; width: number; height: number }
  /** A levelled page: long ruled lines (table cells, boxes) painted white, so OCR reads the text between them. */
  | { op: 'rules'; pixels: Uint8Array; width: number; height: number }
  /** Nothing: the thread (mupdf and all) is started, ahead of a page's first task (RenderPool.warm). */
  | { op: 'ready' };

export interface GreyPixels {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** Which way up a levelled page of text lies: upright, upside down, or no telling (wayUp). */
export type WayUp = 'up' | 'down' | 'unsure';

/** A levelled page with its ruled lines painted out, and which way up its text lies. */
export interface RulesResult extends GreyPixels {
  wayUp: WayUp;
}

export interface Orientation {
  /** Clockwise turn (degrees) that makes the text lines level: near 0 or near 90, with the skew. */
  turn: number;
  /** Whether the text runs across (0) or up and down the picture (90) before the turn. */
  axis: 0 | 90;
  skew: number;
  /** Whether there is ink enough to be text at all (a blank page has none: nothing to turn). */
  ink: boolean;
}

export type PdfInfo =
  | { ok: true; pageCount: number }
  | { ok: false; reason: 'encrypted' | 'damaged' | 'no_pages' | 'page_too_large'; detail?: string };

export interface PdfPageResult {
  /** Why the page could not be read (too large, or mupdf failed on it); the rest is empty then. */
  failure?: 'too_large' | 'damaged';
  /** Page size in points (after the page's rotation). */
  width: number;
  height: number;
  /** The text layer's lines (boxes as fractions of the page), or null when the page needs OCR. */
  lines: Line[] | null;
  /** A page without a usable text layer on which nothing at all is drawn: no lines, only its preview. */
  blank?: boolean;
  /** Whether the text layer had more than maxLines lines or maxChars characters (the rest left). */
  cut?: boolean;
  /** The page rendered in grey for OCR (raw, one byte a pixel), when it has no usable text layer. */
  image: { pixels: Uint8Array; width: number; height: number } | null;
  /** A JPEG of the page about previewLongSide pixels on its long side (with a text layer, or blank). */
  preview: Uint8Array | null;
}

export type HeicResult =
  /** The picture in grey (one byte a pixel), its buffer moved to the main thread, not copied. */
  | { ok: true; width: number; height: number; grey: Uint8Array }
  | { ok: false; reason: 'too_large' | 'damaged'; width?: number; height?: number };

/** Fewer printed characters than this and the page is taken for a scan (a stamp, a page number). */
const MIN_TEXT_LAYER_CHARS = 20;
/** A page mostly covered by images with little text is a scan with a few words on it. */
const SCAN_IMAGE_COVER = 0.5;
const SCAN_IMAGE_MAX_CHARS = 100;

function openPdf(bytes: SharedArrayBuffer): mupdf.Document {
  return mupdf.Document.openDocument(new Uint8Array(bytes), 'application/pdf');
}

function pdfInfo(bytes: SharedArrayBuffer, maxPagePoints: number): PdfInfo {
  let doc: mupdf.Document | null = null;
  try {
    doc = openPdf(bytes);
    if (doc.needsPassword()) return { ok: false, reason: 'encrypted' };
    const pageCount = doc.countPages();
    if (pageCount < 1) return { ok: false, reason: 'no_pages' };
    // The first page's size, so an absurd page is refused before any rendering.
    const page = doc.loadPage(0);
    try {
      const [x0, y0, x1, y1] = page.getBounds();
      if (x1 - x0 > maxPagePoints || y1 - y0 > maxPagePoints || x1 - x0 <= 0 || y1 - y0 <= 0) {
        return {
          ok: false,
          reason: 'page_too_large',
          detail: `${Math.round(x1 - x0)}×${Math.round(y1 - y0)}`,
        };
      }
    } finally {
      page.destroy();
    }
    return { ok: true, pageCount };
  } catch (error) {
    return { ok: false, reason: 'damaged', detail: error instanceof Error ? error.message : String(error) };
  } finally {
    doc?.destroy();
  }
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

function fractionBox(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  px0: number,
  py0: number,
  pw: number,
  ph: number,
): Box {
  const x = clamp01((x0 - px0) / pw);
  const y = clamp01((y0 - py0) / ph);
  return { x, y, w: clamp01((x1 - px0) / pw) - x, h: clamp01((y1 - py0) / ph) - y };
}

interface CharBox {
  c: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Lines of the text layer, split into words at spaces, boxes as fractions of the page. */
function textLines(
  page: mupdf.Page,
  bounds: mupdf.Rect,
  limits: { maxLines: number; maxChars: number },
): { lines: Line[]; chars: number; imageCover: number; cut: boolean } {
  const [px0, py0, px1, py1] = bounds;
  const pw = px1 - px0;
  const ph = py1 - py0;
  const stext = page.toStructuredText('preserve-whitespace');
  const lines: Line[] = [];
  let chars = 0;
  let imageArea = 0;
  let current: CharBox[] = [];
  // Characters kept in lines; past the limits the rest of the page is walked (mupdf's walk cannot be
  // stopped) but not kept.
  let kept = 0;
  let cut = false;
  const flushLine = () => {
    if (cut) {
      current = [];
      return;
    }
    const words: Word[] = [];
    let word: CharBox[] = [];
    const flushWord = () => {
      if (word.length === 0) return;
      const x0 = Math.min(...word.map((c) => c.x0));
      const y0 = Math.min(...word.map((c) => c.y0));
      const x1 = Math.max(...word.map((c) => c.x1));
      const y1 = Math.max(...word.map((c) => c.y1));
      words.push({
        text: word.map((c) => c.c).join(''),
        box: fractionBox(x0, y0, x1, y1, px0, py0, pw, ph),
        confidence: 1,
      });
      word = [];
    };
    for (const char of current) {
      if (/\s/.test(char.c)) flushWord();
      else word.push(char);
    }
    flushWord();
    current = [];
    if (words.length === 0) return;
    const box = {
      x: Math.min(...words.map((w) => w.box.x)),
      y: Math.min(...words.map((w) => w.box.y)),
      w: 0,
      h: 0,
    };
    box.w = Math.max(...words.map((w) => w.box.x + w.box.w)) - box.x;
    box.h = Math.max(...words.map((w) => w.box.y + w.box.h)) - box.y;
    const text = words.map((w) => w.text).join(' ');
    if (lines.length >= limits.maxLines || kept + text.length > limits.maxChars) {
      cut = true;
      return;
    }
    kept += text.length;
    lines.push({ text, box, confidence: 1, words });
  };
  try {
    stext.walk({
      onImageBlock(bbox) {
        const [x0, y0, x1, y1] = bbox;
        imageArea +=
          Math.max(0, Math.min(x1, px1) - Math.max(x0, px0)) *
          Math.max(0, Math.min(y1, py1) - Math.max(y0, py0));
      },
      beginLine() {
        current = [];
      },
      onChar(c, _origin, _font, _size, quad) {
        const xs = [quad[0], quad[2], quad[4], quad[6]];
        const ys = [quad[1], quad[3], quad[5], quad[7]];
        if (!/\s/.test(c)) chars += 1;
        if (cut) return;
        if (current.length >= limits.maxChars) {
          cut = true;
          return;
        }
        current.push({
          c,
          x0: Math.min(...xs),
          y0: Math.min(...ys),
          x1: Math.max(...xs),
          y1: Math.max(...ys),
        });
      },
      endLine() {
        flushLine();
      },
    });
  } finally {
    stext.destroy();
  }
  return { lines, chars, imageCover: imageArea / (pw * ph), cut };
}

function renderGrey(page: mupdf.Page, scale: number): mupdf.Pixmap {
  return page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, true);
}

/** A page of the PDF, or why it cannot be read: a made-up size, or an error inside mupdf on it. */
function pdfPage(task: Extract<RenderTask, { op: 'pdf-page' }>): PdfPageResult {
  try {
    return pdfPageOrThrow(task);
  } catch {
    return { failure: 'damaged', width: 0, height: 0, lines: null, image: null, preview: null };
  }
}

function pdfPageOrThrow(task: Extract<RenderTask, { op: 'pdf-page' }>): PdfPageResult {
  const doc = openPdf(task.bytes);
  try {
    const page = doc.loadPage(task.index);
    try {
      const bounds = page.getBounds();
      const width = bounds[2] - bounds[0];
      const height = bounds[3] - bounds[1];
      if (width > task.maxPagePoints || height > task.maxPagePoints || width <= 0 || height <= 0) {
        return { failure: 'too_large', width, height, lines: null, image: null, preview: null };
      }
      const { lines, chars, imageCover, cut } = textLines(page, bounds, task);
      const isScan =
        chars < MIN_TEXT_LAYER_CHARS || (imageCover >= SCAN_IMAGE_COVER && chars < SCAN_IMAGE_MAX_CHARS);
      if (!isScan) {
        const previewScale = task.previewLongSide / Math.max(width, height);
        const pixmap = renderGrey(page, previewScale);
        try {
          return { width, height, lines, cut, image: null, preview: pixmap.asJPEG(task.previewQuality) };
        } finally {
          pixmap.destroy();
        }
      }
      const scale = Math.min(task.ocrScale, Math.sqrt(task.maxPixels / (width * height)));
      const pixmap = renderGrey(page, scale);
      try {
        // A copy out of WebAssembly memory, moved (not copied again) to the main thread.
        const pixels = new Uint8Array(pixmap.getPixels());
        const stride = pixmap.getStride();
        const w = pixmap.getWidth();
        const h = pixmap.getHeight();
        const packed = stride === w ? pixels : packRows(pixels, stride, w, h);
        if (isWhite(packed)) {
          // Nothing is drawn on it (the blank back of a duplex scan, an empty page): there is nothing to read.
          const preview = renderGrey(page, task.previewLongSide / Math.max(width, height));
          try {
            return {
              width,
              height,
              lines: [],
              blank: true,
              image: null,
              preview: preview.asJPEG(task.previewQuality),
            };
          } finally {
            preview.destroy();
          }
        }
        return { width, height, lines: null, image: { pixels: packed, width: w, height: h }, preview: null };
      } finally {
        pixmap.destroy();
      }
    } finally {
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
}

/** Whether every pixel is pure white (255): a page on which nothing at all is drawn. */
function isWhite(pixels: Uint8Array): boolean {
  // Four pixels a comparison where the bytes are aligned for it (a fresh copy always is).
  const whole = pixels.byteOffset % 4 === 0 ? pixels.length - (pixels.length % 4) : 0;
  const words = new Uint32Array(pixels.buffer, pixels.byteOffset, whole / 4);
  for (const word of words) if (word !== 0xffffffff) return false;
  for (let i = whole; i < pixels.length; i++) if (pixels[i] !== 255) return false;
  return true;
}

function packRows(pixels: Uint8Array, stride: number, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let row = 0; row < height; row++)
    out.set(pixels.subarray(row * stride, row * stride + width), row * width);
  return out;
}

interface HeifImage {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
type HeicDecodeAll = ((options: { buffer: Uint8Array }) => Promise<HeifImage[] & { dispose(): void }>) & {};

/** heic-decode, the decoder heic-convert is built on: it tells the size before decoding. */
function heicDecoder(): HeicDecodeAll {
  const fromConvert = createRequire(require.resolve('heic-convert'));
  return (fromConvert('heic-decode') as { all: HeicDecodeAll }).all;
}

/** RGBA to grey by luma (Rec. 601, in integers); alpha is left out. */
function toGrey(rgba: Uint8ClampedArray, pixels: number): Uint8Array {
  const grey = new Uint8Array(pixels);
  for (let pixel = 0, at = 0; pixel < pixels; pixel++, at += 4) {
    grey[pixel] =
      ((rgba[at] as number) * 77 + (rgba[at + 1] as number) * 150 + (rgba[at + 2] as number) * 29) >> 8;
  }
  return grey;
}

async function heic(task: Extract<RenderTask, { op: 'heic' }>): Promise<HeicResult> {
  let images: (HeifImage[] & { dispose(): void }) | null = null;
  try {
    images = await heicDecoder()({ buffer: new Uint8Array(task.bytes) });
    const first = images[0];
    if (!first) return { ok: false, reason: 'damaged' };
    if (first.width * first.height > task.maxPixels || first.width <= 0 || first.height <= 0) {
      return { ok: false, reason: 'too_large', width: first.width, height: first.height };
    }
    const decoded = await first.decode();
    // Grey here (a quarter of the RGBA's bytes: up to 100 MB, not 400), moved rather than copied.
    const grey = toGrey(decoded.data, decoded.width * decoded.height);
    const result: HeicResult = { ok: true, width: decoded.width, height: decoded.height, grey };
    return move({ [transferableSymbol]: grey.buffer, [valueSymbol]: result }) as unknown as HeicResult;
  } catch {
    return { ok: false, reason: 'damaged' };
  } finally {
    images?.dispose();
  }
}

/** Fewer dark pixels than this in the small copy and the page is blank. */
const MIN_INK_POINTS = 50;
/** Skew searched, in degrees either way, coarse then fine. */
const MAX_SKEW = 5;
/** Skew below this (degrees) is left alone. */
const MIN_SKEW = 0.5;

interface Points {
  xs: Float32Array;
  ys: Float32Array;
  count: number;
  width: number;
  height: number;
}

/** The dark pixels of the small copy (Otsu's threshold), the ink the profiles are made of. */
function inkPoints(data: Uint8Array, width: number, height: number): Points {
  const histogram = new Float64Array(256);
  for (const value of data) histogram[value] = (histogram[value] ?? 0) + 1;
  const threshold = otsu(histogram, data.length);
  let count = 0;
  for (const value of data) if (value < threshold) count += 1;
  // A page that is mostly dark (a photo of a dark table) gives too many points: a sample is enough.
  const step = Math.max(1, Math.ceil(count / 200_000));
  const xs = new Float32Array(Math.ceil(count / step));
  const ys = new Float32Array(xs.length);
  let kept = 0;
  let seen = 0;
  for (let i = 0; i < data.length; i++) {
    if ((data[i] ?? 255) >= threshold) continue;
    if (seen++ % step !== 0) continue;
    xs[kept] = i % width;
    ys[kept] = Math.floor(i / width);
    kept += 1;
  }
  return { xs, ys, count: kept, width, height };
}

function otsu(histogram: Float64Array, total: number): number {
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (histogram[i] ?? 0);
  let sumBackground = 0;
  let weightBackground = 0;
  let best = 0;
  let threshold = 128;
  for (let i = 0; i < 256; i++) {
    weightBackground += histogram[i] ?? 0;
    if (weightBackground === 0) continue;
    const weightForeground = total - weightBackground;
    if (weightForeground === 0) break;
    sumBackground += i * (histogram[i] ?? 0);
    const meanBackground = sumBackground / weightBackground;
    const meanForeground = (sum - sumBackground) / weightForeground;
    const between = weightBackground * weightForeground * (meanBackground - meanForeground) ** 2;
    if (between > best) {
      best = between;
      threshold = i + 1;
    }
  }
  return threshold;
}

/**
 * How sharply the ink falls into rows when the page is turned by `degrees` (clockwise, as sharp turns):
 * the sum of squares of the row counts. Lines of text make tall narrow peaks when they lie level.
 */
function profileScore(points: Points, degrees: number): number {
  const radians = (degrees * Math.PI) / 180;
  const sin = Math.sin(radians);
  const cos = Math.cos(radians);
  const reach = Math.ceil(Math.hypot(points.width, points.height));
  const rows = new Float64Array(2 * reach + 1);
  for (let i = 0; i < points.count; i++) {
    const x = points.xs[i] ?? 0;
    const y = points.ys[i] ?? 0;
    // y of the point after turning the page clockwise by `degrees` about the origin.
    const row = Math.round(x * sin + y * cos) + reach;
    rows[row] = (rows[row] ?? 0) + 1;
  }
  let score = 0;
  for (const value of rows) score += value * value;
  return score;
}

function bestAngle(points: Points, centre: number): { angle: number; score: number } {
  let best = { angle: centre, score: profileScore(points, centre) };
  for (let angle = centre - MAX_SKEW; angle <= centre + MAX_SKEW + 1e-9; angle += 0.5) {
    const score = profileScore(points, angle);
    if (score > best.score) best = { angle, score };
  }
  const coarse = best.angle;
  for (let angle = coarse - 0.4; angle <= coarse + 0.4 + 1e-9; angle += 0.1) {
    const score = profileScore(points, angle);
    if (score > best.score) best = { angle, score };
  }
  return best;
}

/**
 * Which way the lines of text run and their skew, from projection profiles: turned by the best angle
 * the ink's row counts are sharpest. Across (near 0) and up and down (near 90) are both tried.
 */
function measureOrientation(task: Extract<RenderTask, { op: 'orientation' }>): Orientation {
  const points = inkPoints(task.pixels, task.width, task.height);
  if (points.count < MIN_INK_POINTS) return { turn: 0, axis: 0, skew: 0, ink: false };
  const across = bestAngle(points, 0);
  const upDown = bestAngle(points, 90);
  const axis = upDown.score > across.score * 1.05 ? 90 : 0;
  const chosen = axis === 90 ? upDown : across;
  const measured = Math.round((chosen.angle - axis) * 10) / 10;
  // Tesseract copes with a little skew itself; a turn by a fraction of a degree would only blur the strokes.
  const skew = Math.abs(measured) < MIN_SKEW ? 0 : measured;
  const upsideDown = raggedLeft(points, chosen.angle);
  return { turn: axis + skew + (upsideDown ? 180 : 0), axis, skew, ink: true };
}

/**
 * Whether the page, turned by `degrees`, would most likely be upside down: lines of text start at one
 * margin and end raggedly, so the edge where the rows' ink starts is the steadier one when upright.
 * A guess only: the levelled page's ascenders and descenders (wayUp) and then the OCR's confidence
 * decide (reader.ts).
 */
function raggedLeft(points: Points, degrees: number): boolean {
  const radians = (degrees * Math.PI) / 180;
  const sin = Math.sin(radians);
  const cos = Math.cos(radians);
  const starts = new Map<number, number>();
  const ends = new Map<number, number>();
  const counts = new Map<number, number>();
  for (let i = 0; i < points.count; i++) {
    const x = points.xs[i] ?? 0;
    const y = points.ys[i] ?? 0;
    // The point after turning the page clockwise by `degrees`: its row (4-px bands) and its x.
    const row = Math.round((x * sin + y * cos) / 4);
    const across = x * cos - y * sin;
    starts.set(row, Math.min(starts.get(row) ?? Number.POSITIVE_INFINITY, across));
    ends.set(row, Math.max(ends.get(row) ?? Number.NEGATIVE_INFINITY, across));
    counts.set(row, (counts.get(row) ?? 0) + 1);
  }
  const rows = [...counts].filter(([, count]) => count >= 5).map(([row]) => row);
  if (rows.length < 6) return false;
  const spread = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const deviations = sorted.map((value) => Math.abs(value - median)).sort((a, b) => a - b);
    return deviations[Math.floor(deviations.length / 2)] ?? 0;
  };
  const startSpread = spread(rows.map((row) => starts.get(row) ?? 0));
  const endSpread = spread(rows.map((row) => ends.get(row) ?? 0));
  return endSpread < startSpread * 0.5;
}

/** The mean of each block × block square: a small copy that keeps paper and desk and loses the strokes. */
function blockMeans(image: GreyPixels, block: number): GreyPixels {
  const width = Math.ceil(image.width / block);
  const height = Math.ceil(image.height / block);
  const sums = new Float64Array(width * height);
  const counts = new Uint32Array(width * height);
  for (let y = 0; y < image.height; y++) {
    const row = Math.floor(y / block) * width;
    const offset = y * image.width;
    for (let x = 0; x < image.width; x++) {
      const cell = row + Math.floor(x / block);
      sums[cell] = (sums[cell] ?? 0) + (image.pixels[offset + x] ?? 0);
      counts[cell] = (counts[cell] ?? 0) + 1;
    }
  }
  const pixels = new Uint8Array(width * height);
  for (let i = 0; i < pixels.length; i++)
    pixels[i] = Math.round((sums[i] ?? 0) / Math.max(1, counts[i] ?? 1));
  return { pixels, width, height };
}

/** The small copy's cells that belong to the desk: darker than the paper and joined to the picture's edge around the largest bright region. */
function deskCells(
  small: GreyPixels,
): { desk: Uint8Array; box: { x0: number; y0: number; x1: number; y1: number } } | null {
  const { pixels, width, height } = small;
  const histogram = new Float64Array(256);
  for (const value of pixels) histogram[value] = (histogram[value] ?? 0) + 1;
  const threshold = otsu(histogram, pixels.length);
  let darkSum = 0;
  let darkCount = 0;
  let brightSum = 0;
  for (const value of pixels) {
    if (value < threshold) {
      darkSum += value;
      darkCount += 1;
    } else brightSum += value;
  }
  const brightCount = pixels.length - darkCount;
  // No desk: the picture is all paper (a scan), or nothing stands out from anything.
  if (darkCount === 0 || brightCount === 0 || brightSum / brightCount - darkSum / darkCount < 40) return null;
  // The largest bright region (4-connected) is the sheet.
  const label = new Int32Array(pixels.length).fill(-1);
  const stack = new Int32Array(pixels.length);
  let best = { id: -1, size: 0 };
  let id = 0;
  for (let start = 0; start < pixels.length; start++) {
    if (label[start] !== -1 || (pixels[start] ?? 0) < threshold) continue;
    let size = 0;
    let top = 0;
    stack[top++] = start;
    label[start] = id;
    while (top > 0) {
      const i = stack[--top] ?? 0;
      size += 1;
      const x = i % width;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (j < 0 || j >= pixels.length || label[j] !== -1 || (pixels[j] ?? 0) < threshold) continue;
        label[j] = id;
        stack[top++] = j;
      }
    }
    if (size > best.size) best = { id, size };
    id += 1;
  }
  if (best.size < pixels.length * 0.15) return null;
  // The desk: every cell outside the sheet reached from the picture's edge (holes in the sheet, its
  // text and boxes, are not reached).
  const desk = new Uint8Array(pixels.length);
  let top = 0;
  const push = (i: number) => {
    if (desk[i] || label[i] === best.id) return;
    desk[i] = 1;
    stack[top++] = i;
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (top > 0) {
    const i = stack[--top] ?? 0;
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i + width < pixels.length) push(i + width);
  }
  const box = { x0: width, y0: height, x1: -1, y1: -1 };
  for (let i = 0; i < pixels.length; i++) {
    if (desk[i]) continue;
    const x = i % width;
    const y = Math.floor(i / width);
    box.x0 = Math.min(box.x0, x);
    box.y0 = Math.min(box.y0, y);
    box.x1 = Math.max(box.x1, x);
    box.y1 = Math.max(box.y1, y);
  }
  if (box.x1 < 0) return null;
  return { desk, box };
}

/** Cells of the small copy per side the sheet is found on. */
const SHEET_CELLS = 300;

/**
 * A photo of a page: the sheet found as the largest bright region against a darker desk, the desk
 * painted white and cut away; then the light flattened (each pixel divided by the paper's brightness
 * around it, so shadow and uneven light leave the ink alone). A scan (all paper) is only flattened.
 */
function findSheet(image: GreyPixels): GreyPixels {
  const block = Math.max(1, Math.ceil(Math.max(image.width, image.height) / SHEET_CELLS));
  const small = blockMeans(image, block);
  const found = deskCells(small);
  // Flattened before the desk is painted out: the paper's level near the sheet's edge is the paper's,
  // not the white paint's (a shaded edge would otherwise come out as a grey band, taken for ink).
  const flat = flatten(image);
  if (!found) return flat;
  {
    const { desk, box } = found;
    const x0 = box.x0 * block;
    const y0 = box.y0 * block;
    const x1 = Math.min(image.width, (box.x1 + 1) * block);
    const y1 = Math.min(image.height, (box.y1 + 1) * block);
    const width = x1 - x0;
    const height = y1 - y0;
    const pixels = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      const srcRow = (y + y0) * image.width;
      for (let x = 0; x < width; x++) {
        // Desk cells and the cells beside them (the sheet's shaded edge) are painted white.
        const cx = Math.floor((x + x0) / block);
        const cy = Math.floor((y + y0) / block);
        let onDesk = false;
        for (let dy = -1; dy <= 1 && !onDesk; dy++) {
          for (let dx = -1; dx <= 1 && !onDesk; dx++) {
            const nx = cx + dx;
            const ny = cy + dy;
            if (nx < 0 || ny < 0 || nx >= small.width || ny >= small.height) continue;
            if (desk[ny * small.width + nx]) onDesk = true;
          }
        }
        pixels[y * width + x] = onDesk ? 255 : (flat.pixels[srcRow + x + x0] ?? 255);
      }
    }
    return { pixels, width, height };
  }
}

/** Light flattened: each pixel divided by the paper's brightness around it (the max over ~60 px, blurred). */
function flatten(image: GreyPixels): GreyPixels {
  const block = Math.max(1, Math.round(Math.max(image.width, image.height) / 400));
  const small = blockMeans(image, block);
  const { width, height } = small;
  const reach = 3;
  // Max filter (the paper between the strokes), rows then columns.
  const rows = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let max = 0;
      for (let dx = -reach; dx <= reach; dx++) {
        const nx = Math.min(width - 1, Math.max(0, x + dx));
        max = Math.max(max, small.pixels[y * width + nx] ?? 0);
      }
      rows[y * width + x] = max;
    }
  }
  const paper = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let max = 0;
      for (let dy = -reach; dy <= reach; dy++) {
        const ny = Math.min(height - 1, Math.max(0, y + dy));
        max = Math.max(max, rows[ny * width + x] ?? 0);
      }
      paper[y * width + x] = max;
    }
  }
  // A box blur of the same reach, so the paper's level changes smoothly.
  const blurred = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let count = 0;
      for (let dy = -reach; dy <= reach; dy++) {
        for (let dx = -reach; dx <= reach; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          sum += paper[ny * width + nx] ?? 0;
          count += 1;
        }
      }
      blurred[y * width + x] = sum / count;
    }
  }
  const out = new Uint8Array(image.width * image.height);
  for (let y = 0; y < image.height; y++) {
    // Bilinear between cell centres.
    const fy = Math.min(height - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(height - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < image.width; x++) {
      const fx = Math.min(width - 1, Math.max(0, (x + 0.5) / block - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(width - 1, x0 + 1);
      const tx = fx - x0;
      const top = (blurred[y0 * width + x0] ?? 255) * (1 - tx) + (blurred[y0 * width + x1] ?? 255) * tx;
      const bottom = (blurred[y1 * width + x0] ?? 255) * (1 - tx) + (blurred[y1 * width + x1] ?? 255) * tx;
      const level = Math.max(32, top * (1 - ty) + bottom * ty);
      const i = y * image.width + x;
      out[i] = Math.min(255, Math.round(((image.pixels[i] ?? 255) * 255) / level));
    }
  }
  return { pixels: out, width: image.width, height: image.height };
}

/** Darker than this (after flattening) is ink for finding rules. */
const RULE_INK = 160;
/** Paler than this is left alone when a rule is painted out (its anti-aliased edge is painted too). */
const RULE_EDGE = 225;
/** A rule is a dark run at least this share of the page's side (a word's strokes never run so far). */
const RULE_SHARE = 1 / 22;
/** Gaps this long (pixels) inside a rule are bridged (JPEG noise, a broken scan line). */
const RULE_GAP = 3;

/**
 * Long straight rules painted white: a morphological opening of the ink with long thin kernels
 * (1 × L across, L × 1 down) is exactly the runs of ink at least L long; those pixels and their
 * edges go white. The ink is thickened by a pixel across the run first, so a rule a little off level
 * still runs on.
 */
function removeRules(image: GreyPixels): RulesResult {
  const { width, height } = image;
  const pixels = new Uint8Array(image.pixels);
  const ink = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && (image.pixels[y * width + x] ?? 255) < RULE_INK;
  const rule = new Uint8Array(width * height);
  const mark = (horizontal: boolean) => {
    const length = horizontal ? width : height;
    const lines = horizontal ? height : width;
    const minimum = Math.max(40, Math.round(length * RULE_SHARE));
    for (let line = 0; line < lines; line++) {
      const dark = (along: number) =>
        horizontal
          ? ink(along, line - 1) || ink(along, line) || ink(along, line + 1)
          : ink(line - 1, along) || ink(line, along) || ink(line + 1, along);
      let start = -1;
      let lastDark = -1;
      const close = (end: number) => {
        if (start >= 0 && end - start + 1 >= minimum) {
          for (let along = start; along <= end; along++) {
            for (let side = -1; side <= 1; side++) {
              const x = horizontal ? along : line + side;
              const y = horizontal ? line + side : along;
              if (x >= 0 && y >= 0 && x < width && y < height) rule[y * width + x] = 1;
            }
          }
        }
      };
      for (let along = 0; along < length; along++) {
        if (dark(along)) {
          if (start < 0 || along - lastDark > RULE_GAP + 1) {
            close(lastDark);
            start = along;
          }
          lastDark = along;
        }
      }
      close(lastDark);
    }
  };
  mark(true);
  mark(false);
  for (let i = 0; i < rule.length; i++) if (rule[i] && (pixels[i] ?? 255) < RULE_EDGE) pixels[i] = 255;
  return { pixels, width, height, wayUp: wayUp({ pixels, width, height }) };
}

/** Ink above the lines' cores this many times the ink below them (or the reverse) tells which way up. */
const WAY_UP_BALANCE = 1.25;
/** Fewer lines of text than this and the page says nothing of which way up it lies. */
const WAY_UP_MIN_LINES = 3;

/**
 * Which way up a levelled page lies, from its lines of text. In Latin script more letters rise above
 * the x-height (b d f h k l t, capitals, digits, the dots of i and j) than hang below the baseline
 * (g j p q y): in each line the ink above its dense core outweighs the ink below it when the page is
 * upright, and the other way round when it is upside down. Lines in capitals only weigh nothing.
 * Measured on the extraction corpus's scans and photos (tuning set, turned the right way up): above
 * over below 1.04 to 5.9, all but one over 1.25.
 */
function wayUp(image: GreyPixels): WayUp {
  const { pixels, width, height } = image;
  const rows = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    let count = 0;
    const offset = y * width;
    for (let x = 0; x < width; x++) if ((pixels[offset + x] ?? 255) < RULE_INK) count += 1;
    rows[y] = count;
  }
  // A line of text is a run of rows with ink, between a small type's height and a heading's.
  const lowest = Math.max(3, Math.round(height * 0.004));
  const tallest = Math.round(height * 0.04);
  let above = 0;
  let below = 0;
  let lines = 0;
  let y = 0;
  while (y < height) {
    if ((rows[y] ?? 0) === 0) {
      y += 1;
      continue;
    }
    const top = y;
    while (y < height && (rows[y] ?? 0) > 0) y += 1;
    const bottom = y - 1;
    if (bottom - top + 1 < lowest || bottom - top + 1 > tallest) continue;
    let peak = 0;
    for (let row = top; row <= bottom; row++) peak = Math.max(peak, rows[row] ?? 0);
    if (peak < width * 0.02) continue;
    // The core: from the first to the last row of at least 40% of the line's peak (x-height).
    let coreTop = top;
    while ((rows[coreTop] ?? 0) < 0.4 * peak) coreTop += 1;
    let coreBottom = bottom;
    while ((rows[coreBottom] ?? 0) < 0.4 * peak) coreBottom -= 1;
    for (let row = top; row < coreTop; row++) above += rows[row] ?? 0;
    for (let row = coreBottom + 1; row <= bottom; row++) below += rows[row] ?? 0;
    lines += 1;
  }
  if (lines < WAY_UP_MIN_LINES) return 'unsure';
  if (above > below * WAY_UP_BALANCE) return 'up';
  if (below > above * WAY_UP_BALANCE) return 'down';
  return 'unsure';
}

/** One task; results are copied back to the main thread (a page image is a few MB, against seconds of OCR). */
export default async function run(
  task: RenderTask,
): Promise<
  PdfInfo | PdfPageResult | HeicResult | Orientation | FieldProposal | GreyPixels | RulesResult | null
> {
  switch (task.op) {
    case 'pdf-info':
      return pdfInfo(task.bytes, task.maxPagePoints);
    case 'pdf-page':
      return pdfPage(task);
    case 'heic':
      return heic(task);
    case 'orientation':
      return measureOrientation(task);
    case 'propose':
      return proposeFields(
        task.pages.map((page) => ({ ...page, lines: JSON.parse(page.lines) as ReadPage['lines'] })),
        task.documentKind === null ? {} : { documentKind: task.documentKind },
      );
    case 'sheet':
      return findSheet(task);
    case 'rules':
      return removeRules(task);
    case 'ready':
      return null;
  }
}
