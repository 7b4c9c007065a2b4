import { type PackType, reportFileName } from '@propertydna/domain';

/** A file format a report comes in, as the API's `format` parameter names it. */
export type ReportFormat = 'json' | 'pdf' | 'zip' | 'csv';

export const FORMAT_LABELS: Record<ReportFormat, string> = {
  json: 'JSON',
  pdf: 'PDF',
  zip: 'ZIP',
  csv: 'CSV',
};

export interface ReportKind {
  /** The API's path segment: GET /api/reports/{path}?propertyId=&format= */
  path: 'insurance-pack' | 'property-summary' | 'audit-trail' | 'compliance';
  title: string;
  /** What the report holds and who it is for, in one line. */
  about: string;
  /** The pack whose contents the owner chooses (sections and documents), if the report is one. */
  pack?: PackType;
  /** Its formats, the first chosen to begin with, each with what that file is. */
  formats: readonly { value: ReportFormat; about: string }[];
}

/** The four report cards of the Reports page (spec §2, issue 16 §1-2), in the spec's order. */
export const REPORT_KINDS: readonly ReportKind[] = [
  {
    path: 'insurance-pack',
    pack: 'insurance_pack',
    title: 'Insurance Pack Export',
    about:
      'For your insurer or broker: the property and its DNA code, your policies, every certificate and inspection with its dates, verifier and SHA-256 fingerprint, the compliance findings and the maintenance done.',
    formats: [
      { value: 'pdf', about: 'A readable document to attach to a claim or a renewal.' },
      { value: 'json', about: 'Structured data, for a broker’s or insurer’s system.' },
      { value: 'zip', about: 'The PDF, a manifest with every file’s SHA-256, and the documents themselves.' },
    ],
  },
  {
    path: 'property-summary',
    pack: 'property_summary',
    title: 'Property Summary Report',
    about:
      'For a buyer, a conveyancer or an agent: the property’s details, features and documents on file, and where it stands on compliance.',
    formats: [
      { value: 'pdf', about: 'A readable summary to share.' },
      { value: 'json', about: 'The same as structured data.' },
    ],
  },
  {
    path: 'audit-trail',
    title: 'Document Audit Trail',
    about:
      'For a conveyancer or an auditor: every event on the property’s documents, with its time, who did it, the action, the document and the network address.',
    formats: [
      { value: 'csv', about: 'A spreadsheet, one event a row.' },
      { value: 'pdf', about: 'A readable log to file or print.' },
    ],
  },
  {
    path: 'compliance',
    title: 'Compliance Report',
    about:
      'For you, a buyer or a lender: the compliance check in every context, transfer readiness included, with what is missing and what to do about it.',
    formats: [
      { value: 'pdf', about: 'A readable report to share.' },
      { value: 'json', about: 'The same as structured data.' },
    ],
  },
];

/** The address of a report of a property in a format, with what the owner chose to put in or leave out. */
export function reportUrl(
  path: ReportKind['path'],
  propertyId: string,
  format: ReportFormat,
  choice: Record<string, string> = {},
): string {
  return `/api/reports/${path}?${new URLSearchParams({ propertyId, format, ...choice })}`;
}

/**
 * The name a report is saved under when the server's answer names none (it normally does), as the
 * server names it: `<property>-<report>-<date>.<ext>`, the insurance pack's JSON `insurance-pack-{id}.json`
 * (spec §7).
 */
export function reportFallbackName(
  path: ReportKind['path'],
  property: { id: string; name: string },
  format: ReportFormat,
): string {
  if (path === 'insurance-pack' && format === 'json') return `insurance-pack-${property.id}.json`;
  const report = path === 'compliance' ? 'compliance-report' : path;
  return reportFileName(property, report, format, new Date());
}

/** Quick Export: a ZIP of everything for the property. */
export function quickExportUrl(propertyId: string): string {
  return `/api/reports/quick-export?${new URLSearchParams({ propertyId })}`;
}

export function quickExportFallbackName(property: { name: string }): string {
  return reportFileName(property, 'export', 'zip', new Date());
}
