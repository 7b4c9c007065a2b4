import sharp, { type Metadata, type Sharp } from 'sharp';

/**
 * Pictures of pages, made ready for OCR with sharp (libvips, off the event loop on libuv's pool): the
 * EXIF orientation applied, grey, scaled so text is about 300 dpi, contrast stretched; then which way
 * up the text runs and how far it is skewed, found from projection profiles of a small copy.
 */

/** The long side of an A4 page at 300 dpi (11.69 in × 300 ≈ 3508; a little less keeps OCR quick). */
export const OCR_LONG_SIDE = 3300;
/** Small images are enlarged at most this much: more would only blur. */
const MAX_UPSCALE = 2;
/** The copy the orientation and skew are measured on. */
const ANALYSIS_LONG_SIDE = 1000;
/** Fewer dark pixels than this in the small copy and the page is blank. */
const MIN_INK_POINTS = 50;
/** Skew searched, in degrees either way, coarse then fine. */
const MAX_SKEW = 5;

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

interface Points {
  xs: Float32Array;
  ys: Float32Array;
  count: number;
  width: number;
  height: number;
}

/** The dark pixels of a small copy (Otsu's threshold), the ink the profiles are made of. */
async function inkPoints(image: GreyImage): Promise<Points> {
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
  const histogram = new Float64Array(256);
  for (const value of data) histogram[value] = (histogram[value] ?? 0) + 1;
  const threshold = otsu(histogram, data.length);
  let count = 0;
  for (const value of data) if (value < threshold) count += 1;
  // A page that is mostly dark (a photo of a dark table) has no ink to measure: too many points only slow this.
  const step = Math.max(1, Math.ceil(count / 200_000));
  const xs = new Float32Array(Math.ceil(count / step));
  const ys = new Float32Array(xs.length);
  let kept = 0;
  let seen = 0;
  for (let i = 0; i < data.length; i++) {
    if ((data[i] ?? 255) >= threshold) continue;
    if (seen++ % step !== 0) continue;
    xs[kept] = i % info.width;
    ys[kept] = Math.floor(i / info.width);
    kept += 1;
  }
  return { xs, ys, count: kept, width: info.width, height: info.height };
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

export interface Orientation {
  /** Clockwise turn (degrees) that makes the text lines level: near 0 or near 90, with the skew. */
  turn: number;
  /** Whether the text runs across (0) or up and down the picture (90) before the turn. */
  axis: 0 | 90;
  skew: number;
  /** Whether there is ink enough to be text at all (a blank page has none: nothing to turn). */
  ink: boolean;
}

/**
 * Which way the lines of text run and their skew, from projection profiles: turned by the best angle
 * the ink's row counts are sharpest. Which way up (0 or 180) the profiles cannot tell; the OCR's
 * confidence does (see reader.ts).
 */
export async function findOrientation(image: GreyImage): Promise<Orientation> {
  const points = await inkPoints(image);
  if (points.count < MIN_INK_POINTS) return { turn: 0, axis: 0, skew: 0, ink: false };
  const across = bestAngle(points, 0);
  const upDown = bestAngle(points, 90);
  const axis = upDown.score > across.score * 1.05 ? 90 : 0;
  const chosen = axis === 90 ? upDown : across;
  const skew = Math.round((chosen.angle - axis) * 10) / 10;
  return { turn: axis + skew, axis, skew, ink: true };
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

/** The PNG tesseract is given (fast compression: it is decoded again at once). */
export function toPng(image: GreyImage): Promise<Buffer> {
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
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
