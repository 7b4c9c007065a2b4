import {
  type ComplianceFinding,
  contextsLabel,
  formatDate,
  formatSize,
  formatTime,
  ISSUE_DATE_LABELS,
  itemDueLabel,
  johannesburgToday,
  PROPERTY_FEATURE_LABELS,
  propertyAddressShown,
  propertyLine,
  SEVERITY_LABELS,
  shortHash,
} from '@propertydna/domain';
import { PdfWriter } from '../../pdf/pdf-writer.js';
import type {
  AuditTrailRow,
  ComplianceReport,
  InsurancePack,
  PropertySummary,
  ReportCompliance,
  ReportDocument,
  ReportPolicy,
  ReportProperty,
} from './reports.schemas.js';
import { CONTEXT_TEXTS } from './reports.service.js';

/**
 * The PDF formats of the reports, drawn from the very objects the JSON formats answer, so the two
 * never say different things. Dates as the product shows them ('Nov 23, 2026', South African time).
 */

const EXPIRY_LABELS: Record<ReportDocument['expiry_status'], string> = {
  valid: 'valid',
  expiring: 'expires within 30 days',
  expired: 'EXPIRED',
  no_expiry: 'no expiry date',
};

const CHECK_STATUS_LABELS = { compliant: 'Compliant', gaps_detected: 'Gaps detected', unknown: 'Unknown' };
const STANDING_LABELS = { good: 'Good', warning: 'Warning', critical: 'Critical' };
const FINDING_LABELS: Record<ComplianceFinding['type'], string> = {
  compliant: 'Compliant',
  gap: 'Gap',
  unknown: 'Cannot tell',
};

/** Whether a policy's wording was read, in a few words (the JSON has the full reason). */
function analysisLabel(analysis: ReportPolicy['analysis']): string {
  switch (analysis.state) {
    case 'done':
      return analysis.pages ? `Yes, ${analysis.pages} pages` : 'Yes';
    case 'no_text':
      return 'No: no text could be read (a scan or a photo)';
    case 'failed':
      return 'No: the file could not be read';
    case 'queued':
    case 'running':
      return 'Being read';
    case 'not_analysed':
      return 'Not yet';
  }
}

const day = (value: string | null) => (value ? formatDate(value) : '-');
const stamp = (iso: string) => `${formatDate(iso)} ${formatTime(iso)} SAST`;
const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replaceAll('_', ' ');

/** The badge and the provenance line, as the vault shows them (the line already names a self-declared level). */
const trustCell = (document: ReportDocument) =>
  document.badge === 'Verified' ? `Verified · ${document.provenance_line}` : document.provenance_line;

/** Its expiry date with the same notice every screen shows: Expired, Expires in N days (within 60). */
const expiry = (document: ReportDocument) =>
  document.expires_on
    ? `${day(document.expires_on)} (${document.expiry_notice ?? EXPIRY_LABELS[document.expiry_status]})`
    : '-';

/** Its issue date, or why there is none to rely on. */
const issued = (document: ReportDocument) =>
  document.issue_date === 'unknown'
    ? ISSUE_DATE_LABELS.unknown
    : document.issue_date === 'unconfirmed'
      ? ISSUE_DATE_LABELS.unconfirmed
      : day(document.issued_on);

function propertyFacts(
  pdf: PdfWriter,
  property: ReportProperty,
  organization: string,
  generatedAt: string,
  extra: [string, string][] = [],
  preparedBy?: string,
) {
  const features = property.features.map((feature) => PROPERTY_FEATURE_LABELS[feature]).join(', ');
  pdf.facts([
    ['DNA code', property.dna_code],
    // A property named by its address is named once, as its address.
    ...(propertyAddressShown(property) ? ([['Property', property.name]] as [string, string][]) : []),
    ['Address', [property.unit, property.address].filter(Boolean).join(', ')],
    ['ERF / parcel', property.parcel_id],
    ...(property.township ? ([['Township', property.township]] as [string, string][]) : []),
    ['Municipality', property.municipality],
    ...(property.deed_number ? ([['Title deed', property.deed_number]] as [string, string][]) : []),
    ['Type', capitalised(property.property_type)],
    ...(features ? ([['Installations', features]] as [string, string][]) : []),
    ['Owner', organization],
    ['Generated', stamp(generatedAt)],
    // Who generated it (issue 29 §4): the signed-in member, as the audit trail names them.
    ...(preparedBy ? ([['Prepared by', preparedBy]] as [string, string][]) : []),
    ...extra,
  ]);
}

