import { VERIFICATION_MESSAGES } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../src/modules/verification/staff.service.js';
import { supplierVerification, supplierVerificationLevel } from '../src/modules/verification/verification.js';
import { STAFF_ONLY } from '../src/trpc/init.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner } from './support/http-owner.js';
import { mailsTo } from './support/outbox.js';

const NO_ID = '00000000-0000-4000-8000-000000000000';

describe(`supplier verification and the back office (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  let labels = 0;
  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A signed-up account made staff the way the admin:create-staff command does it. */
  async function staffAccount(): Promise<HttpOwner> {
    const staff = await httpOwner(t, origin);
    await createStaff(t.db.db, staff.email);
    return staff;
  }

  /** Uploads a PDF as an organisation document of the supplier: its id. */
  async function orgDocument(supplier: HttpOwner, label = `Evidence ${++labels}`): Promise<string> {
    const registered = await supplier.upload(
      Buffer.from(`%PDF-1.7\n${label} ${Math.random()}\n%%EOF\n`),
      'application/pdf',
      { kind: 'certificate', name: `${label}.pdf`, organization: true },
    );
    expect(registered.statusCode, registered.body).toBe(201);
    return registered.json().id;
  }

  async function submit(supplier: HttpOwner, body: Record<string, unknown>) {
    const answer = await supplier.call('POST', '/api/supplier/verification/evidence', {
      document_id: await orgDocument(supplier),
      ...body,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as { id: string; status: string };
  }

  async function levelOf(supplier: HttpOwner) {
    return (await supplier.call('GET', '/api/supplier/verification')).json().verification;
  }

  it('keeps a supplier with typed insurance self-declared until a reviewer approves its evidence', async () => {
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    // Typed insurance, current for years: self-declared, never verified.
    const typed = await supplier.call('PUT', '/api/supplier/insurance', {
      insurer: 'Hollard',
      policy_number: 'PL-1',
      expires_at: '2099-12-31',
    });
    expect(typed.statusCode).toBe(200);
    expect(await levelOf(supplier)).toEqual({ level: 'self_declared', checks: [] });

    const registration = await submit(supplier, { kind: 'company_registration' });
    const insurance = await submit(supplier, { kind: 'liability_insurance', expires_at: '2027-03-31' });
    expect(registration.status).toBe('pending');
    const pending = await levelOf(supplier);
    expect(pending.level).toBe('self_declared');
    expect(pending.checks.map((c: { status: string }) => c.status)).toEqual(['pending', 'pending']);

    const staff = await staffAccount();
    const queue = await staff.call('GET', '/api/backoffice/evidence?status=pending');
    expect(queue.statusCode, queue.body).toBe(200);
    const mine = queue.json().filter((item: { organization: { id: string } }) => {
      return item.organization.id === supplier.organizationId;
    });
    expect(mine.map((item: { id: string }) => item.id)).toEqual([registration.id, insurance.id]);
    // The organisation as far as checking needs it, and nothing more.
    expect(Object.keys(mine[0].organization).sort()).toEqual([
      'id',
      'name',
      'registration_number',
      'specialties',
      'trading_as',
    ]);

    // The document opens inline for staff only.
    const view = await fetch(`${origin}/api/backoffice/evidence/${insurance.id}/view`, {
      headers: staff.headers,
    });
    expect(view.status).toBe(200);
    expect(view.headers.get('content-disposition')).toMatch(/^inline/);
    expect((await view.arrayBuffer()).byteLength).toBeGreaterThan(0);

    const approvedRegistration = await staff.call(
      'POST',
      `/api/backoffice/evidence/${registration.id}/approve`,
      {
        checked: 'CIPC certificate: name and number match the profile',
      },
    );
    expect(approvedRegistration.statusCode, approvedRegistration.body).toBe(200);
    expect(approvedRegistration.json()).toMatchObject({ status: 'approved', valid_until: null });
    // Insurance: the approval defaults to the certificate's expiry.
    const approvedInsurance = await staff.call('POST', `/api/backoffice/evidence/${insurance.id}/approve`, {
      checked: 'Certificate of insurance, R5m public liability',
    });
    expect(approvedInsurance.json()).toMatchObject({
      status: 'approved',
      valid_until: '2027-03-31',
      reviewer_name: 'Naledi Mokoena',
    });
    // Decided once: a second decision is refused.
    const again = await staff.call('POST', `/api/backoffice/evidence/${insurance.id}/reject`, {
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(VERIFICATION_MESSAGES.notPending);

    const checked = await levelOf(supplier);
    expect(checked.level).toBe('documents_checked');
    expect(checked.checks).toEqual([
      expect.objectContaining({
        kind: 'company_registration',
        status: 'approved',
        source: 'PropertyDNA review',
        valid_until: null,
      }),
      expect.objectContaining({
        kind: 'liability_insurance',
        status: 'approved',
        valid_until: '2027-03-31',
        checked: 'Certificate of insurance, R5m public liability',
      }),
    ]);
    expect(checked.checks[1].checked_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    // The approval lapses at its valid-until date, and the level drops with it: computed from dates.
    expect(await supplierVerificationLevel(t.db.db, supplier.organizationId, '2027-03-31')).toBe(
      'documents_checked',
    );
    expect(await supplierVerificationLevel(t.db.db, supplier.organizationId, '2027-04-01')).toBe(
      'self_declared',
    );
    const lapsed = (await supplierVerification(t.db.db, [supplier.organizationId], '2027-04-01')).get(
      supplier.organizationId,
    );
    expect(lapsed?.checks.map((c) => c.status)).toEqual(['approved', 'lapsed']);

    // Every action is in the supplier's audit trail, by whom.
    const audit = await t.db.db
      .selectFrom('audit_events')
      .select(['action', 'user_id'])
      .where('organization_id', '=', supplier.organizationId)
      .where('action', 'in', ['evidence_submit', 'evidence_approve', 'evidence_reject'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'evidence_submit', user_id: supplier.userId },
      { action: 'evidence_submit', user_id: supplier.userId },
      { action: 'evidence_approve', user_id: staff.userId },
      { action: 'evidence_approve', user_id: staff.userId },
    ]);
    const history = (await staff.call('GET', '/api/backoffice/evidence?status=decided')).json();
    expect(history.map((item: { id: string }) => item.id)).toEqual(
      expect.arrayContaining([registration.id, insurance.id]),
    );
  });

  it('needs an approved trade registration for every trade the supplier offers', async () => {
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    await supplier.call('PUT', '/api/supplier/profile', {
      company_name: 'Volt CC',
      specialties: 'Electrical',
    });
    const staff = await staffAccount();
    for (const body of [
      { kind: 'company_registration' },
      { kind: 'liability_insurance', expires_at: '2099-01-31' },
    ]) {
      const evidence = await submit(supplier, body);
      await staff.call('POST', `/api/backoffice/evidence/${evidence.id}/approve`, { checked: 'ok' });
    }
    expect((await levelOf(supplier)).level).toBe('self_declared');
    const trade = await submit(supplier, { kind: 'trade_registration', trade: 'electrical' });
    const approved = await staff.call('POST', `/api/backoffice/evidence/${trade.id}/approve`, {
      checked: 'Registered person certificate',
      valid_until: '2099-01-01',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await levelOf(supplier)).level).toBe('documents_checked');
  });

  it('refuses bad evidence and bad approvals with clear messages, changing nothing', async () => {
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    const other = await httpOwner(t, origin, { userType: 'supplier' });
    const foreign = await orgDocument(other);
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { kind: 'liability_insurance', document_id: foreign, expires_at: '2030-01-01' },
        404,
        'Certificate document not found',
      ],
      [{ kind: 'liability_insurance', document_id: foreign }, 400, VERIFICATION_MESSAGES.expiryRequired],
      [{ kind: 'trade_registration', document_id: foreign }, 400, VERIFICATION_MESSAGES.tradeRequired],
      [{ kind: 'passport', document_id: foreign }, 400, VERIFICATION_MESSAGES.kindRequired],
      [{ kind: 'company_registration', document_id: 'nope' }, 400, VERIFICATION_MESSAGES.documentRequired],
    ];
    for (const [body, status, message] of cases) {
      const answer = await supplier.call('POST', '/api/supplier/verification/evidence', body);
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().error).toContain(message);
    }
    expect((await levelOf(supplier)).checks).toEqual([]);

    const staff = await staffAccount();
    const insurance = await submit(supplier, { kind: 'liability_insurance', expires_at: '2030-01-31' });
    for (const [body, message] of [
      [{ checked: '' }, VERIFICATION_MESSAGES.checkedRequired],
      [{ checked: 'ok', valid_until: '2031-01-01' }, 'cannot outlast the document'],
      [{ checked: 'ok', valid_until: '2001-01-01' }, VERIFICATION_MESSAGES.validUntilPast],
      [{ checked: 'ok', valid_until: 'soon' }, 'Enter a valid date'],
    ] as const) {
      const answer = await staff.call('POST', `/api/backoffice/evidence/${insurance.id}/approve`, body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().error).toContain(message);
    }
    expect((await staff.call('GET', `/api/backoffice/evidence/${insurance.id}`)).json().status).toBe(
      'pending',
    );
    expect((await staff.call('GET', `/api/backoffice/evidence/${NO_ID}`)).statusCode).toBe(404);
    expect(
      (await staff.call('POST', `/api/backoffice/evidence/nope/approve`, { checked: 'x' })).statusCode,
    ).toBe(400);
  });

  it('mails the reason of a rejection to the supplier, and shows it on its console', async () => {
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    const staff = await staffAccount();
    const evidence = await submit(supplier, { kind: 'company_registration' });
    const rejected = await staff.call('POST', `/api/backoffice/evidence/${evidence.id}/reject`, {
      reason: 'The certificate names another company',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      reject_reason: 'The certificate names another company',
    });
    const mails = await mailsTo(t, supplier.email);
    const mail = mails.find((m) => /not accepted/.test(m.subject ?? ''));
    expect(mail?.text).toContain('The reason: The certificate names another company');
    const status = (await supplier.call('GET', '/api/supplier/verification')).json();
    expect(status.verification).toMatchObject({ level: 'self_declared', checks: [{ status: 'rejected' }] });
    expect(status.evidence[0]).toMatchObject({
      status: 'rejected',
      reject_reason: 'The certificate names another company',
    });
    const audit = await t.db.db
      .selectFrom('audit_events')
      .select('details')
      .where('organization_id', '=', supplier.organizationId)
      .where('action', '=', 'evidence_reject')
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ reason: 'The certificate names another company' });
  });

  it('answers 403 to every back-office door for anyone but staff, at both doors', async () => {
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    const evidence = await submit(supplier, { kind: 'company_registration' });
    const owner = await httpOwner(t, origin);
    const doors: [string, string, unknown?][] = [
      ['GET', '/api/backoffice/evidence'],
      ['GET', '/api/backoffice/evidence?status=decided'],
      ['GET', `/api/backoffice/evidence/${evidence.id}`],
      ['POST', `/api/backoffice/evidence/${evidence.id}/approve`, { checked: 'ok' }],
      ['POST', `/api/backoffice/evidence/${evidence.id}/reject`, { reason: 'no' }],
      ['GET', `/api/backoffice/evidence/${evidence.id}/view`],
    ];
    const procedures: [string, 'query' | 'mutation', unknown][] = [
      ['backoffice.reviews', 'query', { status: 'pending' }],
      ['backoffice.review', 'query', { id: evidence.id }],
      ['backoffice.approve', 'mutation', { id: evidence.id, checked: 'ok' }],
      ['backoffice.reject', 'mutation', { id: evidence.id, reason: 'no' }],
    ];
    for (const who of [owner, supplier]) {
      for (const [method, url, body] of doors) {
        const answer = await who.call(method as 'GET' | 'POST', url, body);
        expect(answer.statusCode, `${method} ${url}`).toBe(403);
        expect(answer.json().error).toBe(STAFF_ONLY);
      }
      for (const [path, type, input] of procedures) {
        const response =
          type === 'query'
            ? await fetch(`${origin}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
                headers: who.headers,
              })
            : await fetch(`${origin}/trpc/${path}`, {
                method: 'POST',
                headers: { ...who.headers, 'content-type': 'application/json' },
                body: JSON.stringify(input),
              });
        expect(response.status, path).toBe(403);
      }
      expect((await who.call('GET', '/api/backoffice/access')).json()).toEqual({ staff: false });
    }
    // Signed out: 401.
    for (const [method, url, body] of doors) {
      const answer = await fetch(`${origin}${url}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(answer.status, `${method} ${url}`).toBe(401);
    }
    // Nothing changed.
    const staff = await staffAccount();
    expect((await staff.call('GET', `/api/backoffice/evidence/${evidence.id}`)).json().status).toBe(
      'pending',
    );
    expect((await staff.call('GET', '/api/backoffice/access')).json()).toEqual({ staff: true });
  });

  it('gives staff nothing of an organisation but its evidence through the normal routes', async () => {
    const owner = await httpOwner(t, origin);
    const property = await owner.call('POST', '/api/properties', {
      name: 'Home',
      address: '1 Long Street, Cape Town',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: `ERF-${Date.now()}`,
    });
    expect(property.statusCode, property.body).toBe(201);
    const propertyId = property.json().id;
    const document = await owner.upload(
      Buffer.from(`%PDF-1.7\nDeed ${Math.random()}\n%%EOF\n`),
      'application/pdf',
      {
        property_id: propertyId,
        kind: 'deed',
        name: 'Deed.pdf',
      },
    );
    expect(document.statusCode, document.body).toBe(201);
    const documentId = document.json().id;
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    const orgDoc = await orgDocument(supplier);
    const staff = await staffAccount();
    for (const url of [
      `/api/properties/${propertyId}`,
      `/api/properties/${propertyId}/documents`,
      `/api/documents/${documentId}`,
      `/api/documents/${documentId}/view`,
      `/api/documents/${orgDoc}`,
      `/api/documents/${orgDoc}/view`,
    ]) {
      expect((await staff.call('GET', url)).statusCode, url).toBe(404);
    }
    const listed = (await staff.call('GET', '/api/properties')).json();
    expect(JSON.stringify(listed)).not.toContain(propertyId);
    // Evidence ids only: a document id that is not evidence opens nothing in the back office.
    expect((await staff.call('GET', `/api/backoffice/evidence/${orgDoc}/view`)).statusCode).toBe(404);
  });

  it('makes staff only by the command: creating an account, or promoting an existing one', async () => {
    const email = `reviewer-${process.pid}@propertydna.test`;
    const created = await createStaff(t.db.db, email);
    expect(created).toMatchObject({ created: true, email });
    expect(created.generatedPassword?.length).toBeGreaterThanOrEqual(20);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: created.generatedPassword },
    });
    expect(login.statusCode, login.body).toBe(200);
    const headers = { authorization: `Bearer ${login.json().token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/backoffice/evidence', headers })).statusCode).toBe(
      200,
    );
    // Promoting keeps the account as it is; twice is the same as once.
    const existing = await httpOwner(t, origin);
    const promoted = await createStaff(t.db.db, existing.email.toUpperCase());
    expect(promoted).toMatchObject({ created: false, userId: existing.userId, generatedPassword: null });
    await createStaff(t.db.db, existing.email);
    expect((await existing.call('GET', '/api/backoffice/access')).json()).toEqual({ staff: true });
    await expect(createStaff(t.db.db, 'not an address')).rejects.toThrow();
    // No sign-up field makes staff.
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: '10.99.0.1',
      payload: {
        firstName: 'Eve',
        lastName: 'Impostor',
        email: `eve-${process.pid}@example.co.za`,
        password: 'a long password',
        userType: 'homeowner',
        staff: true,
        is_staff: true,
        role: 'staff',
      },
    });
    expect([201, 400]).toContain(signup.statusCode);
    const staffRows = await t.db.db
      .selectFrom('staff_members as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select('u.email')
      .where('u.email', 'like', 'eve-%')
      .execute();
    expect(staffRows).toEqual([]);
  });

  it("never lets staff decide their own organisation's evidence, at both doors", async () => {
    // A supplier account promoted to staff keeps its organisation: it may review others, never itself.
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    await createStaff(t.db.db, supplier.email);
    const registration = await submit(supplier, { kind: 'company_registration' });
    const insurance = await submit(supplier, { kind: 'liability_insurance', expires_at: '2099-01-31' });
    const approve = await supplier.call('POST', `/api/backoffice/evidence/${registration.id}/approve`, {
      checked: 'me',
    });
    const reject = await supplier.call('POST', `/api/backoffice/evidence/${insurance.id}/reject`, {
      reason: 'no',
    });
    for (const answer of [approve, reject]) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().error).toBe(VERIFICATION_MESSAGES.ownOrganisation);
    }
    const trpcApprove = await fetch(`${origin}/trpc/backoffice.approve`, {
      method: 'POST',
      headers: { ...supplier.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ id: insurance.id, checked: 'me' }),
    });
    expect(trpcApprove.status).toBe(403);
    expect(JSON.stringify(await trpcApprove.json())).toContain('You cannot review your own organisation');
    const stored = await t.db.db
      .selectFrom('supplier_evidence')
      .select('status')
      .where('organization_id', '=', supplier.organizationId)
      .execute();
    expect(stored.map((row) => row.status)).toEqual(['pending', 'pending']);
    expect((await levelOf(supplier)).level).toBe('self_declared');
    // Another reviewer can decide it.
    const other = await staffAccount();
    const approved = await other.call('POST', `/api/backoffice/evidence/${registration.id}/approve`, {
      checked: 'CIPC certificate',
    });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('counts an approval only for the company name and number that were checked', async () => {
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    const profile = (company_name: string, registration_number: string) =>
      supplier.call('PUT', '/api/supplier/profile', {
        company_name,
        registration_number,
        specialties: 'Roofing',
      });
    expect((await profile('Honest Roofing (Pty) Ltd', '2019/123456/07')).statusCode).toBe(200);
    const staff = await staffAccount();
    const registration = await submit(supplier, { kind: 'company_registration' });
    const insurance = await submit(supplier, { kind: 'liability_insurance', expires_at: '2099-01-31' });
    for (const { id } of [registration, insurance]) {
      const approved = await staff.call('POST', `/api/backoffice/evidence/${id}/approve`, {
        checked: 'CIPC certificate: name and number match the profile',
      });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    expect((await levelOf(supplier)).level).toBe('documents_checked');
    const stored = await t.db.db
      .selectFrom('supplier_evidence')
      .select(['checked_name', 'checked_registration_number', 'checked_trade_number'])
      .where('id', '=', registration.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      checked_name: 'Honest Roofing (Pty) Ltd',
      checked_registration_number: '2019/123456/07',
      checked_trade_number: null,
    });
    // Spelling the same facts differently changes nothing.
    expect((await profile('HONEST ROOFING', '2019/123456/07')).statusCode).toBe(200);
    expect((await levelOf(supplier)).level).toBe('documents_checked');

    // Another company's name and number: nobody checked these.
    expect((await profile('Someone Else Entirely (Pty) Ltd', '2001/999999/07')).statusCode).toBe(200);
    const after = await supplier.call('GET', '/api/supplier/verification');
    const body = after.json();
    expect(body.verification.level).toBe('self_declared');
    expect(body.verification.checks.map((c: { kind: string; status: string }) => [c.kind, c.status])).toEqual(
      [
        ['company_registration', 'outdated'],
        ['liability_insurance', 'outdated'],
      ],
    );
    expect(body.evidence.map((e: { status: string }) => e.status)).toEqual(['outdated', 'outdated']);
    const review = await staff.call('GET', `/api/backoffice/evidence/${registration.id}`);
    expect(review.json().status).toBe('outdated');

    // Back to the checked facts: the approvals count again; a new submission is reviewed afresh.
    expect((await profile('Honest Roofing (Pty) Ltd', '2019/123456/07')).statusCode).toBe(200);
    expect((await levelOf(supplier)).level).toBe('documents_checked');
  });

  it("holds an approval to the earliest expiry: the document's own and the one typed at submission", async () => {
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    const staff = await staffAccount();
    const upload = await supplier.upload(
      Buffer.from(`%PDF-1.7\n${Math.random()}\n%%EOF\n`),
      'application/pdf',
      { kind: 'certificate', name: 'Insurance.pdf', organization: true, expires_at: '2026-12-31' },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const submitted = await supplier.call('POST', '/api/supplier/verification/evidence', {
      document_id: upload.json().id,
      kind: 'liability_insurance',
      expires_at: '2099-01-31',
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const id = submitted.json().id;
    // Past the document's own expiry: refused, nothing changed.
    const tooLong = await staff.call('POST', `/api/backoffice/evidence/${id}/approve`, {
      checked: 'Certificate of insurance',
      valid_until: '2027-06-30',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe(
      'The approval cannot outlast the document, which expires on 2026-12-31',
    );
    // Left out: the earliest of the two.
    const approved = await staff.call('POST', `/api/backoffice/evidence/${id}/approve`, {
      checked: 'Certificate of insurance',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().valid_until).toBe('2026-12-31');

    // The typed expiry earlier than the document's: that one.
    const early = await supplier.upload(
      Buffer.from(`%PDF-1.7\n${Math.random()}\n%%EOF\n`),
      'application/pdf',
      { kind: 'certificate', name: 'Insurance 2.pdf', organization: true, expires_at: '2099-12-31' },
    );
    const second = await supplier.call('POST', '/api/supplier/verification/evidence', {
      document_id: early.json().id,
      kind: 'liability_insurance',
      expires_at: '2027-02-28',
    });
    const secondApproved = await staff.call('POST', `/api/backoffice/evidence/${second.json().id}/approve`, {
      checked: 'Certificate of insurance',
    });
    expect(secondApproved.json().valid_until).toBe('2027-02-28');
  });
});
