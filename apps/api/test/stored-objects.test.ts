import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseKeep, sweepOrphans } from '../src/modules/housekeeping/housekeeping.service.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner, sha256Hex } from './support/http-owner.js';

/** A PDF (to the sniffer) that no other round shares: its SHA-256 finds it in any vault. */
const pdfOf = (label: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), randomBytes(3000), Buffer.from('\n%%EOF\n')]);

const ROUNDS = 30;
const HOUR = 60 * 60 * 1000;

/**
 * A stored object is shared by every document row that names it: a supplier's document and each owner's
 * adopted copy, whichever organisation a transfer moves them to. No listed document may ever name an
 * object that is gone: raced over the real API (several connections on PostgreSQL), then swept.
 */
describe(`stored objects shared between documents (${databaseKind})`, { timeout: 300_000 }, () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function addProperty(owner: HttpOwner, name: string): Promise<string> {
    const res = await owner.call('POST', '/api/properties', {
      name,
      address: `${name}, 3 Bree Street, Cape Town`,
      municipality: 'CPT',
      parcel_id: `R${randomBytes(4).toString('hex')}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  /** A supplier's job with one uploaded document on it, shared by an open link. */
  async function sharedJobDocument(supplier: HttpOwner, label: string) {
    const job = await supplier.call('POST', '/api/supplier/jobs', {
      property_address: '3 Bree Street, Cape Town',
      client_name: 'T. Dlamini',
      description: label,
    });
    expect(job.statusCode, job.body).toBe(201);
    const content = pdfOf(label);
    const document = await supplier.upload(content, 'application/pdf', {
      job_id: job.json().id,
      kind: 'inspection',
      name: `${label}.pdf`,
    });
    expect(document.statusCode, document.body).toBe(201);
    const share = await supplier.call('POST', `/api/supplier/jobs/${job.json().id}/share`, { password: null });
    expect(share.statusCode, share.body).toBe(201);
    return { id: document.json().id as string, sha256: sha256Hex(content), token: share.json().token as string };
  }

  /** Downloads a document of `who`: its status, and the SHA-256 of the bytes when 200. */
  async function download(who: HttpOwner, id: string) {
    const res = await fetch(`${origin}/api/documents/${id}/download`, { headers: who.headers });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, sha256: res.status === 200 ? sha256Hex(bytes) : null };
  }

  /** Every document `who` lists (across all their properties) downloads with the bytes it was stored with. */
  async function expectEveryListedDocumentDownloads(who: HttpOwner) {
    const list = await who.call('GET', '/api/documents');
    expect(list.statusCode).toBe(200);
    for (const document of list.json() as { id: string; sha256: string; name: string }[]) {
      expect(await download(who, document.id), document.name).toEqual({ status: 200, sha256: document.sha256 });
    }
  }

  it(`an owner adopting while the supplier deletes either gets a copy that downloads or a clear refusal (${ROUNDS} rounds)`, async () => {
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    const owner = await httpOwner(t, origin);
    const propertyId = await addProperty(owner, 'Adopting House');
    const outcomes = { adopted: 0, refused: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const shared = await sharedJobDocument(supplier, `adopt race ${round}`);
      const adopt = () => owner.call('POST', `/api/share/${shared.token}/adopt`, { property_id: propertyId });
      const remove = () => supplier.call('DELETE', `/api/documents/${shared.id}`);
      // Both at once, each starting first in every other round.
      const [adopted, removed] =
        round % 2 === 0
          ? await Promise.all([adopt(), remove()])
          : await Promise.all([remove(), adopt()]).then(([r, a]) => [a, r] as const);
      expect(removed.statusCode, removed.body).toBe(200);
      const copies = (await owner.call('GET', `/api/properties/${propertyId}/documents`))
        .json()
        .filter((document: { sha256: string }) => document.sha256 === shared.sha256);
      if (adopted.statusCode === 200) {
        expect(adopted.json()).toMatchObject({ adopted: 1, property_id: propertyId });
        expect(copies).toHaveLength(1);
        expect(await download(owner, copies[0].id)).toEqual({ status: 200, sha256: shared.sha256 });
        outcomes.adopted += 1;
      } else {
        expect(adopted.statusCode, adopted.body).toBe(409);
        expect(adopted.json()).toEqual({ error: 'This link has no documents to adopt any more.' });
        expect(copies).toEqual([]);
        outcomes.refused += 1;
      }
      // The supplier's original is gone either way.
      expect((await download(supplier, shared.id)).status).toBe(404);
    }
    expect(outcomes.adopted + outcomes.refused).toBe(ROUNDS);
    await expectEveryListedDocumentDownloads(owner);
    // Nothing a sweep does afterwards takes an object an adopted copy names.
    const later = new Date(Date.now() + 2 * HOUR);
    await houseKeep(t.db.db, t.store, later);
    await sweepOrphans(t.db.db, t.store, later);
    await expectEveryListedDocumentDownloads(owner);
  });
});
