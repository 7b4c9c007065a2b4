import {
  CERTIFICATE_TYPE_LABELS,
  COMPLIANCE_CONTEXTS,
  type ComplianceContext,
  type ComplianceFinding,
  certificateTypeOf,
  describeMunicipality,
  documentDates,
  dueBand,
  EXPIRY_WARNING_DAYS,
  FINDING_TYPES,
  formatJohannesburgTimestamp,
  formatSize,
  johannesburgDayNumber,
  johannesburgToday,
  PACK_SECTION_DEFAULTS,
  PACK_TYPE_LABELS,
  type PackType,
  packedChoice,
  packSectionLabel,
  packSections,
  provenanceLine,
} from '@propertydna/domain';
import type { Db } from '../../db/database.js';
import { propertyAuditEvents } from '../audit/audit.repo.js';
import { checkItems, getPolicyCheck, type PolicyCheckOut } from '../compliance/compliance.service.js';
import type { DocumentOut } from '../documents/documents.schemas.js';
import { documentsOf } from '../documents/documents.service.js';
import { claimPackCandidates } from '../escalation/claim-pack.js';
import { listTasks } from '../maintenance/maintenance.service.js';
import { openReminders } from '../maintenance/reminders.service.js';
import { choosePack, type PackRequest, type ResolvedPackChoice } from '../packs/pack-choices.js';
import { listAnalyses, listPolicyFindings } from '../policies/policies.service.js';
import { policyIdentities } from '../policies/policy-identities.js';
import type { PropertyOut } from '../properties/properties.schemas.js';
import { getProperty } from '../properties/properties.service.js';
import type {
  AuditTrailRow,
  ComplianceReport,
  InsurancePack,
  MaintenanceRecord,
  PackPreview,
  PropertySummary,
  ReportCompliance,
  ReportDocument,
  ReportPolicy,
  ReportProperty,
} from './reports.schemas.js';

/**
 * The reports of a property, as plain objects (the JSON formats; the PDFs are drawn from the same
 * objects by report-pdf.ts). Every function starts with getProperty, so a property that is not a live
 * one of the caller's organisation answers 404 'Property not found' before anything is read.
 */

/** The three views of a compliance check, as the Policy Check tab names them. */
export const CONTEXT_TEXTS: Record<ComplianceContext, { title: string; description: string }> = {
  ongoing: { title: 'Ongoing', description: 'What the owner must hold now.' },
  transfer: { title: 'Transfer', description: 'What a sale of the property needs.' },
  insurance: { title: 'Insurance', description: "What the insurer's conditions ask for." },
};

/** The kinds an insurance pack carries as certificates. */
const CERTIFICATE_KINDS = new Set(['certificate', 'inspection']);

interface ReportSubject {
  property: PropertyOut;
  organization: string;
}

/** The property (404 unless it is a live one of the organisation) and the organisation's name. */
async function subjectOf(db: Db, organizationId: string, id: string, now: Date): Promise<ReportSubject> {
  const property = await getProperty(db, organizationId, id, now);
  const organization = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return { property, organization: organization.name };
}

function toReportProperty(property: PropertyOut): ReportProperty {
  return {
    id: property.id,
    dna_code: property.dnaCode,
    name: property.name,
    address: property.address,
    property_type: property.property_type,
    country: property.country,
    municipality: property.municipality,
    parcel_id: property.parcel_id,
    township: property.township,
    unit: property.unit,
    deed_number: property.deed_number,
    features: property.features,
    registered_at: property.created_at,
  };
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * A vault document for a report, its dates read as every screen reads them (document-dates.ts): the
 * expiry is the document's own, or for a certificate type with a set validity (a roof inspection: 12
 * months) the day that validity runs out after a known issue date; on its expiry date a document is
 * expired. An issue date nobody confirmed is not reported as one.
 */
export function toReportDocument(document: DocumentOut, now: Date): ReportDocument {
  const certificateType = certificateTypeOf(document.metadata);
  const dates = documentDates(
    { ...document, issue_date_unconfirmed: document.issue_date === 'unconfirmed' },
    johannesburgToday(now),
  );
  return {
    id: document.id,
    name: document.name,
    kind: document.kind,
    certificate_type: certificateType,
    certificate_type_label: certificateType ? CERTIFICATE_TYPE_LABELS[certificateType] : null,
    issued_on: dates.issue_date === 'known' ? dates.issued_on : null,
    issue_date: dates.issue_date,
    expires_on: dates.expires_on,
    expired: dates.expired,
    expiry_notice: dates.expiry_notice,
    expiry_status: expiryStatus(dates.expires_on, now),
    source: document.source,
    verified: document.verified,
    verified_by_organization: document.verified_by_organization,
    provenance: document.provenance,
    badge: document.badge,
    provenance_line: provenanceLine(document.provenance),
    job_ref: document.job_ref,
    content_type: document.content_type,
    bytes: document.bytes,
    sha256: document.sha256,
    uploaded_at: document.created_at,
  };
}

