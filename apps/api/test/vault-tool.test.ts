import { johannesburgToday } from '@propertydna/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { complianceRecheckJob } from '../src/modules/compliance/compliance.jobs.js';
import { extractionReadJob } from '../src/modules/extraction/extraction.jobs.js';
import { policyAnalysisJob } from '../src/modules/policies/policies.jobs.js';
import { createTestApp, type TestApp } from './support/app.js';
import { unzip } from './support/archives.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner, sha256Hex } from './support/http-owner.js';

const pdf = (text: string) =>
  Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(text), Buffer.from('\n%%EOF\n')]);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify(input));

/** Fetches a download at `url` with the owner's session: status, headers and the body as bytes. */
async function fetchFile(origin: string, url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${origin}${url}`, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/**
 * The vault as a document tool (issue 32 §4): rename, filter and sort, select several → download as one
 * ZIP, move, delete (each at both doors, all or nothing, 404 for what is not the caller's), and a share
 * link's "Download all".
 */
describe(`the vault as a document tool (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  let owner: HttpOwner;
  let outsider: HttpOwner;
  let kloof: string;
  let bree: string;
  let archived: string;
  let outsiderProperty: string;
  const ids: Record<string, string> = {};
  const today = () => johannesburgToday(new Date());

  async function property(o: HttpOwner, name: string) {
    const res = await o.call('POST', '/api/properties', {
      name,
      address: `${name} Road, Cape Town`,
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: `${name}${Math.random().toString(36).slice(2, 6)}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  async function add(o: HttpOwner, key: string, fields: Record<string, unknown>) {
    const res = await o.upload(pdf(key), 'application/pdf', fields);
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json().id;
    return ids[key] as string;
  }

  const keysOf = (documents: Array<{ id: string }>) =>
    documents.map((document) => Object.entries(ids).find(([, id]) => id === document.id)?.[0] ?? document.id);

  const row = (id: string) =>
    t.db.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();

  const auditOf = (id: string, action: string) =>
    t.db.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('document_id', '=', id)
      .where('action', '=', action as never)
      .execute();

  async function drain() {
    while ((await t.services.jobs.runQueued([policyAnalysisJob, extractionReadJob])) > 0) {}
    while ((await t.services.jobs.runQueued(complianceRecheckJob)) > 0) {}
  }

  const staleOf = async (propertyId: string) =>
    (
      await t.db.db
        .selectFrom('compliance_checks')
        .select('stale')
        .where('property_id', '=', propertyId)
        .executeTakeFirstOrThrow()
    ).stale;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    owner = await httpOwner(t, origin);
    outsider = await httpOwner(t, origin);
    kloof = await property(owner, 'Kloof House');
    bree = await property(owner, 'Bree');
    archived = await property(owner, 'Gone');
    expect((await owner.call('POST', `/api/properties/${archived}/archive`)).statusCode).toBe(200);
    outsiderProperty = await property(outsider, 'Elsewhere');
    await add(owner, 'deed', { property_id: kloof, kind: 'deed', name: 'Title deed.pdf' });
    await add(owner, 'expired', {
      property_id: kloof,
      kind: 'policy',
      name: 'Old cover.pdf',
      expires_at: '2024-01-31',
    });
    await add(owner, 'expiring', {
      property_id: kloof,
      kind: 'certificate',
      name: 'gas coc.pdf',
      expires_at: inDays(10),
    });
    await add(owner, 'roof', { property_id: bree, kind: 'inspection', name: 'Roof report.pdf' });
    // A supplier's document a checked supplier issued, as an issue writes its provenance.
    await t.db.db
      .updateTable('documents')
      .set({
        source: 'supplier_verified',
        provenance_kind: 'supplier_issued',
        issuer_name: 'Karoo Roofing',
        issuer_level: 'documents_checked',
      })
      .where('id', '=', ids.roof as string)
      .execute();
    await add(outsider, 'foreign', { property_id: outsiderProperty, kind: 'deed', name: 'Theirs.pdf' });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(drain);

  describe('rename', () => {
    it('changes the name only: the stored file and its SHA-256 stay, the rename is audited, a download is saved under it', async () => {
      const before = await row(ids.deed as string);
      const res = await owner.call('PATCH', `/api/documents/${ids.deed}`, {
        name: '  Deed of transfer 2019 ',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Deed of transfer 2019',
        issued_name: null,
        badge: 'Self-declared',
      });
      const after = await row(ids.deed as string);
      expect({ ...after, name: before?.name }).toEqual(before);
      expect(await auditOf(ids.deed as string, 'rename')).toEqual([
        {
          action: 'rename',
          details: { from: 'Title deed.pdf', to: 'Deed of transfer 2019', propertyId: kloof },
        },
      ]);
      const file = await fetchFile(origin, `/api/documents/${ids.deed}/download`, owner.headers);
      expect(file.status).toBe(200);
      expect(sha256Hex(file.body)).toBe(before?.sha256);
      expect(file.headers.get('content-disposition')).toContain('Deed of transfer 2019.pdf');
      // Nothing the rules read changed: no recheck.
      expect(await t.services.jobs.runQueued(complianceRecheckJob)).toBe(0);
    });

    it('the tRPC door renames the same way', async () => {
      const res = await owner.call('POST', '/trpc/documents.update', {
        id: ids.deed,
        patch: { name: 'Title deed.pdf' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result.data.name).toBe('Title deed.pdf');
    });

    it('a verified supplier document may be renamed: its badge, issuer and SHA-256 stay, and /verify names what was issued', async () => {
      const before = await row(ids.roof as string);
      const res = await owner.call('PATCH', `/api/documents/${ids.roof}`, { name: 'Roof 2026' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Roof 2026',
        issued_name: 'Roof report.pdf',
        badge: 'Verified',
        verified: true,
        status: 'Verified',
        provenance: {
          kind: 'supplier_issued',
          issuer_name: 'Karoo Roofing',
          issuer_level: 'documents_checked',
        },
        sha256: before?.sha256,
      });
      // Renamed again: the issued name stays the first one.
      await owner.call('PATCH', `/api/documents/${ids.roof}`, { name: 'Roof inspection' });
      const verify = await owner.call('GET', `/api/verify/${before?.sha256}`);
      expect(verify.json().matches[0]).toMatchObject({ name: 'Roof report.pdf', verified: true });
      expect((await row(ids.roof as string))?.issued_name).toBe('Roof report.pdf');
      // The issuer's facts still cannot change.
      const expiry = await owner.call('PATCH', `/api/documents/${ids.roof}`, {
        name: 'x',
        expires_at: '2030-01-31',
      });
      expect(expiry.statusCode).toBe(403);
      expect((await row(ids.roof as string))?.name).toBe('Roof inspection');
    });

    it('refuses a blank, too long or control-character name with its message, changing nothing', async () => {
      const before = await row(ids.deed as string);
      for (const [name, message] of [
        ['   ', 'Name is required'],
        ['x'.repeat(256), 'Name must be at most 255 characters'],
        ['Deed\u0007.pdf', 'Name must not contain control characters'],
        ['a/b.pdf', 'Name must not contain / or \\'],
      ] as const) {
        const res = await owner.call('PATCH', `/api/documents/${ids.deed}`, { name });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toContain(message);
      }
      expect(await row(ids.deed as string)).toEqual(before);
    });

    it('another organisation’s document is 404 and unchanged', async () => {
      const res = await outsider.call('PATCH', `/api/documents/${ids.deed}`, { name: 'Stolen' });
      expect(res.statusCode).toBe(404);
      expect((await row(ids.deed as string))?.name).toBe('Title deed.pdf');
    });
  });

  describe('filter and sort', () => {
    const list = async (query: string) => {
      const res = await owner.call('GET', `/api/documents?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return keysOf(res.json());
    };

    it('filters by kind, status and property, at both doors', async () => {
      expect(await list('kind=policy')).toEqual(['expired']);
      expect(await list('status=expired')).toEqual(['expired']);
      expect(await list('status=expiring')).toEqual(['expiring']);
      expect(await list('status=verified')).toEqual(['roof']);
      expect((await list('status=self_declared')).sort()).toEqual(['deed', 'expired', 'expiring']);
      expect(await list(`propertyId=${bree}`)).toEqual(['roof']);
      expect(await list(`propertyId=${kloof}&kind=certificate&status=expiring`)).toEqual(['expiring']);
      expect(await list('kind=&status=&propertyId=&sort=')).toHaveLength(4);
      const byProperty = await owner.call('GET', `/api/properties/${kloof}/documents?status=expired`);
      expect(keysOf(byProperty.json())).toEqual(['expired']);
      const trpc = await owner.call('GET', `/trpc/documents.list?input=${trpcInput({ kind: 'inspection' })}`);
      expect(keysOf(trpc.json().result.data)).toEqual(['roof']);
      const trpcProperty = await owner.call(
        'GET',
        `/trpc/documents.byProperty?input=${trpcInput({ propertyId: kloof, sort: 'name' })}`,
      );
      expect(keysOf(trpcProperty.json().result.data)).toEqual(['expiring', 'expired', 'deed']);
    });

    it('sorts by date, name and expiry', async () => {
      expect(await list('')).toEqual(['roof', 'expiring', 'expired', 'deed']);
      expect(await list('sort=oldest')).toEqual(['deed', 'expired', 'expiring', 'roof']);
      expect(await list('sort=name')).toEqual(['expiring', 'expired', 'roof', 'deed']);
      expect(await list('sort=expiry')).toEqual(['expired', 'expiring', 'roof', 'deed']);
    });

    it('refuses a bad kind, status or sort (400) and a foreign or archived property (404)', async () => {
      for (const [query, message] of [
        ['kind=poster', 'Kind must be one of'],
        ['status=lost', 'Status must be one of expired, expiring, verified, self_declared'],
        ['sort=size', 'Sort must be one of newest, oldest, name, expiry'],
      ]) {
        const res = await owner.call('GET', `/api/documents?${query}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toContain(message);
      }
      for (const id of [outsiderProperty, archived, 'not-an-id']) {
        const res = await owner.call('GET', `/api/documents?propertyId=${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'Property not found' });
      }
    });
  });

  describe('select several → download as one ZIP', () => {
    it('streams one property’s documents as <property>-documents-<date>.zip, each download audited', async () => {
      const res = await fetchFile(
        origin,
        `/api/documents/zip?ids=${ids.deed},${(ids.expired as string).toUpperCase()}`,
        owner.headers,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('content-disposition')).toContain(`kloof-house-documents-${today()}.zip`);
      const files = await unzip(res.body);
      expect([...files.keys()]).toEqual(['manifest.json', 'Title deed.pdf', 'Old cover.pdf']);
      expect(files.get('Title deed.pdf')?.equals(pdf('deed'))).toBe(true);
      const manifest = JSON.parse(files.get('manifest.json')?.toString() ?? '{}');
      expect(manifest.property).toEqual({ id: kloof, name: 'Kloof House' });
      expect(manifest.files).toHaveLength(2);
      // Each document's download is in the audit trail, as a single download's is.
      expect((await auditOf(ids.expired as string, 'download')).map((event) => event.details)).toEqual([
        { archive: `kloof-house-documents-${today()}.zip` },
      ]);
    });

    it('puts several properties’ documents in a folder each, as documents-<date>.zip', async () => {
      const res = await fetchFile(origin, `/api/documents/zip?ids=${ids.deed},${ids.roof}`, owner.headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(`documents-${today()}.zip`);
      expect([...(await unzip(res.body)).keys()]).toEqual([
        'manifest.json',
        'Kloof House/Title deed.pdf',
        'Bree/Roof inspection.pdf',
      ]);
    });

    it('is all or nothing: a foreign or unknown id is 404 and sends nothing; none, too many or signed out are refused', async () => {
      for (const bad of [ids.foreign, '00000000-0000-4000-8000-000000000000', 'nope']) {
        const res = await fetchFile(origin, `/api/documents/zip?ids=${ids.deed},${bad}`, owner.headers);
        expect(res.status).toBe(404);
        expect(JSON.parse(res.body.toString())).toEqual({ error: 'Document not found' });
      }
      expect((await fetchFile(origin, '/api/documents/zip?ids=', owner.headers)).status).toBe(400);
      const many = Array.from(
        { length: 101 },
        (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      );
      const tooMany = await fetchFile(origin, `/api/documents/zip?ids=${many.join(',')}`, owner.headers);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.toString()).toContain('Choose at most 100 documents at a time');
      expect((await fetchFile(origin, `/api/documents/zip?ids=${ids.deed}`)).status).toBe(401);
      expect((await fetchFile(origin, '/api/documents/zip?ids=nope')).status).toBe(401);
    });
  });

  describe('select several → move to another property', () => {
    it('moves them, audits each move, and rechecks both properties', async () => {
      await drain();
      const res = await owner.call('POST', '/api/documents/move', {
        ids: [ids.expiring, ids.deed],
        propertyId: bree,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res
          .json()
          .map((d: { property_id: string; property_name: string }) => [d.property_id, d.property_name]),
      ).toEqual([
        [bree, 'Bree'],
        [bree, 'Bree'],
      ]);
      expect(await staleOf(kloof)).toBe(true);
      expect(await staleOf(bree)).toBe(true);
      expect(await t.services.jobs.runQueued(complianceRecheckJob)).toBe(2);
      expect(await auditOf(ids.deed as string, 'move')).toEqual([
        {
          action: 'move',
          details: {
            name: 'Title deed.pdf',
            propertyId: kloof,
            fromPropertyId: kloof,
            toPropertyId: bree,
            fromName: 'Kloof House',
            toName: 'Bree',
          },
        },
      ]);
      // Back through the tRPC door.
      const back = await owner.call('POST', '/trpc/documents.move', {
        ids: [ids.expiring, ids.deed],
        propertyId: kloof,
      });
      expect(back.statusCode, back.body).toBe(200);
      expect((await row(ids.deed as string))?.property_id).toBe(kloof);
    });

    it('a foreign, archived or unknown property, or a foreign document, is 404 and moves nothing', async () => {
      const snapshot = async () =>
        await t.db.db.selectFrom('documents').select(['id', 'property_id']).orderBy('id').execute();
      const before = await snapshot();
      for (const propertyId of [outsiderProperty, archived, '00000000-0000-4000-8000-000000000000', 'nope']) {
        const res = await owner.call('POST', '/api/documents/move', { ids: [ids.deed], propertyId });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'Property not found' });
      }
      const foreign = await owner.call('POST', '/api/documents/move', {
        ids: [ids.deed, ids.foreign],
        propertyId: bree,
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ error: 'Document not found' });
      const theirs = await outsider.call('POST', '/api/documents/move', {
        ids: [ids.deed],
        propertyId: outsiderProperty,
      });
      expect(theirs.statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses no documents, too many or no property (400)', async () => {
      expect(
        (await owner.call('POST', '/api/documents/move', { ids: [], propertyId: bree })).json().error,
      ).toContain('Choose at least one document');
      expect((await owner.call('POST', '/api/documents/move', { ids: [ids.deed] })).json().error).toContain(
        'Choose the property to move the documents to',
      );
      const many = Array.from({ length: 101 }, () => ids.deed);
      const res = await owner.call('POST', '/api/documents/move', { ids: many, propertyId: bree });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain('Choose at most 100 documents at a time');
    });
  });

  describe('select several → delete', () => {
    it('is all or nothing: a foreign id is 404 and removes nothing; signed out is 401', async () => {
      const res = await owner.call('POST', '/api/documents/delete', { ids: [ids.expired, ids.foreign] });
      expect(res.statusCode).toBe(404);
      expect(await row(ids.expired as string)).toBeDefined();
      expect(await row(ids.foreign as string)).toBeDefined();
      const anonymous = await fetch(`${origin}/api/documents/delete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ids: [ids.expired] }),
      });
      expect(anonymous.status).toBe(401);
      expect((await owner.call('POST', '/api/documents/delete', { ids: [] })).statusCode).toBe(400);
    });

    it('removes them (a verified supplier document too), audits each and rechecks their properties', async () => {
      const a = await add(owner, 'spare-a', { property_id: kloof, kind: 'other', name: 'Spare A.pdf' });
      const b = await add(owner, 'spare-b', { property_id: bree, kind: 'other', name: 'Spare B.pdf' });
      await drain();
      const res = await owner.call('POST', '/api/documents/delete', { ids: [a, b] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true, deleted: 2 });
      expect(await row(a)).toBeUndefined();
      expect(await row(b)).toBeUndefined();
      expect(await auditOf(a, 'delete')).toHaveLength(1);
      expect(await t.services.jobs.runQueued(complianceRecheckJob)).toBe(2);
      const c = await add(owner, 'spare-c', { property_id: kloof, kind: 'other', name: 'Spare C.pdf' });
      const trpc = await owner.call('POST', '/trpc/documents.removeMany', { ids: [c] });
      expect(trpc.json().result.data).toEqual({ ok: true, deleted: 1 });
    });
  });

  describe('"Download all" on a share link', () => {
    async function shareOf(documentIds: string[], password: string | null = null) {
      const res = await owner.call('POST', `/api/properties/${kloof}/share`, { password, documentIds });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; token: string };
    }

    it('streams the link’s documents as one ZIP, each counted as a download in its access log', async () => {
      const share = await shareOf([ids.deed as string, ids.expiring as string]);
      const res = await fetchFile(origin, `/api/share/${share.token}/download-all`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(`kloof-house-documents-${today()}.zip`);
      const files = await unzip(res.body);
      expect([...files.keys()].sort()).toEqual(['Title deed.pdf', 'gas coc.pdf', 'manifest.json']);
      const events = (await owner.call('GET', `/api/shares/${share.id}/events`)).json();
      expect(
        events
          .filter((e: { action: string }) => e.action === 'download')
          .map((e: { document_id: string }) => e.document_id)
          .sort(),
      ).toEqual([ids.deed, ids.expiring].sort());
    });

    it('is refused as a single download is: locked (401), revoked or unknown (404)', async () => {
      const locked = await shareOf([ids.deed as string], 'open sesame');
      expect((await fetchFile(origin, `/api/share/${locked.token}/download-all`)).status).toBe(401);
      const revoked = await shareOf([ids.deed as string]);
      expect((await owner.call('POST', `/api/shares/${revoked.id}/revoke`)).statusCode).toBe(200);
      const gone = await fetchFile(origin, `/api/share/${revoked.token}/download-all`);
      expect(gone.status).toBe(404);
      expect(JSON.parse(gone.body.toString())).toEqual({ error: 'Share not found or expired.' });
      expect((await fetchFile(origin, '/api/share/not-a-token/download-all')).status).toBe(404);
    });
  });
});
