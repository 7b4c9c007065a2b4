import { randomBytes } from 'node:crypto';
import {
  johannesburgToday,
  provenanceLine,
  ROOFING_SERVICE_REPORT_V1,
  type VerificationLevel,
} from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../src/modules/verification/staff.service.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, type HttpResponse, httpOwner, sha256Hex } from './support/http-owner.js';

const today = johannesburgToday(new Date());
const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label} ${randomBytes(8).toString('hex')}\n%%EOF\n`);

/**
 * The provenance × /verify matrix: for each way a document gets into a vault, the vault's provenance,
 * badge and status and /verify's answer for the same bytes agree; a checked issuer gives Verified
 * everywhere, a self-declared one never does.
 */
describe(`provenance and /verify agree (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  let staff: HttpOwner;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    staff = await httpOwner(t, origin);
    await createStaff(t.db.db, staff.email);
  });
  afterAll(async () => {
    await t.close();
  });

  const anonymous = async (method: 'GET' | 'POST', url: string, payload?: unknown): Promise<HttpResponse> => {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const body = await res.text();
    return { statusCode: res.status, body, json: () => JSON.parse(body) };
  };
  type Caller = (method: 'GET' | 'POST', url: string, payload?: unknown) => Promise<HttpResponse>;

  async function ownerWithProperty(): Promise<HttpOwner & { propertyId: string }> {
    const owner = await httpOwner(t, origin, { plan: 'premium' });
    const property = await owner.call('POST', '/api/properties', {
      name: 'Kloof House',
      address: '8 Kloof Street, Gardens',
      municipality: 'CPT',
      parcel_id: `P${randomBytes(4).toString('hex')}`,
    });
    expect(property.statusCode, property.body).toBe(201);
    return { ...owner, propertyId: property.json().id as string };
  }

  /**
   * A supplier at `level`: documents_checked through the back office, as a reviewer does it (its company
   * registration and liability insurance submitted, then approved by staff).
   */
  async function supplier(level: 'self_declared' | 'documents_checked') {
    const account = await httpOwner(t, origin, { userType: 'supplier' });
    if (level === 'documents_checked') {
      for (const [kind, extra] of [
        ['company_registration', {}],
        ['liability_insurance', { expires_at: '2099-12-31' }],
      ] as const) {
        const evidence = await account.upload(pdf(kind), 'application/pdf', {
          kind: 'certificate',
          name: `${kind}.pdf`,
          organization: true,
        });
        const submitted = await account.call('POST', '/api/supplier/verification/evidence', {
          document_id: evidence.json().id,
          kind,
          ...extra,
        });
        expect(submitted.statusCode, submitted.body).toBe(201);
        const approved = await staff.call('POST', `/api/backoffice/evidence/${submitted.json().id}/approve`, {
          checked: 'Checked against the original',
        });
        expect(approved.statusCode, approved.body).toBe(200);
      }
      expect((await account.call('GET', '/api/supplier/verification')).json().verification.level).toBe(
        'documents_checked',
      );
    }
    return account;
  }

  async function vendorUpload(caller: Caller, token: string, content: Buffer) {
    const signed = await caller('POST', `/api/invites/${token}/sign`, {
      contentType: 'application/pdf',
      sha256: sha256Hex(content),
      bytes: content.length,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const { url, storageKey } = signed.json();
    expect(
      (await fetch(url, { method: 'PUT', body: content, headers: { 'content-type': 'application/pdf' } }))
        .status,
    ).toBe(200);
    const registered = await caller('POST', `/api/invites/${token}/documents`, {
      kind: 'certificate',
      name: 'Electrical CoC.pdf',
      storage_key: storageKey,
      sha256: sha256Hex(content),
      bytes: content.length,
      content_type: 'application/pdf',
      metadata: { certificate_type: 'electrical_coc', issued_on: today },
    });
    expect(registered.statusCode, registered.body).toBe(201);
  }

  async function invite(owner: HttpOwner & { propertyId: string }, email: string) {
    const res = await owner.call('POST', '/api/vendors/invite', {
      name: 'Sipho Dlamini',
      email,
      company: 'Sparks Electrical',
      propertyId: owner.propertyId,
    });
    expect(res.statusCode, res.body).toBe(201);
    return new URL(res.json().invite.url).pathname.replace('/invite/', '');
  }

  /** A job report the supplier issues: the document as the supplier's job page answers it. */
  async function issueReport(issuer: HttpOwner) {
    const job = (
      await issuer.call('POST', '/api/supplier/jobs', {
        property_address: '9 Main Rd, Kalk Bay',
        client_name: 'M. Naidoo',
        description: 'Roof repair',
      })
    ).json();
    const option = (name: string) =>
      ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === name)?.options?.[0];
    const report = await issuer.call('POST', `/api/supplier/jobs/${job.id}/reports`, {
      templateId: ROOFING_SERVICE_REPORT_V1.id,
      answers: {
        job_ref: job.job_ref,
        inspection_date: today,
        roof_type: option('roof_type'),
        condition: option('condition'),
        work_performed: 'Fixed the flashing.',
      },
    });
    expect(report.statusCode, report.body).toBe(201);
    return { job, report: report.json() };
  }

  /** The vault document with these bytes, as the property's documents and /vault (the same) answer it. */
  async function inVault(owner: HttpOwner & { propertyId: string }, sha256: string) {
    const list = (await owner.call('GET', `/api/properties/${owner.propertyId}/documents`)).json();
    const document = list.find((d: { sha256: string }) => d.sha256 === sha256);
    expect(document).toBeTruthy();
    const all = (await owner.call('GET', '/api/documents')).json();
    expect(all.find((d: { id: string }) => d.id === document.id)).toMatchObject({
      provenance: document.provenance,
      badge: document.badge,
      status: document.status,
      verified: document.verified,
    });
    return document;
  }

  /** The one rule, checked on a document answer and /verify's answer for the same bytes. */
  async function expectAgreement(
    document: {
      sha256: string;
      provenance: { kind: string; issuer_name: string | null; issuer_level: string | null };
      badge: string;
      status: string;
      verified: boolean;
      verified_by: string | null;
    },
    expected: { kind: string; issuer_name: string | null; issuer_level: VerificationLevel | null },
  ) {
    expect(document.provenance).toEqual(expected);
    const verified =
      expected.issuer_level === 'documents_checked' || expected.issuer_level === 'register_matched';
    expect(document).toMatchObject({
      badge: verified ? 'Verified' : 'Self-declared',
      status: verified ? 'Verified' : 'Pending',
      verified,
    });
    if (!verified) expect(document.verified_by).toBeNull();

    const answer = (await anonymous('GET', `/api/verify/${document.sha256}`)).json();
    expect(answer).toMatchObject({ registered: true, verified });
    expect(answer.matches).toHaveLength(1);
    const [match] = answer.matches;
    // The same issuer, level and badge; an adopted copy answers through its original's issue.
    expect(match).toMatchObject({
      badge: document.badge,
      verified,
      provenance: { issuer_name: expected.issuer_name, issuer_level: expected.issuer_level },
    });
    if (expected.issuer_name === null) {
      // An owner's own upload: registered, self-declared, and nothing of whose it is.
      expect(match).toMatchObject({ name: null, company_name: null, dna_code: null, job_ref: null });
    }
    return match;
  }

  for (const level of ['self_declared', 'documents_checked'] as const) {
    describe(`an issuer at level ${level}`, () => {
      it('supplier issued on a job: the job page, the share page and /verify agree', async () => {
        const issuer = await supplier(level);
        const { job, report } = await issueReport(issuer);
        const expected = { kind: 'supplier_issued', issuer_name: 'Cape Roofing CC', issuer_level: level };
        const [listed] = (await issuer.call('GET', `/api/supplier/jobs/${job.id}/documents`)).json();
        expect(listed).toMatchObject({ id: report.id, provenance: expected, badge: report.badge });
        const match = await expectAgreement(report, expected);
        expect(match).toMatchObject({
          job_ref: job.job_ref,
          name: report.name,
          provenance: { kind: 'supplier_issued' },
        });
        if (level === 'documents_checked') expect(report.verified_by_organization).toBe('Cape Roofing CC');

        const share = (
          await issuer.call('POST', `/api/supplier/jobs/${job.id}/share`, { password: null })
        ).json();
        const view = (await anonymous('GET', `/api/share/${share.token}`)).json();
        expect(view.documents[0]).toMatchObject({
          provenance: expected,
          badge: report.badge,
          status: report.status,
          job_ref: job.job_ref,
        });
      });

      it('adopted from a share: the copy keeps the issuer and level, /verify answers through the original', async () => {
        const issuer = await supplier(level);
        const { job, report } = await issueReport(issuer);
        const share = (
          await issuer.call('POST', `/api/supplier/jobs/${job.id}/share`, { password: null })
        ).json();
        const owner = await ownerWithProperty();
        const adopted = await owner.call('POST', `/api/share/${share.token}/adopt`, {
          property_id: owner.propertyId,
        });
        expect(adopted.statusCode, adopted.body).toBe(200);
        const copy = await inVault(owner, report.sha256);
        const match = await expectAgreement(copy, {
          kind: 'share_adopted',
          issuer_name: 'Cape Roofing CC',
          issuer_level: level,
        });
        expect(match.provenance.kind).toBe('supplier_issued');
        // The adopting property's code only for a Verified document.
        const { dnaCode } = (await owner.call('GET', `/api/properties/${owner.propertyId}`)).json();
        expect(match.dna_code).toBe(level === 'self_declared' ? null : dnaCode);
      });

      it('signed-in supplier through an invite: the supplier’s name and level', async () => {
        const issuer = await supplier(level);
        const owner = await ownerWithProperty();
        const token = await invite(owner, issuer.email);
        const content = pdf('supplier through invite');
        await vendorUpload(issuer.call as Caller, token, content);
        const document = await inVault(owner, sha256Hex(content));
        await expectAgreement(document, {
          kind: 'vendor_upload',
          issuer_name: 'Cape Roofing CC',
          issuer_level: level,
        });
        // The owner's property share says the same.
        const link = await owner.call('POST', `/api/properties/${owner.propertyId}/share`, {
          password: null,
          documentIds: [document.id],
        });
        const view = (await anonymous('GET', `/api/share/${link.json().token}`)).json();
        expect(view.documents[0]).toMatchObject({ provenance: document.provenance, badge: document.badge });
      });
    });
  }

  it('owner upload: registered, self-declared, nothing of whose it is', async () => {
    const owner = await ownerWithProperty();
    const content = pdf('owner deed');
    const registered = await owner.upload(content, 'application/pdf', {
      property_id: owner.propertyId,
      kind: 'deed',
      name: 'Smith family deed.pdf',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const document = await inVault(owner, sha256Hex(content));
    const match = await expectAgreement(document, {
      kind: 'owner_upload',
      issuer_name: null,
      issuer_level: null,
    });
    expect(JSON.stringify(match)).not.toMatch(/Smith|Kloof/);
    expect(provenanceLine(document.provenance)).toBe('Uploaded by the owner · Self-declared');
  });

  it('vendor upload through an invite (no account): the vendor as named, self-declared', async () => {
    const owner = await ownerWithProperty();
    const token = await invite(owner, `sipho.${randomBytes(3).toString('hex')}@sparks.co.za`);
    const content = pdf('vendor coc');
    await vendorUpload(anonymous, token, content);
    const document = await inVault(owner, sha256Hex(content));
    const match = await expectAgreement(document, {
      kind: 'vendor_upload',
      issuer_name: 'Sipho Dlamini, Sparks Electrical',
      issuer_level: 'self_declared',
    });
    expect(match).toMatchObject({
      name: 'Electrical CoC.pdf',
      company_name: 'Sipho Dlamini, Sparks Electrical',
    });
  });

  it('received with a transfer: each document keeps its issuer and level; the packs say the same', async () => {
    const issuer = await supplier('documents_checked');
    const seller = await ownerWithProperty();
    const token = await invite(seller, issuer.email);
    const content = pdf('checked coc');
    await vendorUpload(issuer.call as Caller, token, content);
    const own = pdf('seller deed');
    await seller.upload(own, 'application/pdf', { property_id: seller.propertyId, kind: 'deed' });

    const buyer = await httpOwner(t, origin, { plan: 'premium' });
    const started = await seller.call('POST', `/api/properties/${seller.propertyId}/transfer`, {
      email: buyer.email,
    });
    expect(started.statusCode, started.body).toBe(201);
    const accepted = await buyer.call('POST', `/api/transfers/${started.json().id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const owner = { ...buyer, propertyId: seller.propertyId };
    const received = await inVault(owner, sha256Hex(content));
    await expectAgreement(received, {
      kind: 'transfer_received',
      issuer_name: 'Cape Roofing CC',
      issuer_level: 'documents_checked',
    });
    const deed = await inVault(owner, sha256Hex(own));
    await expectAgreement(deed, { kind: 'transfer_received', issuer_name: null, issuer_level: null });

    // The insurance pack's JSON words each document as the vault does.
    const pack = await buyer.call('GET', `/api/reports/insurance-pack?propertyId=${owner.propertyId}`);
    expect(pack.statusCode, pack.body).toBe(200);
    const certificate = pack.json().certificates.find((d: { id: string }) => d.id === received.id);
    expect(certificate).toMatchObject({
      provenance: received.provenance,
      badge: 'Verified',
      verified: true,
      provenance_line: 'Received with a transfer · Cape Roofing CC · Documents checked',
    });
  });

  it('a hash nobody registered: not verified, nothing matches', async () => {
    const answer = (await anonymous('GET', `/api/verify/${'ab'.repeat(32)}`)).json();
    expect(answer).toEqual({ verified: false, registered: false, matches: [] });
    expect((await anonymous('GET', '/api/verify/not-a-hash')).statusCode).toBe(400);
  });
});
