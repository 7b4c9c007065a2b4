import {
  CORPUS_PAGE_SIZES,
  type CorpusFont,
  type CorpusItem,
  type CorpusPage,
  type CorpusSpec,
} from '@propertydna/domain';
import * as mupdf from 'mupdf';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/**
 * Draws a corpus spec (packages/domain/src/extraction/corpus/README.md) as the three sources the
 * extraction is measured on: a text PDF, a scanned-looking image (or image-only PDF) and a phone photo.
 * Deterministic: every random choice comes from a PRNG seeded from the spec's id.
 */

/** A small seeded PRNG (mulberry32) seeded by the FNV-1a hash of a string. */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let index = 0; index < seed.length; index += 1) {
    state ^= seed.charCodeAt(index);
    state = Math.imul(state, 0x01000193) >>> 0;
  }
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random: () => number, low: number, high: number) => low + (high - low) * random();

const FONT_FILES: Record<CorpusFont, StandardFonts> = {
  Helvetica: StandardFonts.Helvetica,
  'Helvetica-Bold': StandardFonts.HelveticaBold,
  'Times-Roman': StandardFonts.TimesRoman,
  'Times-Bold': StandardFonts.TimesRomanBold,
  Courier: StandardFonts.Courier,
};

/** A fixed date for the PDFs' metadata, so the same spec always gives the same bytes. */
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

/** The spec drawn with pdf-lib's standard fonts: a PDF with a text layer. */
export async function renderCleanPdf(spec: CorpusSpec): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(spec.id);
  pdf.setProducer('PropertyDNA corpus:make');
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const fonts = new Map<CorpusFont, PDFFont>();
  const fontOf = async (name: CorpusFont) => {
    const known = fonts.get(name);
    if (known) return known;
    const font = await pdf.embedFont(FONT_FILES[name]);
    fonts.set(name, font);
    return font;
  };
  for (const spec_page of spec.pages) {
    const [width, height] = CORPUS_PAGE_SIZES[spec_page.size];
    const page = pdf.addPage([width, height]);
    for (const item of spec_page.items) await drawItem(item);

    async function drawItem(item: CorpusItem) {
      if ('text' in item) {
        const font = await fontOf(item.font);
        const textWidth = font.widthOfTextAtSize(item.text, item.size);
        const x =
          item.align === 'right'
            ? item.x - textWidth
            : item.align === 'center'
              ? item.x - textWidth / 2
              : item.x;
        page.drawText(item.text, { x, y: height - item.y, size: item.size, font, color: rgb(0, 0, 0) });
      } else if ('line' in item) {
        const [x1, y1, x2, y2] = item.line;
        page.drawLine({
          start: { x: x1, y: height - y1 },
          end: { x: x2, y: height - y2 },
          thickness: item.width,
          color: rgb(0, 0, 0),
        });
      } else {
        const [x, y, w, h] = item.box;
        page.drawRectangle({
          x,
          y: height - y - h,
          width: w,
          height: h,
          borderWidth: item.width,
          borderColor: item.width > 0 ? rgb(0, 0, 0) : undefined,
          color: item.fill === undefined ? undefined : rgb(item.fill, item.fill, item.fill),
        });
      }
    }
  }
  return pdf.save({ useObjectStreams: false });
}

/** Renders each page of a PDF to a greyscale PNG at `dpi`. */
export function renderPages(pdfBytes: Uint8Array, dpi: number, pages?: number): Buffer[] {
  const document = mupdf.Document.openDocument(pdfBytes, 'application/pdf');
  try {
    const count = Math.min(document.countPages(), pages ?? Number.POSITIVE_INFINITY);
    const images: Buffer[] = [];
    for (let index = 0; index < count; index += 1) {
      const page = document.loadPage(index);
      const pixmap = page.toPixmap(
        mupdf.Matrix.scale(dpi / 72, dpi / 72),
        mupdf.ColorSpace.DeviceGray,
        false,
      );
      images.push(Buffer.from(pixmap.asPNG()));
      pixmap.destroy();
      page.destroy();
    }
    return images;
  } finally {
    document.destroy();
  }
}