function expiryStatus(expiresOn: string | null, now: Date): ReportDocument['expiry_status'] {
  if (expiresOn === null) return 'no_expiry';
  const days = johannesburgDayNumber(expiresOn) - johannesburgDayNumber(now);
  if (days <= 0) return 'expired';
  return days <= EXPIRY_WARNING_DAYS ? 'expiring' : 'valid';
}

function toReportCompliance(check: PolicyCheckOut): ReportCompliance {
  return {
    status: check.status,
    compliance_status: check.complianceStatus,
    checked_at: check.lastChecked,
    transfer_readiness: check.transferReadiness,
    findings: check.findings,
    items: check.items,
  };
}

const countByType = (findings: readonly ComplianceFinding[]) =>
  Object.fromEntries(
    FINDING_TYPES.map((type) => [type, findings.filter((finding) => finding.type === type).length]),
  ) as Record<(typeof FINDING_TYPES)[number], number>;

/** Every service recorded on the property's maintenance tasks, newest first, with its evidence. */
async function maintenanceRecords(
  db: Db,
  organizationId: string,
  propertyId: string,
  documents: ReadonlyMap<string, DocumentOut>,
): Promise<MaintenanceRecord[]> {
  const tasks = await listTasks(db, organizationId, propertyId);
  return tasks
    .flatMap((task) =>
      task.history.map((done): MaintenanceRecord & { recorded_at: string } => {
        const evidence = done.document ? documents.get(done.document.id) : undefined;
        return {
          task_id: task.id,
          task: task.title,
          frequency: task.frequency,
          completed_on: done.completed_on,
          completed_by: done.completed_by,
          notes: done.notes,
          cost: done.cost,
          evidence: evidence
            ? {
                document_id: evidence.id,
                name: evidence.name,
                sha256: evidence.sha256,
                bytes: evidence.bytes,
              }
            : null,
          recorded_at: done.created_at,
        };
      }),
    )
    .sort(
      (a, b) =>
        b.completed_on.localeCompare(a.completed_on) ||
        b.recorded_at.localeCompare(a.recorded_at) ||
        a.task.localeCompare(b.task),
    )
    .map(({ recorded_at: _, ...record }) => record);
}

/** A document a pack can carry, and the group the chooser lists it under. */
export interface PackCandidate {
  document: { id: string; name: string; kind: DocumentOut['kind'] };
  group: string;
}

/** The documents an insurance pack can carry: policies, certificates and inspections, maintenance evidence. */
async function insurancePackCandidates(db: Db, organizationId: string, propertyId: string) {
  const all = await documentsOf(db, organizationId, { property_id: propertyId });
  const byId = new Map(all.map((document) => [document.id, document]));
  const maintenance = await maintenanceRecords(db, organizationId, propertyId, byId);
  const evidenceIds = new Set(
    maintenance.flatMap((record) => (record.evidence ? [record.evidence.document_id] : [])),
  );
  const groupOf = (document: DocumentOut) =>
    document.kind === 'policy'
      ? 'Policies'
      : CERTIFICATE_KINDS.has(document.kind)
        ? 'Certificates and inspections'
        : evidenceIds.has(document.id)
          ? 'Maintenance evidence'
          : null;
  const candidates = all.flatMap((document): (PackCandidate & { full: DocumentOut })[] => {
    const group = groupOf(document);
    return group ? [{ document, group, full: document }] : [];
  });
  return { all, byId, maintenance, candidates };
}

/**
 * The insurance pack (spec §7): the property, its policies, every certificate and inspection, what is
 * in order, the clauses found in the policies and the maintenance done with its evidence; the whole
 * compliance check with its gaps only when the owner puts them in. Answers the vault documents it
 * names too (the ZIP packs their files), and the choice it was made with.
 */
