import { johannesburgToday, ROOFING_SERVICE_REPORT_V1, TEMPLATE_MESSAGES } from '@propertydna/domain';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { ISSUER_FACTS_FIXED } from '../src/modules/documents/documents.service.js';
import { createTestApp, type TestApp } from './support/app.js';
import { pdfTextOf } from './support/archives.js';
import { createTestDatabase, databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner } from './support/http-owner.js';

const pdf = (label: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), Buffer.alloc(2000, 0x41), Buffer.from('\n%%EOF\n')]);

/** The South African date `days` days from today (negative: ago), 'YYYY-MM-DD'. */
const day = (days: number) => johannesburgToday(new Date(Date.now() + days * 86_400_000));

interface Finding {
  rule: string;
  type: string;
  title: string;
  evidence: { id: string; name: string }[];
}

const DATE_FIELDS = ['issued_on', 'issue_date', 'expires_on', 'expired', 'expires_in_days', 'expiry_notice'];

const roofAnswers = (jobRef: string, inspectionDate: string) => ({
  job_ref: jobRef,
  inspection_date: inspectionDate,
  roof_type: ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === 'roof_type')?.options?.[0],
  condition: ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === 'condition')?.options?.[0],
  work_performed: 'Inspected and resealed the ridge.',
});

