import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import {
  type ComplianceContext,
  contextsLabel,
  PROPERTY_MESSAGES,
  SEVERITY_LABELS,
} from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POLICY_CORPUS,
  readPolicyCorpus,
} from '../../../packages/domain/src/policy-analysis/corpus-test-helpers.js';
import { MAX_EXPORTS_PER_10_MINUTES } from '../src/exports/export-limit.js';
import { policyAnalysisJob } from '../src/modules/policies/policies.jobs.js';
import {
  complianceReportSchema,
  insurancePackSchema,
  propertySummarySchema,
} from '../src/modules/reports/reports.schemas.js';
import { createTestApp, type TestApp } from './support/app.js';
import { parseCsv, pdfTextOf, unzip } from './support/archives.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner, sha256Hex } from './support/http-owner.js';
import { pdfOf } from './support/policy-pdf.js';

interface Download {
  status: number;
  headers: Headers;
  body: Buffer;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read the JSON they expect
  json: () => any;
}

interface VaultDocument {
  id: string;
  name: string;
  kind: string;
  sha256: string;
  bytes: number;
  storage_key: string;
}

/** Every report door, as a URL for a property id. */
const REPORT_PATHS = [
  (id: string) => `/api/reports/insurance-pack?propertyId=${id}`,
  (id: string) => `/api/reports/insurance-pack?propertyId=${id}&format=pdf`,
  (id: string) => `/api/reports/insurance-pack?propertyId=${id}&format=zip`,
  (id: string) => `/api/reports/property-summary?propertyId=${id}`,
  (id: string) => `/api/reports/property-summary?propertyId=${id}&format=json`,
  (id: string) => `/api/reports/audit-trail?propertyId=${id}`,
  (id: string) => `/api/reports/audit-trail?propertyId=${id}&format=pdf`,
  (id: string) => `/api/reports/compliance?propertyId=${id}`,
  (id: string) => `/api/reports/compliance?propertyId=${id}&format=json`,
  (id: string) => `/api/reports/quick-export?propertyId=${id}`,
];

/**
 * The PDF's 'What to do' table lists the Policy Check's items in its order, each with its level in the
 * cards' words and the contexts it names (a table cell wraps its text over lines, so spaces are folded).
 */
function expectItemsListed(
  text: string,
  items: { level: keyof typeof SEVERITY_LABELS; title: string; contexts: ComplianceContext[] }[],
) {
  const folded = text.replace(/\s+/g, ' ');
  let at = folded.indexOf('What to do, most severe first');
  expect(at, folded).toBeGreaterThan(-1);
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    const next = folded.indexOf(`${SEVERITY_LABELS[item.level]} ${item.title}`, at);
    expect(next, `${item.title} after ${at}`).toBeGreaterThan(at);
    expect(folded.indexOf(contextsLabel(item.contexts), next)).toBeGreaterThan(next);
    at = next;
  }
}

/** REPORTS_PDF_DIR=<dir> keeps the PDFs the tests download, to look at. */
async function keep(name: string, pdf: Buffer) {
  if (process.env.REPORTS_PDF_DIR) await writeFile(path.join(process.env.REPORTS_PDF_DIR, name), pdf);
}

const FORMULA_NAME = '=HYPERLINK("evil.example","Geyser: CoC").pdf';