const footerOf = (report: string, property: ReportProperty) =>
  `${report} · ${property.name} · ${property.dna_code}`;

function complianceFacts(pdf: PdfWriter, compliance: Omit<ReportCompliance, 'findings'>) {
  pdf.facts([
    ['Policy check', CHECK_STATUS_LABELS[compliance.status]],
    ['Standing', STANDING_LABELS[compliance.compliance_status]],
    [
      'Ready for transfer',
      `${compliance.transfer_readiness.ready} of ${compliance.transfer_readiness.required} transfer requirements met`,
    ],
    ['Checked', stamp(compliance.checked_at)],
  ]);
}

/** Findings as a table: what, the verdict, how serious, the evidence or the next step. */
function findingsTable(pdf: PdfWriter, findings: readonly ComplianceFinding[], empty: string) {
  pdf.table(
    [
      { header: 'Finding', width: 4, titled: true },
      { header: 'Result', width: 1.3 },
      { header: 'Severity', width: 1.2 },
      { header: 'Evidence, or what to do', width: 3.5 },
      { header: 'Provenance', width: 2.2 },
    ],
    findings.map((finding) => [
      `${finding.title}\n${finding.description}`,
      FINDING_LABELS[finding.type],
      SEVERITY_LABELS[finding.level],
      finding.type === 'compliant' && finding.evidence.length > 0
        ? finding.evidence.map((document) => document.name).join('; ')
        : finding.action,
      finding.source,
    ]),
    { empty, size: 7.5 },
  );
}

/** The rules met, with the documents that prove them: what an insurer-facing pack opens with. */
/**
 * What to do, as the Policy Check lists it (issue 32): one row a thing to do, however many contexts ask
 * for it, most severe first, in the scale's words; `generatedAt` dates what is overdue.
 */
function itemsTable(pdf: PdfWriter, items: ReportCompliance['items'], generatedAt: string) {
  const today = johannesburgToday(new Date(generatedAt));
  pdf.table(
    [
      { header: 'Severity', width: 1.2 },
      { header: 'What to do', width: 5.5, titled: true },
      { header: 'Asked for', width: 2 },
      { header: 'Due', width: 2 },
    ],
    items.map((item) => [
      SEVERITY_LABELS[item.level],
      `${item.title}\n${item.action}`,
      contextsLabel(item.contexts),
      itemDueLabel(item.due_date, today) ?? '-',
    ]),
    { empty: 'Nothing to do: every rule that applies is met.' },
  );
}

function inOrderTable(pdf: PdfWriter, findings: readonly ComplianceFinding[]) {
  pdf.table(
    [
      { header: 'In order', width: 4, titled: true },
      { header: 'Evidence', width: 4 },
      { header: 'Source', width: 2.2 },
    ],
    findings.map((finding) => [
      `${finding.title}\n${finding.description}`,
      finding.evidence.map((document) => document.name).join('; ') || '-',
      finding.source,
    ]),
    { empty: 'No rule is shown as met yet.', size: 7.5 },
  );
}

function certificatesTable(pdf: PdfWriter, documents: readonly ReportDocument[]) {
  pdf.table(
    [
      { header: 'Document', width: 3 },
      { header: 'Type', width: 2.6 },
      { header: 'Issued', width: 1.5 },
      { header: 'Expires', width: 2 },
      { header: 'Provenance', width: 2.4 },
      { header: 'SHA-256 (first 16)', width: 2.1, mono: true },
    ],
    documents.map((document) => [
      `${document.name} (${formatSize(document.bytes)})`,
      document.certificate_type_label ?? capitalised(document.kind),
      issued(document),
      expiry(document),
      trustCell(document),
      shortHash(document.sha256),
    ]),
    { empty: 'No certificates or inspections in this pack.' },
  );
}

