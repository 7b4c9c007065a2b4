import { formatDate, type Template, type TemplateAnswerValue } from '@propertydna/domain';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { winAnsiSafe, wrapText } from '../../pdf/pdf-writer.js';

export interface ReportContext {
  companyName: string;
  jobRef: string;
  propertyAddress: string;
  clientName: string;
  issuedAt: Date;
}

/** Renders a filled template as an A4 PDF report; each answer is written under its field's label. */
export async function renderReportPdf(
  template: Template,
  values: Record<string, TemplateAnswerValue>,
  context: ReportContext,
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${template.name} ${context.jobRef}`);
  pdf.setAuthor(context.companyName);
  pdf.setProducer('PropertyDNA');
  pdf.setCreationDate(context.issuedAt);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const margin = 56;
  const width = 595 - margin * 2;
  let page = pdf.addPage([595, 842]);
  let y = 780;
  const write = (text: string, font: PDFFont, size: number, gap = 4) => {
    for (const line of wrapText(winAnsiSafe(text), font, size, width)) {
      if (y < margin + size) {
        page = pdf.addPage([595, 842]);
        y = 780;
      }
      page.drawText(line, { x: margin, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      y -= size + gap;
    }
  };
  write(`${template.name} v${template.version}`, bold, 18, 10);
  write(`${context.companyName} - job ${context.jobRef}`, regular, 11);
  write(`Property: ${context.propertyAddress}`, regular, 11);
  write(`Client: ${context.clientName}`, regular, 11);
  // The issue date as South Africa counts it (a report at 01:00 SAST is not dated the day before).
  write(`Issued: ${formatDate(context.issuedAt)}`, regular, 11, 16);
  for (const field of template.fields) {
    const value = values[field.name];
    write(field.label, bold, 11, 2);
    write(value === undefined || value === null || value === '' ? '-' : String(value), regular, 11, 12);
  }
  return Buffer.from(await pdf.save());
}