export async function insurancePack(
  db: Db,
  organizationId: string,
  id: string,
  request: PackRequest,
  now = new Date(),
): Promise<{ report: InsurancePack; documents: DocumentOut[]; choice: ResolvedPackChoice }> {
  const { property, organization } = await subjectOf(db, organizationId, id, now);
  const { all, maintenance, candidates } = await insurancePackCandidates(db, organizationId, property.id);
  const choice = await choosePack(
    db,
    organizationId,
    'insurance_pack',
    request,
    candidates.map((candidate) => candidate.document.id),
  );
  const analyses = new Map(
    (await listAnalyses(db, organizationId, property.id)).map((analysis) => [analysis.document_id, analysis]),
  );
  const identities = new Map(
    (await policyIdentities(db, organizationId, property.id)).map((identity) => [
      identity.document_id,
      identity,
    ]),
  );
  const chosen = all.filter((document) => choice.includes(document.id));
  const policies = chosen.filter((document) => document.kind === 'policy');
  const certificates = chosen.filter((document) => CERTIFICATE_KINDS.has(document.kind));
  const check = await getPolicyCheck(db, organizationId, property.id, now);
  const leftOut = leftOutOf(all, choice);
  // A finding is its policy's words (pages, excerpts) or the proof of its condition: each goes with
  // the document the owner left out.
  const findings = choice.has('policy_findings')
    ? (await listPolicyFindings(db, organizationId, property.id, now)).filter(
        (finding) =>
          !leftOut.ids.has(finding.document_id) &&
          !(finding.evidence_document && leftOut.ids.has(finding.evidence_document.id)),
      )
    : null;
  const records = choice.has('maintenance')
    ? maintenance.map((record) =>
        record.evidence && !choice.includes(record.evidence.document_id)
          ? { ...record, evidence: null }
          : record,
      )
    : null;
  const evidenceIds = new Set(
    (records ?? []).flatMap((record) => (record.evidence ? [record.evidence.document_id] : [])),
  );
  const packed = candidates
    .map((candidate) => candidate.full)
    .filter(
      (document) =>
        choice.includes(document.id) &&
        (document.kind === 'policy' || CERTIFICATE_KINDS.has(document.kind) || evidenceIds.has(document.id)),
    );
  return {
    report: {
      format: 'propertydna.insurance-pack',
      version: 2,
      generated_at: now.toISOString(),
      organization,
      property: toReportProperty(property),
      choice: packedChoice(choice.out),
      policies: policies.map((document): ReportPolicy => {
        const analysis = analyses.get(document.id);
        const identity = identities.get(document.id);
        return {
          ...toReportDocument(document, now),
          insurer: identity?.insurer ?? null,
          policy_number: identity?.policy_number ?? null,
          analysis: {
            state: analysis?.state ?? 'not_analysed',
            pages: analysis?.pages ?? null,
            error: analysis?.error ?? null,
          },
        };
      }),
      certificates: certificates.map((document) => toReportDocument(document, now)),
      in_order: choice.has('compliance_summary') ? inOrder(check, leftOut) : null,
      compliance: choice.has('compliance_gaps') ? packCompliance(check, leftOut) : null,
      policy_findings: findings
        ? findings.map(({ property_id: _, property_name: __, ...finding }) => finding)
        : null,
      maintenance: records,
    },
    documents: packed,
    choice,
  };
}

/**
 * What the pack leaves out, as the compliance texts name it: the ids, and each name in the quotes the
 * rules put around it (a name an enclosed document also has is that document's, and stays).
 */
function leftOutOf(all: readonly DocumentOut[], choice: ResolvedPackChoice) {
  const kept = new Set(
    all.filter((document) => choice.includes(document.id)).map((document) => document.name),
  );
  const out = all.filter((document) => !choice.includes(document.id));
  return {
    ids: new Set(out.map((document) => document.id)),
    quoted: [...new Set(out.map((document) => document.name))]
      .filter((name) => !kept.has(name))
      .map((name) => `"${name}"`),
  };
}
type LeftOut = ReturnType<typeof leftOutOf>;

/** A document the pack does not carry, where a rule's text names it. */
const NOT_IN_PACK = 'a document not in this pack';

/**
 * A compliance finding as a pack says it: only the evidence the pack carries, and no left-out
 * document's name in its words (a pack never names a document the owner left out).
 */