function fingerprintAppendix(
  pdf: PdfWriter,
  documents: readonly { name: string; bytes: number; sha256: string }[],
) {
  pdf.heading('Appendix: document fingerprints (SHA-256)');
  pdf.paragraph(
    'The SHA-256 of each file as stored in the vault, checked when it was uploaded. Any copy of a file can be checked against it: sha256sum FILE on Linux, shasum -a 256 FILE on a Mac, certutil -hashfile FILE SHA256 on Windows.',
    { size: 9, muted: true },
  );
  pdf.table(
    [
      { header: 'Document', width: 2.6 },
      { header: 'Size', width: 0.9 },
      // Wide enough for the 64 characters on one line.
      { header: 'SHA-256', width: 5.7, mono: true },
    ],
    documents.map((document) => [document.name, formatSize(document.bytes), document.sha256]),
    { empty: 'No documents.', size: 7.5 },
  );
}

/** The insurance pack as a document an insurer or broker reads. */
export async function renderInsurancePackPdf(pack: InsurancePack, preparedBy?: string): Promise<Buffer> {
  const { property } = pack;
  const pdf = await PdfWriter.create({
    title: `Insurance pack - ${property.name} (${property.dna_code})`,
    subject: 'Policies, certificates, compliance and maintenance of a property',
    createdAt: new Date(pack.generated_at),
    footer: footerOf('Insurance pack', property),
  });
  pdf.title('Insurance pack', propertyLine(property));
  // The standing ('Compliance: Critical') only when the owner put the compliance gaps in.
  propertyFacts(
    pdf,
    property,
    pack.organization,
    pack.generated_at,
    pack.compliance ? [['Compliance', STANDING_LABELS[pack.compliance.compliance_status]]] : [],
    preparedBy,
  );
  pdf.paragraph(
    "The property's insurance policies, certificates and inspections as held in its PropertyDNA vault and chosen by the owner for this pack, with what is in order and the maintenance done. Each file is identified by its SHA-256 fingerprint: abbreviated in the tables, in full in the appendix.",
    { size: 9, muted: true },
  );

  if (pack.in_order) {
    pdf.heading('What is in order');
    inOrderTable(pdf, pack.in_order);
  }

  pdf.heading('Insurance policies');
  pdf.table(
    [
      { header: 'Policy', width: 3 },
      { header: 'Insurer / number', width: 2.2 },
      { header: 'Expires', width: 2 },
      { header: 'Wording read', width: 1.8 },
      { header: 'Provenance', width: 2 },
      { header: 'SHA-256 (first 16)', width: 2.1, mono: true },
    ],
    pack.policies.map((policy) => [
      `${policy.name} (${formatSize(policy.bytes)})`,
      [policy.insurer, policy.policy_number].filter(Boolean).join(', ') || '-',
      expiry(policy),
      analysisLabel(policy.analysis),
      trustCell(policy),
      shortHash(policy.sha256),
    ]),
    { empty: 'No insurance policy in this pack.' },
  );

  pdf.heading('Certificates and inspections');
  certificatesTable(pdf, pack.certificates);

  if (pack.compliance) {
    pdf.heading('Compliance check');
    complianceFacts(pdf, pack.compliance);
    pdf.subheading('What to do, most severe first');
    itemsTable(pdf, pack.compliance.items, pack.generated_at);
    for (const context of ['insurance', 'ongoing', 'transfer'] as const) {
      const findings = pack.compliance.findings.filter((finding) => finding.context === context);
      pdf.subheading(`${CONTEXT_TEXTS[context].title}: ${CONTEXT_TEXTS[context].description}`);
      findingsTable(pdf, findings, 'No rule of this kind applies to the property.');
    }
  }

  if (pack.policy_findings) {
    pdf.heading('Conditions and clauses found in the policies');
    pdf.table(
      [
        { header: 'Policy', width: 2.2 },
        { header: 'Page', width: 0.8 },
        { header: 'Kind', width: 1.4 },
        { header: 'Clause', width: 5.5, titled: true },
        { header: 'Severity', width: 1.2 },
      ],
      pack.policy_findings.map((finding) => [
        finding.document_name,
        finding.page === null ? '-' : String(finding.page),
        capitalised(finding.finding_type),
        `${finding.title}\n${finding.description}${finding.evidence_document ? `\nProved by: ${finding.evidence_document.name}` : ''}`,
        capitalised(finding.severity),
      ]),
      { empty: 'No clauses were found (no policy wording has been read yet).', size: 7.5 },
    );
  }

  if (pack.maintenance) {
    pdf.heading('Maintenance done');
    pdf.table(
      [
        { header: 'Done on', width: 1.5 },
        { header: 'Task', width: 3 },
        { header: 'By', width: 2 },
        { header: 'Notes', width: 3 },
        { header: 'Evidence', width: 3 },
      ],
      pack.maintenance.map((record) => [
        day(record.completed_on),
        record.task,
        record.completed_by ?? '-',
        [record.notes, record.cost === null ? null : `R ${record.cost.toFixed(2)}`]
          .filter(Boolean)
          .join('\n') || '-',
        record.evidence ? `${record.evidence.name}\nSHA-256 ${shortHash(record.evidence.sha256)}` : '-',
      ]),
      { empty: 'No maintenance has been recorded as done.' },
    );
  }

  const evidence = (pack.maintenance ?? []).flatMap((record) => (record.evidence ? [record.evidence] : []));
  const fingerprints = new Map<string, { name: string; bytes: number; sha256: string }>();
  for (const document of [...pack.policies, ...pack.certificates]) fingerprints.set(document.id, document);
  for (const document of evidence) fingerprints.set(document.document_id, document);
  fingerprintAppendix(pdf, [...fingerprints.values()]);
  return pdf.finish();
}

