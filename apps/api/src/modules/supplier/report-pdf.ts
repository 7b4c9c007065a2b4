import { formatDate, type Template, type TemplateAnswerValue } from '@propertydna/domain';
import { PdfWriter } from '../../pdf/pdf-writer.js';

/** A photo attached on the job, already a JPEG of a bounded size (jobPhotos in supplier.service). */
export interface ReportPhoto {
  name: string;
  jpeg: Buffer;
}

/** The tallest a photo is drawn, in points (about 10.6 cm). */
const PHOTO_HEIGHT = 300;

export interface ReportContext {
  companyName: string;
  /** The company's registration numbers as its profile states them (CIPC, trade body). */
  registrationNumber?: string | null;
  tradeRegistrationNumber?: string | null;
  /** The profile's contact details: email, phone, website. */
  contact?: { email: string | null; phone: string | null; website: string | null };
  jobRef: string;
  propertyAddress: string;
  clientName: string;
  issuedAt: Date;
  /** Photos attached on the job, shown after the answers. */
  photos?: readonly ReportPhoto[];
}

/**
 * Renders a filled template as an A4 report (issue 32 §7): a letterhead with the company's name,
 * registration numbers and contact details as its profile states them; the report's title (the
 * template's name, without its version); the job, the property, the client and the issue date; each
 * answer under its field's label; the photos attached on the job; and a signature block. Every page has
 * the company, the job and 'Page n of N' at its foot.
 */
export async function renderReportPdf(
  template: Template,
  values: Record<string, TemplateAnswerValue>,
  context: ReportContext,
): Promise<Buffer> {
  const issued = formatDate(context.issuedAt);
  const pdf = await PdfWriter.create({
    title: `${template.name} ${context.jobRef}`,
    author: context.companyName,
    createdAt: context.issuedAt,
    footer: `${template.name} · ${context.companyName} · job ${context.jobRef}`,
  });
  // The letterhead: who issues the report, and how to reach them.
  pdf.paragraph(context.companyName, { size: 16, font: 'bold' });
  const registrations = [
    context.registrationNumber ? `Registration no. ${context.registrationNumber}` : null,
    context.tradeRegistrationNumber ? `Trade registration ${context.tradeRegistrationNumber}` : null,
  ].filter((line): line is string => line !== null);
  if (registrations.length > 0) pdf.paragraph(registrations.join(' · '), { muted: true });
  const contact = [context.contact?.email, context.contact?.phone, context.contact?.website].filter(
    (line): line is string => typeof line === 'string' && line.trim() !== '',
  );
  if (contact.length > 0) pdf.paragraph(contact.join(' · '), { muted: true });
  pdf.space(6);

  pdf.title(template.name, `Issued: ${issued}`);
  pdf.facts([
    ['Job', context.jobRef],
    ['Property', context.propertyAddress],
    ['Client', context.clientName],
    ['Issued by', context.companyName],
  ]);

  pdf.heading('Findings');
  for (const field of template.fields) {
    const value = values[field.name];
    pdf.subheading(field.label);
    // Dates as the rest of the report writes them ('Nov 20, 2026'); a field left empty says so.
    const shown =
      value === undefined || value === null || value === ''
        ? 'Not recorded'
        : field.type === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
          ? formatDate(value)
          : String(value);
    pdf.paragraph(shown);
  }

  const photos = context.photos ?? [];
  if (photos.length > 0) {
    // The heading stays with the first photo (at most PHOTO_HEIGHT points tall, and its caption).
    pdf.heading(photos.length === 1 ? 'Photo' : `Photos (${photos.length})`, { keepWith: PHOTO_HEIGHT + 20 });
    for (const photo of photos) await pdf.image(photo.jpeg, photo.name, { maxHeight: PHOTO_HEIGHT });
  }

  pdf.heading('Signed');
  pdf.paragraph(`Signed for ${context.companyName} on ${issued}.`);
  pdf.signatureLine('Signature');
  pdf.signatureLine('Name and position');
  return pdf.finish();
}
