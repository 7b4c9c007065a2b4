import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseKeep, sweepOrphans } from '../src/modules/housekeeping/housekeeping.service.js';
import { createTestApp, type TestApp } from './support/app.js';
import { pdfTextOf } from './support/archives.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner, sha256Hex } from './support/http-owner.js';

/** A PDF (to the sniffer) that no other round shares: its SHA-256 finds it in any vault. */
const pdfOf = (label: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), randomBytes(3000), Buffer.from('\n%%EOF\n')]);

const ROUNDS = 30;
/** A seller may start 10 transfers an hour: each round has its own seller. */
const TRANSFER_ROUNDS = 10;
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
    const share = await supplier.call('POST', `/api/supplier/jobs/${job.json().id}/share`, {
      password: null,
    });
    expect(share.statusCode, share.body).toBe(201);
    return {
      id: document.json().id as string,
      sha256: sha256Hex(content),
      token: share.json().token as string,
    };
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
      expect(await download(who, document.id), document.name).toEqual({
        status: 200,
        sha256: document.sha256,
      });
    }
  }

  it(`an owner adopting while the supplier deletes either gets a copy that downloads or a clear refusal (${ROUNDS} rounds)`, async () => {
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    const owner = await httpOwner(t, origin);
    const propertyId = await addProperty(owner, 'Adopting House');
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
      } else {
        expect(adopted.statusCode, adopted.body).toBe(409);
        expect(adopted.json()).toEqual({ error: 'This link has no documents to adopt any more.' });
        expect(copies).toEqual([]);
      }
      // The supplier's original is gone either way.
      expect((await download(supplier, shared.id)).status).toBe(404);
    }
    await expectEveryListedDocumentDownloads(owner);
    // Nothing a sweep does afterwards takes an object an adopted copy names.
    const later = new Date(Date.now() + 2 * HOUR);
    await houseKeep(t.db.db, t.store, later);
    await sweepOrphans(t.db.db, t.store, later);
    await expectEveryListedDocumentDownloads(owner);
  });

  /** The SHA-256s a transfer's receipt lists (the seller's PDF), as one string without spaces. */
  async function receiptText(seller: HttpOwner, transferId: string): Promise<string> {
    const res = await fetch(`${origin}/api/transfers/${transferId}/receipt`, { headers: seller.headers });
    expect(res.status).toBe(200);
    return (await pdfTextOf(Buffer.from(await res.arrayBuffer()))).text.replace(/\s+/g, '');
  }

  it(`a transfer accepted while the seller deletes a document and the supplier the original of an adopted copy hands over only what downloads (${TRANSFER_ROUNDS} rounds)`, async () => {
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    const buyer = await httpOwner(t, origin);
    for (let round = 0; round < TRANSFER_ROUNDS; round++) {
      const seller = await httpOwner(t, origin);
      const propertyId = await addProperty(seller, `Transfer House ${round}`);
      const content = pdfOf(`own ${round}`);
      const own = await seller.upload(content, 'application/pdf', {
        property_id: propertyId,
        kind: 'deed',
        name: `Deed ${round}.pdf`,
      });
      expect(own.statusCode, own.body).toBe(201);
      const shared = await sharedJobDocument(supplier, `transfer race ${round}`);
      const adopted = await seller.call('POST', `/api/share/${shared.token}/adopt`, {
        property_id: propertyId,
      });
      expect(adopted.json()).toMatchObject({ adopted: 1 });
      const started = await seller.call('POST', `/api/properties/${propertyId}/transfer`, {
        email: buyer.email,
      });
      expect(started.statusCode, started.body).toBe(201);

      const calls = [
        () => buyer.call('POST', `/api/transfers/${started.json().id}/accept`),
        () => seller.call('DELETE', `/api/documents/${own.json().id}`),
        () => supplier.call('DELETE', `/api/documents/${shared.id}`),
      ];
      // All three at once, a different one first each round.
      const order = [0, 1, 2].map((i) => (i + round) % 3);
      const answers = new Array(3);
      await Promise.all(
        order.map(async (i) => {
          answers[i] = await (calls[i] as () => ReturnType<HttpOwner['call']>)();
        }),
      );
      const [accepted, sellerDeleted, supplierDeleted] = answers;
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(supplierDeleted.statusCode, supplierDeleted.body).toBe(200);

      const received = (await buyer.call('GET', `/api/properties/${propertyId}/documents`)).json() as {
        id: string;
        sha256: string;
      }[];
      const receipt = await receiptText(seller, started.json().id);
      // The adopted copy went with the house and still downloads, its original gone.
      const copy = received.filter((document) => document.sha256 === shared.sha256);
      expect(copy).toHaveLength(1);
      expect(await download(buyer, copy[0]?.id ?? '')).toEqual({ status: 200, sha256: shared.sha256 });
      expect(receipt).toContain(shared.sha256);
      // The seller's own document: deleted before the transfer took it (not handed over, on no receipt),
      // or handed over (and then not the seller's to delete: 404).
      const deed = received.filter((document) => document.sha256 === own.json().sha256);
      if (sellerDeleted.statusCode === 200) {
        expect(deed).toEqual([]);
        expect(receipt).not.toContain(own.json().sha256);
      } else {
        expect(sellerDeleted.statusCode, sellerDeleted.body).toBe(404);
        expect(sellerDeleted.json()).toEqual({ error: 'Document not found' });
        expect(deed).toHaveLength(1);
        expect(await download(buyer, deed[0]?.id ?? '')).toEqual({ status: 200, sha256: own.json().sha256 });
        expect(receipt).toContain(own.json().sha256);
      }
      expect((await seller.call('GET', '/api/documents')).json()).toEqual([]);
    }
    await expectEveryListedDocumentDownloads(buyer);
  });

  it('keeps an object while any document names it and removes it once the last one goes: at the delete, or in the hourly round', async () => {
    const supplier = await httpOwner(t, origin, { userType: 'supplier' });
    const owner = await httpOwner(t, origin);
    const propertyId = await addProperty(owner, 'Sweeping House');
    const later = new Date(Date.now() + 2 * HOUR);
    const keyOf = async (id: string) =>
      (
        await t.db.db
          .selectFrom('documents')
          .select('storage_key')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).storage_key;
    const stored = async (key: string) => ({
      file: (await t.store.stat(key)) !== null,
      row:
        (await t.db.db
          .selectFrom('stored_objects')
          .select('storage_key')
          .where('storage_key', '=', key)
          .executeTakeFirst()) !== undefined,
    });
    const adopt = async (token: string) => {
      const res = await owner.call('POST', `/api/share/${token}/adopt`, { property_id: propertyId });
      expect(res.json()).toMatchObject({ adopted: 1 });
      const copies = (await owner.call('GET', `/api/properties/${propertyId}/documents`)).json();
      return copies[0].id as string;
    };

    // The supplier deletes first: the owner's copy keeps the object, through every sweep.
    const first = await sharedJobDocument(supplier, 'sweep one');
    const key = await keyOf(first.id);
    const copy = await adopt(first.token);
    expect(await keyOf(copy)).toBe(key);
    expect((await supplier.call('DELETE', `/api/documents/${first.id}`)).statusCode).toBe(200);
    expect(await stored(key)).toEqual({ file: true, row: true });
    expect((await houseKeep(t.db.db, t.store, later)).objects).toBe(0);
    await sweepOrphans(t.db.db, t.store, later);
    expect(await stored(key)).toEqual({ file: true, row: true });
    expect(await download(owner, copy)).toEqual({ status: 200, sha256: first.sha256 });
    // The last document that names it goes: so does the object, row first, then the file.
    expect((await owner.call('DELETE', `/api/documents/${copy}`)).statusCode).toBe(200);
    expect(await stored(key)).toEqual({ file: false, row: false });

    // The owner deletes first: the supplier's original keeps the object, and its link still serves it.
    const second = await sharedJobDocument(supplier, 'sweep two');
    const secondKey = await keyOf(second.id);
    const secondCopy = await adopt(second.token);
    expect((await owner.call('DELETE', `/api/documents/${secondCopy}`)).statusCode).toBe(200);
    expect(await stored(secondKey)).toEqual({ file: true, row: true });
    const served = await fetch(`${origin}/api/share/${second.token}/download/${second.id}`);
    expect(served.status).toBe(200);
    expect(sha256Hex(Buffer.from(await served.arrayBuffer()))).toBe(second.sha256);

    // A delete whose removal never ran (the server stopped after its commit): the hourly round removes
    // the object, and not before its last document is gone.
    const third = await sharedJobDocument(supplier, 'sweep three');
    const thirdKey = await keyOf(third.id);
    expect((await houseKeep(t.db.db, t.store, later)).objects).toBe(0);
    expect(await stored(thirdKey)).toEqual({ file: true, row: true });
    await t.db.db.deleteFrom('documents').where('id', '=', third.id).execute();
    expect(await stored(thirdKey)).toEqual({ file: true, row: true });
    expect((await houseKeep(t.db.db, t.store, later)).objects).toBe(1);
    expect(await stored(thirdKey)).toEqual({ file: false, row: false });

    // A removal that failed after the row went (the store was down): the nightly sweep removes the file
    // once it is older than the grace period.
    const fourth = await sharedJobDocument(supplier, 'sweep four');
    const fourthKey = await keyOf(fourth.id);
    await t.db.db.deleteFrom('documents').where('id', '=', fourth.id).execute();
    await t.db.db.deleteFrom('stored_objects').where('storage_key', '=', fourthKey).execute();
    await sweepOrphans(t.db.db, t.store);
    expect(await stored(fourthKey)).toEqual({ file: true, row: false });
    await sweepOrphans(t.db.db, t.store, later);
    expect(await stored(fourthKey)).toEqual({ file: false, row: false });

    // The supplier's second original is still there, and so is its object.
    expect(await stored(secondKey)).toEqual({ file: true, row: true });
  });

  it('refuses a document that names an object without a row, in the database itself', async () => {
    const owner = await httpOwner(t, origin);
    const propertyId = await addProperty(owner, 'Constraint House');
    await expect(
      t.db.db
        .insertInto('documents')
        .values({
          organization_id: owner.organizationId,
          property_id: propertyId,
          kind: 'deed',
          name: 'Nowhere.pdf',
          storage_key: 'cd/cd000000000000000000000000000000',
          sha256: 'c'.repeat(64),
          bytes: 10,
          content_type: 'application/pdf',
          source: 'owner_upload',
        })
        .execute(),
    ).rejects.toThrow(/documents_storage_key_fkey/);
  });
});
