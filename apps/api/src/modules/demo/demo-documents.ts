import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/** A one-page PDF that says what it is: the owner demo's sample documents. */
export async function renderDemoPdf(title: string, lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('PropertyDNA');
  const page = pdf.addPage([595, 842]); // A4
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 56, y: 770, size: 20, font: bold, color: rgb(0.1, 0.2, 0.4) });
  lines.forEach((line, index) => {
    page.drawText(line, { x: 56, y: 730 - index * 20, size: 12, font: regular });
  });
  page.drawText('Sample document of the PropertyDNA demo account.', { x: 56, y: 60, size: 9, font: regular });
  return Buffer.from(await pdf.save());
}
