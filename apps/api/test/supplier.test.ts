import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { ROOFING_SERVICE_REPORT_V1, SUPPLIER_MESSAGES, TEMPLATE_MESSAGES } from '@propertydna/domain';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReportPdf } from '../src/modules/supplier/report-pdf.js';
import { CERTIFICATE_NOT_FOUND, JOB_REF_TAKEN } from '../src/modules/supplier/supplier.service.js';
import { signUpAndLogIn } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { httpOwner } from './support/http-owner.js';
import { markDocumentsChecked } from './support/verification.js';

type Json = Record<string, unknown>;

/** Every text a PDF draws, from its (possibly deflated) content streams, as pdf-lib writes hex strings. */
async function pdfText(bytes: Buffer): Promise<string> {
  await PDFDocument.load(bytes); // parses: a real PDF
  const raw = bytes.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
    const data = Buffer.from(m[1] ?? '', 'latin1');
    try {
      return inflateSync(data).toString('latin1');
    } catch {
      return data.toString('latin1');
    }
  });
  return streams
    .join('\n')
    .replace(/<([0-9A-Fa-f]+)>/g, (_, hex: string) => Buffer.from(hex, 'hex').toString('latin1'));
}

describe(`supplier console API (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  const queries: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({}, { onQuery: (text) => queries.push(text) });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function account(userType: 'supplier' | 'homeowner') {
    const { headers } = await signUpAndLogIn(t, userType);
    return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      t.app.inject({ method, url, payload: payload as Json, headers });
  }

  const job = {
    property_address: '4 Hill Road, Rondebosch',
    client_name: 'T. Botha',
    description: 'Re-roof after storm',
  };
  const answers = {
    job_ref: 'JOB-LX2K9Q-AB12',
    inspection_date: '2026-11-20',
    roof_type: ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === 'roof_type')?.options?.[0],
    condition: ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === 'condition')?.options?.[0],
    work_performed: 'Replaced 40 cracked tiles and resealed the ridge.',
  };

  it('requires the supplier role on every supplier path (an owner gets 403)', async () => {
    const owner = await account('homeowner');
    for (const [method, url, body] of [
      ['GET', '/api/supplier/profile'],
      ['PUT', '/api/supplier/profile', { company_name: 'X' }],
      ['GET', '/api/supplier/templates'],
      [
        'POST',
        '/api/supplier/templates',
        {
          name: 'X',
          category: 'y',
          version: 1,
          fields: [{ name: 'a', type: 'text', required: false, label: 'A' }],
        },
      ],
      ['GET', '/api/supplier/jobs'],
      ['POST', '/api/supplier/jobs', job],
      ['GET', '/api/supplier/jobs/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/supplier/jobs/00000000-0000-4000-8000-000000000000/documents'],
      [
        'POST',
        '/api/supplier/jobs/00000000-0000-4000-8000-000000000000/reports',
        { templateId: 'x', answers: {} },
      ],
    ] as const) {
      const res = await owner(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe('Only suppliers can do this');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/supplier/jobs' })).statusCode).toBe(401);
  });

  it('answers and updates the profile, specialties entered comma-separated and answered as a list', async () => {
    const supplier = await account('supplier');
    expect((await supplier('GET', '/api/supplier/profile')).json()).toMatchObject({
      company_name: 'Cape Roofing CC',
      registration_number: '2010/111111/23',
      specialties: ['Roofing'],
    });
    const updated = await supplier('PUT', '/api/supplier/profile', {
      company_name: 'Cape Roofing CC',
      description: 'Tiles, IBR and thatch',
      email: 'office@caperoofing.co.za',
      phone: '021 555 0101',
      website: 'caperoofing.co.za',
      specialties: 'Roofing, Waterproofing, Gutters',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      specialties: ['Roofing', 'Waterproofing', 'Gutters'],
      website: 'https://caperoofing.co.za',
    });
    const bad = await supplier('PUT', '/api/supplier/profile', { company_name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(SUPPLIER_MESSAGES.companyNameRequired);
  });

  it("lists the built-in Roofing Service Report v1 (10 fields, 5 required) and the supplier's own templates", async () => {
    const supplier = await account('supplier');
    const [builtIn] = (await supplier('GET', '/api/supplier/templates')).json();
    expect(builtIn).toMatchObject({ name: 'Roofing Service Report', version: 1, builtIn: true });
    expect(builtIn.fields).toHaveLength(10);
    expect(
      builtIn.fields
        .filter((f: Json) => f.required)
        .map((f: Json) => f.name)
        .sort(),
    ).toEqual(['condition', 'inspection_date', 'job_ref', 'roof_type', 'work_performed']);
    const noOptions = await supplier('POST', '/api/supplier/templates', {
      name: 'Gutter check',
      category: 'gutters',
      version: 1,
      fields: [{ name: 'state', type: 'select', required: true, label: 'State' }],
    });
    expect(noOptions.statusCode).toBe(400);
    expect(noOptions.json().error).toBe(TEMPLATE_MESSAGES.selectNeedsOptions);
    const created = await supplier('POST', '/api/supplier/templates', {
      name: 'Gutter check',
      category: 'gutters',
      version: 'v2',
      fields: [
        { name: 'state', type: 'select', required: true, label: 'State', options: ['Clean', 'Blocked'] },
      ],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ version: 2, builtIn: false });
    expect((await supplier('GET', '/api/supplier/templates')).json()).toHaveLength(2);
  });

  it('creates jobs with checked, unique JOB references', async () => {
    const supplier = await account('supplier');
    const created = await supplier('POST', '/api/supplier/jobs', { ...job, job_ref: 'JOB-LX2K9Q-AB12' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...job, job_ref: 'JOB-LX2K9Q-AB12', document_count: 0 });
    const again = await supplier('POST', '/api/supplier/jobs', { ...job, job_ref: 'JOB-LX2K9Q-AB12' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(JOB_REF_TAKEN);
    const invalid = await supplier('POST', '/api/supplier/jobs', { ...job, job_ref: 'not-a-ref' });
    expect(invalid.statusCode).toBe(400);
    const generated = await supplier('POST', '/api/supplier/jobs', job);
    expect(generated.json().job_ref).toMatch(/^JOB-[0-9A-Z]+-[0-9A-Z]{4}$/);
    for (const [field, message] of [
      ['property_address', SUPPLIER_MESSAGES.propertyAddressRequired],
      ['client_name', SUPPLIER_MESSAGES.clientNameRequired],
      ['description', SUPPLIER_MESSAGES.descriptionRequired],
    ] as const) {
      const res = await supplier('POST', '/api/supplier/jobs', { ...job, [field]: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await supplier('GET', '/api/supplier/jobs')).json()).toHaveLength(2);
    const outsider = await account('supplier');
    expect((await outsider('GET', `/api/supplier/jobs/${created.json().id}`)).statusCode).toBe(404);
  });

  it('fills a report: answers validated, rendered to a real PDF holding them, stored as a verified job document', async () => {
    const supplier = await account('supplier');
    const created = (await supplier('POST', '/api/supplier/jobs', job)).json();
    const missing = await supplier('POST', `/api/supplier/jobs/${created.id}/reports`, {
      templateId: ROOFING_SERVICE_REPORT_V1.id,
      answers: { ...answers, work_performed: '' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/is required/);
    const wrongOption = await supplier('POST', `/api/supplier/jobs/${created.id}/reports`, {
      templateId: ROOFING_SERVICE_REPORT_V1.id,
      answers: { ...answers, roof_type: 'Cardboard' },
    });
    expect(wrongOption.statusCode).toBe(400);

    const report = await supplier('POST', `/api/supplier/jobs/${created.id}/reports`, {
      templateId: ROOFING_SERVICE_REPORT_V1.id,
      answers,
    });
    expect(report.statusCode, report.body).toBe(201);
    const document = report.json();
    expect(document).toMatchObject({
      job_id: created.id,
      property_id: null,
      source: 'supplier_verified',
      // Issued on the job by a supplier nobody has checked: self-declared until it is.
      provenance: { kind: 'supplier_issued', issuer_level: 'self_declared' },
      badge: 'Self-declared',
      status: 'Pending',
      content_type: 'application/pdf',
    });
    const file = await supplier('GET', `/api/documents/${document.id}/download`);
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('Roofing Service Report');
    expect(text).toContain('Replaced 40 cracked tiles and resealed the ridge.');
    expect(text).toContain(String(answers.roof_type));
    expect(text).toContain(created.job_ref);
    expect((await supplier('GET', `/api/supplier/jobs/${created.id}/documents`)).json()).toHaveLength(1);
    expect((await supplier('GET', '/api/supplier/jobs')).json()[0].document_count).toBe(1);
  });

  it("a report has the company's letterhead, the job's photos and a signature block, and no version in its title", async () => {
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    const profile = (await supplier.call('GET', '/api/supplier/profile')).json();
    const updated = await supplier.call('PUT', '/api/supplier/profile', {
      company_name: profile.company_name,
      registration_number: '2015/123456/07',
      trade_registration_number: 'NHBRC 3000123',
      email: 'office@caperoofing.co.za',
      phone: '021 555 0101',
      website: 'caperoofing.co.za',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const contact = updated.json() as { email: string; phone: string; website: string };
    const created = (await supplier.call('POST', '/api/supplier/jobs', job)).json();
    // A phone photo larger than the report shows it, and a document that is no picture.
    const photo = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: { r: 190, g: 70, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await supplier.upload(photo, 'image/jpeg', {
      job_id: created.id,
      kind: 'inspection',
      metadata: { filename: 'Ridge before.jpg' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const report = await supplier.call('POST', `/api/supplier/jobs/${created.id}/reports`, {
      templateId: ROOFING_SERVICE_REPORT_V1.id,
      answers,
    });
    expect(report.statusCode, report.body).toBe(201);
    expect(report.json().name).toBe(`Roofing Service Report ${created.job_ref}.pdf`);
    const file = await fetch(`${origin}/api/documents/${report.json().id}/download`, {
      headers: supplier.headers,
    });
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    const text = await pdfText(bytes);
    for (const expected of [
      profile.company_name,
      'Registration no. 2015/123456/07 · Trade registration NHBRC 3000123',
      `${contact.email} · ${contact.phone} · ${contact.website}`,
      'Roofing Service Report',
      'Property',
      job.property_address,
      'Photo',
      'Ridge before.jpg',
      'Signed',
      'Signature',
      'Name and position',
      'Page 1 of',
      // A date field as the report writes dates; a field left empty says so.
      'Nov 20, 2026',
      'Not recorded',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toMatch(/Roofing Service Report v\d/);
    expect(text).not.toContain('2026-11-20');
    // The photo is in the file, scaled to 1,200 px on its long side.
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/Subtype\s*\/Image/);
    expect(raw).toMatch(/\/Width 1200\b/);
  });

  it('dates a report as South Africa counts the day (half past midnight there is already the next day)', async () => {
    const pdf = await renderReportPdf(
      ROOFING_SERVICE_REPORT_V1,
      { job_ref: answers.job_ref },
      {
        companyName: 'Cape Roofing CC',
        jobRef: answers.job_ref,
        propertyAddress: job.property_address,
        clientName: job.client_name,
        issuedAt: new Date('2026-03-09T22:30:00Z'),
      },
    );
    expect(await pdfText(pdf)).toContain('Issued: Mar 10, 2026');
  });

  it("lists a job's documents in the same number of queries for 1 document and for 3", async () => {
    const supplier = await account('supplier');
    const created = (await supplier('POST', '/api/supplier/jobs', job)).json();
    const report = () =>
      supplier('POST', `/api/supplier/jobs/${created.id}/reports`, {
        templateId: ROOFING_SERVICE_REPORT_V1.id,
        answers,
      });
    const listQueries = async () => {
      queries.length = 0;
      const res = await supplier('GET', `/api/supplier/jobs/${created.id}/documents`);
      expect(res.statusCode).toBe(200);
      return { documents: res.json(), count: queries.length };
    };
    await report();
    const one = await listQueries();
    expect(one.documents).toHaveLength(1);
    await report();
    await report();
    const three = await listQueries();
    expect(three.documents).toHaveLength(3);
    expect(three.documents[0]).toMatchObject({ job_id: created.id, source: 'supplier_verified' });
    // The session, the ownership guard and the list itself, whatever the number of documents.
    expect(three.count).toBe(one.count);
    expect(three.count).toBeLessThanOrEqual(3);
  });

  it('records the supplier\'s insurance; a shared job shows "insured until" only from a reviewed certificate, while it is current', async () => {
    const supplier = await account('supplier');
    expect((await supplier('GET', '/api/supplier/insurance')).json()).toBeNull();
    const missing = await supplier('PUT', '/api/supplier/insurance', {
      insurer: '',
      policy_number: 'P1',
      expires_at: '2030-01-31',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(SUPPLIER_MESSAGES.insurerRequired);
    const saved = await supplier('PUT', '/api/supplier/insurance', {
      insurer: 'Santam',
      policy_number: 'LIA-2291',
      expires_at: '2030-01-31',
    });
    expect(saved.json()).toEqual({
      insurer: 'Santam',
      policy_number: 'LIA-2291',
      expires_at: '2030-01-31',
      insured: true,
      certificate: null,
    });
    const created = (await supplier('POST', '/api/supplier/jobs', job)).json();
    const { token } = (
      await supplier('POST', `/api/supplier/jobs/${created.id}/share`, { password: null })
    ).json();
    const view = await t.app.inject({ method: 'GET', url: `/api/share/${token}` });
    // Typed insurance is self-declared: the share page does not call it current.
    expect(view.json().supplier).toEqual({
      company_name: 'Cape Roofing CC',
      insured_until: null,
      verification: { level: 'self_declared', checks: [] },
    });
    const organizationId = (await supplier('GET', '/api/auth/me')).json().organization.id;
    await markDocumentsChecked(t.db.db, organizationId, { validUntil: '2030-01-31' });
    const checked = (await t.app.inject({ method: 'GET', url: `/api/share/${token}` })).json().supplier;
    expect(checked).toMatchObject({
      insured_until: '2030-01-31',
      verification: { level: 'documents_checked' },
    });
    // Typed fields change nothing of it, expired or not.
    await supplier('PUT', '/api/supplier/insurance', {
      insurer: 'Santam',
      policy_number: 'LIA-2291',
      expires_at: '2020-01-31',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/share/${token}` })).json().supplier.insured_until,
    ).toBe('2030-01-31');
  });

  /** Signs, PUTs and registers a PDF with the given target fields. */
  async function uploadPdf(
    call: Awaited<ReturnType<typeof account>>,
    target: Json,
    label: string,
  ): Promise<{ status: number; body: Json & { id: string; error?: string } }> {
    const content = Buffer.from(`%PDF-1.7\n${label}\n%%EOF\n`);
    const sha256 = createHash('sha256').update(content).digest('hex');
    const signed = (
      await call('POST', '/api/documents/sign', {
        contentType: 'application/pdf',
        sha256,
        bytes: content.length,
      })
    ).json();
    // Injected calls have no real host: the signed path is PUT to where the app listens.
    const signedUrl = new URL(signed.url);
    const put = await fetch(new URL(`${signedUrl.pathname}${signedUrl.search}`, origin), {
      method: 'PUT',
      body: content,
      headers: signed.headers,
    });
    expect(put.status).toBe(200);
    const registered = await call('POST', '/api/documents', {
      kind: 'certificate',
      name: `${label}.pdf`,
      storage_key: signed.storageKey,
      sha256,
      bytes: content.length,
      content_type: 'application/pdf',
      ...target,
    });
    return { status: registered.statusCode, body: registered.json() };
  }

  it('keeps the insurance certificate as an organisation document; replacing or removing it deletes the old one', async () => {
    const supplier = await account('supplier');
    const first = await uploadPdf(
      supplier,
      { organization: true, expires_at: '2030-01-31' },
      'Liability cover',
    );
    expect(first.status).toBe(201);
    // The supplier's own paper: not a verified issue of a job, and in no property or job.
    expect(first.body).toMatchObject({
      property_id: null,
      job_id: null,
      source: 'owner_upload',
      verified: false,
      name: 'Liability cover.pdf',
    });
    // /verify knows the file as registered, self-declared, and says nothing of whose it is.
    expect((await t.app.inject({ method: 'GET', url: `/api/verify/${first.body.sha256}` })).json()).toEqual({
      verified: false,
      registered: true,
      matches: [
        {
          provenance: { kind: 'owner_upload', issuer_name: null, issuer_level: null },
          badge: 'Self-declared',
          verified: false,
          company_name: null,
          issued_at: expect.any(String),
          job_ref: null,
          dna_code: null,
          name: null,
        },
      ],
    });

    const policy = { insurer: 'Hollard', policy_number: 'PL-77', expires_at: '2030-01-31' };
    const saved = await supplier('PUT', '/api/supplier/insurance', {
      ...policy,
      certificate_document_id: first.body.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().certificate).toMatchObject({
      id: first.body.id,
      name: 'Liability cover.pdf',
      content_type: 'application/pdf',
    });
    // Left out, the certificate stays.
    expect((await supplier('PUT', '/api/supplier/insurance', policy)).json().certificate?.id).toBe(
      first.body.id,
    );
    expect((await supplier('GET', '/api/supplier/insurance')).json().certificate?.id).toBe(first.body.id);

    // A job's document or another supplier's document is not a certificate of this supplier: 404.
    const createdJob = (await supplier('POST', '/api/supplier/jobs', job)).json();
    const jobDocument = await uploadPdf(supplier, { job_id: createdJob.id }, 'Job photo sheet');
    expect(jobDocument.status).toBe(201);
    const asJob = await supplier('PUT', '/api/supplier/insurance', {
      ...policy,
      certificate_document_id: jobDocument.body.id,
    });
    expect(asJob.statusCode).toBe(404);
    expect(asJob.json().error).toBe(CERTIFICATE_NOT_FOUND);
    const other = await account('supplier');
    const stolen = await other('PUT', '/api/supplier/insurance', {
      ...policy,
      certificate_document_id: first.body.id,
    });
    expect(stolen.statusCode).toBe(404);
    expect((await other('GET', '/api/supplier/insurance')).json()).toBeNull();
    // Owners keep no organisation documents.
    const owner = await account('homeowner');
    const ownerUpload = await uploadPdf(owner, { organization: true }, 'Owner paper');
    expect(ownerUpload.status).toBe(403);

    // Replacing: the new one is kept, the old document is deleted.
    const second = await uploadPdf(supplier, { organization: true }, 'Liability cover 2027');
    const replaced = await supplier('PUT', '/api/supplier/insurance', {
      ...policy,
      certificate_document_id: second.body.id,
    });
    expect(replaced.json().certificate?.id).toBe(second.body.id);
    expect((await supplier('GET', `/api/documents/${first.body.id}`)).statusCode).toBe(404);
    const firstRow = await t.db.db
      .selectFrom('documents')
      .select('id')
      .where('id', '=', first.body.id)
      .executeTakeFirst();
    expect(firstRow).toBeUndefined();
    expect((await supplier('GET', `/api/documents/${second.body.id}/view`)).statusCode).toBe(200);

    // Removing: null clears it and deletes the document.
    const removed = await supplier('PUT', '/api/supplier/insurance', {
      ...policy,
      certificate_document_id: null,
    });
    expect(removed.json().certificate).toBeNull();
    expect((await supplier('GET', `/api/documents/${second.body.id}`)).statusCode).toBe(404);
    expect(
      (
        await supplier('PUT', '/api/supplier/insurance', { ...policy, certificate_document_id: 'nope' })
      ).json().error,
    ).toBe(SUPPLIER_MESSAGES.invalidCertificate);
  });

  it('counts wrong current passwords like failed sign-ins: the 11th guess is 429, sign-in too', async () => {
    const { email, token } = await signUpAndLogIn(t, 'homeowner');
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: { authorization: `Bearer ${token}` },
        payload: { currentPassword, newPassword: 'another long one' },
      });
    for (let i = 0; i < 10; i++) expect((await change(`guess-${i}`)).statusCode).toBe(400);
    const blocked = await change('a long password');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/Too many failed sign-in attempts/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'a long password' },
    });
    expect(login.statusCode).toBe(429);
  });

  it('changes the password and ends the other sessions', async () => {
    const { email, token } = await signUpAndLogIn(t, 'supplier');
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'a long password' },
      })
    ).json().token;
    const headers = { authorization: `Bearer ${token}` };
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers,
      payload: { currentPassword: 'nope', newPassword: 'another long one' },
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers,
      payload: { currentPassword: 'a long password', newPassword: 'another long one' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization: `Bearer ${other}` },
        })
      ).statusCode,
    ).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'another long one' },
    });
    expect(login.statusCode).toBe(200);
  });
});