function packFinding(finding: ComplianceFinding, leftOut: LeftOut): ComplianceFinding {
  const words = (text: string) =>
    leftOut.quoted.reduce((said, name) => said.split(name).join(NOT_IN_PACK), text);
  return {
    ...finding,
    title: words(finding.title),
    description: words(finding.description),
    source: words(finding.source),
    action: words(finding.action),
    evidence: finding.evidence.filter((document) => !leftOut.ids.has(document.id)),
  };
}

/** The check as a pack says it (packFinding), its items made from those words, as the Policy Check groups them. */
function packCompliance(check: PolicyCheckOut, leftOut: LeftOut): ReportCompliance {
  const findings = check.findings.map((finding) => packFinding(finding, leftOut));
  return { ...toReportCompliance(check), findings, items: checkItems(findings) };
}

/**
 * The rules met, each with only the evidence the pack carries; a rule met only by documents the owner
 * left out goes too (its proof is not in the pack).
 */
function inOrder(check: PolicyCheckOut, leftOut: LeftOut): ComplianceFinding[] {
  return check.findings.flatMap((finding) => {
    if (finding.type !== 'compliant') return [];
    const said = packFinding(finding, leftOut);
    return said.evidence.length === 0 && finding.evidence.length > 0 ? [] : [said];
  });
}

/**
 * The property summary: the property, its standing, its documents, its maintenance and what is due,
 * each section as the owner chose (the owner's own report: the gaps are in by default).
 */
export async function propertySummary(
  db: Db,
  organizationId: string,
  id: string,
  request: PackRequest,
  now = new Date(),
): Promise<{ report: PropertySummary; documents: DocumentOut[]; choice: ResolvedPackChoice }> {
  const { property, organization } = await subjectOf(db, organizationId, id, now);
  const all = await documentsOf(db, organizationId, { property_id: property.id });
  const choice = await choosePack(
    db,
    organizationId,
    'property_summary',
    request,
    all.map((document) => document.id),
  );
  const documents = all.filter((document) => choice.includes(document.id));
  const check = await getPolicyCheck(db, organizationId, property.id, now);
  const maintenance = choice.has('maintenance');
  const tasks = maintenance ? await listTasks(db, organizationId, property.id) : [];
  const reminders = maintenance ? await openReminders(db, organizationId, property.id, now) : [];
  const leftOut = leftOutOf(all, choice);
  const { findings, ...standing } = packCompliance(check, leftOut);
  const gaps = choice.has('compliance_gaps');
  return {
    report: {
      format: 'propertydna.property-summary',
      version: 2,
      generated_at: now.toISOString(),
      organization,
      property: {
        ...toReportProperty(property),
        compliance_status: gaps ? property.complianceStatus : null,
        documents_count: property.documentsCount,
        last_activity: property.lastActivity,
      },
      choice: packedChoice(choice.out),
      in_order: choice.has('compliance_summary') ? inOrder(check, leftOut) : null,
      compliance: gaps
        ? {
            ...standing,
            counts: countByType(findings),
            open_items: findings.filter((finding) => finding.type !== 'compliant'),
          }
        : null,
      documents: choice.has('documents_list')
        ? documents.map((document) => toReportDocument(document, now))
        : null,
      maintenance: maintenance
        ? tasks.map((task) => ({
            id: task.id,
            title: task.title,
            frequency: task.frequency,
            priority: task.priority,
            next_due: task.next_due,
            due_band: dueBand(task.next_due, now),
            assigned_to: task.assigned_to,
            last_completed_on: task.last_completed_on,
          }))
        : null,
      reminders: maintenance
        ? reminders.map((reminder) => ({
            title: reminder.title,
            message: reminder.message,
            due_date: reminder.due_date,
            priority: reminder.priority,
            type: reminder.type,
            overdue: reminder.overdue,
          }))
        : null,
    },
    documents,
    choice,
  };
}

/**
 * What a pack would carry, before it is made: its sections and its documents, each in or out, with the
 * request's include/exclude applied to the remembered choice (nothing is remembered by a preview).
 */
export async function packPreview(
  db: Db,
  organizationId: string,
  input: { pack: PackType; subject: string; include: string[]; exclude: string[] },
  now = new Date(),
): Promise<PackPreview> {
  const candidates = await candidatesOf(db, organizationId, input.pack, input.subject, now);
  const choice = await choosePack(
    db,
    organizationId,
    input.pack,
    { include: input.include, exclude: input.exclude },
    candidates.map((candidate) => candidate.document.id),
  );
  return {
    pack: input.pack,
    pack_label: PACK_TYPE_LABELS[input.pack],
    remembered: choice.remembered,
    sections: packSections(input.pack).map((name) => ({
      name,
      label: packSectionLabel(input.pack, name),
      included: choice.has(name),
      default: PACK_SECTION_DEFAULTS[input.pack][name] === true,
    })),
    documents: candidates.map(({ document, group }) => ({
      id: document.id,
      name: document.name,
      kind: document.kind,
      group,
      included: choice.includes(document.id),
    })),
    choice: choice.out,
  };
}

