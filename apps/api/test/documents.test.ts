import { createHash } from 'node:crypto';
import { DOCUMENT_MESSAGES } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_MISMATCH,
  UNKNOWN_UPLOAD,
  UPLOAD_MISMATCH,
} from '../src/modules/documents/documents.service.js';
import { signUpAndLogIn } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { expectDownloadHeaders } from './support/download-headers.js';
import { startS3Store } from './support/s3.js';

type Json = Record<string, unknown>;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 0x41), Buffer.from('\n%%EOF\n')]);
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(500, 1),
]);
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(200, 2)]);

describe.each(['fs', 's3'] as const)(`document vault (${databaseKind}, %s store)`, (driver) => {
  let t: TestApp;
  let origin: string;
  let closeStore: () => Promise<void> = async () => {};

  beforeAll(async () => {
    if (driver === 's3') {
      const s3 = await startS3Store('docs');
      closeStore = s3.close;
      t = await createTestApp({}, { store: s3.store });
    } else {
      t = await createTestApp();
    }
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
    await closeStore();
  });

  /** A signed-in owner (or supplier) with one property. */
  async function owner(userType: 'homeowner' | 'supplier' = 'homeowner') {
    const { organizationId, token } = await signUpAndLogIn(t, userType);
    const headers = { authorization: `Bearer ${token}` };
    // Over real HTTP: the signed URLs the API hands out are absolute to the address it was called at.
    const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
      const res = await fetch(`${origin}${url}`, {
        method,
        headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const body = await res.text();
      return { statusCode: res.status, body, json: () => JSON.parse(body) };
    };
    const property = (
      await call('POST', '/api/properties', {
        name: 'Home',
        address: '1 Long Street',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: 'P1',
      })
    ).json();
    return { organizationId, token, headers, call, propertyId: property.id as string };
  }

  type Owner = Awaited<ReturnType<typeof owner>>;

  async function sign(
    o: Owner,
    content: Buffer,
    contentType: string,
    declare: Partial<{ bytes: number; sha256: string }> = {},
  ) {
    const res = await o.call('POST', '/api/documents/sign', {
      contentType,
      sha256: declare.sha256 ?? sha256(content),
      bytes: declare.bytes ?? content.length,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { url: string; storageKey: string; headers: Record<string, string> };
  }

  const put = (url: string, body: Buffer, contentType: string) =>
    fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType } });

  async function upload(o: Owner, content: Buffer, contentType: string, extra: Json = {}) {
    const signed = await sign(o, content, contentType);
    expect((await put(signed.url, content, contentType)).status).toBe(200);
    return o.call('POST', '/api/documents', {
      property_id: o.propertyId,
      kind: 'certificate',
      name: 'Electrical CoC.pdf',
      storage_key: signed.storageKey,
      sha256: sha256(content),
      bytes: content.length,
      content_type: contentType,
      ...extra,
    });
  }

  const auditActions = async (organizationId: string) =>
    (
      await t.db.db
        .selectFrom('audit_events')
        .select('action')
        .where('organization_id', '=', organizationId)
        .orderBy('id')
        .execute()
    ).map((row) => row.action);

  it('runs the whole sequence: sign, PUT, register, list, view, download, with an audit trail', async () => {
    const o = await owner();
    const res = await upload(o, pdf, 'application/pdf', {
      expires_at: '2027-03-31',
      source: 'supplier_verified',
    });
    expect(res.statusCode, res.body).toBe(201);
    const document = res.json();
    expect(document).toMatchObject({
      kind: 'certificate',
      name: 'Electrical CoC.pdf',
      bytes: pdf.length,
      sha256: sha256(pdf),
      content_type: 'application/pdf',
      source: 'owner_upload',
      verified_by: null,
      verified: false,
      status: 'Pending',
      property_id: o.propertyId,
      property_name: 'Home',
      expires_at: '2027-03-30T22:00:00.000Z',
    });

    const list = (await o.call('GET', `/api/properties/${o.propertyId}/documents`)).json();
    expect(list.map((d: Json) => d.id)).toEqual([document.id]);
    expect((await o.call('GET', '/api/documents')).json()).toHaveLength(1);

    // Plain links work with the session cookie.
    const view = await fetch(`${origin}/api/documents/${document.id}/view`, {
      headers: { cookie: `auth_session=${o.token}` },
    });
    expect(view.status).toBe(200);
    const file = { contentType: 'application/pdf', bytes: pdf.length, filename: 'Electrical CoC.pdf' };
    expectDownloadHeaders(view.headers, { ...file, disposition: 'inline' });
    expect(Buffer.from(await view.arrayBuffer()).equals(pdf)).toBe(true);
    const download = await fetch(`${origin}/api/documents/${document.id}/download`, {
      headers: { cookie: `auth_session=${o.token}` },
    });
    expectDownloadHeaders(download.headers, { ...file, disposition: 'attachment' });
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(pdf));

    expect(await auditActions(o.organizationId)).toEqual(['upload', 'register', 'view', 'download']);
    const audit = await t.db.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'download')
      .where('organization_id', '=', o.organizationId)
      .executeTakeFirstOrThrow();
    expect(audit.document_id).toBe(document.id);
    expect(audit.ip).toBeTruthy();
  });

  it('views only PDFs and images inline: any other type opens as a download, with the same headers', async () => {
    const o = await owner();
    const note = Buffer.from('Gate code 1234\nAlarm company: 021 555 0199\n');
    const res = await upload(o, note, 'text/plain', { kind: 'other', name: 'Notes.txt' });
    expect(res.statusCode, res.body).toBe(201);
    const view = await fetch(`${origin}/api/documents/${res.json().id}/view`, { headers: o.headers });
    expect(view.status).toBe(200);
    expectDownloadHeaders(view.headers, {
      contentType: 'text/plain',
      bytes: note.length,
      filename: 'Notes.txt',
      disposition: 'attachment',
    });
    expect(Buffer.from(await view.arrayBuffer()).equals(note)).toBe(true);
  });

  it('refuses more than 50 MB at signing, and more than 5 files in a batch', async () => {
    const o = await owner();
    const big = await o.call('POST', '/api/documents/sign', {
      contentType: 'application/pdf',
      sha256: sha256(pdf),
      bytes: 51 * 1024 * 1024,
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().error).toBe(DOCUMENT_MESSAGES.tooLarge);
    const file = { contentType: 'application/pdf', sha256: sha256(pdf), bytes: pdf.length };
    const six = await o.call('POST', '/api/documents/sign-batch', { files: Array(6).fill(file) });
    expect(six.statusCode).toBe(400);
    expect(six.json().error).toBe(DOCUMENT_MESSAGES.tooManyFiles);
    const five = await o.call('POST', '/api/documents/sign-batch', { files: Array(5).fill(file) });
    expect(five.statusCode).toBe(200);
    expect(new Set(five.json().map((u: Json) => u.storageKey)).size).toBe(5);
    const odd = await o.call('POST', '/api/documents/sign', {
      contentType: 'application/x-msdownload',
      sha256: sha256(pdf),
      bytes: 10,
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error).toBe(DOCUMENT_MESSAGES.typeNotAllowed);
  });

  it('rejects an upload whose bytes do not match the declaration: no document, no object', async () => {
    const o = await owner();
    const declared = Buffer.from(pdf);
    const sent = Buffer.from(pdf);
    sent[100] = 0x42;
    const signed = await sign(o, declared, 'application/pdf');
    await put(signed.url, sent, 'application/pdf'); // fs refuses it outright; s3 stores it, the register check catches it
    const res = await o.call('POST', '/api/documents', {
      property_id: o.propertyId,
      kind: 'deed',
      name: 'Deed.pdf',
      storage_key: signed.storageKey,
      sha256: sha256(declared),
      bytes: declared.length,
      content_type: 'application/pdf',
    });
    expect(res.statusCode).toBe(400);
    expect([UPLOAD_MISMATCH, 'The file has not been uploaded yet']).toContain(res.json().error);
    expect(await t.store.stat(signed.storageKey)).toBeNull();
    expect((await o.call('GET', '/api/documents')).json()).toEqual([]);
  });

  it('refuses a register that differs from the signed declaration', async () => {
    const o = await owner();
    const signed = await sign(o, pdf, 'application/pdf');
    await put(signed.url, pdf, 'application/pdf');
    const res = await o.call('POST', '/api/documents', {
      property_id: o.propertyId,
      kind: 'deed',
      name: 'Deed.pdf',
      storage_key: signed.storageKey,
      sha256: sha256(pdf),
      bytes: pdf.length,
      content_type: 'image/png',
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a PNG declared as a PDF, and an executable declared as a PDF or as text', async () => {
    const o = await owner();
    for (const [content, type] of [
      [png, 'application/pdf'],
      [elf, 'application/pdf'],
      [elf, 'text/plain'],
    ] as const) {
      const res = await upload(o, content, type, { kind: 'other' });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().error).toBe(CONTENT_MISMATCH);
    }
    expect((await o.call('GET', '/api/documents')).json()).toEqual([]);
  });

  it('answers 400 for a never-uploaded, unknown, foreign or already registered key', async () => {
    const o = await owner();
    const other = await owner();
    const register = (key: string, who = o) =>
      who.call('POST', '/api/documents', {
        property_id: who.propertyId,
        kind: 'deed',
        name: 'Deed.pdf',
        storage_key: key,
        sha256: sha256(pdf),
        bytes: pdf.length,
        content_type: 'application/pdf',
      });
    const neverUploaded = await sign(o, pdf, 'application/pdf');
    expect((await register(neverUploaded.storageKey)).statusCode).toBe(400);
    expect((await register('ab/00000000000000000000000000000000')).json().error).toBe(UNKNOWN_UPLOAD);
    expect((await register('../../etc/passwd')).statusCode).toBe(400);
    const theirs = await sign(other, pdf, 'application/pdf');
    await put(theirs.url, pdf, 'application/pdf');
    expect((await register(theirs.storageKey)).json().error).toBe(UNKNOWN_UPLOAD);
    expect((await register(theirs.storageKey, other)).statusCode).toBe(201);
    expect((await register(theirs.storageKey, other)).json().error).toBe(UNKNOWN_UPLOAD);
  });

  it('keeps documents to their organisation: foreign ids are 404 and nothing changes', async () => {
    const o = await owner();
    const outsider = await owner();
    const document = (await upload(o, pdf, 'application/pdf')).json();
    for (const action of ['view', 'download']) {
      const res = await fetch(`${origin}/api/documents/${document.id}/${action}`, {
        headers: outsider.headers,
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Document not found' });
    }
    expect((await outsider.call('DELETE', `/api/documents/${document.id}`)).statusCode).toBe(404);
    expect(
      (await outsider.call('PATCH', `/api/documents/${document.id}`, { expires_at: null })).statusCode,
    ).toBe(404);
    expect((await outsider.call('GET', `/api/properties/${o.propertyId}/documents`)).statusCode).toBe(404);
    const registerIntoForeign = await outsider.call('POST', '/api/documents', {
      property_id: o.propertyId,
      kind: 'deed',
      name: 'x.pdf',
      storage_key: 'ab/00000000000000000000000000000000',
      sha256: sha256(pdf),
      bytes: pdf.length,
      content_type: 'application/pdf',
    });
    expect(registerIntoForeign.statusCode).toBe(404);
    expect((await o.call('GET', '/api/documents')).json()).toHaveLength(1);
    expect((await fetch(`${origin}/api/documents/${document.id}/view`)).status).toBe(401);
  });

  it('lets an owner set the expiry of their own certificate, and deletes the object with the last document', async () => {
    const o = await owner();
    const document = (await upload(o, pdf, 'application/pdf')).json();
    const updated = await o.call('PATCH', `/api/documents/${document.id}`, { expires_at: '2028-01-15' });
    expect(updated.json().expires_at).toBe('2028-01-14T22:00:00.000Z');
    expect((await o.call('DELETE', `/api/documents/${document.id}`)).statusCode).toBe(200);
    expect(await t.store.stat(document.storage_key)).toBeNull();
    expect(await auditActions(o.organizationId)).toEqual(['upload', 'register', 'update', 'delete']);
  });

  it('records a supplier upload as issued by the supplier, at its level then: unchecked is not verified', async () => {
    const s = await owner('supplier');
    const document = (await upload(s, pdf, 'application/pdf', { source: 'owner_upload' })).json();
    // Issued by the supplier (by organisation name), but nobody checked it: self-declared, never Verified.
    expect(document).toMatchObject({
      source: 'supplier_verified',
      provenance: { kind: 'supplier_issued', issuer_name: 'Cape Roofing CC', issuer_level: 'self_declared' },
      badge: 'Self-declared',
      verified: false,
      status: 'Pending',
      verified_by: null,
      verified_by_organization: null,
      job_ref: null,
    });
    const o = await owner();
    const pending = (await upload(o, pdf, 'application/pdf')).json();
    expect(pending).toMatchObject({
      status: 'Pending',
      provenance: { kind: 'owner_upload', issuer_name: null, issuer_level: null },
      badge: 'Self-declared',
      verified_by_organization: null,
      job_ref: null,
    });
  });
});