/** Adds grain and a few specks to a greyscale raw image, in place. */
function addNoise(raw: Buffer, random: () => number, sigma: number, specks: number) {
  // A clamped view: values below 0 or above 255 are stored as 0 and 255.
  const pixels = new Uint8ClampedArray(raw.buffer, raw.byteOffset, raw.length);
  for (let index = 0; index < pixels.length; index += 1) {
    // Two uniforms summed: a cheap bell-shaped noise.
    pixels[index] = (pixels[index] as number) + (random() + random() - 1) * sigma * 1.7;
  }
  const count = Math.round((pixels.length / 10_000) * specks);
  for (let speck = 0; speck < count; speck += 1) {
    pixels[Math.floor(random() * pixels.length)] = random() < 0.7 ? 40 : 255;
  }
}

/** One scanned page: greyscale at 200–300 dpi, skewed 1–3°, low contrast, grainy, low-quality JPEG. */
async function scanPage(png: Buffer, random: () => number): Promise<Buffer> {
  const skew = between(random, 1, 3) * (random() < 0.5 ? -1 : 1);
  const contrast = between(random, 0.6, 0.8);
  const paper = between(random, 225, 245);
  // Low contrast: white paper a little grey, black ink a dark grey.
  const offset = paper - 255 * contrast;
  const rotated = await sharp(png)
    .greyscale()
    .rotate(skew, { background: { r: 255, g: 255, b: 255 } })
    .blur(between(random, 0.4, 0.8))
    .linear(contrast, offset)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  addNoise(rotated.data, random, between(random, 6, 14), between(random, 1, 4));
  return sharp(rotated.data, {
    raw: { width: rotated.info.width, height: rotated.info.height, channels: rotated.info.channels },
  })
    .toColourspace('b-w')
    .jpeg({ quality: Math.round(between(random, 30, 55)) })
    .toBuffer();
}

export interface ScanSource {
  /** `jpg` for a one-page document, `pdf` (image-only) for several pages. */
  extension: 'jpg' | 'pdf';
  bytes: Uint8Array;
  dpi: number;
}

/** The scanned-looking source of a spec: one JPEG, or an image-only PDF of its scanned pages. */
export async function renderScan(spec: CorpusSpec, cleanPdf: Uint8Array): Promise<ScanSource> {
  const random = seededRandom(`${spec.id}:scan`);
  const dpi = Math.round(between(random, 200, 300));
  const pages = await Promise.all(renderPages(cleanPdf, dpi).map((png) => scanPage(png, random)));
  if (pages.length === 1) return { extension: 'jpg', bytes: pages[0] as Buffer, dpi };
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  for (const [index, jpeg] of pages.entries()) {
    const [width, height] = CORPUS_PAGE_SIZES[(spec.pages[index] as CorpusPage).size];
    const image = await pdf.embedJpg(jpeg);
    const page = pdf.addPage([width, height]);
    // The skewed page is a little larger than the sheet: fit it, as a scanner's bed crops it.
    page.drawImage(image, { x: 0, y: 0, width, height });
  }
  return { extension: 'pdf', bytes: await pdf.save({ useObjectStreams: false }), dpi };
}

/** How a photo is turned: `pixels` rotated in the image itself, `exif` stored turned with an EXIF tag. */
export interface PhotoTurn {
  degrees: 0 | 90 | 180 | 270;
  by: 'pixels' | 'exif' | 'none';
}

const TURNS: readonly PhotoTurn[] = [
  { degrees: 90, by: 'exif' },
  { degrees: 180, by: 'pixels' },
  { degrees: 270, by: 'exif' },
  { degrees: 90, by: 'pixels' },
  { degrees: 180, by: 'exif' },
  { degrees: 270, by: 'pixels' },
];

/**
 * How the photo of the set's `index`-th document (in the order of their ids) is turned: every third
 * one, cycling through 90°, 180° and 270°, half in the pixels (the reader must find it) and half only
 * by an EXIF orientation tag (as phones do).
 */
