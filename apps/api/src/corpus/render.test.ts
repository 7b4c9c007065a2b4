import { type CorpusSpec, corpusSpecSchema } from '@propertydna/domain';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoTurn, renderCleanPdf, renderPhoto, renderScan, seededRandom } from './render.js';

const page = (lines: string[]) => ({
  size: 'A4',
  items: [
    { box: [40, 40, 515, 40], fill: 0.9 },
    ...lines.map((text, index) => ({ text, x: 297, y: 70 + 20 * index, size: 12, align: 'center' })),
    { line: [40, 200, 555, 200] },
  ],
});
const spec = (id: string, pages: string[][]): CorpusSpec =>
  corpusSpecSchema.parse({
    id,
    kind: 'certificate',
    layout: 'test',
    pages: pages.map(page),
    truth: { certificate_type: 'gas_coc' },
  });

/** The text layer of a PDF, page by page (mupdf). */
function pdfText(bytes: Uint8Array): string[] {
  const document = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    return Array.from({ length: document.countPages() }, (_, index) => {
      const page = document.loadPage(index);
      const text = page.toStructuredText('preserve-whitespace').asText();
      page.destroy();
      return text;
    });
  } finally {
    document.destroy();
  }
}

describe('the corpus renderer', () => {
  it('draws a spec as a text PDF, the same bytes every time', async () => {
    const one = spec('render-test', [['CERTIFICATE OF CONFORMITY', 'Datum: 14 Maart 2025 – R 1 234,56']]);
    const pdf = await renderCleanPdf(one);
    expect(Buffer.from(await renderCleanPdf(one)).equals(Buffer.from(pdf))).toBe(true);
    const [text] = pdfText(pdf);
    expect(text).toContain('CERTIFICATE OF CONFORMITY');
    expect(text).toContain('Datum: 14 Maart 2025 – R 1 234,56');
  });

  it('scans one page to a greyscale JPEG and several to an image-only PDF', async () => {
    const single = spec('scan-one', [['Page one']]);
    const scan = await renderScan(single, await renderCleanPdf(single));
    expect(scan.extension).toBe('jpg');
    expect(scan.dpi).toBeGreaterThanOrEqual(200);
    expect(scan.dpi).toBeLessThanOrEqual(300);
    const metadata = await sharp(scan.bytes).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.channels).toBe(1);
    // An A4 page at 200–300 dpi, a little larger for the skew.
    expect(metadata.width).toBeGreaterThan(1600);
    const double = spec('scan-two', [['Page one'], ['Page two']]);
    const scanned = await renderScan(double, await renderCleanPdf(double));
    expect(scanned.extension).toBe('pdf');
    expect(pdfText(scanned.bytes).map((text) => text.trim())).toEqual(['', '']);
  });

  it('photographs page 1, turned by its pixels or by an EXIF tag', async () => {
    const one = spec('photo-test', [['Page one']]);
    const clean = await renderCleanPdf(one);
    const upright = await sharp(await renderPhoto(one, clean, { degrees: 0, by: 'none' })).metadata();
    expect(upright.height).toBeGreaterThan(upright.width);
    expect(upright.orientation).toBeUndefined();
    const pixels = await sharp(await renderPhoto(one, clean, { degrees: 90, by: 'pixels' })).metadata();
    expect(pixels.width).toBeGreaterThan(pixels.height);
    expect(pixels.orientation).toBeUndefined();
    const exif = await renderPhoto(one, clean, { degrees: 90, by: 'exif' });
    const tagged = await sharp(exif).metadata();
    expect(tagged.width).toBeGreaterThan(tagged.height);
    expect(tagged.orientation).toBe(8);
    // Shown as its tag says, it stands upright again.
    const shown = await sharp(exif).rotate().toBuffer({ resolveWithObject: true });
    expect(shown.info.height).toBeGreaterThan(shown.info.width);
  });

  it('turns every third photo, through 90°, 180° and 270°, by pixels and by EXIF', () => {
    const turns = Array.from({ length: 18 }, (_, index) => photoTurn(index));
    expect(turns.filter((turn) => turn.degrees === 0)).toHaveLength(12);
    const turned = turns.filter((turn) => turn.degrees !== 0).map((turn) => `${turn.degrees} ${turn.by}`);
    expect(turned.sort()).toEqual([
      '180 exif',
      '180 pixels',
      '270 exif',
      '270 pixels',
      '90 exif',
      '90 pixels',
    ]);
  });

  it('draws the same numbers from the same seed', () => {
    const a = seededRandom('x');
    const b = seededRandom('x');
    const values = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(values);
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(seededRandom('y')()).not.toBe(values[0]);
  });
});
