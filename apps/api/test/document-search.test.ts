import { DOCUMENT_SEARCH_MESSAGES } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner } from './support/http-owner.js';

const pdf = (text: string) =>
  Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(text), Buffer.from('\n%%EOF\n')]);

/**
 * The vault's search (issue 27 §5): GET /api/documents?q= and GET /api/properties/:id/documents?q= (the
 * tRPC lists' q) find documents by their name, kind and certificate type, their metadata (confirmed
 * fields), the owner's notes and the text read from them, case-insensitively, only in the caller's
 * organisation.
 */
describe(`vault search (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  let owner: HttpOwner;
  let outsider: HttpOwner;
  let propertyId: string;
  let otherPropertyId: string;
  const ids: Record<string, string> = {};

  /** The text the reading of a document stored (what the extraction job writes), as the search sees it. */
  async function readText(documentId: string, organizationId: string, text: string) {
    await t.db.db
      .insertInto('document_extractions')
      .values({ document_id: documentId, organization_id: organizationId, status: 'done', search_text: text })
      .onConflict((conflict) =>
        conflict.column('document_id').doUpdateSet({ status: 'done', search_text: text }),
      )
      .execute();
  }

  async function property(o: HttpOwner, name: string) {
    const res = await o.call('POST', '/api/properties', {
      name,
      address: `${name} Road`,
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: name,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  async function add(o: HttpOwner, key: string, fields: Record<string, unknown>) {
    const res = await o.upload(pdf(key), 'application/pdf', fields);
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json().id;
    return ids[key] as string;
  }

  const names = (res: { json: () => Array<{ id: string }> }) =>
    res
      .json()
      .map((document) => Object.entries(ids).find(([, id]) => id === document.id)?.[0] ?? document.id)
      .sort();

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    owner = await httpOwner(t, origin);
    outsider = await httpOwner(t, origin);
    propertyId = await property(owner, 'Kloof');
    otherPropertyId = await property(owner, 'Bree');
    await add(owner, 'coc', {
      property_id: propertyId,
      kind: 'certificate',
      name: 'Scan 0042.pdf',
      metadata: {
        certificate_type: 'electrical_coc',
        issued_on: '2025-03-14',
        certificate_number: 'EC-7781',
      },
    });
    const scanned = await add(owner, 'scanned', {
      property_id: propertyId,
      kind: 'other',
      name: 'IMG_2231.pdf',
    });
    await readText(
      scanned,
      owner.organizationId,
      'TAX INVOICE\nBlue Crane Plumbing\nGeyser replaced 50% off_peak',
    );
    await add(owner, 'policy', { property_id: otherPropertyId, kind: 'policy', name: 'Home cover 2026.pdf' });
    const foreign = await add(outsider, 'foreign', {
      property_id: await property(outsider, 'Elsewhere'),
      kind: 'other',
      name: 'Blue Crane Plumbing invoice.pdf',
      metadata: { certificate_number: 'EC-7781' },
    });
    await readText(foreign, outsider.organizationId, 'Blue Crane Plumbing');
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds a document by the text read from it, whatever the case, and never another organisation’s', async () => {
    const res = await owner.call('GET', '/api/documents?q=blue%20crane');
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['scanned']);
    // The other organisation finds its own, by its name and its read text, and not the owner's.
    expect(names(await outsider.call('GET', '/api/documents?q=Blue%20Crane'))).toEqual(['foreign']);
  });

  it('finds a document by a field of its metadata and by its certificate type and kind', async () => {
    expect(names(await owner.call('GET', '/api/documents?q=ec-7781'))).toEqual(['coc']);
    expect(names(await owner.call('GET', '/api/documents?q=2025-03-14'))).toEqual(['coc']);
    expect(names(await owner.call('GET', '/api/documents?q=Electrical'))).toEqual(['coc']);
    expect(names(await owner.call('GET', '/api/documents?q=polic'))).toEqual(['policy']);
  });

  it('finds a document by its name, and LIKE wildcards match only themselves', async () => {
    expect(names(await owner.call('GET', '/api/documents?q=%20home%20COVER%20'))).toEqual(['policy']);
    expect(names(await owner.call('GET', '/api/documents?q=50%25'))).toEqual(['scanned']);
    expect(names(await owner.call('GET', '/api/documents?q=off_peak'))).toEqual(['scanned']);
    expect(names(await owner.call('GET', '/api/documents?q=%25'))).toEqual(['scanned']);
    // '_' as a wildcard would match every document: it matches the certificate type's electrical_coc.
    expect(names(await owner.call('GET', '/api/documents?q=_'))).toEqual(['coc', 'scanned']);
    expect((await owner.call('GET', '/api/documents?q=nothing%20like%20this')).json()).toEqual([]);
  });

  it('blank is no search; the property vault searches its own documents only', async () => {
    expect(names(await owner.call('GET', '/api/documents?q=%20%20'))).toEqual(['coc', 'policy', 'scanned']);
    expect(names(await owner.call('GET', `/api/properties/${propertyId}/documents?q=pdf`))).toEqual([
      'coc',
      'scanned',
    ]);
    expect(names(await owner.call('GET', `/api/properties/${otherPropertyId}/documents?q=Blue`))).toEqual([]);
    // Another organisation's property: 404, searched or not.
    const foreign = await outsider.call('GET', `/api/properties/${propertyId}/documents?q=Blue`);
    expect(foreign.statusCode).toBe(404);
  });

  it('the tRPC lists take the same q', async () => {
    const list = await owner.call(
      'GET',
      `/trpc/documents.list?input=${encodeURIComponent(JSON.stringify({ q: 'EC-7781' }))}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().result.data.map((d: { id: string }) => d.id)).toEqual([ids.coc]);
    const byProperty = await owner.call(
      'GET',
      `/trpc/documents.byProperty?input=${encodeURIComponent(JSON.stringify({ propertyId, q: 'crane' }))}`,
    );
    expect(byProperty.json().result.data.map((d: { id: string }) => d.id)).toEqual([ids.scanned]);
  });

  it('refuses a search too long, with control characters or given twice (400 with the message)', async () => {
    const long = await owner.call('GET', `/api/documents?q=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain(DOCUMENT_SEARCH_MESSAGES.searchTooLong);
    const control = await owner.call('GET', '/api/documents?q=a%00b');
    expect(control.statusCode).toBe(400);
    expect(control.json().error).toContain('Search must not contain control characters');
    const twice = await owner.call('GET', '/api/documents?q=a&q=b');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toContain(DOCUMENT_SEARCH_MESSAGES.search);
    // At the limit, after trimming, it is a search.
    const longest = await owner.call('GET', `/api/documents?q=%20${'x'.repeat(100)}%20`);
    expect(longest.statusCode).toBe(200);
  });
});
