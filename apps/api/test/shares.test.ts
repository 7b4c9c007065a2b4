import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { FREE_PLAN_LIMIT_MESSAGE, ROOFING_SERVICE_REPORT_V1, SHARE_MESSAGES } from '@propertydna/domain';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailJobs } from '../src/mail/mail-job.js';
import { PASSWORD_REQUIRED } from '../src/modules/shares/shares.service.js';
import { signUpAndLogIn } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { expectDownloadHeaders } from './support/download-headers.js';

type Json = Record<string, unknown>;
type Call = (
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  extra?: Record<string, string>,
) => Promise<{
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read as loose JSON in tests
  json: () => any;
  rawPayload: Buffer;
}>;

describe(`share links and adoption (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function account(
    userType: 'supplier' | 'homeowner',
    plan: 'free' | 'premium' = 'premium',
  ): Promise<Call & { userId: string; organizationId: string }> {
    const { token, userId, organizationId } = await signUpAndLogIn(t, userType, { plan });
    const call = ((method, url, payload, extraHeaders = {}) =>
      t.app.inject({
        method,
        url,
        payload: payload as Json,
        headers: { authorization: `Bearer ${token}`, ...extraHeaders },
      })) as Call;
    return Object.assign(call, { userId, organizationId });
  }
  const anonymous: Call = ((method, url, payload, headers = {}) =>
    t.app.inject({ method, url, payload: payload as Json, headers })) as Call;

  /** A supplier's job with a verified report, shared with the given password. */
  async function sharedJob(password: string | null, expiresInDays?: number) {
    const supplier = await account('supplier');
    const job = (
      await supplier('POST', '/api/supplier/jobs', {
        property_address: '9 Main Rd, Kalk Bay',
        client_name: 'M. Naidoo',
        description: 'Roof repair',
      })
    ).json();
    const report = (
      await supplier('POST', `/api/supplier/jobs/${job.id}/reports`, {
        templateId: ROOFING_SERVICE_REPORT_V1.id,
        answers: {
          job_ref: job.job_ref,
          inspection_date: '2026-11-20',
          roof_type: ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === 'roof_type')?.options?.[0],
          condition: ROOFING_SERVICE_REPORT_V1.fields.find((f) => f.name === 'condition')?.options?.[0],
          work_performed: 'Fixed the flashing.',
        },
      })
    ).json();
    const share = await supplier('POST', `/api/supplier/jobs/${job.id}/share`, {
      password,
      ...(expiresInDays ? { expiresInDays } : {}),
    });
    expect(share.statusCode).toBe(201);
    const { token, url } = share.json() as { token: string; url: string };
    return { supplier, job, report, token, url };
  }

  it('shares an open job: anyone sees the job, supplier and documents and downloads them', async () => {
    const { token, url, job, report } = await sharedJob(null);
    expect(url).toMatch(new RegExp(`/share/${token}$`));
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const view = await anonymous('GET', `/api/share/${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      kind: 'job',
      job: { job_ref: job.job_ref, property_address: '9 Main Rd, Kalk Bay', client_name: 'M. Naidoo' },
      supplier: { company_name: 'Cape Roofing CC' },
    });
    expect(view.json().documents).toHaveLength(1);
    const file = await anonymous('GET', `/api/share/${token}/download/${report.id}`);
    expect(file.statusCode).toBe(200);
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(report.sha256);
    expectDownloadHeaders(file.headers, {
      contentType: 'application/pdf',
      bytes: report.bytes,
      filename: report.name,
      disposition: 'attachment',
    });
    const other = await sharedJob(null);
    expect((await anonymous('GET', `/api/share/${token}/download/${other.report.id}`)).statusCode).toBe(404);
  });

  it('gates a password link, counts wrong passwords, and answers 429 on the 11th from one address', async () => {
    const { token } = await sharedJob('s3cret-pass');
    const locked = await anonymous('GET', `/api/share/${token}`);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toMatchObject({ error: PASSWORD_REQUIRED, details: { passwordRequired: true } });
    const wrong = await anonymous('POST', `/api/share/${token}/unlock`, { password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe(SHARE_MESSAGES.invalidPassword.message);
    const empty = await anonymous('POST', `/api/share/${token}/unlock`, { password: '' });
    expect(empty.statusCode).toBe(400);
    const right = await anonymous('POST', `/api/share/${token}/unlock`, { password: 's3cret-pass' });
    expect(right.statusCode).toBe(200);
    expect(right.json().message).toBe('Access granted');
    const cookie = String(right.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    const open = await anonymous('GET', `/api/share/${token}`, undefined, {
      cookie: cookie.split(';')[0] ?? '',
    });
    expect(open.statusCode).toBe(200);
    for (let i = 0; i < 9; i++) {
      expect(
        (await anonymous('POST', `/api/share/${token}/unlock`, { password: `bad-${i}` })).statusCode,
      ).toBe(401);
    }
    const blocked = await anonymous('POST', `/api/share/${token}/unlock`, { password: 's3cret-pass' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const row = await t.db.db
      .selectFrom('capabilities')
      .select(['token_hash', 'password_hash', 'purpose'])
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('share');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(await t.db.db.selectFrom('capabilities').selectAll().execute())).not.toContain(
      token,
    );
  });

  it('hears at most 10 wrong passwords even when they all arrive at once', async () => {
    const { token } = await sharedJob('s3cret-pass');
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        anonymous('POST', `/api/share/${token}/unlock`, { password: `guess-${i}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    // Only the heard attempts are logged as failures; even the right password now waits.
    const failures = await t.db.db
      .selectFrom('capability_events as e')
      .innerJoin('capabilities as c', 'c.id', 'e.capability_id')
      .select(sql<number>`count(*)`.as('n'))
      .where('c.token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .where('e.action', '=', 'unlock_failed')
      .executeTakeFirstOrThrow();
    expect(Number(failures.n)).toBe(10);
    expect(
      (await anonymous('POST', `/api/share/${token}/unlock`, { password: 's3cret-pass' })).statusCode,
    ).toBe(429);
  });

  it('locks a link after 100 wrong passwords from all addresses within an hour and tells its creator once', async () => {
    const { token, supplier, job } = await sharedJob('s3cret-pass');
    const [link] = (await supplier('GET', `/api/supplier/jobs/${job.id}/shares`)).json() as Json[];
    // 99 earlier failures from many addresses, as the limiter records them (hashing 99 guesses adds nothing).
    await t.db.db
      .insertInto('attempts')
      .values(
        Array.from({ length: 99 }, (_, i) => ({
          rule: 'link-password:link',
          key: String(link?.id),
          created_at: new Date(Date.now() - 60_000 + i),
        })),
      )
      .execute();
    const from = (address: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/share/${token}/unlock`,
        payload: { password },
        remoteAddress: address,
      });
    expect((await from('10.40.0.100', 'the hundredth')).statusCode).toBe(401);
    const locked = await from('10.40.0.101', 's3cret-pass');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/This link is locked after too many wrong passwords/);
    expect((await from('10.40.0.102', 'another')).statusCode).toBe(429);
    // The creator hears of it by email, once.
    await t.services.jobs.runQueued(mailJobs);
    const outbox = path.join(t.dataDir, 'outbox');
    const mails = await Promise.all(
      (await fs.readdir(outbox)).map(async (name) =>
        simpleParser(await fs.readFile(path.join(outbox, name))),
      ),
    );
    const locks = mails.filter((mail) => mail.subject === 'A PropertyDNA share link was locked');
    expect(locks).toHaveLength(1);
    expect(locks[0]?.text).toContain('100 wrong passwords');
  });

  it('answers 404 "Share not found or expired." for unknown, expired and revoked links', async () => {
    expect((await anonymous('GET', '/api/share/not-a-real-token')).json()).toEqual({
      error: 'Share not found or expired.',
    });
    const expired = await sharedJob(null, 1);
    await t.db.db
      .updateTable('capabilities')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', createHash('sha256').update(expired.token).digest('hex'))
      .execute();
    expect((await anonymous('GET', `/api/share/${expired.token}`)).statusCode).toBe(404);
    const revoked = await sharedJob(null);
    const [link] = (
      await revoked.supplier('GET', `/api/supplier/jobs/${revoked.job.id}/shares`)
    ).json() as Json[];
    expect(link).toMatchObject({ status: 'active', views: 0 });
    expect((await revoked.supplier('POST', `/api/shares/${link?.id}/revoke`)).statusCode).toBe(200);
    expect((await anonymous('GET', `/api/share/${revoked.token}`)).json()).toEqual({
      error: 'Share not found or expired.',
    });
  });

  it('adopts into an existing property or a new one, keeping provenance, once, and only when signed in', async () => {
    const { token, report, job } = await sharedJob(null);
    expect((await anonymous('POST', `/api/share/${token}/adopt`, { create_property: true })).statusCode).toBe(
      401,
    );
    const owner = await account('homeowner');
    const outsider = await account('homeowner');
    const foreign = (
      await outsider('POST', '/api/properties', {
        name: 'X',
        address: 'Y',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: 'F1',
      })
    ).json();
    expect((await owner('POST', `/api/share/${token}/adopt`, { property_id: foreign.id })).statusCode).toBe(
      404,
    );
    const needsDetails = await owner('POST', `/api/share/${token}/adopt`, { create_property: true });
    expect(needsDetails.statusCode).toBe(400);

    const adopted = await owner('POST', `/api/share/${token}/adopt`, {
      create_property: true,
      property: {
        erfNumber: '778',
        township: 'Kalk Bay',
        municipality: 'City of Cape Town',
        address: '9 Main Rd, Kalk Bay',
      },
    });
    expect(adopted.statusCode).toBe(200);
    expect(adopted.json()).toMatchObject({ adopted: 1, message: 'Documents adopted' });
    const propertyId = adopted.json().property_id as string;
    const again = await owner('POST', `/api/share/${token}/adopt`, { property_id: propertyId });
    expect(again.json().adopted).toBe(0);
    const documents = (await owner('GET', `/api/properties/${propertyId}/documents`)).json() as Json[];
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({
      source: 'supplier_verified',
      // Adopted: still issued by the supplier, at its level then (unchecked: self-declared).
      provenance: { kind: 'share_adopted', issuer_name: 'Cape Roofing CC', issuer_level: 'self_declared' },
      badge: 'Self-declared',
      status: 'Pending',
      sha256: report.sha256,
      storage_key: report.storage_key,
      metadata: { jobRef: job.job_ref },
    });
    // Deleting the copy leaves the supplier's object in place.
    await owner(
      'POST',
      '/trpc/documents.remove',
      { id: documents[0]?.id },
      { origin: 'http://localhost:80' },
    );
    expect(await t.store.stat(String(report.storage_key))).not.toBeNull();
  });

  it('names who issued a document and on which job, also on an adopted copy, and what each link shares', async () => {
    const { supplier, job, report } = await sharedJob(null);
    // The supplier's own job documents: issued by its organisation, on this job; not verified (unchecked).
    const [issued] = (await supplier('GET', `/api/supplier/jobs/${job.id}/documents`)).json() as Json[];
    expect(issued).toMatchObject({
      id: report.id,
      provenance: { kind: 'supplier_issued', issuer_name: 'Cape Roofing CC', issuer_level: 'self_declared' },
      verified_by_organization: null,
      job_ref: job.job_ref,
    });
    // A job's link is named by the job's reference.
    const [jobLink] = (await supplier('GET', `/api/supplier/jobs/${job.id}/shares`)).json() as Json[];
    expect(jobLink).toMatchObject({ job_ref: job.job_ref, document_names: [] });

    // The adopted copy in the owner's vault keeps both, in the owner's list and on its own.
    const owner = await account('homeowner');
    const { token } = (
      await supplier('POST', `/api/supplier/jobs/${job.id}/share`, { password: null })
    ).json() as { token: string };
    const property = (
      await owner('POST', '/api/properties', {
        name: 'Home',
        address: '9 Main Rd, Kalk Bay',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: 'K9',
      })
    ).json();
    await owner('POST', `/api/share/${token}/adopt`, { property_id: property.id });
    const [copy] = (await owner('GET', `/api/properties/${property.id}/documents`)).json() as Json[];
    expect(copy).toMatchObject({
      provenance: { kind: 'share_adopted', issuer_name: 'Cape Roofing CC', issuer_level: 'self_declared' },
      job_ref: job.job_ref,
    });
    expect((await owner('GET', '/api/documents')).json()).toMatchObject([
      {
        id: copy?.id,
        provenance: { kind: 'share_adopted', issuer_name: 'Cape Roofing CC', issuer_level: 'self_declared' },
        job_ref: job.job_ref,
      },
    ]);
    // A property's link is named by the documents chosen for it.
    const shared = await owner('POST', `/api/properties/${property.id}/share`, {
      password: 'pw-1234',
      documentIds: [copy?.id],
    });
    expect(shared.statusCode).toBe(201);
    const [propertyLink] = (await owner('GET', `/api/properties/${property.id}/shares`)).json() as Json[];
    expect(propertyLink).toMatchObject({
      id: shared.json().id,
      job_ref: null,
      document_names: [report.name],
      password_protected: true,
    });

    // Another organisation sees none of it: the links, the documents and the copy answer 404.
    const outsider = await account('homeowner');
    expect((await outsider('GET', `/api/properties/${property.id}/shares`)).statusCode).toBe(404);
    expect((await outsider('GET', `/api/properties/${property.id}/documents`)).statusCode).toBe(404);
    expect((await outsider('GET', '/api/documents')).json()).toEqual([]);
    const rival = await account('supplier');
    expect((await rival('GET', `/api/supplier/jobs/${job.id}/shares`)).statusCode).toBe(404);
    expect((await rival('GET', `/api/supplier/jobs/${job.id}/documents`)).statusCode).toBe(404);
  });

  it('lets a Free owner adopt into a new property only within the plan limit', async () => {
    const { token } = await sharedJob(null);
    const owner = await account('homeowner', 'free');
    await owner('POST', '/api/properties', {
      name: 'Home',
      address: 'A',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: 'H1',
    });
    const res = await owner('POST', `/api/share/${token}/adopt`, {
      create_property: true,
      property: { erfNumber: '5', township: 'T', municipality: 'CPT', address: 'Second home' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(FREE_PLAN_LIMIT_MESSAGE);
  });

  it('creates the new property and copies the documents in one transaction: a failed copy leaves no property', async () => {
    const { token } = await sharedJob(null);
    const owner = await account('homeowner');
    const intoNewProperty = {
      create_property: true,
      property: {
        erfNumber: '901',
        township: 'Muizenberg',
        municipality: 'City of Cape Town',
        address: '1 Beach Rd',
      },
    };
    // The copy fails inside the database (a trigger refusing the adopted rows of this owner).
    await sql`
      create function refuse_adoption() returns trigger language plpgsql as $$
      begin
        if new.organization_id = ${sql.lit(owner.organizationId)}::uuid and new.adopted_from is not null then
          raise exception 'refused for the test';
        end if;
        return new;
      end $$`.execute(t.db.db);
    await sql`create trigger refuse_adoption before insert on documents for each row execute function refuse_adoption()`.execute(
      t.db.db,
    );
    try {
      const failed = await owner('POST', `/api/share/${token}/adopt`, intoNewProperty);
      expect(failed.statusCode).toBe(500);
      expect((await owner('GET', '/api/properties')).json()).toEqual([]);
    } finally {
      await sql`drop trigger refuse_adoption on documents`.execute(t.db.db);
      await sql`drop function refuse_adoption()`.execute(t.db.db);
    }
    const adopted = await owner('POST', `/api/share/${token}/adopt`, intoNewProperty);
    expect(adopted.json()).toMatchObject({ adopted: 1 });
    expect((await owner('GET', '/api/properties')).json()).toHaveLength(1);
  });

  it('verifies an issued document by its hash, and nothing else; records the access log for the creator', async () => {
    const { token, report, job, supplier } = await sharedJob(null);
    const found = await anonymous('GET', `/api/verify/${report.sha256}`);
    // Registered, issued by the supplier on the job; the supplier was not checked, so not verified.
    expect(found.json()).toMatchObject({
      verified: false,
      registered: true,
      matches: [
        {
          provenance: {
            kind: 'supplier_issued',
            issuer_name: 'Cape Roofing CC',
            issuer_level: 'self_declared',
          },
          badge: 'Self-declared',
          company_name: 'Cape Roofing CC',
          job_ref: job.job_ref,
        },
      ],
    });
    expect(JSON.stringify(found.json())).not.toMatch(/M\. Naidoo|Kalk Bay/);
    const unknown = await anonymous('GET', `/api/verify/${'0'.repeat(64)}`);
    expect(unknown.json()).toEqual({ verified: false, registered: false, matches: [] });
    expect((await anonymous('GET', '/api/verify/not-a-hash')).statusCode).toBe(400);

    await anonymous('GET', `/api/share/${token}`);
    await anonymous('GET', `/api/share/${token}/download/${report.id}`);
    const owner = await account('homeowner');
    await owner('GET', `/api/share/${token}`);
    const [link] = (await supplier('GET', `/api/supplier/jobs/${job.id}/shares`)).json() as Json[];
    expect(link).toMatchObject({ views: 2, downloads: 1 });
    const events = (await supplier('GET', `/api/shares/${link?.id}/events`)).json() as Json[];
    expect(events.map((e) => e.action)).toEqual(['view', 'download', 'view']);
    // The creator sees who (a signed-in visitor's name), what (the document's name), when and from where.
    expect(events[0]).toMatchObject({ user_id: owner.userId, user_name: expect.stringMatching(/\S/) });
    expect(events[1]).toMatchObject({ user_id: null, user_name: null, document_name: report.name });
    expect(events[2]).toMatchObject({ document_id: null, document_name: null, ip: expect.any(String) });
    // Nobody else reads the log or the links: another supplier gets 404, and so does a bad id.
    const other = await account('supplier');
    expect((await other('GET', `/api/shares/${link?.id}/events`)).statusCode).toBe(404);
    expect((await other('GET', `/api/supplier/jobs/${job.id}/shares`)).statusCode).toBe(404);
    expect((await supplier('GET', '/api/supplier/jobs/not-an-id/shares')).statusCode).toBe(404);
    expect((await owner('GET', '/api/properties/not-an-id/shares')).statusCode).toBe(404);
    const audit = await t.db.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('action', '=', 'share')
      .execute();
    expect(audit.some((row) => (row.details as { shareId?: string }).shareId === link?.id)).toBe(true);
  });
});