export function photoTurn(index: number): PhotoTurn {
  if (index % 3 !== 1) return { degrees: 0, by: 'none' };
  return TURNS[Math.floor(index / 3) % TURNS.length] as PhotoTurn;
}

/** EXIF orientation that displays upright an image whose pixels were turned clockwise by `degrees`. */
const EXIF_ORIENTATION = { 90: 8, 180: 3, 270: 6 } as const;

/** A gradient overlay (SVG) of the photo's shadow and uneven light. */
function lightSvg(width: number, height: number, random: () => number): Buffer {
  const angle = Math.floor(random() * 4);
  const [x1, y1, x2, y2] = [
    ['0', '0', '1', '0'],
    ['1', '0', '0', '0'],
    ['0', '0', '0', '1'],
    ['0', '1', '1', '0'],
  ][angle] as string[];
  const shadow = between(random, 0.2, 0.4).toFixed(2);
  const cx = between(random, 0.2, 0.8).toFixed(2);
  const cy = between(random, 0.2, 0.8).toFixed(2);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="s" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">
      <stop offset="0" stop-color="#000" stop-opacity="${shadow}"/>
      <stop offset="0.45" stop-color="#000" stop-opacity="0.05"/>
      <stop offset="1" stop-color="#000" stop-opacity="0"/>
    </linearGradient>
    <radialGradient id="l" cx="${cx}" cy="${cy}" r="0.6">
      <stop offset="0" stop-color="#fff8e0" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#fff8e0" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#s)"/>
  <rect width="100%" height="100%" fill="url(#l)"/>
</svg>`);
}

/**
 * A phone photo of page 1: sheared and slightly turned on a desk, warm light, a shadow across it and
 * a brighter patch, a little blur, JPEG at phone quality; turned as photoTurn says.
 */
export async function renderPhoto(spec: CorpusSpec, cleanPdf: Uint8Array, turn: PhotoTurn): Promise<Buffer> {
  const random = seededRandom(`${spec.id}:photo`);
  const dpi = Math.round(between(random, 230, 280));
  const [page] = renderPages(cleanPdf, dpi, 1) as [Buffer];
  const tilt = between(random, -4, 4);
  const shearX = between(random, -0.06, 0.06);
  const shearY = between(random, -0.04, 0.04);
  const scaleY = between(random, 0.92, 1);
  const desk = {
    r: Math.round(between(random, 60, 140)),
    g: Math.round(between(random, 50, 110)),
    b: Math.round(between(random, 40, 90)),
  };
  // The paper a little warm and not quite white; ink not quite black.
  const colour = await sharp(page).toColourspace('srgb').png().toBuffer();
  const paper = await sharp(colour)
    .linear([0.82, 0.8, 0.74], [18, 16, 14])
    .extend({
      top: Math.round(dpi * 0.4),
      bottom: Math.round(dpi * 0.4),
      left: Math.round(dpi * 0.3),
      right: Math.round(dpi * 0.3),
      background: desk,
    })
    .png()
    .toBuffer();
  const warped = await sharp(paper)
    .affine(
      [
        [1, shearX],
        [shearY, scaleY],
      ],
      { background: desk, interpolator: 'bilinear' },
    )
    .rotate(tilt, { background: desk })
    .png()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = warped.info;
  let photo = sharp(
    await sharp(warped.data)
      .composite([{ input: lightSvg(width, height, random), blend: 'over' }])
      .blur(between(random, 0.5, 1.1))
      .png()
      .toBuffer(),
  );
  if (turn.degrees !== 0) photo = sharp(await photo.rotate(turn.degrees).png().toBuffer());
  const jpeg = photo.jpeg({ quality: Math.round(between(random, 70, 88)) });
  return turn.by === 'exif'
    ? jpeg.withMetadata({ orientation: EXIF_ORIENTATION[turn.degrees as 90 | 180 | 270] }).toBuffer()
    : jpeg.toBuffer();
}
