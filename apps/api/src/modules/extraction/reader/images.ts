import sharp, { type Metadata, type Sharp } from 'sharp';
import type { Orientation } from './render-worker.js';

/**
 * Pictures of pages, made ready for OCR with sharp (libvips, off the event loop on libuv's pool): the
 * EXIF orientation applied, grey, scaled so text is about 300 dpi, contrast stretched; then turned so
 * the lines of text lie level (the turn measured in the worker thread, see findOrientation).
 */

/** The long side of an A4 page at 300 dpi (11.69 in × 300 ≈ 3508; a little less keeps OCR quick). */
export const OCR_LONG_SIDE = 3300;
/** Small images are enlarged at most this much: more would only blur. */
const MAX_UPSCALE = 2;
/** The copy the orientation and skew are measured on. */
const ANALYSIS_LONG_SIDE = 1000;

export interface GreyImage {
  pixels: Buffer;
  width: number;
  height: number;
}

export type ImageInput =
  | { kind: 'encoded'; bytes: Buffer; page?: number }
  | { kind: 'raw'; pixels: Uint8Array; width: number; height: number; channels: 1 | 3 | 4 };

function open(input: ImageInput, maxPixels: number): Sharp {
  if (input.kind === 'encoded') {
    return sharp(input.bytes, { limitInputPixels: maxPixels, page: input.page ?? 0, failOn: 'none' });
  }
  return sharp(input.pixels, {
    limitInputPixels: maxPixels,
    raw: { width: input.width, height: input.height, channels: input.channels },
  });
}

/** The size an input will have once its EXIF orientation is applied. */
function uprightSize(input: ImageInput, metadata: Metadata | null): { width: number; height: number } {
  if (input.kind === 'raw') return { width: input.width, height: input.height };
  const width = metadata?.width ?? 0;
  // A TIFF's pages are stacked in one tall image in the metadata: pageHeight is one page's.
  const height = metadata?.pageHeight ?? metadata?.height ?? 0;
  return (metadata?.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}

/** Grey, upright by EXIF, scaled to about 300 dpi (lanczos) and contrast-stretched, as raw pixels (one byte each). */
export async function normalise(
  input: ImageInput,
  maxPixels: number,
  metadata: Metadata | null,
): Promise<GreyImage> {
  const { width, height } = uprightSize(input, metadata);
  const longSide = Math.max(width, height);
  const factor = Math.min(MAX_UPSCALE, OCR_LONG_SIDE / longSide);
  let pipeline = open(input, maxPixels).rotate().toColourspace('b-w');
  // Within 10% of the target is left alone (a PDF page rendered at 300 dpi already is).
  if (Math.abs(factor - 1) > 0.1) {
    pipeline = pipeline.resize({
      width: Math.max(1, Math.round(width * factor)),
      height: Math.max(1, Math.round(height * factor)),
      fit: 'fill',
    });
  }
  // The darkest ink to black and the paper (all but its brightest 0.5%) to white. sharp's default
  // (1st to 99th percentile) blackens anti-aliased edges where ink is under 1% of the page: OCR fell apart.
  const { data, info } = await pipeline
    .normalise({ lower: 0, upper: 99.5 })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height };
}

/**
 * Which way the lines of text run and their skew, measured on a small copy (about 1000 px) by
 * `measure`: the projection profiles in the reader's worker thread (render-worker.ts), whose loops
 * over the ink would otherwise hold the event loop for a noticeable while. Which way up (0 or 180)
 * the profiles can only guess; the levelled page's ascenders and descenders tell, and where they
 * cannot, the OCR's confidence does (see reader.ts).
 */
export async function findOrientation(
  image: GreyImage,
  measure: (small: GreyImage) => Promise<Orientation>,
): Promise<Orientation> {
  const scale = Math.min(1, ANALYSIS_LONG_SIDE / Math.max(image.width, image.height));
  const { data, info } = await sharp(image.pixels, {
    raw: { width: image.width, height: image.height, channels: 1 },
  })
    .resize({
      width: Math.max(1, Math.round(image.width * scale)),
      height: Math.max(1, Math.round(image.height * scale)),
      fit: 'fill',
    })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return measure({ pixels: data, width: info.width, height: info.height });
}

/** The picture turned clockwise by `degrees` (white where the turn uncovers the canvas), as raw grey. */
export async function turn(image: GreyImage, degrees: number): Promise<GreyImage> {
  const normalised = ((degrees % 360) + 360) % 360;
  if (normalised === 0) return image;
  const { data, info } = await sharp(image.pixels, {
    raw: { width: image.width, height: image.height, channels: 1 },
  })
    .rotate(normalised, { background: '#ffffff' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height };
}

/**
 * The picture tesseract is given: a binary PGM (P5), the grey pixels behind a short header. Leptonica
 * reads it without decoding anything, where a PNG cost a compression here and a decompression in the
 * WebAssembly engine for every page (and every way up tried).
 */
export function toPgm(image: GreyImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1');
  const pixels = Buffer.from(image.pixels.buffer, image.pixels.byteOffset, image.width * image.height);
  return Buffer.concat([header, pixels]);
}

/** A JPEG of the page about `longSide` pixels on its long side, the same picture the boxes were measured on. */
export function preview(image: GreyImage, longSide: number, quality: number): Promise<Buffer> {
  const scale = Math.min(1, longSide / Math.max(image.width, image.height));
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize({
      width: Math.max(1, Math.round(image.width * scale)),
      height: Math.max(1, Math.round(image.height * scale)),
      fit: 'fill',
    })
    .jpeg({ quality })
    .toBuffer();
}
