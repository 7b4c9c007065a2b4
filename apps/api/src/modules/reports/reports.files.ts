import { Readable } from 'node:stream';
import { csvRecord, reportFileName } from '@propertydna/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RequestActor } from '../../auth/actor.js';
import { preparerName } from '../../auth/preparer.js';
import { enterCallerScope, signedIn } from '../../auth/signed-in.js';
import { AppError } from '../../errors.js';
import { binary, exportRule, MAX_EXPORTS_PER_10_MINUTES } from '../../exports/export-limit.js';
import { storedFileOf, withManifest, type ZipEntry, ZipPaths, zipResponse } from '../../exports/zip.js';
import { takeAttempt } from '../../limits/attempt-limiter.js';
import { errorAnswer, errorBodySchema, TOO_MANY } from '../../rest/define-route.js';
import { sendAttachment } from '../../storage/download-headers.js';
import type { AppServices } from '../../trpc/context.js';
import { recordExport } from '../audit/audit.repo.js';
import type { DocumentOut } from '../documents/documents.schemas.js';
import { listCallbacks } from '../escalation/callbacks.service.js';
import { getClaim, listClaims } from '../escalation/claims.service.js';
import { rememberPackChoice } from '../packs/pack-choices.js';
import {
  AUDIT_PDF_MAX_ROWS,
  renderAuditTrailPdf,
  renderCompliancePdf,
  renderInsurancePackPdf,
  renderPropertySummaryPdf,
} from './report-pdf.js';
import {
  type AuditTrailRow,
  auditTrailQuery,
  complianceReportQuery,
  complianceReportSchema,
  insurancePackQuery,
  insurancePackSchema,
  propertySummaryQuery,
  propertySummarySchema,
  quickExportQuery,
  type ReportProperty,
} from './reports.schemas.js';
import {
  auditTrail,
  auditTrailSubject,
  complianceReport,
  insurancePack,
  propertySummary,
} from './reports.service.js';

/**
 * GET /api/reports/*: the reports of a property as downloads (JSON, PDF, CSV, ZIP), each an attachment.
 * Plain routes, not REST doors to procedures: they answer files, not JSON to a client. The session (Bearer
 * or cookie, so they open as links) is required first: without one, 401 whatever the query. Then the
 * query is parsed (a bad format is 400), and a property that is not a live one of the caller's is 404
 * 'Property not found'. Every report that leaves is recorded in the property's audit trail.
 */

const TYPES = {
  json: 'application/json; charset=utf-8',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8; header=present',
} as const;

/** The OpenAPI answers of a report route: its formats, and the error body. */
function answers(description: string, formats: Partial<Record<'json' | 'pdf' | 'csv' | 'zip', z.ZodType>>) {
  const types = { json: 'application/json', pdf: 'application/pdf', csv: 'text/csv', zip: 'application/zip' };
  return {
    200: {
      description,
      content: Object.fromEntries(
        Object.entries(formats).map(([format, schema]) => [types[format as keyof typeof types], { schema }]),
      ),
    },
    '4xx': errorBodySchema,
    429: errorAnswer(TOO_MANY(`reports (${MAX_EXPORTS_PER_10_MINUTES} in 10 minutes)`)),
  };
}

const jsonOf = (report: unknown) => `${JSON.stringify(report, null, 2)}\n`;

const AUDIT_HEADER = ['Time (Africa/Johannesburg)', 'Actor', 'Action', 'Document', 'IP address', 'Details'];
/** The CSV's first bytes: a UTF-8 byte-order mark (so Excel reads 'Zoë' as such), then the header row. */
const AUDIT_CSV_HEAD = `\ufeff${csvRecord(AUDIT_HEADER)}`;
const auditRecord = (row: AuditTrailRow) =>
  csvRecord([row.time, row.actor, row.action, row.document, row.ip, row.details]);

