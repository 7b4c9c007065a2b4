import { createHash } from 'node:crypto';
import { SIGNUP_MESSAGES } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READING_MESSAGES } from '../src/modules/extraction/extraction.service.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';

/**
 * Spec §7 ("The calls it makes"), call by call: each path with its payload exactly as the spec lists it
 * (no extra keys: the old client sends nothing more), over real HTTP with a Bearer token, and the part of
 * the answer the client reads.
 */
describe(`spec §7 payloads (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  let supplier: TestAccount;
  let ownerToken: string;
  const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41), Buffer.from('\n%%EOF\n')]);

  /** One call as the old client makes it: JSON, the Bearer header when a token exists. */
  async function call(token: string | null, method: string, path: string, payload?: unknown) {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${origin}${path}`, {
      method,
      headers,
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const text = await res.text();
    const json = () => JSON.parse(text);
    return { status: res.status, text, json, headers: res.headers };
  }
  const owner = (method: string, path: string, payload?: unknown) => call(ownerToken, method, path, payload);
  const asSupplier = (method: string, path: string, payload?: unknown) =>
    call(supplier.token, method, path, payload);

  /** Spec §4's upload sequence up to the register call: sign, then PUT the raw file to the signed url. */
  async function signAndPut(as: typeof owner) {
    const signed = await as('POST', '/api/documents/sign', {
      contentType: 'application/pdf',
      sha256: sha256(pdf),
      bytes: pdf.length,
    });
    expect(signed.status, signed.text).toBe(200);
    const { url, storageKey } = signed.json();
    expect(typeof url).toBe('string');
    expect(typeof storageKey).toBe('string');
    const put = await fetch(url, {
      method: 'PUT',
      body: pdf,
      headers: { 'Content-Type': 'application/pdf' },
    });
    expect(put.status).toBe(200);
    return storageKey as string;
  }

  /**
   * The §7 upload: sign, PUT the file, then POST /api/documents with the spec's body
   * {property_id | job_id, kind, storage_key, sha256, bytes, content_type, source, metadata}.
   */
  async function uploadDocument(
    as: typeof owner,
    body: { property_id?: string; job_id?: string; kind: string; source: string; metadata: object },
  ) {
    const { property_id, job_id, kind, source, metadata } = body;
    const storageKey = await signAndPut(as);
    return as('POST', '/api/documents', {
      ...(property_id ? { property_id } : { job_id }),
      kind,
      storage_key: storageKey,
      sha256: sha256(pdf),
      bytes: pdf.length,
      content_type: 'application/pdf',
      source,
      metadata,
    });
  }

  let propertyId: string;
  let documentId: string;
  let jobId: string;
  let shareToken: string;
  let jobDocumentId: string;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    supplier = await signUpAndLogIn(t, 'supplier');
  });
  afterAll(async () => {
    await t.close();
  });

  it('POST /api/auth/signup {firstName, lastName, email, password, userType, company, phoneNumber, agreeToMarketing}', async () => {
    const res = await call(null, 'POST', '/api/auth/signup', {
      firstName: 'Thandi',
      lastName: 'Nkosi',
      email: 'thandi.spec@example.co.za',
      password: 'a long password',
      userType: 'homeowner',
      company: '',
      phoneNumber: '',
      agreeToMarketing: false,
    });
    expect(res.status, res.text).toBe(201);
    // The response is not shown (spec): the same for every address, no ids.
    expect(res.json()).toEqual({ ok: true, message: SIGNUP_MESSAGES.created.message });
    // The trial lifts the Free plan's one-property limit for the properties below.
    await t.db.db
      .updateTable('organizations')
      .set({ plan: 'premium' })
      .where(
        'id',
        '=',
        t.db.db
          .selectFrom('users')
          .select('organization_id')
          .where('email', '=', 'thandi.spec@example.co.za'),
      )
      .execute();
  });

  it('POST /api/auth/login {email, password} → token, user, organization', async () => {
    const res = await call(null, 'POST', '/api/auth/login', {
      email: 'thandi.spec@example.co.za',
      password: 'a long password',
    });
    expect(res.status, res.text).toBe(200);
    const body = res.json();
    expect(typeof body.token).toBe('string');
    expect(body.user.userType).toBe('homeowner');
    expect(body.organization).toBeTruthy();
    ownerToken = body.token;
  });

  it('GET /api/auth/me → user and organization', async () => {
    const res = await owner('GET', '/api/auth/me');
    expect(res.status, res.text).toBe(200);
    expect(res.json()).toMatchObject({ user: { userType: 'homeowner' }, organization: expect.any(Object) });
  });

  it('POST /api/properties, the dialog {name, address, property_type, country, municipality, parcel_id, unit, deed_number}', async () => {
    const res = await owner('POST', '/api/properties', {
      name: 'Sea Point flat',
      address: '1 Beach Road, Sea Point, Cape Town',
      property_type: 'residential',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: 'A123',
      unit: '',
      deed_number: '',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json().dna_id).toMatch(/^PDNA-ZA-CPT-A123-/);
    propertyId = res.json().id;
  });

  it('POST /api/properties, the form {erfNumber, township, municipality, address, description, dnaCode, isDemo} → id', async () => {
    const res = await owner('POST', '/api/properties', {
      erfNumber: 'ERF 4567',
      township: 'Gardens',
      municipality: 'City of Cape Town',
      address: '12 Kloof Street, Gardens, Cape Town',
      description: '',
      dnaCode: 'RES-4821-CT',
      isDemo: false,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json().dnaCode).toMatch(/^PDNA-ZA-CPT-ERF4567-/);
  });

  it('GET /api/properties → array of properties', async () => {
    const res = await owner('GET', '/api/properties');
    expect(res.status, res.text).toBe(200);
    expect(res.json()).toHaveLength(2);
  });

  it('GET /api/dashboard/stats', async () => {
    const res = await owner('GET', '/api/dashboard/stats');
    expect(res.status, res.text).toBe(200);
  });

  it('POST /api/documents/sign {contentType, sha256, bytes} → url, storageKey; PUT the raw file; POST /api/documents {property_id, kind, storage_key, sha256, bytes, content_type, source, metadata}', async () => {
    const res = await uploadDocument(owner, {
      property_id: propertyId,
      kind: 'deed',
      source: 'owner_upload',
      metadata: { filename: 'Title deed.pdf' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Title deed.pdf',
      source: 'owner_upload',
      property_id: propertyId,
    });
    documentId = res.json().id;
  });

  it('POST /api/documents without a name in metadata names it by kind and day', async () => {
    const res = await uploadDocument(owner, {
      property_id: propertyId,
      kind: 'certificate',
      source: 'owner_upload',
      metadata: {},
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json().name).toMatch(/^Certificate \d{4}-\d{2}-\d{2}\.pdf$/);
  });

  it('GET /api/documents → list of documents', async () => {
    const res = await owner('GET', '/api/documents');
    expect(res.status, res.text).toBe(200);
    expect(res.json().map((document: { id: string }) => document.id)).toContain(documentId);
  });

  it('GET /api/properties/{id} and /api/properties/{id}/documents', async () => {
    const detail = await owner('GET', `/api/properties/${propertyId}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.json().id).toBe(propertyId);
    const documents = await owner('GET', `/api/properties/${propertyId}/documents`);
    expect(documents.status, documents.text).toBe(200);
    expect(documents.json()).toHaveLength(2);
  });

  it('GET /api/documents/{id}/view and /download', async () => {
    for (const action of ['view', 'download']) {
      const res = await fetch(`${origin}/api/documents/${documentId}/${action}`, {
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    }
  });

  it('GET /api/documents/{id}/extraction → {status, pages, fields, text_available}; POST /api/documents/{id}/extraction/confirm {fields} (issue 27 §6)', async () => {
    const res = await owner('GET', `/api/documents/${documentId}/extraction`);
    expect(res.status, res.text).toBe(200);
    // Queued with its registration; read by the worker (extraction.test.ts runs it).
    expect(res.json()).toMatchObject({ status: 'queued', pages: null, fields: [], text_available: false });
    const confirm = await owner('POST', `/api/documents/${documentId}/extraction/confirm`, {
      fields: { issue_date: '2025-03-14' },
    });
    expect(confirm.status, confirm.text).toBe(409);
    expect(confirm.json()).toEqual({ error: READING_MESSAGES.notReadYet });
  });

  it('GET and PUT /api/supplier/profile with the profile form fields', async () => {
    const read = await asSupplier('GET', '/api/supplier/profile');
    expect(read.status, read.text).toBe(200);
    const res = await asSupplier('PUT', '/api/supplier/profile', {
      company_name: 'Cape Roofing CC',
      registration_number: '2010/111111/23',
      description: 'Roofs since 2010',
      email: 'office@caperoofing.co.za',
      phone: '021 555 0100',
      website: 'https://caperoofing.co.za',
      specialties: ['Roofing'],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json()).toMatchObject({ company_name: 'Cape Roofing CC', specialties: ['Roofing'] });
  });

  it('GET /api/supplier/templates', async () => {
    const res = await asSupplier('GET', '/api/supplier/templates');
    expect(res.status, res.text).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it('POST /api/supplier/jobs {property_address, client_name, description, job_ref}; GET /api/supplier/jobs', async () => {
    const res = await asSupplier('POST', '/api/supplier/jobs', {
      property_address: '9 Main Rd, Kalk Bay',
      client_name: 'Thandi Nkosi',
      description: 'Roof repair',
      job_ref: 'JOB-LX2K9Q-AB12',
    });
    expect(res.status, res.text).toBe(201);
    jobId = res.json().id;
    expect(res.json().job_ref).toMatch(/^JOB-/);
    const list = await asSupplier('GET', '/api/supplier/jobs');
    expect(list.json().map((job: { id: string }) => job.id)).toContain(jobId);
  });

  it('POST /api/documents {job_id, kind, storage_key, sha256, bytes, content_type, source, metadata}', async () => {
    const res = await uploadDocument(asSupplier, {
      job_id: jobId,
      kind: 'inspection',
      source: 'supplier_verified',
      metadata: { name: 'Roof inspection.pdf' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Roof inspection.pdf',
      source: 'supplier_verified',
      job_id: jobId,
    });
    jobDocumentId = res.json().id;
  });

  it('POST /api/supplier/jobs/{id}/share {password: null} → token', async () => {
    const res = await asSupplier('POST', `/api/supplier/jobs/${jobId}/share`, { password: null });
    expect(res.status, res.text).toBe(201);
    shareToken = res.json().token;
    expect(typeof shareToken).toBe('string');
  });

  it('GET /api/share/{token} → job, supplier, documents', async () => {
    const res = await call(null, 'GET', `/api/share/${shareToken}`);
    expect(res.status, res.text).toBe(200);
    expect(res.json()).toMatchObject({
      job: { property_address: '9 Main Rd, Kalk Bay', client_name: 'Thandi Nkosi' },
      supplier: { company_name: expect.any(String) },
      documents: [expect.objectContaining({ id: jobDocumentId })],
    });
  });

  it('POST /api/share/{token}/unlock {password}', async () => {
    const locked = await asSupplier('POST', `/api/supplier/jobs/${jobId}/share`, {
      password: 'a share password',
    });
    const token = locked.json().token;
    expect((await call(null, 'GET', `/api/share/${token}`)).status).toBe(401);
    const res = await call(null, 'POST', `/api/share/${token}/unlock`, { password: 'a share password' });
    expect(res.status, res.text).toBe(200);
  });

  it('GET /api/share/{token}/download/{documentId}', async () => {
    const res = await fetch(`${origin}/api/share/${shareToken}/download/${jobDocumentId}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('POST /api/share/{token}/adopt {property_id, create_property: false}', async () => {
    const res = await owner('POST', `/api/share/${shareToken}/adopt`, {
      property_id: propertyId,
      create_property: false,
    });
    expect(res.status, res.text).toBe(200);
    const documents = await owner('GET', `/api/properties/${propertyId}/documents`);
    expect(documents.json()).toHaveLength(3);
  });

  it("POST /api/share/{token}/adopt {property_id: 'new', create_property: true} asks for the new property's fields", async () => {
    // The spec's payload names no new property; the server does not invent one from the job's address.
    const res = await owner('POST', `/api/share/${shareToken}/adopt`, {
      property_id: 'new',
      create_property: true,
    });
    expect(res.status, res.text).toBe(400);
    expect(res.json().error).toMatch(/is required/);
  });

  it('GET /api/properties/{id}/policy-check → status, lastChecked, findings', async () => {
    const res = await owner('GET', `/api/properties/${propertyId}/policy-check`);
    expect(res.status, res.text).toBe(200);
    expect(res.json()).toMatchObject({
      status: expect.stringMatching(/^(compliant|gaps_detected|unknown)$/),
      lastChecked: expect.any(String),
      findings: expect.arrayContaining([
        expect.objectContaining({
          type: expect.any(String),
          title: expect.any(String),
          severity: expect.any(String),
        }),
      ]),
    });
  });

  it('GET /api/properties/{id}/reminders and /vendors → the detail tabs', async () => {
    const reminders = await owner('GET', `/api/properties/${propertyId}/reminders`);
    expect(reminders.status, reminders.text).toBe(200);
    expect(Array.isArray(reminders.json())).toBe(true);
    const vendors = await owner('GET', `/api/properties/${propertyId}/vendors`);
    expect(vendors.status, vendors.text).toBe(200);
    expect(vendors.json()).toEqual([]);
  });

  it('POST /api/vendors/invite {name, email, company, propertyId, allowedKinds}; GET /api/vendors', async () => {
    const res = await owner('POST', '/api/vendors/invite', {
      name: 'Sipho Dlamini',
      email: 'sipho@capeelectrical.co.za',
      company: 'Cape Electrical',
      propertyId,
      allowedKinds: ['certificate', 'inspection'],
    });
    // The client shows no message either way; the server answers what it made.
    expect(res.status, res.text).toBe(201);
    const list = await owner('GET', '/api/vendors');
    expect(list.status, list.text).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ name: 'Sipho Dlamini', email: 'sipho@capeelectrical.co.za' }),
    ]);
    const serving = await owner('GET', `/api/properties/${propertyId}/vendors`);
    expect(serving.json()).toHaveLength(1);
  });

  it('POST /api/maintenance/bootstrap {propertyId}', async () => {
    const res = await owner('POST', '/api/maintenance/bootstrap', { propertyId });
    // 201 when it added the standard tasks (a second call adds nothing: 200).
    expect(res.status, res.text).toBe(201);
    expect(res.json().created).toBeGreaterThan(0);
    const again = await owner('POST', '/api/maintenance/bootstrap', { propertyId });
    expect(again.status, again.text).toBe(200);
    expect(again.json().created).toBe(0);
  });

  it('GET /api/reports/insurance-pack?propertyId={id} → downloaded as insurance-pack-{id}.json', async () => {
    const res = await owner('GET', `/api/reports/insurance-pack?propertyId=${propertyId}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`insurance-pack-${propertyId}.json`);
    expect(res.json().property).toMatchObject({ id: propertyId });
  });
});