describe(`reports (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  let owner: HttpOwner;
  let outsider: HttpOwner;
  let propertyId: string;
  let dnaCode: string;
  let vault: VaultDocument[];
  /** What the API logged at level error and above. */
  const logs: string[] = [];
  const errorsLogged = () =>
    logs.map(
      (line) => JSON.parse(line) as { level: number; msg: string; document_id?: string; path?: string },
    );
  const wording = readPolicyCorpus(POLICY_CORPUS).find((entry) => entry.name === 'fynbos-direct');

  const download = async (who: HttpOwner | null, url: string): Promise<Download> => {
    const res = await fetch(`${origin}${url}`, { headers: who ? who.headers : {} });
    const body = Buffer.from(await res.arrayBuffer());
    const text = body.toString('utf8');
    return { status: res.status, headers: res.headers, body, text, json: () => JSON.parse(text) };
  };

  const created = async (response: Promise<{ statusCode: number; body: string; json: () => unknown }>) => {
    const res = await response;
    expect(res.statusCode, res.body).toBeLessThan(300);
    // biome-ignore lint/suspicious/noExplicitAny: tests read the JSON they expect
    return res.json() as any;
  };

  const newProperty = (who: HttpOwner, name: string) =>
    created(
      who.call('POST', '/api/properties', {
        name,
        address: '8 Kloof Street, Gardens',
        municipality: 'CPT',
        parcel_id: `R${Math.random().toString(36).slice(2, 8)}`,
        features: ['geyser'],
      }),
    );

  const pdfFile = async (text: string) => Buffer.from(await pdfOf([text]));

  const upload = async (
    who: HttpOwner,
    property: string,
    content: Buffer,
    fields: Record<string, unknown>,
  ): Promise<VaultDocument> =>
    created(who.upload(content, 'application/pdf', { property_id: property, ...fields }));

  beforeAll(async () => {
    if (!wording) throw new Error('the corpus has no fynbos-direct wording');
    t = await createTestApp(
      {},
      { logger: { level: 'error', stream: { write: (line: string) => logs.push(line) } } },
    );
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    owner = await httpOwner(t, origin);
    outsider = await httpOwner(t, origin);
    const property = await newProperty(owner, 'Kloof House');
    propertyId = property.id;
    dnaCode = property.dna_id;

    await upload(owner, propertyId, Buffer.from(await pdfOf(wording.pages)), {
      kind: 'policy',
      name: 'Fynbos policy wording.pdf',
      expires_at: '2027-03-01',
    });
    // The same name twice: the ZIP must keep both files.
    await upload(owner, propertyId, await pdfFile('Policy schedule'), {
      kind: 'policy',
      name: 'Fynbos policy wording.pdf',
    });
    await t.services.jobs.runQueued(policyAnalysisJob);
    const coc = await upload(owner, propertyId, await pdfFile('Electrical certificate of compliance'), {
      kind: 'certificate',
      name: 'Electrical CoC.pdf',
      metadata: { certificate_type: 'electrical_coc', issued_on: '2025-06-01' },
    });
    await upload(owner, propertyId, await pdfFile('Geyser certificate SANS 10254'), {
      kind: 'certificate',
      name: FORMULA_NAME,
      metadata: { certificate_type: 'geyser_coc', issued_on: '2026-01-10' },
    });
    await upload(owner, propertyId, await pdfFile('Roof inspection report'), {
      kind: 'inspection',
      name: 'Roof inspection 2026.pdf',
      metadata: { certificate_type: 'roof_inspection', issued_on: '2026-02-01' },
    });
    await upload(owner, propertyId, await pdfFile('Title deed T1234/2020'), {
      kind: 'deed',
      name: 'Title deed.pdf',
    });
    const invoice = await upload(owner, propertyId, await pdfFile('Geyser service invoice'), {
      kind: 'maintenance',
      name: 'Geyser service invoice.pdf',
    });
    const task = await created(
      owner.call('POST', '/api/maintenance', {
        propertyId,
        title: 'Service the geyser',
        frequency: 'annually',
        priority: 'high',
        next_due: '2027-01-31',
      }),
    );
    await created(
      owner.call('POST', `/api/maintenance/${task.id}/complete`, {
        completed_on: '2026-01-31',
        completed_by: 'Blue Plumbing',
        notes: 'Anode replaced, valve tested',
        cost: 1450,
        document_id: invoice.id,
      }),
    );
    // History: a download, a share link, and a document downloaded and then deleted.
    expect((await download(owner, `/api/documents/${coc.id}/download`)).status).toBe(200);
    await created(
      owner.call('POST', `/api/properties/${propertyId}/share`, { password: null, documentIds: [coc.id] }),
    );
    const gone = await upload(owner, propertyId, await pdfFile('An old quote'), {
      kind: 'other',
      name: 'Old quote.pdf',
    });
    expect((await download(owner, `/api/documents/${gone.id}/download`)).status).toBe(200);
    await created(owner.call('DELETE', `/api/documents/${gone.id}`));
    // Another property of the same owner, whose events are not this one's.
    const other = await newProperty(owner, 'Other House');
    await upload(owner, other.id, await pdfFile('Other deed'), {
      kind: 'deed',
      name: 'Other house deed.pdf',
    });

    vault = await created(owner.call('GET', `/api/properties/${propertyId}/documents`));
    expect(vault).toHaveLength(7);
  });
  afterAll(async () => {
    await t.close();
  });

  const byName = (name: string) => {
    const found = vault.filter((document) => document.name === name);
    expect(found.length, name).toBeGreaterThan(0);
    return found[0] as VaultDocument;
  };

  /** Unzips a download and checks every file against manifest.json and against the vault. */
  async function checkedArchive(res: Download) {
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(Number(res.headers.get('content-length'))).toBe(res.body.length);
    const files = await unzip(res.body);
    const manifest = JSON.parse(files.get('manifest.json')?.toString('utf8') ?? 'null');
    expect(manifest).toMatchObject({ format: 'propertydna.manifest', version: 1 });
    expect(manifest.property).toEqual({ id: propertyId, dna_code: dnaCode, name: 'Kloof House' });
    const listed = manifest.files.map((file: { path: string }) => file.path);
    expect([...files.keys()].filter((name) => name !== 'manifest.json').sort()).toEqual([...listed].sort());
    const vaultById = new Map(vault.map((document) => [document.id, document]));
    for (const file of manifest.files as {
      path: string;
      bytes: number;
      sha256: string;
      document_id: string | null;
    }[]) {
      const content = files.get(file.path) as Buffer;
      expect(sha256Hex(content), file.path).toBe(file.sha256);
      expect(content.length, file.path).toBe(file.bytes);
      if (file.document_id !== null) {
        const document = vaultById.get(file.document_id);
        expect(document, file.path).toBeDefined();
        expect(file.sha256).toBe(document?.sha256);
        expect(file.bytes).toBe(document?.bytes);
        expect(file.path).toMatch(new RegExp(`^documents/${document?.kind}/[^/<>:"\\\\|?*]+$`));
      }
    }
    return { files, manifest };
  }

  it('insurance pack as JSON: insurance-pack-{id}.json, versioned, with the property, policies, certificates, check, clauses and maintenance', async () => {
    const res = await download(owner, `/api/reports/insurance-pack?propertyId=${propertyId}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="insurance-pack-${propertyId}\\.json"`),
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const pack = insurancePackSchema.parse(res.json());
    expect(pack).toMatchObject({
      format: 'propertydna.insurance-pack',
      version: 2,
      organization: expect.any(String),
      property: { id: propertyId, dna_code: dnaCode, name: 'Kloof House', municipality: expect.any(String) },
    });
    expect(Date.now() - Date.parse(pack.generated_at)).toBeLessThan(60_000);

    expect(pack.policies.map((policy) => policy.name)).toEqual([
      'Fynbos policy wording.pdf',
      'Fynbos policy wording.pdf',
    ]);
    const wordingPolicy = pack.policies.find((policy) => policy.analysis.state === 'done');
    expect(wordingPolicy).toMatchObject({ kind: 'policy', expires_on: '2027-03-01', source: 'owner_upload' });

    expect(pack.certificates.map((document) => document.name).sort()).toEqual(
      [FORMULA_NAME, 'Electrical CoC.pdf', 'Roof inspection 2026.pdf'].sort(),
    );
    const coc = byName('Electrical CoC.pdf');
    expect(pack.certificates.find((document) => document.id === coc.id)).toEqual({
      id: coc.id,
      name: 'Electrical CoC.pdf',
      kind: 'certificate',
      certificate_type: 'electrical_coc',
      certificate_type_label: 'Electrical Certificate of Compliance',
      issued_on: '2025-06-01',
      issue_date: 'known',
      expires_on: null,
      expired: false,
      expiry_notice: null,
      expiry_status: 'no_expiry',
      source: 'owner_upload',
      verified: false,
      verified_by_organization: null,
      provenance: { kind: 'owner_upload', issuer_name: null, issuer_level: null },
      badge: 'Self-declared',
      provenance_line: 'Uploaded by the owner · Self-declared',
      job_ref: null,
      content_type: 'application/pdf',
      bytes: coc.bytes,
      sha256: coc.sha256,
      uploaded_at: expect.any(String),
    });
    // A roof inspection is good for 12 months from its issue date.
    expect(pack.certificates.find((document) => document.name === 'Roof inspection 2026.pdf')).toMatchObject({
      kind: 'inspection',
      issued_on: '2026-02-01',
      expires_on: '2027-02-01',
    });

    // By default an insurer-facing pack carries what is in order, not the standing and the gaps.
    expect(pack.choice).toEqual({ sections: ['compliance_summary', 'policy_findings', 'maintenance'] });
    expect(pack.compliance).toBeNull();
    expect(pack.in_order?.every((finding) => finding.type === 'compliant')).toBe(true);
    expect(pack.policy_findings?.length).toBeGreaterThan(0);
    expect(
      pack.policy_findings?.every((finding) => finding.document_name === 'Fynbos policy wording.pdf'),
    ).toBe(true);
    const invoice = byName('Geyser service invoice.pdf');
    expect(pack.maintenance).toEqual([
      {
        task_id: expect.any(String),
        task: 'Service the geyser',
        frequency: 'annually',
        completed_on: '2026-01-31',
        completed_by: 'Blue Plumbing',
        notes: 'Anode replaced, valve tested',
        cost: 1450,
        evidence: {
          document_id: invoice.id,
          name: invoice.name,
          sha256: invoice.sha256,
          bytes: invoice.bytes,
        },
      },
    ]);
  });

  it('insurance pack as PDF: an A4 document naming the property, its DNA code and its certificates, pages numbered, fingerprints in full', async () => {
    const res = await download(owner, `/api/reports/insurance-pack?propertyId=${propertyId}&format=pdf`);
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kloof-house-insurance-pack-\d{4}-\d{2}-\d{2}\.pdf"/,
    );
    await keep('insurance-pack.pdf', res.body);
    const { pages, text } = await pdfTextOf(res.body);
    expect(pages).toBeGreaterThan(1);
    for (const expected of [
      'Insurance pack',
      'Kloof House',
      dnaCode,
      'Electrical CoC.pdf',
      'Roof inspection 2026.pdf',
      'Fynbos policy wording.pdf',
      'Service the geyser',
      'Geyser service invoice.pdf',
      byName('Electrical CoC.pdf').sha256,
      `Page 1 of ${pages}`,
      `Page ${pages} of ${pages}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('insurance pack as ZIP: the PDF, the JSON, manifest.json and the files of the policies, certificates and evidence, each matching the manifest and the vault', async () => {
    const res = await download(owner, `/api/reports/insurance-pack?propertyId=${propertyId}&format=zip`);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kloof-house-insurance-pack-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const { files, manifest } = await checkedArchive(res);
    expect([...files.keys()].slice(0, 3)).toEqual([
      'manifest.json',
      'insurance-pack.pdf',
      'insurance-pack.json',
    ]);
    expect(manifest.archive).toMatch(/^kloof-house-insurance-pack-\d{4}-\d{2}-\d{2}\.zip$/);
    const documents = manifest.files.filter((file: { document_id: string | null }) => file.document_id);
    expect(documents.map((file: { path: string }) => file.path).sort()).toEqual(
      [
        'documents/policy/Fynbos policy wording.pdf',
        'documents/policy/Fynbos policy wording (2).pdf',
        'documents/certificate/Electrical CoC.pdf',
        'documents/certificate/=HYPERLINK(_evil.example_,_Geyser_ CoC_).pdf',
        'documents/inspection/Roof inspection 2026.pdf',
        'documents/maintenance/Geyser service invoice.pdf',
      ].sort(),
    );
    expect((await pdfTextOf(files.get('insurance-pack.pdf') as Buffer)).text).toContain(dnaCode);
    expect(JSON.parse(files.get('insurance-pack.json')?.toString() ?? '').property.id).toBe(propertyId);
  });

  it('property summary as PDF (default) and JSON', async () => {
    const pdf = await download(owner, `/api/reports/property-summary?propertyId=${propertyId}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kloof-house-property-summary-\d{4}-\d{2}-\d{2}\.pdf"/,
    );
    await keep('property-summary.pdf', pdf.body);
    const { text } = await pdfTextOf(pdf.body);
    for (const expected of [
      'Property summary',
      'Kloof House',
      dnaCode,
      'Electrical CoC.pdf',
      'Title deed.pdf',
    ]) {
      expect(text, expected).toContain(expected);
    }

    const json = await download(owner, `/api/reports/property-summary?propertyId=${propertyId}&format=json`);
    expect(json.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kloof-house-property-summary-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const summary = propertySummarySchema.parse(json.json());
    expect(summary).toMatchObject({
      format: 'propertydna.property-summary',
      version: 2,
      property: { id: propertyId, dna_code: dnaCode, documents_count: 7 },
      maintenance: [{ title: 'Service the geyser', next_due: '2027-01-31', last_completed_on: '2026-01-31' }],
    });
    expect(summary.documents?.map((document) => document.id).sort()).toEqual(vault.map((d) => d.id).sort());
    // The owner's own report carries the gaps by default.
    expect(summary.compliance).not.toBeNull();
    const { counts, open_items } = summary.compliance ?? { counts: { gap: -1, unknown: 0 }, open_items: [] };
    expect(open_items).toHaveLength(counts.gap + counts.unknown);
    // What to do, as the Policy Check groups and orders it (issue 32), in the JSON and the PDF.
    const check = await created(owner.call('GET', `/api/properties/${propertyId}/policy-check`));
    expect(summary.compliance?.items).toEqual(check.items);
    expectItemsListed(text, check.items);
  });

  it('compliance report as PDF (default) and JSON: every context, transfer readiness included', async () => {
    const json = await download(owner, `/api/reports/compliance?propertyId=${propertyId}&format=json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kloof-house-compliance-report-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const report = complianceReportSchema.parse(json.json());
    expect(report.contexts.map((context) => context.context)).toEqual(['ongoing', 'transfer', 'insurance']);
    const check = await created(owner.call('GET', `/api/properties/${propertyId}/policy-check`));
    expect(report.transfer_readiness).toEqual(check.transferReadiness);
    expect(report.contexts.flatMap((context) => context.findings)).toEqual(check.findings);
    const transfer = report.contexts.find((context) => context.context === 'transfer');
    expect(transfer?.counts.compliant).toBe(report.transfer_readiness.ready);

    const pdf = await download(owner, `/api/reports/compliance?propertyId=${propertyId}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kloof-house-compliance-report-\d{4}-\d{2}-\d{2}\.pdf"/,
    );
    await keep('compliance-report.pdf', pdf.body);
    const { text } = await pdfTextOf(pdf.body);
    for (const expected of ['Compliance report', 'Kloof House', dnaCode, 'Ready for transfer', 'Transfer']) {
      expect(text, expected).toContain(expected);
    }
    // A table cell wraps its text over lines.
    expect(text.replace(/\s+/g, ' ')).toContain(check.findings[0].title);
    // What to do, as the Policy Check groups and orders it (issue 32), before the findings of each context.
    expect(report.items).toEqual(check.items);
    expectItemsListed(text, check.items);
  });

  it("audit trail as CSV (default): RFC 4180, every event of the property's documents and of the property, a formula-looking name escaped", async () => {
    const res = await download(owner, `/api/reports/audit-trail?propertyId=${propertyId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kloof-house-audit-trail-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...rows] = parseCsv(res.text);
    expect(header).toEqual([
      'Time (Africa/Johannesburg)',
      'Actor',
      'Action',
      'Document',
      'IP address',
      'Details',
    ]);
    for (const row of rows) {
      expect(row).toHaveLength(6);
      expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+02:00$/);
      expect(row[1]).toBe('Naledi Mokoena');
      // Share links record no address; everything else does.
      if (row[2] !== 'Shared by link') expect(row[4]).toBe('127.0.0.1');
    }
    const events = rows.map(([, , action, document]) => `${action}: ${document}`);
    expect(events).toEqual(
      expect.arrayContaining([
        'Added to the vault: Electrical CoC.pdf',
        'Downloaded: Electrical CoC.pdf',
        'Shared by link: ',
        'Attached as maintenance evidence: Geyser service invoice.pdf',
        // A deleted document keeps its history.
        'Added to the vault: Old quote.pdf',
        'Downloaded: Old quote.pdf',
        'Deleted: Old quote.pdf',
        'Report exported: ',
      ]),
    );
    expect(events.filter((event) => event.startsWith('Added to the vault:'))).toHaveLength(8);
    expect(events.some((event) => event.includes('Other house deed.pdf'))).toBe(false);
    // Quoted (comma and quotes) and neutralised (starts with =): a spreadsheet shows it as text.
    expect(res.text).toContain(`"'=HYPERLINK(""evil.example"",""Geyser: CoC"").pdf"`);
    expect(rows.some((row) => row[3] === `'${FORMULA_NAME}`)).toBe(true);
    // Oldest first.
    const times = rows.map((row) => row[0] as string);
    expect([...times].sort()).toEqual(times);
  });

  it('audit trail as PDF', async () => {
    const res = await download(owner, `/api/reports/audit-trail?propertyId=${propertyId}&format=pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kloof-house-audit-trail-\d{4}-\d{2}-\d{2}\.pdf"/,
    );
    await keep('audit-trail.pdf', res.body);
    const { text } = await pdfTextOf(res.body);
    for (const expected of [
      'Document audit trail',
      'Kloof House',
      dnaCode,
      'Old quote.pdf',
      'Naledi Mokoena',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('Quick Export: one ZIP of every report in every format, the claims and call requests, and every document of the property, checked against the manifest and the vault', async () => {
    const claim = await owner.call('POST', `/api/properties/${propertyId}/claims`, {
      incident_type: 'storm_hail',
      incident_date: '2026-11-01',
      description: 'Hail broke three roof tiles.',
    });
    expect(claim.statusCode, claim.body).toBe(201);
    const res = await download(owner, `/api/reports/quick-export?propertyId=${propertyId}`);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kloof-house-export-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const { files, manifest } = await checkedArchive(res);
    expect(manifest.archive).toMatch(/^kloof-house-export-\d{4}-\d{2}-\d{2}\.zip$/);
    for (const report of [
      'reports/insurance-pack.pdf',
      'reports/insurance-pack.json',
      'reports/property-summary.pdf',
      'reports/property-summary.json',
      'reports/compliance-report.pdf',
      'reports/compliance-report.json',
      'reports/audit-trail.csv',
      'reports/audit-trail.pdf',
      'reports/claims.json',
    ]) {
      expect(files.has(report), report).toBe(true);
    }
    const claims = JSON.parse(files.get('reports/claims.json')?.toString('utf8') ?? '{}');
    expect(claims.claims).toEqual([
      expect.objectContaining({
        id: claim.json().id,
        incident_type: 'storm_hail',
        evidence: expect.any(Array),
      }),
    ]);
    expect(claims.call_requests).toEqual([]);
    const documentIds = manifest.files.flatMap((file: { document_id: string | null }) =>
      file.document_id ? [file.document_id] : [],
    );
    expect(documentIds.sort()).toEqual(vault.map((document) => document.id).sort());
    const trail = parseCsv(files.get('reports/audit-trail.csv')?.toString('utf8') ?? '');
    expect(trail.at(-1)).toEqual([
      expect.any(String),
      'Naledi Mokoena',
      'Report exported',
      '',
      '127.0.0.1',
      'quick export (zip), 7 documents',
    ]);
    expect((await pdfTextOf(files.get('reports/compliance-report.pdf') as Buffer)).text).toContain(
      'Kloof House',
    );
  });

  it('answers 401 without a session, 400 for a bad format or a missing property, and 404 for any property not a live one of the caller, on every path', async () => {
    for (const url of REPORT_PATHS) {
      const res = await download(null, url(propertyId));
      expect(res.status, url(propertyId)).toBe(401);
      expect(res.json()).toEqual({ error: 'Not signed in' });
    }

    const badFormats = [
      ['/api/reports/insurance-pack', 'Unknown format: choose json, pdf or zip'],
      ['/api/reports/property-summary', 'Unknown format: choose pdf or json'],
      ['/api/reports/audit-trail', 'Unknown format: choose csv or pdf'],
      ['/api/reports/compliance', 'Unknown format: choose pdf or json'],
    ] as const;
    for (const [route, message] of badFormats) {
      const res = await download(owner, `${route}?propertyId=${propertyId}&format=docx`);
      expect(res.status, route).toBe(400);
      expect(res.json().error).toBe(message);
      const missing = await download(owner, route);
      expect(missing.status, route).toBe(400);
      expect(missing.json().error).toBe('propertyId is required');
    }

    const nul = await download(owner, `/api/reports/compliance?propertyId=${propertyId.slice(0, 4)}%00x`);
    expect(nul.status).toBe(400);
    expect(nul.json().error).toMatch(/control characters/);

    const archived = await newProperty(owner, 'Sold House');
    await created(owner.call('POST', `/api/properties/${archived.id}/archive`));
    const foreign = await newProperty(outsider, 'Outsider House');
    const cases: [HttpOwner, string][] = [
      [outsider, propertyId],
      [owner, foreign.id],
      [owner, '00000000-0000-4000-8000-000000000000'],
      [owner, 'not-a-uuid'],
      [owner, "1' or '1'='1"],
      [owner, archived.id],
    ];
    const exportsBefore = await t.db.db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'export')
      .execute();
    for (const [who, id] of cases) {
      for (const url of REPORT_PATHS) {
        const res = await download(who, url(encodeURIComponent(id)));
        expect(res.status, `${url(id)}: ${res.text.slice(0, 200)}`).toBe(404);
        expect(res.json()).toEqual({ error: PROPERTY_MESSAGES.notFound });
      }
    }
    // Refusals are not exports.
    const exportsAfter = await t.db.db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'export')
      .execute();
    expect(exportsAfter).toHaveLength(exportsBefore.length);
  });

  it('a stored file whose bytes no longer match the vault cuts the ZIP download off; one missing or resized is refused before anything is sent', async () => {
    const property = await newProperty(owner, 'Tampered House');
    const original = await pdfFile('Gas certificate of conformity');
    const certificate = await upload(owner, property.id, original, {
      kind: 'certificate',
      name: 'Gas CoC.pdf',
      metadata: { certificate_type: 'gas_coc', issued_on: '2026-03-01' },
    });
    const stored = path.join(t.filesDir, certificate.storage_key);
    expect(await readFile(stored)).toEqual(original);
    const zipUrls = [
      `/api/reports/insurance-pack?propertyId=${property.id}&format=zip`,
      `/api/reports/quick-export?propertyId=${property.id}`,
    ];
    for (const url of zipUrls) expect((await download(owner, url)).status).toBe(200);

    // Same size, other bytes: only the hash taken while packing can tell.
    const tampered = Buffer.from(original);
    tampered[tampered.length - 20] = (tampered[tampered.length - 20] ?? 0) ^ 0xff;
    await writeFile(stored, tampered);
    for (const url of zipUrls) {
      logs.length = 0;
      const res = await fetch(`${origin}${url}`, { headers: owner.headers });
      expect(res.status).toBe(200);
      const declared = Number(res.headers.get('content-length'));
      await expect(res.arrayBuffer(), url).rejects.toThrow();
      expect(declared).toBeGreaterThan(tampered.length);
      // Loudly: logged as an error naming the document.
      expect(errorsLogged()).toContainEqual(
        expect.objectContaining({
          level: 50,
          msg: 'export stopped: the download was cut off',
          document_id: certificate.id,
          path: 'documents/certificate/Gas CoC.pdf',
        }),
      );
    }
    // The reports that do not carry the file still answer.
    expect(
      (await download(owner, `/api/reports/insurance-pack?propertyId=${property.id}&format=pdf`)).status,
    ).toBe(200);

    // Another size: refused with a message before the first byte.
    await writeFile(stored, original.subarray(0, original.length - 1));
    for (const url of zipUrls) {
      const res = await download(owner, url);
      expect(res.status).toBe(500);
      expect(res.json().error).toBe(
        'The export was stopped: the stored file of documents/certificate/Gas CoC.pdf is missing or damaged. Nothing was sent.',
      );
    }
    // Put back, it packs again.
    await writeFile(stored, original);
    await checkedArchiveOf(`/api/reports/insurance-pack?propertyId=${property.id}&format=zip`);
  });

  async function checkedArchiveOf(url: string) {
    const res = await download(owner, url);
    expect(res.status).toBe(200);
    const files = await unzip(res.body);
    const manifest = JSON.parse(files.get('manifest.json')?.toString('utf8') ?? 'null');
    for (const file of manifest.files as { path: string; sha256: string }[]) {
      expect(sha256Hex(files.get(file.path) as Buffer)).toBe(file.sha256);
    }
  }

  it('documents the report routes and their answers in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const route of ['insurance-pack', 'property-summary', 'audit-trail', 'compliance', 'quick-export']) {
      expect(doc.paths[`/api/reports/${route}`]?.get, route).toBeDefined();
    }
    expect(Object.keys(doc.paths['/api/reports/insurance-pack'].get.responses['200'].content).sort()).toEqual(
      ['application/json', 'application/pdf', 'application/zip'],
    );
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('limits report downloads per user: past the limit 429 with the time to wait, before any work', async () => {
    const heavy = await httpOwner(t, origin);
    await t.db.db
      .insertInto('attempts')
      .values(
        Array.from({ length: MAX_EXPORTS_PER_10_MINUTES }, () => ({
          rule: 'export:user',
          key: heavy.userId,
          created_at: new Date(),
        })),
      )
      .execute();
    const res = await download(heavy, `/api/reports/insurance-pack?propertyId=${propertyId}&format=pdf`);
    expect(res.status).toBe(429);
    expect(res.json().error).toMatch(/^Too many reports requested\. Try again in /);
    // Someone else is not held up by it.
    expect(
      (await download(owner, `/api/reports/compliance?propertyId=${propertyId}&format=json`)).status,
    ).toBe(200);
  });
});
