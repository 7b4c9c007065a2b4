import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

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

/** An A4 PDF whose only page shows a grey rectangle: what a scan looks like to a text extractor. */
export async function scanLikePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawRectangle({ x: 40, y: 40, width: 515, height: 762, color: rgb(0.8, 0.8, 0.8) });
  return pdf.save();
}