/** The property summary: the property at a glance for an owner, a buyer or their conveyancer. */
export async function renderPropertySummaryPdf(
  summary: PropertySummary,
  preparedBy?: string,
): Promise<Buffer> {
  const { property } = summary;
  const pdf = await PdfWriter.create({
    title: `Property summary - ${property.name} (${property.dna_code})`,
    createdAt: new Date(summary.generated_at),
    footer: footerOf('Property summary', property),
  });
  pdf.title('Property summary', propertyLine(property));
  propertyFacts(
    pdf,
    property,
    summary.organization,
    summary.generated_at,
    [
      ['Registered', formatDate(property.registered_at)],
      ['Documents', String(property.documents_count)],
      ['Last activity', stamp(property.last_activity)],
    ],
    preparedBy,
  );

  if (summary.compliance) {
    pdf.heading('Compliance at a glance');
    complianceFacts(pdf, summary.compliance);
    const { counts } = summary.compliance;
    pdf.paragraph(
      `${counts.compliant} compliant, ${counts.gap} gaps, ${counts.unknown} the vault cannot tell.`,
    );
    pdf.subheading('What to do, most severe first');
    itemsTable(pdf, summary.compliance.items, summary.generated_at);
  }

  if (summary.in_order) {
    pdf.heading('What is in order');
    inOrderTable(pdf, summary.in_order);
  }

  if (summary.documents) {
    pdf.heading('Documents');
    pdf.table(
      [
        { header: 'Document', width: 3.2 },
        { header: 'Kind / type', width: 2.6 },
        { header: 'Expires', width: 2 },
        { header: 'Provenance', width: 2.3 },
        { header: 'Size', width: 1.1 },
        { header: 'SHA-256 (first 16)', width: 2.1, mono: true },
      ],
      summary.documents.map((document) => [
        document.name,
        document.certificate_type_label ?? capitalised(document.kind),
        expiry(document),
        trustCell(document),
        formatSize(document.bytes),
        shortHash(document.sha256),
      ]),
      { empty: 'No documents in this summary.' },
    );
  }

  const { maintenance, reminders } = summary;
  if (maintenance && reminders) {
    pdf.heading('Maintenance plan');
    pdf.table(
      [
        { header: 'Task', width: 3.5 },
        { header: 'Every', width: 1.5 },
        { header: 'Next due', width: 1.6 },
        { header: 'Status', width: 1.4 },
        { header: 'Last done', width: 1.6 },
        { header: 'Assigned to', width: 2 },
      ],
      maintenance.map((task) => [
        task.title,
        task.frequency,
        day(task.next_due),
        task.due_band,
        day(task.last_completed_on),
        task.assigned_to ?? 'Unassigned',
      ]),
      { empty: 'No maintenance tasks.' },
    );

    pdf.heading('Reminders');
    pdf.table(
      [
        { header: 'Due', width: 1.6 },
        { header: 'Reminder', width: 6, titled: true },
        { header: 'Priority', width: 1.3 },
      ],
      reminders.map((reminder) => [
        `${day(reminder.due_date)}${reminder.overdue ? '\nOVERDUE' : ''}`,
        `${reminder.title}\n${reminder.message}`,
        capitalised(reminder.priority),
      ]),
      { empty: 'Nothing is due.' },
    );
  }
  return pdf.finish();
}

