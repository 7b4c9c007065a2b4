import { COMMON_MESSAGES, EXTRACTION_MESSAGES } from '@propertydna/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ISSUER_FACTS_FIXED } from '../src/modules/documents/documents.service.js';
import { extractionReadJob } from '../src/modules/extraction/extraction.jobs.js';
import { READING_MESSAGES, readDocument } from '../src/modules/extraction/extraction.service.js';
import { bombPng, photographedCoc } from '../src/modules/extraction/reader/test-images.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind, sessionsWaitingForLocks } from './support/database.js';
import { ownerWithHome, readingOf, readUntilEnded, supplierWithReport } from './support/extraction.js';
import type { HttpOwner } from './support/http-owner.js';
import { zerosDeflated } from './support/policy-pdf.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read the JSON they expect
type Json = Record<string, any>;

/** A PNG that declares 20,000 × 20,000 grey pixels (400 MP) in about 400 KB, all of them there: a decompression bomb. */
const bomb = () => bombPng(20_000, 20_000, zerosDeflated(20_000 * 20_001));

const OCR_TIMEOUT = 240_000;

describe(`documents that read themselves: the extraction module (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    photo = await photographedCoc();
  });
  afterAll(async () => {
    await t.close();
  });

  const ownerWithProperty = () => ownerWithHome(t, origin);

  const register = async (
    owner: HttpOwner & { propertyId: string },
    content: Buffer,
    contentType: string,
  ) => {
    const res = await owner.upload(content, contentType, {
      property_id: owner.propertyId,
      kind: 'certificate',
      name: contentType === 'image/png' ? 'scan.png' : 'coc-photo.jpg',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Json;
  };

  const extraction = readingOf;
  const readAll = (owner: HttpOwner, id: string) => readUntilEnded(t, owner, id, OCR_TIMEOUT);

  const field = (reading: Json, name: string) => reading.fields.find((f: Json) => f.name === name);
  const cocGap = async (owner: HttpOwner & { propertyId: string }) => {
    const res = await owner.call('GET', `/api/properties/${owner.propertyId}/policy-check`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().findings.find((finding: Json) => finding.rule === 'electrical_coc.ongoing') as Json;
  };

  it(
    'a photographed electrical CoC (JPEG, turned 90°) is read: type, number and issue date with their evidence; confirming fills the metadata, clears the CoC gap and names who confirmed; edits and rejections are recorded',
    async () => {
      const owner = await ownerWithProperty();
      const outsider = await ownerWithProperty();
      const document = await register(owner, photo, 'image/jpeg');
      // Queued with the registration, in its transaction.
      expect(await extraction(owner, document.id)).toMatchObject({
        status: 'queued',
        fields: [],
        pages_read: 0,
      });

      const reading = await readAll(owner, document.id);
      expect(reading).toMatchObject({
        document_id: document.id,
        status: 'done',
        kind: 'certificate',
        pages: 1,
        pages_read: 1,
        page_limit_reached: false,
        text_available: true,
        confirmed_at: null,
        auto_accept_threshold: 0.9,
      });
      for (const [name, value] of [
        ['certificate_type', 'electrical_coc'],
        ['certificate_number', 'EC-2025-00871'],
        ['issue_date', '2025-03-14'],
      ] as const) {
        const found = field(reading, name);
        expect(found, `${name} in ${JSON.stringify(reading.fields)}`).toMatchObject({
          value,
          page: 1,
          state: 'proposed',
        });
        expect(found.confidence).toBeGreaterThan(0);
        expect(found.confidence).toBeLessThanOrEqual(1);
        for (const side of ['x', 'y', 'w', 'h']) {
          expect(found.box[side]).toBeGreaterThanOrEqual(0);
          expect(found.box[side]).toBeLessThanOrEqual(1);
        }
      }
      expect(field(reading, 'certificate_number').text).toContain('EC-2025-00871');
      expect(field(reading, 'issue_date').text).toMatch(/14 March 2025/);
      // The certificate names another house than the property's: flagged.
      expect(field(reading, 'address')?.value).toMatch(/14 Kloof/);
      expect(reading.address_mismatch).toMatch(
        /^This certificate names 14 Kloof.*; this property is 12 Kloof/,
      );
      // Read, not yet proof: nothing reached the document, the gap stays.
      expect((await owner.call('GET', '/api/documents')).json()[0].metadata).toEqual({});
      expect((await cocGap(owner)).type).toBe('gap');

      // The page as read, for the screen to highlight the line on; a foreign owner gets 404.
      const preview = await fetch(`${origin}/api/documents/${document.id}/extraction/pages/1`, {
        headers: owner.headers,
      });
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
      expect(meta.format).toBe('jpeg');
      // Upright: taller than wide, as the A4 page (the photo was turned).
      expect(meta.height ?? 0).toBeGreaterThan(meta.width ?? 0);
      for (const url of [
        `/api/documents/${document.id}/extraction/pages/1`,
        `/api/documents/${document.id}/extraction`,
      ]) {
        const res = await outsider.call('GET', url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'Document not found' });
      }
      expect((await owner.call('GET', `/api/documents/${document.id}/extraction/pages/2`)).statusCode).toBe(
        404,
      );

      // Confirm: type and date as read, the number edited.
      const confirmed = await owner.call('POST', `/api/documents/${document.id}/extraction/confirm`, {
        fields: {
          certificate_type: 'electrical_coc',
          issue_date: '2025-03-14',
          certificate_number: 'EC-2025-00872',
        },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const after = confirmed.json();
      expect(field(after, 'certificate_type')).toMatchObject({ state: 'confirmed', confirmed_value: null });
      expect(field(after, 'certificate_number')).toMatchObject({
        value: 'EC-2025-00871',
        state: 'confirmed',
        confirmed_value: 'EC-2025-00872',
      });
      expect(after.confirmed_by).toBe('Naledi Mokoena');
      const [stored] = (await owner.call('GET', '/api/documents')).json();
      expect(stored.metadata).toEqual({
        certificate_type: 'electrical_coc',
        issued_on: '2025-03-14',
        certificate_number: 'EC-2025-00872',
      });
      expect(stored.issue_date).toBe('known');
      expect(stored.provenance.read).toEqual({
        confirmed: expect.arrayContaining(['certificate_type', 'certificate_number', 'issue_date']),
        confirmed_by: 'Naledi Mokoena',
        auto_accepted: [],
      });
      // Reading is not verification: the badge stays.
      expect(stored.badge).toBe('Self-declared');
      const gap = await cocGap(owner);
      expect(gap.type).toBe('compliant');
      expect(gap.evidence.map((e: Json) => e.id)).toEqual([document.id]);

      // Turning the number down takes it off the document again; the audit trail has each step.
      const rejected = await owner.call('POST', `/api/documents/${document.id}/extraction/confirm`, {
        fields: { certificate_number: null },
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(field(rejected.json(), 'certificate_number')).toMatchObject({
        state: 'rejected',
        confirmed_value: null,
      });
      expect((await owner.call('GET', '/api/documents')).json()[0].metadata).toEqual({
        certificate_type: 'electrical_coc',
        issued_on: '2025-03-14',
      });
      const audit = await t.db.db
        .selectFrom('audit_events')
        .select('details')
        .where('document_id', '=', document.id)
        .where('action', '=', 'update')
        .orderBy('created_at')
        .execute();
      expect(audit.map((row) => row.details.readFields)).toEqual([
        { certificate_type: 'confirmed', issue_date: 'confirmed', certificate_number: 'edited' },
        { certificate_number: 'rejected' },
      ]);

      // Searchable: the page's text is stored.
      const search = await t.db.db
        .selectFrom('document_extractions')
        .select('search_text')
        .where('document_id', '=', document.id)
        .executeTakeFirstOrThrow();
      expect(search.search_text).toMatch(/Kloof/);
    },
    OCR_TIMEOUT + 60_000,
  );

  it(
    'with "accept high-confidence fields automatically" on, fields read at 0.9 or more are taken by nobody and the provenance says so; off again, they wait',
    async () => {
      const owner = await ownerWithProperty();
      expect((await owner.call('GET', '/api/extraction/settings')).json()).toEqual({
        auto_accept: false,
        threshold: 0.9,
      });
      const on = await owner.call('PUT', '/api/extraction/settings', { enabled: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toEqual({ auto_accept: true, threshold: 0.9 });
      const document = await register(owner, photo, 'image/jpeg');
      const reading = await readAll(owner, document.id);
      expect(reading.status).toBe('done');
      const high = reading.fields.filter((f: Json) => f.confidence >= 0.9);
      expect(high.length, JSON.stringify(reading.fields)).toBeGreaterThan(0);
      for (const f of reading.fields) {
        // A high-confidence field the document cannot take (none here: a certificate) would stay proposed.
        expect(f.state, f.name).toBe(f.confidence >= 0.9 ? 'auto_accepted' : 'proposed');
      }
      expect(reading.confirmed_by).toBeNull();
      const [stored] = (await owner.call('GET', '/api/documents')).json();
      expect(stored.provenance.read).toEqual({
        confirmed: [],
        confirmed_by: null,
        auto_accepted: high.map((f: Json) => f.name),
      });
      for (const f of high) {
        const key = f.name === 'issue_date' ? 'issued_on' : f.name;
        if (f.name === 'expiry_date') expect(stored.expires_on).toBe(f.value);
        else expect(stored.metadata[key], f.name).toBe(f.value);
      }
      const audit = await t.db.db
        .selectFrom('audit_events')
        .select(['user_id', 'details'])
        .where('document_id', '=', document.id)
        .where('action', '=', 'update')
        .execute();
      expect(audit).toEqual([
        {
          user_id: null,
          details: {
            readFields: Object.fromEntries(high.map((f: Json) => [f.name, 'accepted_automatically'])),
          },
        },
      ]);

      // Off: the next document's fields wait for a person.
      await owner.call('PUT', '/api/extraction/settings', { enabled: false });
      const second = await register(owner, photo, 'image/jpeg');
      const waiting = await readAll(owner, second.id);
      expect(waiting.fields.length).toBeGreaterThan(0);
      expect(waiting.fields.every((f: Json) => f.state === 'proposed')).toBe(true);
    },
    2 * OCR_TIMEOUT + 60_000,
  );

  it(
    'a decompression-bomb PNG ends unreadable with its reason, and the server answers meanwhile and after',
    async () => {
      const owner = await ownerWithProperty();
      const document = await register(owner, bomb(), 'image/png');
      const reading = await readAll(owner, document.id);
      expect(reading).toMatchObject({ status: 'unreadable', fields: [], text_available: false });
      expect(reading.message).toEqual(expect.any(String));
      expect((await owner.call('GET', '/api/health')).statusCode).toBe(200);
      // Nothing to confirm in an unreadable document.
      const res = await owner.call('POST', `/api/documents/${document.id}/extraction/confirm`, {
        fields: { certificate_type: 'electrical_coc' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: READING_MESSAGES.nothingRead });
    },
    OCR_TIMEOUT,
  );

  it(
    "an adopted copy carries its original's reading (proposed again) and previews; each preview object goes only when no page names it",
    async () => {
      const { supplier, reportId: original, share } = await supplierWithReport(t, origin);
      const owner = await ownerWithProperty();
      const read = await readAll(supplier, original);
      expect(read.status).toBe('done');
      expect(read.pages_read).toBeGreaterThan(0);
      const token = await share();
      const adopted = await owner.call('POST', `/api/share/${token}/adopt`, {
        property_id: owner.propertyId,
      });
      expect(adopted.statusCode, adopted.body).toBe(200);
      const [copy] = (await owner.call('GET', '/api/documents')).json();
      // Copied, not read again: no job is queued for the copy.
      expect(await t.services.jobs.runQueued(extractionReadJob)).toBe(0);
      const copied = await extraction(owner, copy.id);
      expect(copied).toMatchObject({
        status: read.status,
        kind: read.kind,
        pages: read.pages,
        pages_read: read.pages_read,
        text_available: read.text_available,
        confirmed_at: null,
      });
      expect(copied.fields).toEqual(
        read.fields.map((f: Json) => ({ ...f, state: 'proposed', confirmed_value: null })),
      );
      // The copy keeps what its issuer said: a read date that differs is refused as a change would be; a
      // detail the issuer did not state may be added; confirming what it says changes nothing.
      expect(copy.metadata.issued_on).toBe('2026-11-02');
      const readDate = copied.fields.find((f: Json) => f.name === 'issue_date');
      expect(readDate?.value).not.toBe('2026-11-02');
      const refused = await owner.call('POST', `/api/documents/${copy.id}/extraction/confirm`, {
        fields: { issue_date: readDate?.value },
      });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({ error: ISSUER_FACTS_FIXED });
      const issuer = copied.fields.find((f: Json) => f.name === 'issuer_name');
      const kept = await owner.call('POST', `/api/documents/${copy.id}/extraction/confirm`, {
        fields: { issue_date: '2026-11-02', ...(issuer ? { issuer_name: issuer.value } : {}) },
      });
      expect(kept.statusCode, kept.body).toBe(200);
      const [after] = (await owner.call('GET', '/api/documents')).json();
      expect(after.metadata).toEqual({ ...copy.metadata, ...(issuer ? { issuer_name: issuer.value } : {}) });
      expect(after.badge).toBe(copy.badge);
      const previewOf = async (who: HttpOwner, id: string) =>
        (await fetch(`${origin}/api/documents/${id}/extraction/pages/1`, { headers: who.headers })).status;
      expect(await previewOf(owner, copy.id)).toBe(200);
      const pages = await t.db.db
        .selectFrom('document_pages')
        .select('preview_key')
        .where('document_id', '=', copy.id)
        .execute();
      const key = pages[0]?.preview_key ?? '';
      expect(key).not.toBe('');
      // The supplier removes the original: the copy's page still names the preview, which stays.
      expect((await supplier.call('DELETE', `/api/documents/${original}`)).statusCode).toBe(200);
      expect(await previewOf(owner, copy.id)).toBe(200);
      // The owner removes the copy: nothing names it any more, and it goes.
      expect((await owner.call('DELETE', `/api/documents/${copy.id}`)).statusCode).toBe(200);
      expect(await t.store.stat(key)).toBeNull();
      expect(
        await t.db.db
          .selectFrom('stored_objects')
          .select('storage_key')
          .where('storage_key', '=', key)
          .execute(),
      ).toEqual([]);
    },
    OCR_TIMEOUT,
  );

  it('a document registered before documents were read is queued when its reading is first asked for, once', async () => {
    const owner = await ownerWithProperty();
    const document = await register(owner, Buffer.from('%PDF-1.7\nold\n%%EOF\n'), 'application/pdf');
    // As an older document: no reading, no job.
    await t.db.db.deleteFrom('document_extractions').where('document_id', '=', document.id).execute();
    await t.services.jobs.runQueued(extractionReadJob);
    expect((await extraction(owner, document.id)).status).toBe('queued');
    expect((await extraction(owner, document.id)).status).toBe('queued');
    expect(await t.services.jobs.runQueued(extractionReadJob)).toBe(1);
    expect((await extraction(owner, document.id)).status).not.toMatch(/^(queued|running)$/);
  });

  // PostgreSQL (many connections): the reading of an older document asked for while the document is being
  // deleted. Before: the queued reading's insert failed its foreign key (500).
  it.runIf(databaseKind === 'postgres')(
    'a reading asked for while its document is being deleted answers 404, never 500',
    async () => {
      const owner = await ownerWithProperty();
      const document = await register(owner, Buffer.from('%PDF-1.7\nraced\n%%EOF\n'), 'application/pdf');
      await t.db.db.deleteFrom('document_extractions').where('document_id', '=', document.id).execute();
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // A delete in progress: the document's row locked, then gone.
      const deleting = t.db.db.transaction().execute(async (trx) => {
        await trx.selectFrom('documents').select('id').where('id', '=', document.id).forUpdate().execute();
        locked();
        await held;
        await trx.deleteFrom('documents').where('id', '=', document.id).execute();
      });
      await isLocked;
      const asked = owner.call('GET', `/api/documents/${document.id}/extraction`);
      await vi.waitFor(async () => expect(await sessionsWaitingForLocks(t.db.db)).toBe(1), {
        timeout: 10_000,
      });
      release();
      await deleting;
      const answer = await asked;
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json()).toEqual({ error: 'Document not found' });
    },
  );

  it('a reading that keeps failing is retried, then ends failed with a plain message', async () => {
    const owner = await ownerWithProperty();
    const document = await register(owner, Buffer.from('%PDF-1.7\ngone\n%%EOF\n'), 'application/pdf');
    // Its file lost from the store (an operator's mistake): every try throws.
    await t.store.remove(document.storage_key);
    await expect(readDocument(t.services, document.id, { lastTry: false })).rejects.toThrow();
    expect(await extraction(owner, document.id)).toMatchObject({
      status: 'queued',
      message: READING_MESSAGES.retrying,
    });
    await expect(readDocument(t.services, document.id, { lastTry: true })).rejects.toThrow();
    expect(await extraction(owner, document.id)).toMatchObject({
      status: 'failed',
      message: READING_MESSAGES.failed,
      fields: [],
    });
  });

  it('the pages a failed try read count against the budget, on every try', async () => {
    const owner = await ownerWithProperty();
    const document = await register(owner, Buffer.from('%PDF-1.7\nthree pages\n%%EOF\n'), 'application/pdf');
    const organizationId = (
      await t.db.db
        .selectFrom('documents')
        .select('organization_id')
        .where('id', '=', document.id)
        .executeTakeFirstOrThrow()
    ).organization_id;
    const used = async () =>
      (
        await t.db.db
          .selectFrom('ocr_usage')
          .select('pages')
          .where('organization_id', '=', organizationId)
          .execute()
      ).reduce((sum, row) => sum + row.pages, 0);
    // A reader whose worker ends after the second of three pages (as an OCR worker that dies does).
    const failing: TestApp['services']['reader'] = {
      read: async (source, _contentType, options) => {
        source.resume();
        options?.onProgress?.(1, 3);
        options?.onProgress?.(2, 3);
        throw new Error('the OCR worker ended');
      },
      proposeFields: (pages, hint) => t.services.reader.proposeFields(pages, hint),
      close: async () => {},
    };
    const services = { ...t.services, reader: failing };
    expect(await used()).toBe(0);
    await expect(readDocument(services, document.id, { lastTry: false })).rejects.toThrow(
      'the OCR worker ended',
    );
    expect(await used()).toBe(2);
    await expect(readDocument(services, document.id, { lastTry: true })).rejects.toThrow(
      'the OCR worker ended',
    );
    expect(await used()).toBe(4);
    expect(await extraction(owner, document.id)).toMatchObject({
      status: 'failed',
      message: READING_MESSAGES.failed,
    });
  });

  it("refuses bad confirmations with the schema's messages (400), and fields that were not read", async () => {
    const owner = await ownerWithProperty();
    const document = await register(owner, Buffer.from('%PDF-1.7\nnothing\n%%EOF\n'), 'application/pdf');
    const confirm = (body: unknown) =>
      owner.call('POST', `/api/documents/${document.id}/extraction/confirm`, body);
    for (const [body, messages] of [
      [{ fields: {} }, [EXTRACTION_MESSAGES.nothingToConfirm]],
      [{ fields: { colour: 'red' } }, [EXTRACTION_MESSAGES.unknownField]],
      [{ fields: { total: 'R 12,50' } }, [EXTRACTION_MESSAGES.amount]],
      [{ fields: { issue_date: '2025-02-30' } }, [COMMON_MESSAGES.invalidDate]],
      [{ fields: 'all' }, ['Fields must be an object']],
      [{}, [expect.any(String)]],
    ] as const) {
      const res = await confirm(body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      const answer = res.json();
      expect(answer.issues.map((issue: Json) => issue.message)).toEqual(messages);
    }
    // Not read yet (queued): nothing to confirm.
    const early = await confirm({ fields: { certificate_type: 'electrical_coc' } });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: READING_MESSAGES.notReadYet });
  });
});
