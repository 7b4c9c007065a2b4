import { crc32, deflateSync } from 'node:zlib';
import * as mupdf from 'mupdf';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/**
 * Pictures of pages made in the tests (issue 27), for the reader's unit tests (src/) and the API's
 * (test/) alike, so nothing here touches a database: an A4 page at 300 dpi with lines of text drawn by
 * sharp (librsvg and the system's DejaVu Sans), as a photo or scan would show it, PDFs made of such
 * pictures (scans) or of real text (a text layer), a printed electrical CoC and a phone photo of it
 * (mupdf's rendering, held sideways), and a PNG decompression bomb.
 */

export const A4_300DPI = { width: 2480, height: 3508 } as const;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page as an SVG: black text on white, one line every 110 px from the top, 56 px type (≈ 13 pt),
 * flush on the left margin (or, with `anchor` 'end', on the right one).
 */
export function pageSvg(
  lines: readonly string[],
  size: { width: number; height: number } = A4_300DPI,
  anchor: 'start' | 'end' = 'start',
): Buffer {
  const x = anchor === 'start' ? 200 : size.width - 200;
  const text = lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${400 + i * 110}" text-anchor="${anchor}" font-family="DejaVu Sans" font-size="56">${escapeXml(line)}</text>`,
    )
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><rect width="100%" height="100%" fill="white"/>${text}</svg>`,
  );
}

/** The page as a grey JPEG (quality 85), as a scanner would give it. */
export function pageJpeg(lines: readonly string[]): Promise<Buffer> {
  return sharp(pageSvg(lines)).greyscale().jpeg({ quality: 85 }).toBuffer();
}

/** A PDF whose pages are pictures only (no text layer): a scan. */
export async function scannedPdf(pages: readonly Buffer[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (const jpeg of pages) {
    const image = await pdf.embedJpg(jpeg);
    pdf.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  }
  return Buffer.from(await pdf.save());
}

/** A PDF with a text layer: each page's lines in 12 pt Helvetica from the top left. */
export async function textPdf(pages: readonly (readonly string[])[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    lines.forEach((line, i) => {
      page.drawText(line, { x: 50, y: 780 - i * 20, size: 12, font });
    });
  }
  return Buffer.from(await pdf.save());
}

/** The lines of a certificate of compliance, as the reader tests and the extraction tests read them. */
export const COC_LINES = [
  'CERTIFICATE OF COMPLIANCE',
  'Electrical Installation',
  'Certificate No. E12345',
  'Date of issue: 14 March 2025',
  'Registered person: J Smith IE 0012345',
  'Address: 12 Kloof Street, Cape Town',
  'The installation was inspected and tested and complies',
  'with SANS 10142-1 as at the date of issue.',
] as const;

/**
 * A greyscale PNG that declares width × height pixels in a few bytes: a decompression bomb. `rows` is
 * its zlib image data: by default the first row only (a decoder that trusted the header would set out
 * to fill the rest); zerosDeflated (test/support/policy-pdf.ts) gives one that inflates in full.
 */
export function bombPng(
  width: number,
  height: number,
  rows: Buffer = deflateSync(Buffer.alloc(width + 1)),
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An electrical Certificate of Compliance as printed: one A4 page of text (PDF points, from the top). */
export async function cocPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595, 842]);
  const lines: [string, number, boolean][] = [
    ['CERTIFICATE OF COMPLIANCE', 22, true],
    ['Electrical Installation', 16, true],
    ['Issued in terms of the Electrical Installation Regulations, SANS 10142-1', 11, false],
    ['', 11, false],
    ['Certificate No: EC-2025-00871', 15, false],
    ['Date of issue: 14 March 2025', 15, false],
    ['Address: 14 Kloof Street, Gardens, Cape Town', 15, false],
    ['Registered person: Thabo Nkosi', 15, false],
    ['Registration No: IE 2231 (Installation Electrician)', 13, false],
  ];
  let y = 842 - 70;
  for (const [text, size, isBold] of lines) {
    if (text) page.drawText(text, { x: 50, y, size, font: isBold ? bold : regular });
    y -= size * 2.2;
  }
  return pdf.save();
}

/** A phone photo of the certificate: the page rendered, turned 90° (held sideways), saved as a JPEG. */
export async function photographedCoc(): Promise<Buffer> {
  const document = mupdf.Document.openDocument(await cocPdf(), 'application/pdf');
  const page = document.loadPage(0);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(2.5, 2.5), mupdf.ColorSpace.DeviceRGB, false, true);
  const png = Buffer.from(pixmap.asPNG());
  pixmap.destroy();
  page.destroy();
  document.destroy();
  return sharp(png).rotate(90).jpeg({ quality: 85 }).toBuffer();
}
