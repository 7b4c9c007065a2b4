import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_WITH_A_TOKEN, READ_ONLY_TOKEN } from '../src/auth/api-tokens.js';
import { ONE_PROPERTY_TOKEN } from '../src/auth/property-scope.js';
import { signedIn } from '../src/auth/signed-in.js';
import { AppError, httpStatusOf } from '../src/errors.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner } from './support/http-owner.js';

const pdf = (text: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${text}\n`), Buffer.alloc(1500, 0x42), Buffer.from('\n%%EOF\n')]);

/**
 * Issue 30 §1 on the plain file routes (downloads, reports, packs, previews): an API token is read there
 * as on the procedures — its organisation, its property restriction, its revocation — and the audit
 * trail names it.
 */
describe(`API tokens on the file routes (issue 30 §1, ${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  let owner: HttpOwner;
  let stranger: HttpOwner;
  let flat: string;
  let house: string;
  let flatDocument: string;
  let houseDocument: string;
  const flatBytes = pdf('Flat electrical COC');
  type Token = { id: string; secret: string };
  let reader: Token;
  let flatOnly: Token;
  let strangers: Token;

  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
  const get = (secret: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(secret) });
  const newProperty = async (who: HttpOwner, name: string, parcel: string) => {
    const res = await who.call('POST', '/api/properties', {
      name,
      address: `${parcel} Long Street`,
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: parcel,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const addDocument = async (propertyId: string, name: string, content: Buffer) => {
    const res = await owner.upload(content, 'application/pdf', {
      property_id: propertyId,
      kind: 'certificate',
      name,
      metadata: { filename: `${name}.pdf` },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const createToken = async (who: HttpOwner, input: Record<string, unknown>) => {
    const res = await who.call('POST', '/api/account/tokens', input);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Token;
  };
  const auditRows = (action: string, documentId: string | null) =>
    t.db.db
      .selectFrom('audit_events')
      .select(['user_id', 'details'])
      .where('organization_id', '=', owner.organizationId)
      .where('action', '=', action as never)
      .$if(documentId !== null, (query) => query.where('document_id', '=', documentId))
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    [owner, stranger] = await Promise.all([httpOwner(t, origin), httpOwner(t, origin)]);
    flat = await newProperty(owner, 'Flat', 'ERF 60');
    house = await newProperty(owner, 'House', 'ERF 61');
    flatDocument = await addDocument(flat, 'Flat COC', flatBytes);
    houseDocument = await addDocument(house, 'House COC', pdf('House electrical COC'));
    reader = await createToken(owner, { name: 'Backup script', scope: 'read' });
    flatOnly = await createToken(owner, { name: 'Flat sync', scope: 'read', propertyId: flat });
    strangers = await createToken(stranger, { name: 'Theirs', scope: 'read_write' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a read token downloads a document of its organisation (the same bytes), recorded as used and naming the token', async () => {
    const res = await get(reader.secret, `/api/documents/${flatDocument}/download`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(Buffer.compare(res.rawPayload, flatBytes)).toBe(0);
    const view = await get(reader.secret, `/api/documents/${houseDocument}/view`);
    expect(view.statusCode, view.body).toBe(200);
    const used = await t.db.db
      .selectFrom('api_tokens')
      .select(['last_used_at', 'last_used_ip'])
      .where('id', '=', reader.id)
      .executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
    expect(used.last_used_ip).toBe('127.0.0.1');
    expect(res.headers['ratelimit-policy']).toMatch(/^"token";q=\d+;w=60$/);
    const [download] = await auditRows('download', flatDocument);
    expect(download).toMatchObject({
      user_id: owner.userId,
      details: { apiToken: { id: reader.id, name: 'Backup script' } },
    });
    // The same download in the app names no token.
    const inApp = await owner.call('GET', `/api/documents/${flatDocument}/download`);
    expect(inApp.statusCode).toBe(200);
    const rows = await auditRows('download', flatDocument);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.details).not.toHaveProperty('apiToken');
    // The Document Audit Trail says so: "Name (via API token "X")".
    const trail = await owner.call('GET', `/api/reports/audit-trail?propertyId=${flat}`);
    expect(trail.statusCode, trail.body).toBe(200);
    const lines = trail.body.split('\n').filter((line) => line.includes('Downloaded'));
    expect(lines).toHaveLength(2);
    expect(lines.filter((line) => line.includes('(via API token ""Backup script"")'))).toHaveLength(1);
  });

  it('a read token takes a report PDF and a ZIP of documents, and the export names the token', async () => {
    const summary = await get(reader.secret, `/api/reports/property-summary?propertyId=${house}&format=pdf`);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.headers['content-type']).toBe('application/pdf');
    expect(summary.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const exports = await auditRows('export', null);
    expect(exports.at(-1)).toMatchObject({
      user_id: owner.userId,
      details: {
        propertyId: house,
        report: 'property-summary',
        format: 'pdf',
        apiToken: { id: reader.id, name: 'Backup script' },
      },
    });
    const zip = await get(reader.secret, `/api/documents/zip?ids=${flatDocument},${houseDocument}`);
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const viaZip = (await auditRows('download', houseDocument)).at(-1);
    expect(viaZip?.details).toMatchObject({ apiToken: { id: reader.id, name: 'Backup script' } });
  });

  it('a token restricted to one property takes its files and gets 404 for another property’s, as a stranger would', async () => {
    const own = await get(flatOnly.secret, `/api/documents/${flatDocument}/download`);
    expect(own.statusCode, own.body).toBe(200);
    expect(Buffer.compare(own.rawPayload, flatBytes)).toBe(0);
    const ownReport = await get(
      flatOnly.secret,
      `/api/reports/property-summary?propertyId=${flat}&format=pdf`,
    );
    expect(ownReport.statusCode, ownReport.body).toBe(200);
    const before = await auditRows('download', houseDocument);
    for (const [url, error] of [
      [`/api/documents/${houseDocument}/download`, 'Document not found'],
      [`/api/documents/${houseDocument}/view`, 'Document not found'],
      [`/api/documents/zip?ids=${flatDocument},${houseDocument}`, 'Document not found'],
      [`/api/documents/${houseDocument}/extraction/pages/1`, 'Document not found'],
      [`/api/reports/property-summary?propertyId=${house}&format=pdf`, 'Property not found'],
      [`/api/reports/compliance?propertyId=${house}&format=json`, 'Property not found'],
      [`/api/reports/audit-trail?propertyId=${house}`, 'Property not found'],
    ] as const) {
      const res = await get(flatOnly.secret, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      expect(res.json().error, url).toBe(error);
    }
    // Nothing of the house left: no download recorded.
    expect(await auditRows('download', houseDocument)).toHaveLength(before.length);
    // The same token on the procedures' door agrees.
    const viaRest = await get(flatOnly.secret, `/api/properties/${house}`);
    expect(viaRest.statusCode).toBe(404);
  });

  it("another organisation's token gets 404 for this one's documents and reports", async () => {
    for (const url of [
      `/api/documents/${flatDocument}/download`,
      `/api/documents/zip?ids=${flatDocument}`,
      `/api/reports/property-summary?propertyId=${flat}&format=pdf`,
      `/api/reports/insurance-pack?propertyId=${flat}&format=json`,
    ]) {
      const res = await get(strangers.secret, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
    }
  });

  it('revoked, expired and unknown tokens are 401 on the file routes, and a revoked one is not recorded as used', async () => {
    const token = await createToken(owner, { name: 'Short lived', scope: 'read' });
    expect((await get(token.secret, `/api/documents/${flatDocument}/download`)).statusCode).toBe(200);
    const revoked = await owner.call('DELETE', `/api/account/tokens/${token.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const { last_used_at: lastUsed } = await t.db.db
      .selectFrom('api_tokens')
      .select('last_used_at')
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    for (const url of [
      `/api/documents/${flatDocument}/download`,
      `/api/reports/property-summary?propertyId=${flat}&format=pdf`,
    ]) {
      const res = await get(token.secret, url);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error).toBe('Not signed in');
    }
    const after = await t.db.db
      .selectFrom('api_tokens')
      .select('last_used_at')
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(after.last_used_at).toEqual(lastUsed);

    const expiring = await createToken(owner, { name: 'Expired', scope: 'read' });
    await t.db.db
      .updateTable('api_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', expiring.id)
      .execute();
    expect((await get(expiring.secret, `/api/documents/${flatDocument}/download`)).statusCode).toBe(401);
    expect((await get(`pdna_${'x'.repeat(43)}`, `/api/documents/${flatDocument}/download`)).statusCode).toBe(
      401,
    );
  });

  it('the tax invoice: an organisation-wide token reaches it (404: no such payment), a property-restricted one is 403', async () => {
    const whole = await get(reader.secret, '/api/plan/invoices/PF-NONE');
    expect(whole.statusCode, whole.body).toBe(404);
    const restricted = await get(flatOnly.secret, '/api/plan/invoices/PF-NONE');
    expect(restricted.statusCode, restricted.body).toBe(403);
    expect(restricted.json().error).toBe(ONE_PROPERTY_TOKEN);
  });

  it('a shared-with-me document (a grantee’s, issue 29 §3) takes a session: a token is 403 as on the grant procedures', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const res = await get(reader.secret, `/api/shared-with-me/${id}/documents/${id}/download`);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error).toBe(NOT_WITH_A_TOKEN);
  });

  it('a plain route that writes takes a read_write token and refuses a read one with 403 read-only', async () => {
    // The app's plain routes are all reads today (uploads are signed, PUT to a signed URL, registered
    // through a procedure): this route stands for any that is not.
    const app = Fastify();
    app.setErrorHandler((error, _request, reply) =>
      error instanceof AppError
        ? reply.code(httpStatusOf(error.code)).send({ error: error.message })
        : reply.code(500).send({ error: 'Internal server error' }),
    );
    app.post('/write', async (request, reply) => {
      const who = await signedIn(t.services, request, reply);
      return { userId: who.actor.userId, token: who.actor.token?.name ?? null };
    });
    try {
      const refused = await app.inject({ method: 'POST', url: '/write', headers: bearer(reader.secret) });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error).toBe(READ_ONLY_TOKEN);
      const writer = await createToken(owner, { name: 'Writer', scope: 'read_write' });
      const allowed = await app.inject({ method: 'POST', url: '/write', headers: bearer(writer.secret) });
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect(allowed.json()).toEqual({ userId: owner.userId, token: 'Writer' });
    } finally {
      await app.close();
    }
  });
});