describe(`honest dates and expiry (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function ownerWithProperty() {
    const owner = await httpOwner(t, origin);
    const created = await owner.call('POST', '/api/properties', {
      name: 'Home',
      address: '1 Long Street',
      municipality: 'CPT',
      parcel_id: `P${Math.random().toString(36).slice(2, 8)}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    return { ...owner, propertyId: created.json().id as string };
  }

  const findings = async (owner: HttpOwner & { propertyId: string }) => {
    const res = await owner.call('GET', `/api/properties/${owner.propertyId}/policy-check`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().findings as Finding[];
  };
  const rule = (all: Finding[], id: string) => all.find((finding) => finding.rule === id);

  /** A supplier with a job and a Roofing Service Report on it, inspected on `inspectionDate`. */
  async function roofingReport(inspectionDate: string) {
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    const job = (
      await supplier.call('POST', '/api/supplier/jobs', {
        property_address: '1 Long Street',
        client_name: 'T. Mokoena',
        description: 'Annual roof inspection',
      })
    ).json();
    const report = await supplier.call('POST', `/api/supplier/jobs/${job.id}/reports`, {
      templateId: ROOFING_SERVICE_REPORT_V1.id,
      answers: roofAnswers(job.job_ref, inspectionDate),
    });
    expect(report.statusCode, report.body).toBe(201);
    return { supplier, job, report: report.json() };
  }

  it('never fills an issue date the client did not send: a certificate without one is "date unknown" and proves nothing about its age', async () => {
    const owner = await ownerWithProperty();
    const registered = await owner.upload(pdf('roof'), 'application/pdf', {
      property_id: owner.propertyId,
      kind: 'inspection',
      metadata: { filename: 'Roof inspection.pdf', certificate_type: 'roof_inspection' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json()).toMatchObject({
      issued_on: null,
      issue_date: 'unknown',
      expires_at: null,
      expires_on: null,
      expired: false,
    });
    expect(registered.json().metadata).not.toHaveProperty('issued_on');
    // A beetle certificate has a validity of its own, but without an issue date no expiry is made up.
    const beetle = await owner.upload(pdf('beetle'), 'application/pdf', {
      property_id: owner.propertyId,
      kind: 'certificate',
      metadata: { filename: 'Beetle.pdf', certificate_type: 'beetle_clearance' },
    });
    expect(beetle.json()).toMatchObject({ issue_date: 'unknown', expires_at: null, expires_on: null });

    const roof = rule(await findings(owner), 'roof_inspection.insurance');
    expect(roof).toMatchObject({ type: 'unknown', title: 'Roof inspection report: issue date needed' });

    // Once the owner gives the date, the rule counts it.
    const dated = await owner.call('PATCH', `/api/documents/${registered.json().id}`, {
      issued_on: day(-30),
    });
    expect(dated.statusCode, dated.body).toBe(200);
    // A roof inspection is good for 12 months from its issue date.
    expect(dated.json()).toMatchObject({ issued_on: day(-30), issue_date: 'known', expired: false });
    expect(dated.json().expires_on > day(300)).toBe(true);
    expect(rule(await findings(owner), 'roof_inspection.insurance')?.type).toBe('compliant');
  });

  it('answers expired and the expiry date on every document answer: vault, /vault, register, update, job page, share page and the pack', async () => {
    const owner = await ownerWithProperty();
    const lapsed = await owner.upload(pdf('policy'), 'application/pdf', {
      property_id: owner.propertyId,
      kind: 'policy',
      expires_at: day(-1),
      metadata: { filename: 'Lapsed policy.pdf' },
    });
    expect(lapsed.statusCode, lapsed.body).toBe(201);
    const soon = await owner.upload(pdf('soon'), 'application/pdf', {
      property_id: owner.propertyId,
      kind: 'policy',
      expires_at: day(20),
      metadata: { filename: 'Renewed policy.pdf' },
    });
    const today = await owner.upload(pdf('today'), 'application/pdf', {
      property_id: owner.propertyId,
      kind: 'certificate',
      expires_at: day(0),
      metadata: { filename: 'Gas.pdf', certificate_type: 'gas_coc', issued_on: day(-400) },
    });
    const expected: Record<string, object> = {
      [lapsed.json().id]: {
        expired: true,
        expires_on: day(-1),
        expiry_notice: 'Expired',
        expires_in_days: null,
      },
      [soon.json().id]: {
        expired: false,
        expires_on: day(20),
        expiry_notice: 'Expires in 20 days',
        expires_in_days: 20,
      },
      // On its expiry date it is no longer valid.
      [today.json().id]: { expired: true, expires_on: day(0), expiry_notice: 'Expired' },
    };
    for (const registered of [lapsed, soon, today]) {
      expect(registered.json()).toMatchObject(expected[registered.json().id] ?? {});
    }
    for (const url of ['/api/documents', `/api/properties/${owner.propertyId}/documents`]) {
      const listed = (await owner.call('GET', url)).json() as Record<string, unknown>[];
      expect(listed).toHaveLength(3);
      for (const document of listed) {
        for (const field of DATE_FIELDS) expect(document).toHaveProperty(field);
        expect(document).toMatchObject(expected[document.id as string] ?? { missing: true });
      }
    }
    const pack = await owner.call('GET', `/api/reports/insurance-pack?propertyId=${owner.propertyId}`);
    expect(pack.statusCode, pack.body).toBe(200);
    const inPack = [...pack.json().policies, ...pack.json().certificates] as Record<string, unknown>[];
    expect(inPack.find((d) => d.id === lapsed.json().id)).toMatchObject({
      expired: true,
      expiry_notice: 'Expired',
    });
    expect(inPack.find((d) => d.id === soon.json().id)).toMatchObject({
      expired: false,
      expiry_notice: 'Expires in 20 days',
    });

    // The PDF pack says the same words.
    const undated = await owner.upload(pdf('coc'), 'application/pdf', {
      property_id: owner.propertyId,
      kind: 'certificate',
      metadata: { filename: 'Undated CoC.pdf', certificate_type: 'electrical_coc' },
    });
    expect(undated.json().issue_date).toBe('unknown');
    const packPdf = await fetch(
      `${origin}/api/reports/insurance-pack?propertyId=${owner.propertyId}&format=pdf`,
      {
        headers: owner.headers,
      },
    );
    expect(packPdf.status).toBe(200);
    const { text } = await pdfTextOf(Buffer.from(await packPdf.arrayBuffer()));
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('(Expired)');
    expect(flat).toContain('(Expires in 20 days)');
    expect(flat).toContain('Date unknown');

    // The job page and the share page say the same of a supplier's expired certificate.
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    const job = (
      await supplier.call('POST', '/api/supplier/jobs', {
        property_address: '2 Long Street',
        client_name: 'A. Client',
        description: 'Fence',
      })
    ).json();
    const fence = await supplier.upload(pdf('fence'), 'application/pdf', {
      job_id: job.id,
      kind: 'certificate',
      expires_at: day(-10),
      metadata: { filename: 'Fence.pdf', certificate_type: 'electric_fence_coc', issued_on: day(-800) },
    });
    expect(fence.statusCode, fence.body).toBe(201);
    const [onJob] = (await supplier.call('GET', `/api/supplier/jobs/${job.id}/documents`)).json();
    expect(onJob).toMatchObject({ expired: true, expires_on: day(-10), expiry_notice: 'Expired' });
    const share = await supplier.call('POST', `/api/supplier/jobs/${job.id}/share`, { password: null });
    expect(share.statusCode, share.body).toBe(201);
    const view = await fetch(`${origin}/api/share/${share.json().token}`);
    const [shared] = ((await view.json()) as { documents: Record<string, unknown>[] }).documents;
    expect(shared).toMatchObject({
      certificate_type: 'electric_fence_coc',
      issued_on: day(-800),
      issue_date: 'known',
      expired: true,
      expires_on: day(-10),
      expiry_notice: 'Expired',
    });
    // The owner's notes are the owner's: a share never carries them.
    expect(shared).not.toHaveProperty('owner_notes');
  });

  it("a supplier's roofing report is a roof inspection report issued on its inspection date; adopted, it satisfies the roof rule, and the owner's notes never alter it", async () => {
    const inspected = day(-45);
    const { supplier, job, report } = await roofingReport(inspected);
    expect(report).toMatchObject({
      kind: 'inspection',
      source: 'supplier_verified',
      issued_on: inspected,
      issue_date: 'known',
      metadata: { certificate_type: 'roof_inspection', issued_on: inspected },
    });
    const share = await supplier.call('POST', `/api/supplier/jobs/${job.id}/share`, { password: null });
    const owner = await ownerWithProperty();
    expect(rule(await findings(owner), 'roof_inspection.insurance')).toMatchObject({
      type: 'gap',
      title: 'No Roof inspection report',
    });
    const adopted = await owner.call('POST', `/api/share/${share.json().token}/adopt`, {
      property_id: owner.propertyId,
    });
    expect(adopted.statusCode, adopted.body).toBe(200);
    const [copy] = (await owner.call('GET', `/api/properties/${owner.propertyId}/documents`)).json();
    expect(copy).toMatchObject({
      source: 'supplier_verified',
      issued_on: inspected,
      issue_date: 'known',
      metadata: { certificate_type: 'roof_inspection', issued_on: inspected },
      owner_notes: null,
    });
    const roof = rule(await findings(owner), 'roof_inspection.insurance');
    expect(roof).toMatchObject({ type: 'compliant', evidence: [{ id: copy.id }] });

    // The owner adds notes; the issuer's claims stay as they were.
    const noted = await owner.call('PATCH', `/api/documents/${copy.id}`, {
      owner_notes: 'Gutters next time.',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json()).toMatchObject({ owner_notes: 'Gutters next time.', issued_on: inspected });
    expect(noted.json().metadata).toEqual(copy.metadata);
    for (const patch of [
      { issued_on: day(-1) },
      { certificate_type: 'gas_coc' },
      { issued_on: null },
      { owner_notes: 'and', issued_on: day(-2) },
    ]) {
      const refused = await owner.call('PATCH', `/api/documents/${copy.id}`, patch);
      expect(refused.statusCode, JSON.stringify(patch)).toBe(403);
      expect(refused.json().error).toBe(ISSUER_FACTS_FIXED);
    }
    const [after] = (await owner.call('GET', `/api/properties/${owner.propertyId}/documents`)).json();
    expect(after).toMatchObject({
      owner_notes: 'Gutters next time.',
      metadata: copy.metadata,
      issued_on: inspected,
    });
    // The supplier's original carries no notes of the owner's.
    const [original] = (await supplier.call('GET', `/api/supplier/jobs/${job.id}/documents`)).json();
    expect(original.owner_notes).toBeNull();
    // Another organisation cannot see or write them: 404, nothing changed.
    const outsider = await httpOwner(t, origin);
    const foreign = await outsider.call('PATCH', `/api/documents/${copy.id}`, { owner_notes: 'Mine now' });
    expect(foreign.statusCode).toBe(404);
    // Notes are text: a control character is refused, changing nothing.
    const control = await owner.call('PATCH', `/api/documents/${copy.id}`, { owner_notes: 'bad\u0007bell' });
    expect(control.statusCode).toBe(400);
    const [kept] = (await owner.call('GET', `/api/properties/${owner.propertyId}/documents`)).json();
    expect(kept.owner_notes).toBe('Gutters next time.');
    // Blank notes clear them.
    const cleared = await owner.call('PATCH', `/api/documents/${copy.id}`, { owner_notes: '  ' });
    expect(cleared.json().owner_notes).toBeNull();
    const tooLong = await owner.call('PATCH', `/api/documents/${copy.id}`, { owner_notes: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('an adopted roof inspection report the vault calls Expired has its reminder', async () => {
    const { supplier, job } = await roofingReport(day(-400));
    const share = await supplier.call('POST', `/api/supplier/jobs/${job.id}/share`, { password: null });
    const owner = await ownerWithProperty();
    const adopted = await owner.call('POST', `/api/share/${share.json().token}/adopt`, {
      property_id: owner.propertyId,
    });
    expect(adopted.statusCode, adopted.body).toBe(200);
    const [copy] = (await owner.call('GET', `/api/properties/${owner.propertyId}/documents`)).json();
    expect(copy).toMatchObject({ expired: true, expiry_notice: 'Expired' });
    const reminders = (await owner.call('GET', `/api/properties/${owner.propertyId}/reminders`)).json();
    expect(reminders.map((r: { title: string }) => r.title)).toContainEqual(
      expect.stringContaining(copy.name),
    );

    // An issue date nobody confirmed (migration 0025's flag) gives no expiry on the vault, and so no
    // reminder from a date worked out of it.
    await t.db.db
      .updateTable('documents')
      .set({ issue_date_unconfirmed: true })
      .where('id', '=', copy.id)
      .execute();
    const [unconfirmed] = (await owner.call('GET', `/api/properties/${owner.propertyId}/documents`)).json();
    expect(unconfirmed).toMatchObject({ issue_date: 'unconfirmed', expired: false, expires_on: null });
    const after = (await owner.call('GET', `/api/properties/${owner.propertyId}/reminders`)).json();
    expect(after.map((r: { title: string }) => r.title)).not.toContainEqual(
      expect.stringContaining(copy.name),
    );
  });

  it('a template declares the certificate it issues and its issue date field; a wrong declaration is 400', async () => {
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    const templates = (await supplier.call('GET', '/api/supplier/templates')).json();
    expect(templates[0]).toMatchObject({
      id: ROOFING_SERVICE_REPORT_V1.id,
      certificate_type: 'roof_inspection',
      issue_date_field: 'inspection_date',
    });
    const fields = [
      { name: 'serviced_on', type: 'date', required: true, label: 'Serviced on' },
      { name: 'notes', type: 'textarea', required: false, label: 'Notes' },
    ];
    const base = { name: 'Alarm service', category: 'security', version: 1, fields };
    const bad = await supplier.call('POST', '/api/supplier/templates', {
      ...base,
      certificate_type: 'alarm_service',
      issue_date_field: 'notes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(TEMPLATE_MESSAGES.issueDateField);
    const half = await supplier.call('POST', '/api/supplier/templates', {
      ...base,
      certificate_type: 'alarm_service',
    });
    expect(half.statusCode).toBe(400);
    expect(half.body).toContain(TEMPLATE_MESSAGES.issuesBoth);
    const created = await supplier.call('POST', '/api/supplier/templates', {
      ...base,
      certificate_type: 'alarm_service',
      issue_date_field: 'serviced_on',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      certificate_type: 'alarm_service',
      issue_date_field: 'serviced_on',
    });
    const job = (
      await supplier.call('POST', '/api/supplier/jobs', {
        property_address: '3 Long Street',
        client_name: 'B. Client',
        description: 'Alarm',
      })
    ).json();
    const report = await supplier.call('POST', `/api/supplier/jobs/${job.id}/reports`, {
      templateId: created.json().id,
      answers: { serviced_on: day(-3) },
    });
    expect(report.statusCode, report.body).toBe(201);
    expect(report.json()).toMatchObject({
      issued_on: day(-3),
      issue_date: 'known',
      metadata: { certificate_type: 'alarm_service', issued_on: day(-3) },
      // Alarm service: valid 6 months from issue.
      expired: false,
    });
    // A template saved without a declaration makes reports that are no certificate.
    const plain = await supplier.call('POST', '/api/supplier/templates', base);
    expect(plain.json()).toMatchObject({ certificate_type: null, issue_date_field: null });
  });

  it('an unconfirmed issue date counts as unknown until the owner confirms or edits it', async () => {
    const owner = await ownerWithProperty();
    const registered = await owner.upload(pdf('coc'), 'application/pdf', {
      property_id: owner.propertyId,
      kind: 'inspection',
      metadata: { filename: 'Roof.pdf', certificate_type: 'roof_inspection', issued_on: day(0) },
    });
    const id = registered.json().id as string;
    expect(rule(await findings(owner), 'roof_inspection.insurance')?.type).toBe('compliant');
    // As migration 0025 flags a row whose date is its upload day.
    await t.db.db
      .updateTable('documents')
      .set({ issue_date_unconfirmed: true })
      .where('id', '=', id)
      .execute();
    const [flagged] = (await owner.call('GET', `/api/properties/${owner.propertyId}/documents`)).json();
    expect(flagged).toMatchObject({ issued_on: day(0), issue_date: 'unconfirmed' });
    await owner.call('POST', `/api/properties/${owner.propertyId}/policy-check`);
    expect(rule(await findings(owner), 'roof_inspection.insurance')).toMatchObject({
      type: 'unknown',
      title: 'Roof inspection report: issue date needed',
    });
    const confirmed = await owner.call('PATCH', `/api/documents/${id}`, { issued_on: day(0) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ issued_on: day(0), issue_date: 'known' });
    expect(rule(await findings(owner), 'roof_inspection.insurance')?.type).toBe('compliant');
  });

  it('on a document someone else issued, the owner may confirm the flagged date as it is, never change it', async () => {
    const { supplier, job, report } = await roofingReport(day(-5));
    // A supplier's own upload through the old form, dated with its upload day and so flagged.
    const upload = await supplier.upload(pdf('gas'), 'application/pdf', {
      job_id: job.id,
      kind: 'certificate',
      metadata: { filename: 'Gas.pdf', certificate_type: 'gas_coc', issued_on: day(0) },
    });
    await t.db.db
      .updateTable('documents')
      .set({ issue_date_unconfirmed: true })
      .where('id', '=', upload.json().id)
      .execute();
    expect(report.issue_date).toBe('known');
    const changed = await supplier.call('PATCH', `/api/documents/${upload.json().id}`, {
      issued_on: day(-9),
    });
    expect(changed.statusCode).toBe(403);
    const confirmed = await supplier.call('PATCH', `/api/documents/${upload.json().id}`, {
      issued_on: day(0),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ issue_date: 'known', issued_on: day(0) });
    // Confirmed once, the date is the issuer's claim again: sending it changes nothing and is refused.
    const again = await supplier.call('PATCH', `/api/documents/${upload.json().id}`, { issued_on: day(0) });
    expect(again.statusCode).toBe(403);
  });
});

describe(`migration 0025: issue dates nobody confirmed (${databaseKind})`, () => {
  it('flags rows whose issue date is their upload day and was never edited, and dates old roofing reports', async () => {
    const handle = await createTestDatabase({ migrateTo: '2026-11-27T0020-stored-objects' });
    try {
      // biome-ignore lint/suspicious/noExplicitAny: the old schema is not the app's types
      const db = handle.db as unknown as Kysely<any>;
      const org = await db
        .insertInto('organizations')
        .values({ name: 'Old Vault', account_type: 'company' })
        .returning('id')
        .executeTakeFirstOrThrow();
      // 2026-03-10 21:30 UTC is 2026-03-10 23:30 in Johannesburg; 22:30 UTC is already the 11th there.
      const lateEvening = new Date('2026-03-10T21:30:00Z');
      const afterMidnight = new Date('2026-03-10T22:30:00Z');
      let n = 0;
      const insert = async (values: Record<string, unknown>) => {
        n += 1;
        const key = `old/${n}`;
        await db.insertInto('stored_objects').values({ storage_key: key }).execute();
        const row = await db
          .insertInto('documents')
          .values({
            organization_id: org.id,
            kind: 'certificate',
            name: `Doc ${n}.pdf`,
            storage_key: key,
            sha256: String(n).padStart(64, '0'),
            bytes: 100,
            content_type: 'application/pdf',
            source: 'owner_upload',
            ...values,
            metadata: JSON.stringify(values.metadata ?? {}),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id as string;
      };
      const defaulted = await insert({
        created_at: lateEvening,
        metadata: { certificate_type: 'gas_coc', issued_on: '2026-03-10' },
      });
      const pastMidnight = await insert({ created_at: afterMidnight, metadata: { issued_on: '2026-03-11' } });
      const typedOther = await insert({ created_at: lateEvening, metadata: { issued_on: '2025-01-02' } });
      const undated = await insert({ created_at: lateEvening, metadata: { certificate_type: 'gas_coc' } });
      const policy = await insert({
        created_at: lateEvening,
        kind: 'policy',
        metadata: { issued_on: '2026-03-10' },
      });
      const edited = await insert({ created_at: lateEvening, metadata: { issued_on: '2026-03-10' } });
      await db
        .insertInto('audit_events')
        .values({
          organization_id: org.id,
          action: 'update',
          document_id: edited,
          details: JSON.stringify({ issued_on: '2026-03-10' }),
        })
        .execute();
      const report = await insert({
        created_at: lateEvening,
        kind: 'inspection',
        source: 'supplier_verified',
        metadata: {
          templateId: 'roofing-service-report-v1',
          templateVersion: 1,
          answers: { job_ref: 'JOB-1', inspection_date: '2026-03-10' },
        },
      });
      const copy = await insert({
        created_at: new Date('2026-05-01T08:00:00Z'),
        kind: 'inspection',
        source: 'supplier_verified',
        adopted_from: report,
        metadata: { adoptedFromShare: 'x' },
      });
      const flaggedOriginal = await insert({
        created_at: lateEvening,
        metadata: { issued_on: '2026-03-10' },
      });
      const copyOfFlagged = await insert({
        created_at: new Date('2026-06-01T08:00:00Z'),
        adopted_from: flaggedOriginal,
        metadata: { issued_on: '2026-03-10' },
      });

      await migrateToLatest(handle.db);

      const rows = await db
        .selectFrom('documents')
        .select([
          'id',
          'issue_date_unconfirmed',
          'owner_notes',
          sql<Record<string, unknown>>`metadata`.as('metadata'),
        ])
        .execute();
      const byId = new Map(rows.map((row) => [row.id as string, row]));
      const flag = (id: string) => byId.get(id)?.issue_date_unconfirmed;
      expect(flag(defaulted)).toBe(true);
      expect(flag(pastMidnight)).toBe(true);
      expect(flag(flaggedOriginal)).toBe(true);
      expect(flag(copyOfFlagged)).toBe(true);
      expect(flag(typedOther)).toBe(false);
      expect(flag(undated)).toBe(false);
      expect(flag(policy)).toBe(false);
      expect(flag(edited)).toBe(false);
      // The issuer typed a report's inspection date: never flagged, and now it says what it is.
      expect(flag(report)).toBe(false);
      expect(flag(copy)).toBe(false);
      expect(byId.get(report)?.metadata).toMatchObject({
        certificate_type: 'roof_inspection',
        issued_on: '2026-03-10',
      });
      expect(byId.get(copy)?.metadata).toMatchObject({
        certificate_type: 'roof_inspection',
        issued_on: '2026-03-10',
      });
      expect(byId.get(defaulted)?.owner_notes).toBeNull();
      // Nothing else in the metadata changed.
      expect(byId.get(defaulted)?.metadata).toEqual({ certificate_type: 'gas_coc', issued_on: '2026-03-10' });
    } finally {
      await handle.close();
    }
  });
});