/** A pack's documents, for its property (or, for a claim pack, its claim). */
async function candidatesOf(
  db: Db,
  organizationId: string,
  pack: PackType,
  subject: string,
  now: Date,
): Promise<PackCandidate[]> {
  if (pack === 'claim_pack') return claimPackCandidates(db, organizationId, subject);
  const { property } = await subjectOf(db, organizationId, subject, now);
  if (pack === 'insurance_pack') {
    return (await insurancePackCandidates(db, organizationId, property.id)).candidates;
  }
  const all = await documentsOf(db, organizationId, { property_id: property.id });
  return all.map((document) => ({ document, group: 'Documents' }));
}

/** The compliance report: the check in every context (ongoing, transfer, insurance). */
export async function complianceReport(
  db: Db,
  organizationId: string,
  id: string,
  now = new Date(),
): Promise<ComplianceReport> {
  const { property, organization } = await subjectOf(db, organizationId, id, now);
  const check = await getPolicyCheck(db, organizationId, property.id, now);
  return {
    format: 'propertydna.compliance-report',
    version: 1,
    generated_at: now.toISOString(),
    organization,
    property: toReportProperty(property),
    status: check.status,
    compliance_status: check.complianceStatus,
    checked_at: check.lastChecked,
    transfer_readiness: check.transferReadiness,
    items: check.items,
    contexts: COMPLIANCE_CONTEXTS.map((context) => {
      const findings = check.findings.filter((finding) => finding.context === context);
      return { context, ...CONTEXT_TEXTS[context], counts: countByType(findings), findings };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------
// The Document Audit Trail.

const ACTION_LABELS: Record<string, string> = {
  upload: 'Upload started',
  register: 'Added to the vault',
  view: 'Viewed',
  download: 'Downloaded',
  delete: 'Deleted',
  update: 'Details changed',
  share: 'Shared by link',
  adopt: 'Adopted from a share link',
  invite: 'Vendor invited to upload',
  revoke_invite: 'Vendor upload link revoked',
  vendor_update: 'Vendor details changed',
  vendor_delete: 'Vendor removed',
  claim: 'Insurance claim started',
  callback: 'Call requested',
  export: 'Report exported',
  transfer_out: 'Transferred to a new owner',
  transfer_in: 'Received from the previous owner',
  reminder_complete: 'Expiry reminder marked complete',
  reminder_snooze: 'Reminder snoozed',
  municipality_correct: 'Municipality corrected',
  rename: 'Renamed',
  move: 'Moved to another property',
  grant: 'Access granted to someone outside',
  grant_accept: 'Access accepted',
  grant_revoke: 'Access revoked',
  issue_report: 'Issue reported by the tenant',
  // Issue 30 §2: the organisation's webhook endpoints (events of no property, so in no property's trail today).
  webhook_create: 'Webhook endpoint added',
  webhook_update: 'Webhook endpoint changed',
  webhook_delete: 'Webhook endpoint deleted',
  webhook_rotate_secret: 'Webhook signing secret rotated',
  webhook_test: 'Webhook test event sent',
  webhook_resend: 'Webhook delivery sent again',
};

type AuditEventRow = Awaited<ReturnType<typeof propertyAuditEvents>>[number];

const detailText = (details: Record<string, unknown>, key: string) => text(details[key]);

/** A short account of what an event did, from what it recorded. */
function describeEvent(row: AuditEventRow): string {
  const details = row.details ?? {};
  switch (row.action) {
    case 'register': {
      const parts = [detailText(details, 'kind')];
      if (typeof details.bytes === 'number') parts.push(formatSize(details.bytes));
      if (details.via === 'vendor_invite') parts.push('uploaded through a vendor invite');
      return parts.filter(Boolean).join(', ');
    }
    case 'update':
      if (typeof details.evidenceOfTask === 'string') {
        return `Proof of a maintenance task done on ${detailText(details, 'completedOn') ?? 'an unknown date'}`;
      }
      return `Changed: ${Object.keys(details).join(', ') || 'details'}`;
    case 'share': {
      const count = Array.isArray(details.documentIds) ? details.documentIds.length : 0;
      return `${count} document${count === 1 ? '' : 's'}${details.passwordProtected ? ', password protected' : ''}`;
    }
    case 'adopt':
      return detailText(details, 'jobRef') ? `From job ${detailText(details, 'jobRef')}` : '';
    case 'invite':
      return detailText(details, 'email') ? `Invited ${detailText(details, 'email')}` : '';
    case 'revoke_invite':
      return typeof details.revoked === 'number' ? `${details.revoked} link(s) revoked` : '';
    case 'transfer_out':
      return detailText(details, 'toOrganization') ? `To ${detailText(details, 'toOrganization')}` : '';
    case 'transfer_in':
      return detailText(details, 'fromOrganization') ? `From ${detailText(details, 'fromOrganization')}` : '';
    case 'reminder_complete':
      return detailText(details, 'replacementDocumentId')
        ? 'Replaced by a new document'
        : (detailText(details, 'reason') ?? '');
    case 'issue_report':
      return detailText(details, 'title')
        ? `"${detailText(details, 'title')}": now a maintenance reminder`
        : '';
    case 'reminder_snooze':
      return detailText(details, 'until') ? `Until ${detailText(details, 'until')}` : '';
    case 'municipality_correct':
      return `From ${describeMunicipality(detailText(details, 'from') ?? '')} to ${describeMunicipality(detailText(details, 'to') ?? '')}; the DNA code ${detailText(details, 'dnaCode') ?? ''} is unchanged`;
    case 'rename':
      return `From ${detailText(details, 'from') ?? '?'} to ${detailText(details, 'to') ?? '?'}`;
    case 'move':
      return `From ${detailText(details, 'fromName') ?? 'a property'} to ${detailText(details, 'toName') ?? 'a property'}`;
    case 'export': {
      const report = detailText(details, 'report') ?? 'report';
      const format = detailText(details, 'format');
      const count = Array.isArray(details.documentIds) ? details.documentIds.length : 0;
      return `${report.replaceAll('-', ' ')}${format ? ` (${format})` : ''}${count ? `, ${count} document${count === 1 ? '' : 's'}` : ''}`;
    }
    default:
      return '';
  }
}

function actorOf(row: AuditEventRow): string {
  const details = row.details ?? {};
  if (row.first_name !== null || row.last_name !== null) {
    const person = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim();
    const token = details.apiToken as { name?: unknown } | undefined;
    if (details.via === 'grant') return `${person} (shared access)`;
    return typeof token?.name === 'string' ? `${person} (via API token "${token.name}")` : person;
  }
  if (details.via === 'vendor_invite') {
    const verifier = detailText(details, 'verifier');
    return verifier ? `Vendor (${verifier})` : 'Vendor';
  }
  return 'System';
}

export function toAuditTrailRow(row: AuditEventRow): AuditTrailRow {
  return {
    time: formatJohannesburgTimestamp(new Date(row.created_at)),
    actor: actorOf(row),
    action:
      row.action === 'update' && typeof row.details?.evidenceOfTask === 'string'
        ? 'Attached as maintenance evidence'
        : (ACTION_LABELS[row.action] ?? row.action),
    document: row.document_name ?? '',
    ip: row.ip ?? '',
    details: describeEvent(row),
  };
}

const AUDIT_PAGE = 500;

/**
 * Every audit event of the property, oldest first, read a page at a time (so a long trail never sits
 * in memory whole). The property must already be known to be the organisation's.
 */
export async function* auditTrail(
  db: Db,
  organizationId: string,
  propertyId: string,
): AsyncGenerator<AuditTrailRow> {
  let afterId = 0;
  for (;;) {
    const rows = await propertyAuditEvents(db, organizationId, propertyId, { afterId, limit: AUDIT_PAGE });
    for (const row of rows) yield toAuditTrailRow(row);
    if (rows.length < AUDIT_PAGE) return;
    afterId = Number(rows.at(-1)?.id);
  }
}

/** The property of an audit trail (404 unless it is a live one of the organisation). */
export async function auditTrailSubject(
  db: Db,
  organizationId: string,
  id: string,
  now = new Date(),
): Promise<{ property: ReportProperty; organization: string }> {
  const { property, organization } = await subjectOf(db, organizationId, id, now);
  return { property: toReportProperty(property), organization };
}
