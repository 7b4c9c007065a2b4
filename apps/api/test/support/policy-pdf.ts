import { readFileSync } from 'node:fs';
import { constants, deflateRawSync } from 'node:zlib';
import { PDFDocument, PDFName, rgb, StandardFonts } from 'pdf-lib';

const FONT_SIZE = 9;
const LEADING = 12;
const MARGIN = 40;

/**
 * An A4 PDF with a text layer, a corpus page a PDF page, line for line as in the text (a blank line is
 * a paragraph gap). Lines narrower than the page are drawn as they are: the corpus is written to fit.
 */
export async function pdfOf(pages: readonly string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage([595, 842]);
    let y = 842 - MARGIN;
    for (const line of text.replace(/\n+$/, '').split('\n')) {
      if (line.trim() !== '') {
        if (font.widthOfTextAtSize(line, FONT_SIZE) > 595 - 2 * MARGIN) throw new Error(`Too wide: ${line}`);
        page.drawText(line, { x: MARGIN, y, size: FONT_SIZE, font });
      }
      y -= LEADING;
    }
  }
  return pdf.save();
}

/**
 * A wording of test/fixtures (`<name>.txt`, its pages starting at lines `=== page N ===`, as the
 * policy corpus writes them), a page a string.
 */
export function wordingPages(name: string): string[] {
  const text = readFileSync(new URL(`../fixtures/${name}.txt`, import.meta.url), 'utf8');
  return text.split(/^=== page \d+ ===\r?\n/m).slice(1);
}

/** An A4 PDF whose only page shows a grey rectangle: what a scan looks like to a text extractor. */
export async function scanLikePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawRectangle({ x: 40, y: 40, width: 515, height: 762, color: rgb(0.8, 0.8, 0.8) });
  return pdf.save();
}

export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;

/**
 * zlib data that inflates to `bytes` zero bytes, built without ever holding them: one MiB of zeros
 * deflated and flushed to a byte boundary (so it stands alone) repeated, an empty final block, and the
 * Adler-32 of n zeros ((n mod 65521) << 16 | 1). 1 GiB takes about 1 MB.
 */
export function zerosDeflated(bytes: number): Buffer {
  const flushed = { level: 9, finishFlush: constants.Z_SYNC_FLUSH };
  const mebibyte = deflateRawSync(Buffer.alloc(MiB), flushed);
  const parts: Buffer[] = [Buffer.from([0x78, 0xda])];
  for (let left = bytes; left > 0; left -= MiB)
    parts.push(left >= MiB ? mebibyte : deflateRawSync(Buffer.alloc(left), flushed));
  parts.push(deflateRawSync(Buffer.alloc(0)));
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((bytes % 65521) << 16) | 1) >>> 0);
  parts.push(adler);
  return Buffer.concat(parts);
}

/**
 * A flate bomb: a one-page PDF whose content streams are zlib data inflating to these many zero bytes
 * each (one of 1 GiB is a 1 MB file). `subtype: 'Image'` labels them images, which text extraction is
 * not supposed to unpack, though PDF.js does when they are the page's content.
 */
export async function flateBombPdf(
  streamBytes: readonly number[],
  { subtype }: { subtype?: 'Image' } = {},
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const dict = subtype ? { Filter: 'FlateDecode', Subtype: subtype } : { Filter: 'FlateDecode' };
  const refs = streamBytes.map((bytes) =>
    pdf.context.register(pdf.context.stream(zerosDeflated(bytes), dict)),
  );
  page.node.set(
    PDFName.of('Contents'),
    refs.length === 1 ? (refs[0] as (typeof refs)[0]) : pdf.context.obj(refs),
  );
  return pdf.save();
}

/**
 * A scanned policy: each page of `pdfOf(pages)` rendered by mupdf to a greyscale image (`dpi`) and put
 * back, image only, into a PDF of the same page size. No text layer: only OCR reads it.
 */
export async function scannedPdfOf(pages: readonly string[], dpi = 200): Promise<Uint8Array> {
  const mupdf = await import('mupdf');
  const source = mupdf.Document.openDocument(await pdfOf(pages), 'application/pdf');
  const scanned = await PDFDocument.create();
  try {
    for (let index = 0; index < source.countPages(); index++) {
      const page = source.loadPage(index);
      const pixmap = page.toPixmap(
        mupdf.Matrix.scale(dpi / 72, dpi / 72),
        mupdf.ColorSpace.DeviceGray,
        false,
      );
      const image = await scanned.embedPng(pixmap.asPNG());
      pixmap.destroy();
      page.destroy();
      scanned.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
    }
  } finally {
    source.destroy();
  }
  return scanned.save();
}