/** The audit trail as CSV, a chunk of about 64 KB at a time, read from the database a page at a time. */
async function* auditCsv(rows: AsyncIterable<AuditTrailRow>): AsyncGenerator<string> {
  let chunk = AUDIT_CSV_HEAD;
  for await (const row of rows) {
    chunk += auditRecord(row);
    if (chunk.length >= 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** The latest AUDIT_PDF_MAX_ROWS events (oldest first) and how many there are in all. */
async function latestAuditRows(rows: AsyncIterable<AuditTrailRow>) {
  const latest: AuditTrailRow[] = [];
  let total = 0;
  for await (const row of rows) {
    total++;
    latest.push(row);
    if (latest.length > AUDIT_PDF_MAX_ROWS) latest.shift();
  }
  return { latest, total };
}

/** Each document under documents/{kind}/{name}, every path unique. */
function documentEntries(documents: readonly DocumentOut[]): ZipEntry[] {
  const paths = new ZipPaths();
  return documents.map((document) => ({
    path: paths.add(`documents/${document.kind}`, document.name, document.content_type),
    document: storedFileOf(document),
  }));
}

const manifestAbout = (archive: string, property: ReportProperty) => ({
  archive,
  property: { id: property.id, dna_code: property.dna_code, name: property.name },
});

export async function reportRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = services.db.db;
  const callers = new WeakMap<FastifyRequest, RequestActor>();

  /** onRequest: a session is required before anything else is looked at. */
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const who = await signedIn(services, request, reply);
    await takeAttempt(db, [exportRule(who.actor.userId)]);
    callers.set(request, who);
  };
  /** What every report route shares: a session first, and no HEAD (it would build a report to throw away). */
  const download = { onRequest, exposeHeadRoute: false } as const;
  const whoIs = (request: FastifyRequest): RequestActor => {
    const who = callers.get(request);
    if (!who) throw new AppError('UNAUTHORIZED', 'Not signed in');
    // The hook's scope ended with the hook: the token's property restriction is entered here, in the handler.
    return enterCallerScope(who);
  };

  api.get(
    '/api/reports/insurance-pack',
    {
      ...download,
      schema: {
        tags: ['reports'],
        summary:
          'Insurance pack of a property: JSON (insurance-pack-{id}.json), a PDF an insurer reads, or a ZIP of that PDF, the JSON, manifest.json and the documents themselves',
        description:
          "What goes in is the owner's choice: include/exclude take section names (compliance_summary, compliance_gaps, policy_findings, maintenance) and document ids (its policies, certificates, inspections and maintenance evidence), applied to the organisation's last choice for this pack, else to the defaults: every section but compliance_gaps (the standing, the gaps and what cannot be told stay out of an insurer-facing pack unless put in), every document. A request with include or exclude is remembered as the next default. GET /api/reports/pack-preview?pack=insurance_pack lists what would go in.",
        querystring: insurancePackQuery,
        response: answers('The insurance pack, as an attachment', {
          json: insurancePackSchema,
          pdf: binary('The insurance pack as an A4 PDF'),
          zip: binary(
            'insurance-pack.pdf, insurance-pack.json, manifest.json (every file with its size and SHA-256) and documents/{kind}/{name}; streamed, each document checked against its SHA-256 while packed',
          ),
        }),
      },
    },
    async (request, reply) => {
      const who = whoIs(request);
      const { propertyId, format, include, exclude } = request.query;
      const now = new Date();
      const { report, documents, choice } = await insurancePack(
        db,
        who.actor.organizationId,
        propertyId,
        { include, exclude },
        now,
      );
      await rememberPackChoice(db, who, choice);
      if (format === 'json') {
        await recordExport(db, who, report.property.id, 'insurance-pack', format);
        // Spec §7 names the JSON (the REST layer's answer) insurance-pack-{id}.json.
        return sendAttachment(reply, `insurance-pack-${report.property.id}.json`, TYPES.json, jsonOf(report));
      }
      const pdf = await renderInsurancePackPdf(report, await preparerName(db, who));
      if (format === 'pdf') {
        await recordExport(db, who, report.property.id, 'insurance-pack', format);
        return sendAttachment(
          reply,
          reportFileName(report.property, 'insurance-pack', 'pdf', now),
          TYPES.pdf,
          pdf,
        );
      }
      const zipName = reportFileName(report.property, 'insurance-pack', 'zip', now);
      const entries: ZipEntry[] = [
        { path: 'insurance-pack.pdf', content: pdf },
        { path: 'insurance-pack.json', content: jsonOf(report) },
        ...documentEntries(documents),
      ];
      await recordExport(
        db,
        who,
        report.property.id,
        'insurance-pack',
        format,
        documents.map((document) => document.id),
      );
      return zipResponse(reply, services.store, {
        filename: zipName,
        entries: withManifest(entries, manifestAbout(zipName, report.property), now),
        mtime: now,
      });
    },
  );

  api.get(
    '/api/reports/property-summary',
    {
      ...download,
      schema: {
        tags: ['reports'],
        summary:
          'Property summary: the property, its compliance standing, its documents, maintenance plan and reminders (PDF by default, or JSON)',
        description:
          "What goes in is the owner's choice: include/exclude take section names (compliance_summary, compliance_gaps, maintenance, documents_list) and document ids (any of the property's documents), applied to the organisation's last choice for this pack, else to the defaults: every section (the owner's own report: the gaps are in), every document. A request with include or exclude is remembered as the next default. GET /api/reports/pack-preview?pack=property_summary lists what would go in.",
        querystring: propertySummaryQuery,
        response: answers('The property summary, as an attachment', {
          pdf: binary('The property summary as an A4 PDF'),
          json: propertySummarySchema,
        }),
      },
    },
    async (request, reply) => {
      const who = whoIs(request);
      const { propertyId, format, include, exclude } = request.query;
      const now = new Date();
      const { report, choice } = await propertySummary(
        db,
        who.actor.organizationId,
        propertyId,
        { include, exclude },
        now,
      );
      await rememberPackChoice(db, who, choice);
      const body =
        format === 'json'
          ? jsonOf(report)
          : await renderPropertySummaryPdf(report, await preparerName(db, who));
      await recordExport(db, who, report.property.id, 'property-summary', format);
      const name = reportFileName(report.property, 'property-summary', format, now);
      return sendAttachment(reply, name, TYPES[format], body);
    },
  );

  api.get(
    '/api/reports/audit-trail',
    {
      ...download,
      schema: {
        tags: ['reports'],
        summary:
          "Document audit trail: every event of the property's documents and of the property (time in South African time, who, action, document, IP address) as CSV (RFC 4180, default) or PDF",
        querystring: auditTrailQuery,
        response: answers('The audit trail, as an attachment', {
          csv: binary(
            'RFC 4180 CSV with a header row; cells a spreadsheet would run as formulas start with a quote',
          ),
          pdf: binary(`The audit trail as an A4 PDF (the latest ${AUDIT_PDF_MAX_ROWS} events)`),
        }),
      },
    },
    async (request, reply) => {
      const who = whoIs(request);
      const { propertyId, format } = request.query;
      const now = new Date();
      const subject = await auditTrailSubject(db, who.actor.organizationId, propertyId, now);
      const id = subject.property.id;
      await recordExport(db, who, id, 'audit-trail', format);
      const rows = auditTrail(db, who.actor.organizationId, id);
      if (format === 'csv') {
        const name = reportFileName(subject.property, 'audit-trail', 'csv', now);
        return sendAttachment(reply, name, TYPES.csv, Readable.from(auditCsv(rows)));
      }
      const { latest, total } = await latestAuditRows(rows);
      return sendAttachment(
        reply,
        reportFileName(subject.property, 'audit-trail', 'pdf', now),
        TYPES.pdf,
        await renderAuditTrailPdf(subject, latest, total, now, await preparerName(db, who)),
      );
    },
  );

  api.get(
    '/api/reports/compliance',
    {
      ...download,
      schema: {
        tags: ['reports'],
        summary:
          'Compliance report: the check in every context (ongoing, transfer readiness, insurance) with every finding and its source (PDF by default, or JSON)',
        querystring: complianceReportQuery,
        response: answers('The compliance report, as an attachment', {
          pdf: binary('The compliance report as an A4 PDF'),
          json: complianceReportSchema,
        }),
      },
    },
    async (request, reply) => {
      const who = whoIs(request);
      const { propertyId, format } = request.query;
      const now = new Date();
      const report = await complianceReport(db, who.actor.organizationId, propertyId, now);
      const body =
        format === 'json' ? jsonOf(report) : await renderCompliancePdf(report, await preparerName(db, who));
      await recordExport(db, who, report.property.id, 'compliance-report', format);
      const name = reportFileName(report.property, 'compliance-report', format, now);
      return sendAttachment(reply, name, TYPES[format], body);
    },
  );

  api.get(
    '/api/reports/quick-export',
    {
      ...download,
      schema: {
        tags: ['reports'],
        summary:
          'Quick Export: one ZIP (<property>-export-<date>.zip) of everything about the property: every report in every format under reports/, every document of its vault under documents/{kind}/, and manifest.json',
        querystring: quickExportQuery,
        response: answers('The export, as an attachment', {
          zip: binary('Streamed; each document checked against its SHA-256 while packed'),
        }),
      },
    },
    async (request, reply) => {
      const who = whoIs(request);
      const organizationId = who.actor.organizationId;
      const now = new Date();
      // The owner's own archive: every section and every document, whatever the packs' choices.
      const pack = await insurancePack(db, organizationId, request.query.propertyId, 'everything', now);
      const { property } = pack.report;
      const summary = await propertySummary(db, organizationId, property.id, 'everything', now);
      const compliance = await complianceReport(db, organizationId, property.id, now);
      // The property's claims (each with its evidence) and call requests: everything about it.
      const claims = await Promise.all(
        (await listClaims(db, organizationId, property.id)).map((claim) =>
          getClaim(db, organizationId, claim.id),
        ),
      );
      const callbacks = await listCallbacks(db, organizationId, property.id);
      const filename = reportFileName(property, 'export', 'zip', now);
      const preparedBy = await preparerName(db, who);
      await recordExport(
        db,
        who,
        property.id,
        'quick-export',
        'zip',
        summary.documents.map((document) => document.id),
      );
      // After the export is recorded, so the trail in the archive shows it.
      const subject = { property, organization: pack.report.organization };
      const trail: AuditTrailRow[] = [];
      for await (const row of auditTrail(db, organizationId, property.id)) trail.push(row);
      const csv = AUDIT_CSV_HEAD + trail.map(auditRecord).join('');
      const entries: ZipEntry[] = [
        {
          path: 'reports/insurance-pack.pdf',
          content: await renderInsurancePackPdf(pack.report, preparedBy),
        },
        { path: 'reports/insurance-pack.json', content: jsonOf(pack.report) },
        {
          path: 'reports/property-summary.pdf',
          content: await renderPropertySummaryPdf(summary.report, preparedBy),
        },
        { path: 'reports/property-summary.json', content: jsonOf(summary.report) },
        { path: 'reports/compliance-report.pdf', content: await renderCompliancePdf(compliance, preparedBy) },
        { path: 'reports/compliance-report.json', content: jsonOf(compliance) },
        { path: 'reports/audit-trail.csv', content: csv },
        { path: 'reports/claims.json', content: jsonOf({ claims, call_requests: callbacks }) },
        {
          path: 'reports/audit-trail.pdf',
          content: await renderAuditTrailPdf(
            subject,
            trail.slice(-AUDIT_PDF_MAX_ROWS),
            trail.length,
            now,
            preparedBy,
          ),
        },
        ...documentEntries(summary.documents),
      ];
      return zipResponse(reply, services.store, {
        filename,
        entries: withManifest(entries, manifestAbout(filename, property), now),
        mtime: now,
      });
    },
  );
}