/** The compliance report: every context of the check, transfer readiness included. */
export async function renderCompliancePdf(report: ComplianceReport, preparedBy?: string): Promise<Buffer> {
  const { property } = report;
  const pdf = await PdfWriter.create({
    title: `Compliance report - ${property.name} (${property.dna_code})`,
    createdAt: new Date(report.generated_at),
    footer: footerOf('Compliance report', property),
  });
  pdf.title('Compliance report', propertyLine(property));
  propertyFacts(pdf, property, report.organization, report.generated_at, [], preparedBy);
  pdf.heading('Summary');
  complianceFacts(pdf, report);
  pdf.table(
    [
      { header: 'Context', width: 4 },
      { header: 'Compliant', width: 1 },
      { header: 'Gaps', width: 1 },
      { header: 'Cannot tell', width: 1 },
    ],
    report.contexts.map((context) => [
      `${context.title}: ${context.description}`,
      String(context.counts.compliant),
      String(context.counts.gap),
      String(context.counts.unknown),
    ]),
  );
  pdf.paragraph(
    'The rules read the certificates, inspections and policies in the vault against South African law, municipal by-laws and the conditions found in the policies; each finding names its source.',
    { size: 9, muted: true },
  );
  pdf.heading('What to do, most severe first');
  itemsTable(pdf, report.items, report.generated_at);
  for (const context of report.contexts) {
    pdf.heading(`${context.title}: ${context.description}`);
    findingsTable(pdf, context.findings, 'No rule of this kind applies to the property.');
  }
  return pdf.finish();
}

/** The most events the PDF lists (the CSV has them all). */
export const AUDIT_PDF_MAX_ROWS = 2000;

/** The Document Audit Trail as a PDF: the latest AUDIT_PDF_MAX_ROWS events, oldest first. */
export async function renderAuditTrailPdf(
  subject: { property: ReportProperty; organization: string },
  rows: readonly AuditTrailRow[],
  total: number,
  generatedAt: Date,
  preparedBy?: string,
): Promise<Buffer> {
  const { property } = subject;
  const pdf = await PdfWriter.create({
    title: `Document audit trail - ${property.name} (${property.dna_code})`,
    createdAt: generatedAt,
    footer: footerOf('Document audit trail', property),
  });
  pdf.title('Document audit trail', propertyLine(property));
  propertyFacts(
    pdf,
    property,
    subject.organization,
    generatedAt.toISOString(),
    [
      [
        'Events',
        total > rows.length ? `${total} (the latest ${rows.length} shown; the CSV has all)` : String(total),
      ],
    ],
    preparedBy,
  );
  pdf.paragraph(
    'Who did what to the documents of this property, and to the property itself, with the time (South African time) and the address it came from.',
    { size: 9, muted: true },
  );
  pdf.table(
    [
      { header: 'Time (SAST)', width: 2.3 },
      { header: 'Who', width: 1.9 },
      { header: 'Action', width: 1.8 },
      { header: 'Document', width: 2.4 },
      { header: 'IP address', width: 1.6 },
      { header: 'Details', width: 2.4 },
    ],
    rows.map((row) => [
      row.time.slice(0, 19).replace('T', ' '),
      row.actor,
      row.action,
      row.document || '-',
      row.ip || '-',
      row.details,
    ]),
    { empty: 'No events yet.', size: 7 },
  );
  return pdf.finish();
}
