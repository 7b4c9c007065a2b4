import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeExpiredDemos } from '../src/modules/demo/private-demo.js';
import { prepareDemoTemplates } from '../src/modules/demo/seed.js';
import {
  BUDGET_MESSAGES,
  forgetOldOcrUsage,
  queueDemoTemplateReadings,
} from '../src/modules/extraction/extraction.budget.js';
import { extractionReadJob, queueExtractionWithin } from '../src/modules/extraction/extraction.jobs.js';
import { COC_LINES, textPdf } from '../src/modules/extraction/reader/test-images.js';
import { startDemo, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { ownerWithHome, readUntilAllEnded } from './support/extraction.js';
import { type HttpOwner, sha256Hex } from './support/http-owner.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read the JSON they expect
type Json = Record<string, any>;

const READ_TIMEOUT = Number(process.env.READ_TIMEOUT ?? 240_000);

describe(`what an organisation may have read: demos and budgets (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp({ OCR_DAILY_PAGES: '2', OCR_QUEUED_READINGS: '2' });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  const headersOf = (who: { headers: Record<string, string> }) => who.headers;
  const call = async (
    who: { headers: Record<string, string> },
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
  ) => {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers:
        payload === undefined ? headersOf(who) : { ...headersOf(who), 'content-type': 'application/json' },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const body = await res.text();
    expect(res.status, body).toBeLessThan(300);
    return JSON.parse(body) as Json;
  };
  /** Uploads and registers a one-page certificate PDF (text layer) on the property: the register answer. */
  const uploadPdf = async (
    who: { headers: Record<string, string> },
    propertyId: string | undefined,
    name: string,
  ) => {
    const content = await textPdf([[...COC_LINES, name]]);
    const signed = await call(who, 'POST', '/api/documents/sign', {
      contentType: 'application/pdf',
      sha256: sha256Hex(content),
      bytes: content.length,
    });
    const put = await fetch(signed.url, {
      method: 'PUT',
      body: content,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(put.status).toBe(200);
    return call(who, 'POST', '/api/documents', {
      storage_key: signed.storageKey,
      sha256: sha256Hex(content),
      bytes: content.length,
      content_type: 'application/pdf',
      property_id: propertyId,
      kind: 'certificate',
      name,
    });
  };
  const readJobs = async () => {
    const { rows } = await sql<{ document_id: string; start_after: Date; state: string }>`
      select data->>'documentId' as document_id, start_after, state from pgboss.job
      where name = ${extractionReadJob.name}`.execute(t.db.db);
    return rows;
  };
  const readUntilEnded = (documentIds: readonly string[]) => readUntilAllEnded(t, documentIds, READ_TIMEOUT);

  describe('private demos', () => {
    let templateDocuments: { id: string; organization_id: string; storage_key: string }[];
    let demo: TestAccount;

    beforeAll(async () => {
      await prepareDemoTemplates(t.db.db, t.store);
      templateDocuments = await t.db.db
        .selectFrom('documents as d')
        .innerJoin('organizations as o', 'o.id', 'd.organization_id')
        .select(['d.id', 'd.organization_id', 'd.storage_key'])
        .where('o.demo_template', '=', 'owner')
        .execute();
      expect(templateDocuments.length).toBeGreaterThan(0);
      // Read once, as the templates are made (start-up and housekeeping queue them).
      expect(await queueDemoTemplateReadings(t.services)).toBeGreaterThanOrEqual(templateDocuments.length);
      await readUntilEnded(templateDocuments.map((row) => row.id));
      expect(await queueDemoTemplateReadings(t.services)).toBe(0);
    }, READ_TIMEOUT);

    it("sees the template's readings and page previews with no reading queued", async () => {
      const jobsBefore = (await readJobs()).length;
      demo = await startDemo(t, 'owner');
      const documents = await t.db.db
        .selectFrom('documents')
        .select(['id', 'storage_key'])
        .where('organization_id', '=', demo.organizationId)
        .execute();
      expect(documents).toHaveLength(templateDocuments.length);
      const pagesOf = (id: string) =>
        t.db.db
          .selectFrom('document_pages')
          .select(['page', 'preview_key', 'text'])
          .where('document_id', '=', id)
          .orderBy('page')
          .execute();
      let withText = 0;
      for (const document of documents) {
        const reading = await call(demo, 'GET', `/api/documents/${document.id}/extraction`);
        expect(['done', 'unreadable']).toContain(reading.status);
        if (reading.text_available) withText += 1;
        const template = templateDocuments.find((row) => row.storage_key === document.storage_key);
        // The same pages, naming the template's preview objects (shared, never copied).
        expect(await pagesOf(document.id)).toEqual(await pagesOf(template?.id as string));
      }
      expect(withText).toBeGreaterThan(0);
      expect((await readJobs()).length).toBe(jobsBefore);
    });

    it('reads no document a visitor uploads: it ends with a plain message, never an error', async () => {
      const property = ((await call(demo, 'GET', '/api/properties')) as unknown as Json[])[0];
      const registered = await uploadPdf(demo, property?.id, 'My own certificate');
      expect((await call(demo, 'GET', `/api/documents/${registered.id}/extraction`)).status).toBe('queued');
      await readUntilEnded([registered.id]);
      const reading = await call(demo, 'GET', `/api/documents/${registered.id}/extraction`);
      expect(reading).toMatchObject({
        status: 'unreadable',
        message: BUDGET_MESSAGES.demoNotRead,
        fields: [],
      });
      const pages = await t.db.db
        .selectFrom('document_pages')
        .select('page')
        .where('document_id', '=', registered.id)
        .execute();
      expect(pages).toEqual([]);
    });

    it("removes an expired demo's rows but never a preview the template still shows", async () => {
      const keys = await t.db.db
        .selectFrom('document_pages as p')
        .innerJoin('documents as d', 'd.id', 'p.document_id')
        .select('p.preview_key')
        .where('d.organization_id', '=', demo.organizationId)
        .where('p.preview_key', 'is not', null)
        .execute();
      expect(keys.length).toBeGreaterThan(0);
      await t.db.db
        .updateTable('organizations')
        .set({ created_at: new Date(Date.now() - 48 * 3600 * 1000) })
        .where('id', '=', demo.organizationId)
        .execute();
      expect(await removeExpiredDemos(t.db.db, t.store)).toBeGreaterThanOrEqual(1);
      const left = await t.db.db
        .selectFrom('documents')
        .select('id')
        .where('organization_id', '=', demo.organizationId)
        .execute();
      expect(left).toEqual([]);
      for (const { preview_key } of keys) expect(await t.store.stat(preview_key as string)).not.toBeNull();
    });
    it(
      "a demo started while a template document is being read has that copy's reading queued: it takes the template's once read",
      async () => {
        const sample = templateDocuments[0] as { id: string; organization_id: string; storage_key: string };
        // As a template made a moment ago: one of its documents queued to be read (start-up queues them).
        await t.db.db
          .transaction()
          .execute((trx) =>
            queueExtractionWithin(t.services, trx, sample.organization_id, [sample.id], { uncapped: true }),
          );
        const visitor = await startDemo(t, 'owner');
        const copy = await t.db.db
          .selectFrom('documents as d')
          .innerJoin('document_extractions as e', 'e.document_id', 'd.id')
          .select(['d.id', 'e.status'])
          .where('d.organization_id', '=', visitor.organizationId)
          .where('d.storage_key', '=', sample.storage_key)
          .executeTakeFirstOrThrow();
        // Queued with the demo, its job with it (not left to be read when opened).
        expect(copy.status).toBe('queued');
        expect((await readJobs()).filter((job) => job.document_id === copy.id)).toHaveLength(1);
        // Its job waits for the template's reading, then takes it.
        await readUntilEnded([copy.id]);
        const template = await t.db.db
          .selectFrom('document_extractions')
          .select('status')
          .where('document_id', '=', sample.id)
          .executeTakeFirstOrThrow();
        expect(['done', 'unreadable']).toContain(template.status);
        const reading = await call(visitor, 'GET', `/api/documents/${copy.id}/extraction`);
        expect(reading.status).toBe(template.status);
        expect(reading.message).not.toBe(BUDGET_MESSAGES.demoNotRead);
        const texts = (id: string) =>
          t.db.db
            .selectFrom('document_pages')
            .select(['page', 'text'])
            .where('document_id', '=', id)
            .orderBy('page')
            .execute();
        expect(await texts(copy.id)).toEqual(await texts(sample.id));
      },
      READ_TIMEOUT,
    );
  });

  describe('an organisation past its budget', () => {
    let owner: HttpOwner & { propertyId: string };

    beforeAll(async () => {
      owner = await ownerWithHome(t, origin);
    });

    it('has at most OCR_QUEUED_READINGS readings waiting at once: the next ones start an hour later, saying so', async () => {
      const registered: Json[] = [];
      for (const name of ['One', 'Two', 'Three'])
        registered.push(await uploadPdf(owner, owner.propertyId, name));
      const readings: Json[] = [];
      for (const document of registered)
        readings.push(await call(owner, 'GET', `/api/documents/${document.id}/extraction`));
      expect(readings.map((reading) => reading.status)).toEqual(['queued', 'queued', 'queued']);
      expect(readings[0]?.message).toBeNull();
      expect(readings[1]?.message).toBeNull();
      expect(readings[2]?.message).toMatch(
        /^Many of your documents are waiting to be read: this one will be read after /,
      );
      const jobs = await readJobs();
      const third = jobs.find((job) => job.document_id === registered[2]?.id);
      expect(new Date(third?.start_after as Date).getTime()).toBeGreaterThan(Date.now() + 50 * 60 * 1000);
    });

    it(
      'reads OCR_DAILY_PAGES pages a day: the next reading waits (queued, saying when), is never lost, and is read once the day has passed',
      async () => {
        const documents = await t.db.db
          .selectFrom('document_extractions')
          .innerJoin('documents', 'documents.id', 'document_extractions.document_id')
          .select('document_id')
          .where('documents.organization_id', '=', owner.organizationId)
          .orderBy('documents.created_at')
          .execute();
        const ids = documents.map((row) => row.document_id);
        expect(ids).toHaveLength(3);
        // The third's job starts in an hour (the cap): due now, for this test.
        await sql`update pgboss.job set start_after = now() where name = ${extractionReadJob.name}
          and data->>'documentId' = ${ids[2]}`.execute(t.db.db);
        await t.services.jobs.runQueued(extractionReadJob);
        const readings: Json[] = [];
        for (const id of ids) readings.push(await call(owner, 'GET', `/api/documents/${id}/extraction`));
        // Two pages a day: two one-page documents are read, the third waits for the day to pass.
        expect(readings.map((reading) => reading.status)).toEqual(['done', 'done', 'queued']);
        expect(readings[2]?.message).toMatch(
          /^Your organisation has had its 2 pages read today: this document will be read after /,
        );
        const waiting = (await readJobs()).filter(
          (job) => job.document_id === ids[2] && job.state === 'created',
        );
        expect(waiting).toHaveLength(1);
        expect(new Date(waiting[0]?.start_after as Date).getTime()).toBeGreaterThan(
          Date.now() + 23 * 3600 * 1000,
        );

        // A day later: the earlier readings have left the 24 hours, the job is due, and it reads.
        await sql`update ocr_usage set read_at = now() - interval '25 hours'
          where organization_id = ${owner.organizationId}`.execute(t.db.db);
        await sql`update pgboss.job set start_after = now() where name = ${extractionReadJob.name}
          and data->>'documentId' = ${ids[2]} and state = 'created'`.execute(t.db.db);
        await readUntilEnded([ids[2] as string]);
        expect(await call(owner, 'GET', `/api/documents/${ids[2]}/extraction`)).toMatchObject({
          status: 'done',
          message: null,
          pages_read: 1,
        });
      },
      READ_TIMEOUT,
    );

    it(
      "counts the pages of a deleted document's reading: deleting it and uploading again does not reset the day's budget; the housekeeping forgets pages after two days",
      async () => {
        const usedToday = async () =>
          Number(
            (
              await sql<{ pages: string | null }>`select sum(pages) as pages from ocr_usage
                where organization_id = ${owner.organizationId} and read_at > now() - interval '24 hours'`.execute(
                t.db.db,
              )
            ).rows[0]?.pages ?? 0,
          );
        // One page read today (the last test's third document): one more fits in the budget of two.
        expect(await usedToday()).toBe(1);
        const deleteDocument = async (id: string) => {
          const res = await owner.call('DELETE', `/api/documents/${id}`);
          expect(res.statusCode, res.body).toBe(200);
        };
        const [third] = await t.db.db
          .selectFrom('documents')
          .select('id')
          .where('organization_id', '=', owner.organizationId)
          .orderBy('created_at', 'desc')
          .limit(1)
          .execute();
        await deleteDocument(third?.id as string);
        const fourth = await uploadPdf(owner, owner.propertyId, 'Four');
        await readUntilEnded([fourth.id]);
        expect((await call(owner, 'GET', `/api/documents/${fourth.id}/extraction`)).status).toBe('done');
        await deleteDocument(fourth.id);
        expect(await usedToday()).toBe(2);

        // The same certificate uploaded again: the two pages read today still count, so it waits.
        const again = await uploadPdf(owner, owner.propertyId, 'Four');
        await t.services.jobs.runQueued(extractionReadJob);
        expect(await call(owner, 'GET', `/api/documents/${again.id}/extraction`)).toMatchObject({
          status: 'queued',
          message: expect.stringMatching(/^Your organisation has had its 2 pages read today: /),
        });

        // A day from now, the pages read yesterday (25 hours ago) are two days old: forgotten; today's kept.
        expect(await forgetOldOcrUsage(t.db.db, new Date(Date.now() + 24 * 3600 * 1000))).toBe(2);
        const left = await t.db.db
          .selectFrom('ocr_usage')
          .select('pages')
          .where('organization_id', '=', owner.organizationId)
          .execute();
        expect(left).toEqual([{ pages: 1 }, { pages: 1 }]);
      },
      READ_TIMEOUT,
    );
  });
});
