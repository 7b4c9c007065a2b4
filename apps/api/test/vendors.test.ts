import fs from 'node:fs/promises';
import path from 'node:path';
import { INVITE_MAX_FILES, johannesburgToday, VENDOR_MESSAGES } from '@propertydna/domain';
import { sql } from 'kysely';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl } from '../src/env.js';
import { mailJobs } from '../src/mail/mail-job.js';
import { complianceRecheckJob } from '../src/modules/compliance/compliance.jobs.js';
import { MAX_INVITE_MISSES } from '../src/modules/vendors/invites.service.js';
import { MAX_INVITES_PER_RECIPIENT_PER_DAY } from '../src/modules/vendors/vendors.service.js';
import { signUpAndLogIn } from './support/accounts.js';
import { createTestApp, listFiles, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, type HttpResponse, httpOwner, sha256Hex } from './support/http-owner.js';
import { markDocumentsChecked } from './support/verification.js';

const pdf = (label: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), Buffer.alloc(1200, 0x41), Buffer.from('\n%%EOF\n')]);

const today = johannesburgToday(new Date());

describe(`vendors and upload invites (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A caller without a session (the vendor), optionally from its own address (X-Forwarded-For is not trusted here). */
  const anonymous = async (method: 'GET' | 'POST', url: string, payload?: unknown): Promise<HttpResponse> => {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const body = await res.text();
    return { statusCode: res.status, body, json: () => JSON.parse(body) };
  };
  type Caller = typeof anonymous;

  async function ownerWithProperty(): Promise<HttpOwner & { propertyId: string }> {
    const owner = await httpOwner(t, origin, { plan: 'premium' });
    const property = await owner.call('POST', '/api/properties', {
      name: 'Kloof House',
      address: '8 Kloof Street, Gardens',
      municipality: 'CPT',
      parcel_id: `V${Math.random().toString(36).slice(2, 8)}`,
    });
    expect(property.statusCode, property.body).toBe(201);
    return { ...owner, propertyId: property.json().id as string };
  }

  const invitePayload = (propertyId: string, extra: Record<string, unknown> = {}) => ({
    name: 'Sipho Dlamini',
    email: `sipho.${Math.random().toString(36).slice(2, 8)}@sparks.co.za`,
    company: 'Sparks Electrical',
    propertyId,
    ...extra,
  });

  async function invite(owner: HttpOwner & { propertyId: string }, extra: Record<string, unknown> = {}) {
    const res = await owner.call('POST', '/api/vendors/invite', invitePayload(owner.propertyId, extra));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const token = new URL(body.invite.url).pathname.replace('/invite/', '');
    return { ...body, token } as {
      vendor: { id: string; email: string };
      invite: { url: string };
      token: string;
    };
  }

  /** The invite's upload sequence: sign, PUT, register; answers the register response. */
  async function vendorUpload(
    caller: Caller,
    token: string,
    content: Buffer,
    fields: Record<string, unknown> = {},
    contentType = 'application/pdf',
  ) {
    const signed = await caller('POST', `/api/invites/${token}/sign`, {
      contentType,
      sha256: sha256Hex(content),
      bytes: content.length,
    });
    if (signed.statusCode !== 200) return signed;
    const { url, storageKey } = signed.json();
    const put = await fetch(url, { method: 'PUT', body: content, headers: { 'content-type': contentType } });
    expect(put.status).toBe(200);
    return caller('POST', `/api/invites/${token}/documents`, {
      kind: 'certificate',
      name: 'Electrical CoC.pdf',
      storage_key: storageKey,
      sha256: sha256Hex(content),
      bytes: content.length,
      content_type: contentType,
      metadata: { certificate_type: 'electrical_coc', issued_on: today },
      ...fields,
    });
  }

  async function mailsTo(address: string): Promise<ParsedMail[]> {
    await t.services.jobs.runQueued(mailJobs);
    const outbox = path.join(t.dataDir, 'outbox');
    const names = await fs.readdir(outbox).catch(() => []);
    const mails = await Promise.all(
      names.map(async (name) => simpleParser(await fs.readFile(path.join(outbox, name)))),
    );
    return mails.filter((mail) => mail.to && JSON.stringify(mail.to).includes(address));
  }

  const snapshot = async (tables: string[]) => {
    const out: Record<string, unknown> = {};
    for (const table of tables) {
      const { rows } = await sql`select * from ${sql.table(table)}`.execute(t.db.db);
      out[table] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return JSON.stringify(out);
  };

  it('invites a vendor: 201 with the link, the vendor e-mailed it with the address and what is asked for', async () => {
    const owner = await ownerWithProperty();
    const created = await invite(owner);
    // The app's configured origin (APP_URL), as every mailed link.
    expect(created.invite.url.startsWith(`${appUrl(t.env)}/invite/`)).toBe(true);
    expect(created.token.length).toBeGreaterThanOrEqual(32);
    const expires = new Date((created.invite as unknown as { expires_at: string }).expires_at).getTime();
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(14);
    expect(created.vendor).toMatchObject({
      name: 'Sipho Dlamini',
      company: 'Sparks Electrical',
      verified: false,
      specialties: [],
      documents_count: 0,
      properties: [
        {
          id: owner.propertyId,
          name: 'Kloof House',
          access: {
            status: 'active',
            access_level: 'Certificate Upload',
            allowed_kinds: ['certificate', 'inspection'],
            summary: expect.stringMatching(/^May upload certificates and inspection reports until /),
          },
        },
      ],
    });

    const [mail] = await mailsTo(created.vendor.email);
    expect(mail?.subject).toContain('8 Kloof Street, Gardens');
    expect(mail?.text).toContain(created.invite.url);
    expect(mail?.text).toContain('certificates and inspection reports');
    // Only the token's hash is stored.
    const stored = await t.db.db.selectFrom('capabilities').select('token_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(created.token);

    const list = await owner.call('GET', '/api/vendors');
    expect(list.json()).toHaveLength(1);
    const byProperty = await owner.call('GET', `/api/properties/${owner.propertyId}/vendors`);
    expect(byProperty.json()).toMatchObject([
      { id: created.vendor.id, access: { status: 'active' }, uploads: [] },
    ]);
  });

  it('the anonymous invite view shows the property, who asks and what for, never the documents', async () => {
    const owner = await ownerWithProperty();
    const secret = await owner.upload(pdf('title deed'), 'application/pdf', {
      property_id: owner.propertyId,
      kind: 'deed',
      metadata: { filename: 'Secret title deed.pdf' },
    });
    expect(secret.statusCode, secret.body).toBe(201);
    const { token } = await invite(owner, { allowedKinds: ['certificate'], expiresInDays: 3 });
    const view = await anonymous('GET', `/api/invites/${token}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      vendor: { name: 'Sipho Dlamini', company: 'Sparks Electrical' },
      property: { address: '8 Kloof Street, Gardens', dna_code: expect.stringMatching(/^PDNA-/) },
      owner: { first_name: expect.any(String) },
      allowed_kinds: ['certificate'],
      uploading_as: null,
      uploads: [],
      used: { files: 0, bytes: 0 },
      limits: { max_files: INVITE_MAX_FILES },
    });
    expect(view.body).not.toContain('Secret title deed');
    expect(view.body).not.toContain(owner.propertyId);
    expect(view.body).not.toContain('@');
  });

  it('an allowed upload lands in the vault as the vendor’s (self-declared), reruns the check, mails the owner and is audited', async () => {
    const owner = await ownerWithProperty();
    const { token, vendor } = await invite(owner);
    const registered = await vendorUpload(anonymous, token, pdf('coc'));
    expect(registered.statusCode, registered.body).toBe(201);
    expect(Object.keys(registered.json()).sort()).toEqual(['created_at', 'id', 'kind', 'name']);
    const documentId = registered.json().id;

    const vault = (await owner.call('GET', `/api/properties/${owner.propertyId}/documents`)).json();
    expect(vault).toEqual([
      expect.objectContaining({
        id: documentId,
        name: 'Electrical CoC.pdf',
        kind: 'certificate',
        source: 'vendor_upload',
        // Named as the vendor the owner invited, whom nobody checked: self-declared, not verified.
        provenance: {
          kind: 'vendor_upload',
          issuer_name: 'Sipho Dlamini, Sparks Electrical',
          issuer_level: 'self_declared',
        },
        badge: 'Self-declared',
        verified: false,
        status: 'Pending',
        verified_by: null,
        verified_by_organization: null,
        metadata: { certificate_type: 'electrical_coc', issued_on: today },
      }),
    ]);
    const provenance = await t.db.db
      .selectFrom('documents as d')
      .innerJoin('vendor_invites as vi', 'vi.id', 'd.vendor_invite_id')
      .select(['vi.vendor_id', 'd.verifier_name'])
      .where('d.id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(provenance.vendor_id).toBe(vendor.id);

    // The check is stale and queued; rerun, the electrical certificate now counts.
    expect(await t.services.jobs.runQueued(complianceRecheckJob)).toBeGreaterThanOrEqual(1);
    const check = (await owner.call('GET', `/api/properties/${owner.propertyId}/policy-check`)).json();
    expect(JSON.stringify(check.findings)).toContain('Electrical CoC.pdf');

    const audit = await t.db.db
      .selectFrom('audit_events')
      .select(['action', 'user_id', 'details'])
      .where('document_id', '=', documentId)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'register',
        user_id: null,
        details: expect.objectContaining({ via: 'vendor_invite', vendorId: vendor.id }),
      }),
    ]);
    const mails = await mailsTo(owner.email);
    const notice = mails.find((mail) => mail.subject?.endsWith('uploaded Electrical CoC.pdf'));
    expect(notice?.subject).toBe('Sipho Dlamini, Sparks Electrical uploaded Electrical CoC.pdf');
    expect(notice?.text).toContain(`/properties/${owner.propertyId}`);
    // The mail words it as the vault does.
    expect(notice?.text).toContain(
      'Uploaded by an invited vendor · Sipho Dlamini, Sparks Electrical · Self-declared',
    );

    const tab = (await owner.call('GET', `/api/properties/${owner.propertyId}/vendors`)).json();
    expect(tab[0].uploads).toEqual([expect.objectContaining({ id: documentId, name: 'Electrical CoC.pdf' })]);
    expect(tab[0].documents_count).toBe(1);
    // The vendor sees their own upload in the success list, nothing else.
    expect((await anonymous('GET', `/api/invites/${token}`)).json().uploads).toEqual([
      expect.objectContaining({ id: documentId, name: 'Electrical CoC.pdf' }),
    ]);
  });

  it('refuses a disallowed kind, a wrong hash, a foreign storage key, wrong content; nothing is stored', async () => {
    const owner = await ownerWithProperty();
    const { token } = await invite(owner, { allowedKinds: ['inspection'] });
    const before = await snapshot(['documents']);
    const filesBefore = await listFiles(t.filesDir);

    const wrongKind = await vendorUpload(anonymous, token, pdf('a'), { kind: 'certificate', metadata: {} });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().error).toBe(VENDOR_MESSAGES.kindNotAllowed(['inspection']));
    expect(wrongKind.json().error).toBe('This link only accepts inspection reports');

    // Declared one hash, uploaded other bytes: the store refuses the PUT or the registration does.
    const content = pdf('b');
    const signed = (
      await anonymous('POST', `/api/invites/${token}/sign`, {
        contentType: 'application/pdf',
        sha256: sha256Hex(content),
        bytes: content.length,
      })
    ).json();
    const other = Buffer.from(content);
    other[20] = 0x42;
    const put = await fetch(signed.url, {
      method: 'PUT',
      body: other,
      headers: { 'content-type': 'application/pdf' },
    });
    const wrongHash = await anonymous('POST', `/api/invites/${token}/documents`, {
      kind: 'inspection',
      storage_key: signed.storageKey,
      sha256: sha256Hex(content),
      bytes: content.length,
      content_type: 'application/pdf',
    });
    // The fs store refuses the PUT itself (it hashes while writing); the registration then finds no file.
    expect(put.status).toBe(400);
    expect(wrongHash.statusCode).toBe(400);
    expect(wrongHash.json().error).toBe('The file has not been uploaded yet');

    // The owner's own signed upload is not the invite's to register.
    const own = pdf('own');
    const ownSigned = (
      await owner.call('POST', '/api/documents/sign', {
        contentType: 'application/pdf',
        sha256: sha256Hex(own),
        bytes: own.length,
      })
    ).json();
    await fetch(ownSigned.url, { method: 'PUT', body: own, headers: { 'content-type': 'application/pdf' } });
    const foreign = await anonymous('POST', `/api/invites/${token}/documents`, {
      kind: 'inspection',
      storage_key: ownSigned.storageKey,
      sha256: sha256Hex(own),
      bytes: own.length,
      content_type: 'application/pdf',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe('Unknown or expired upload: sign and upload the file again');

    // A "PDF" that is not one.
    const fake = Buffer.from('<html>not a pdf</html>'.padEnd(400, ' '));
    const sniffed = await vendorUpload(anonymous, token, fake, { kind: 'inspection', metadata: {} });
    expect(sniffed.statusCode).toBe(415);

    // A type the vault does not take is refused at signing, with the vault's message.
    const exe = await anonymous('POST', `/api/invites/${token}/sign`, {
      contentType: 'application/x-msdownload',
      sha256: 'a'.repeat(64),
      bytes: 10,
    });
    expect(exe.statusCode).toBe(400);

    // An upload signed through another invite is not this one's to register.
    const otherInvite = await invite(owner, { allowedKinds: ['inspection'] });
    const elsewhere = pdf('elsewhere');
    const elsewhereSigned = (
      await anonymous('POST', `/api/invites/${otherInvite.token}/sign`, {
        contentType: 'application/pdf',
        sha256: sha256Hex(elsewhere),
        bytes: elsewhere.length,
      })
    ).json();
    await fetch(elsewhereSigned.url, {
      method: 'PUT',
      body: elsewhere,
      headers: { 'content-type': 'application/pdf' },
    });
    const crossed = await anonymous('POST', `/api/invites/${token}/documents`, {
      kind: 'inspection',
      storage_key: elsewhereSigned.storageKey,
      sha256: sha256Hex(elsewhere),
      bytes: elsewhere.length,
      content_type: 'application/pdf',
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error).toBe('Unknown or expired upload: sign and upload the file again');
    expect(await snapshot(['documents'])).toBe(before);
    // On disk, waiting to be registered: the owner's own upload, the other invite's, and the file refused
    // for its kind (it may still be registered as an inspection); nothing of the wrong hash or wrong type.
    // (Objects only: the fs store's verified records beside them are spent at registration.)
    const objects = (await listFiles(t.filesDir)).filter((file) => !file.startsWith('.verified/'));
    expect(objects.filter((file) => !filesBefore.includes(file))).toHaveLength(3);
  });

  it('caps the files and bytes of one invite', async () => {
    const owner = await ownerWithProperty();
    const { token } = await invite(owner);
    const sign = (bytes: number, n: number) =>
      anonymous('POST', `/api/invites/${token}/sign`, {
        contentType: 'application/pdf',
        sha256: n.toString(16).padStart(64, '0'),
        bytes,
      });
    for (let n = 0; n < 5; n++) expect((await sign(50 * 1024 * 1024, n)).statusCode).toBe(200);
    // Signing the same file again (a retry) replaces its unregistered upload instead of adding one.
    expect((await sign(50 * 1024 * 1024, 4)).statusCode).toBe(200);
    const pending = await t.db.db
      .selectFrom('uploads')
      .innerJoin('capabilities as c', 'c.id', 'uploads.vendor_invite_id')
      .select(sql<number>`count(*)`.as('n'))
      .where('c.token_hash', '=', sha256Hex(Buffer.from(token)))
      .executeTakeFirstOrThrow();
    expect(Number(pending.n)).toBe(5);
    const tooMuch = await sign(1, 99);
    expect(tooMuch.statusCode).toBe(413);
    expect(tooMuch.json().error).toBe(VENDOR_MESSAGES.tooManyBytes);

    const second = await invite(owner);
    for (let n = 0; n < INVITE_MAX_FILES; n++) {
      const res = await anonymous('POST', `/api/invites/${second.token}/sign`, {
        contentType: 'application/pdf',
        sha256: n.toString(16).padStart(64, '0'),
        bytes: 100,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const oneMore = await anonymous('POST', `/api/invites/${second.token}/sign`, {
      contentType: 'application/pdf',
      sha256: 'f'.repeat(64),
      bytes: 100,
    });
    expect(oneMore.statusCode).toBe(400);
    expect(oneMore.json().error).toBe(VENDOR_MESSAGES.tooManyFiles);
  });

  it('re-inviting renews the link (the old one is 404) without a second vendor; revoke and expiry end it', async () => {
    const owner = await ownerWithProperty();
    const first = await invite(owner, { email: 'renew@sparks.co.za' });
    const second = await invite(owner, { email: 'Renew@Sparks.co.za', name: 'Sipho D.', company: '' });
    expect(second.vendor.id).toBe(first.vendor.id);
    expect(second.vendor).toMatchObject({ name: 'Sipho D.', company: 'Sparks Electrical' });
    expect((await owner.call('GET', '/api/vendors')).json()).toHaveLength(1);
    const old = await anonymous('GET', `/api/invites/${first.token}`);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ error: VENDOR_MESSAGES.inviteNotFound });
    expect((await anonymous('GET', `/api/invites/${second.token}`)).statusCode).toBe(200);

    // A signed upload is not registrable after the revoke.
    const content = pdf('late');
    const signed = (
      await anonymous('POST', `/api/invites/${second.token}/sign`, {
        contentType: 'application/pdf',
        sha256: sha256Hex(content),
        bytes: content.length,
      })
    ).json();
    await fetch(signed.url, { method: 'PUT', body: content, headers: { 'content-type': 'application/pdf' } });
    const revoked = await owner.call('POST', `/api/vendors/${first.vendor.id}/revoke`, {});
    expect(revoked.json()).toEqual({ revoked: 1 });
    const before = await snapshot(['documents']);
    for (const res of [
      await anonymous('GET', `/api/invites/${second.token}`),
      await anonymous('POST', `/api/invites/${second.token}/documents`, {
        kind: 'certificate',
        storage_key: signed.storageKey,
        sha256: sha256Hex(content),
        bytes: content.length,
        content_type: 'application/pdf',
      }),
      await anonymous('POST', `/api/invites/${second.token}/sign`, {
        contentType: 'application/pdf',
        sha256: sha256Hex(content),
        bytes: content.length,
      }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: VENDOR_MESSAGES.inviteNotFound });
    }
    expect(await snapshot(['documents'])).toBe(before);
    const tab = (await owner.call('GET', `/api/properties/${owner.propertyId}/vendors`)).json();
    expect(tab[0].access.status).toBe('revoked');

    // Expired: the capability's time has passed.
    const third = await invite(owner, { email: 'expired@sparks.co.za' });
    await t.db.db
      .updateTable('capabilities')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', (third.invite as unknown as { id: string }).id)
      .execute();
    expect((await anonymous('GET', `/api/invites/${third.token}`)).statusCode).toBe(404);
    const expired = (await owner.call('GET', `/api/properties/${owner.propertyId}/vendors`)).json();
    expect(expired.find((v: { email: string }) => v.email === 'expired@sparks.co.za').access.status).toBe(
      'expired',
    );
  });

  it('a vendor is verified when its e-mail is a registered supplier whose documents were checked (typed insurance never counts); a signed-in supplier uploads as its organisation', async () => {
    const supplier = await signUpAndLogIn(t, 'supplier', { plan: 'premium' });
    const supplierCall = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const res = await fetch(`${origin}${url}`, {
        method,
        headers:
          payload === undefined
            ? supplier.headers
            : { ...supplier.headers, 'content-type': 'application/json' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const body = await res.text();
      return { statusCode: res.status, body, json: () => JSON.parse(body) };
    };
    const owner = await ownerWithProperty();
    const uninsured = await invite(owner, { email: supplier.email.toUpperCase() });
    expect(uninsured.vendor).toMatchObject({ verified: false, registered_supplier: null });

    const insured = await supplierCall('PUT', '/api/supplier/insurance', {
      insurer: 'Santam',
      policy_number: 'LI-1',
      expires_at: '2099-12-31',
    });
    expect(insured.statusCode, insured.body).toBe(200);
    // Typed insurance is self-declared: the vendor is a registered supplier, not verified.
    expect((await owner.call('GET', '/api/vendors')).json()[0]).toMatchObject({
      verified: false,
      verification_level: 'self_declared',
      registered_supplier: null,
    });
    // A reviewer approved its evidence: documents checked, verified.
    await markDocumentsChecked(t.db.db, supplier.organizationId, { validUntil: '2099-12-31' });
    const [listed] = (await owner.call('GET', '/api/vendors')).json();
    expect(listed).toMatchObject({
      verified: true,
      verification_level: 'documents_checked',
      registered_supplier: expect.any(String),
    });

    const view = await supplierCall('GET', `/api/invites/${uninsured.token}`);
    expect(view.json().uploading_as).toBe(listed.registered_supplier);
    const registered = await vendorUpload(supplierCall as Caller, uninsured.token, pdf('supplier coc'));
    expect(registered.statusCode, registered.body).toBe(201);
    // Without the supplier's session, the same link names the vendor as the owner typed it: the owner
    // typed that address, the supplier did not vouch for this file.
    expect((await vendorUpload(anonymous, uninsured.token, pdf('anonymous coc'))).statusCode).toBe(201);
    // Another supplier's session is not the invited one: it uploads as the vendor too.
    const stranger = await signUpAndLogIn(t, 'supplier', { plan: 'premium' });
    const strangerCall: Caller = async (method, url, payload) => {
      const res = await fetch(`${origin}${url}`, {
        method,
        headers:
          payload === undefined
            ? stranger.headers
            : { ...stranger.headers, 'content-type': 'application/json' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const body = await res.text();
      return { statusCode: res.status, body, json: () => JSON.parse(body) };
    };
    expect((await strangerCall('GET', `/api/invites/${uninsured.token}`)).json().uploading_as).toBeNull();
    expect((await vendorUpload(strangerCall, uninsured.token, pdf('stranger coc'))).statusCode).toBe(201);

    const documents = (await owner.call('GET', `/api/properties/${owner.propertyId}/documents`)).json();
    const by = (content: string) =>
      documents.find((document: { sha256: string }) => document.sha256 === sha256Hex(pdf(content)));
    // The signed-in supplier uploads as its organisation, at its own level then (checked: Verified).
    expect(by('supplier coc')).toMatchObject({
      source: 'supplier_verified',
      provenance: {
        kind: 'vendor_upload',
        issuer_name: listed.registered_supplier,
        issuer_level: 'documents_checked',
      },
      badge: 'Verified',
      verified: true,
    });
    for (const content of ['anonymous coc', 'stranger coc']) {
      expect(by(content)).toMatchObject({
        source: 'vendor_upload',
        provenance: {
          kind: 'vendor_upload',
          issuer_name: 'Sipho Dlamini, Sparks Electrical',
          issuer_level: 'self_declared',
        },
        verified: false,
      });
    }
  });

  it('another owner cannot see, invite for, edit, revoke or delete (404); validation messages; nothing changes', async () => {
    const owner = await ownerWithProperty();
    const { vendor } = await invite(owner);
    const rival = await ownerWithProperty();
    const before = await snapshot(['vendors', 'vendor_invites', 'capabilities']);
    const foreign = [
      await rival.call('GET', `/api/properties/${owner.propertyId}/vendors`),
      await rival.call('POST', '/api/vendors/invite', invitePayload(owner.propertyId)),
      await rival.call('PATCH', `/api/vendors/${vendor.id}`, { notes: 'mine' }),
      await rival.call('POST', `/api/vendors/${vendor.id}/revoke`, {}),
      await rival.call('DELETE', `/api/vendors/${vendor.id}`),
      await rival.call('GET', `/api/vendors/${vendor.id}`),
    ];
    for (const res of foreign) expect(res.statusCode, res.body).toBe(404);
    expect((await rival.call('GET', '/api/vendors')).json()).toEqual([]);

    const invalid = await owner.call('POST', '/api/vendors/invite', {
      name: ' ',
      email: 'not-an-email',
      propertyId: '',
      allowedKinds: [],
      expiresInDays: 91,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe(
      `Name is required; Enter a valid email address; Property is required; Choose at least one document kind; ${VENDOR_MESSAGES.expiryDays}`,
    );
    const missing = await owner.call('POST', '/api/vendors/invite', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Name is required; Email is required; Property is required');
    expect(await snapshot(['vendors', 'vendor_invites', 'capabilities'])).toBe(before);
  });

  it('edits and deletes a vendor; what it uploaded stays, still named; its links end', async () => {
    const owner = await ownerWithProperty();
    const { vendor, token } = await invite(owner);
    expect((await vendorUpload(anonymous, token, pdf('kept'))).statusCode).toBe(201);
    const edited = await owner.call('PATCH', `/api/vendors/${vendor.id}`, {
      phone: '082 123 4567',
      specialties: 'Electrical, Solar',
      notes: 'Came out on a Sunday',
      company: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      phone: '+27821234567',
      specialties: ['Electrical', 'Solar'],
      notes: 'Came out on a Sunday',
      company: null,
      documents_count: 1,
    });
    expect((await owner.call('PATCH', `/api/vendors/${vendor.id}`, {})).json().error).toBe(
      VENDOR_MESSAGES.nothingToUpdate,
    );
    const removed = await owner.call('DELETE', `/api/vendors/${vendor.id}`);
    expect(removed.json()).toEqual({ ok: true });
    expect((await anonymous('GET', `/api/invites/${token}`)).statusCode).toBe(404);
    expect((await owner.call('GET', '/api/vendors')).json()).toEqual([]);
    const [document] = (await owner.call('GET', `/api/properties/${owner.propertyId}/documents`)).json();
    expect(document).toMatchObject({
      provenance: {
        kind: 'vendor_upload',
        issuer_name: 'Sipho Dlamini, Sparks Electrical',
        issuer_level: 'self_declared',
      },
    });
    expect(await listFiles(t.filesDir)).toContain(
      (
        await t.db.db
          .selectFrom('documents')
          .select('storage_key')
          .where('id', '=', document.id)
          .executeTakeFirstOrThrow()
      ).storage_key,
    );
  });

  it('guessing links is limited per address: misses answer 404 until the limit, then 429', async () => {
    const owner = await ownerWithProperty();
    const { token } = await invite(owner);
    await t.db.db.deleteFrom('attempts').where('rule', '=', 'invite-token:ip').execute();
    for (let n = 0; n < MAX_INVITE_MISSES; n++) {
      expect((await anonymous('GET', `/api/invites/guess-${n}`)).statusCode).toBe(404);
    }
    const limited = await anonymous('GET', '/api/invites/guess-last');
    expect(limited.statusCode).toBe(429);
    // A real link is heard once the window passes; hits never count.
    await t.db.db.deleteFrom('attempts').where('rule', '=', 'invite-token:ip').execute();
    expect((await anonymous('GET', `/api/invites/${token}`)).statusCode).toBe(200);
    const counted = await t.db.db
      .selectFrom('attempts')
      .select(sql<number>`count(*)`.as('n'))
      .where('rule', '=', 'invite-token:ip')
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(0);
  });

  it('limits invites per recipient; logs a view once per address within ten minutes', async () => {
    const owner = await ownerWithProperty();
    const email = `limit.${Math.random().toString(36).slice(2, 8)}@sparks.co.za`;
    let last = { token: '' };
    for (let n = 0; n < MAX_INVITES_PER_RECIPIENT_PER_DAY; n++) last = await invite(owner, { email });
    const refused = await owner.call(
      'POST',
      '/api/vendors/invite',
      invitePayload(owner.propertyId, { email }),
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^This address has had several invites today\. Try again in /);

    for (let n = 0; n < 3; n++)
      expect((await anonymous('GET', `/api/invites/${last.token}`)).statusCode).toBe(200);
    const views = await t.db.db
      .selectFrom('capability_events as e')
      .innerJoin('capabilities as c', 'c.id', 'e.capability_id')
      .select(sql<number>`count(*)`.as('n'))
      .where('c.token_hash', '=', sha256Hex(Buffer.from(last.token)))
      .where('e.action', '=', 'view')
      .executeTakeFirstOrThrow();
    expect(Number(views.n)).toBe(1);
  });
});
