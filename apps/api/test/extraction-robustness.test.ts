import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OCR_TIME_LIMIT_MAX_SECONDS, parseEnv } from '../src/env.js';
import { BUDGET_MESSAGES, readWithinBudget } from '../src/modules/extraction/extraction.budget.js';
import { READ_JOB_EXPIRY_SECONDS } from '../src/modules/extraction/extraction.jobs.js';
import {
  endStuckReadings,
  READ_AGAIN_AFTER_MS,
  READING_MESSAGES,
  readDocument,
  STUCK_READING_AFTER_MS,
} from '../src/modules/extraction/extraction.service.js';
import { COC_LINES, textPdf } from '../src/modules/extraction/reader/test-images.js';
import { moveProperty } from '../src/modules/properties/move-property.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import {
  ownerWithHome,
  readingOf,
  readUntilAllEnded,
  readUntilEnded,
  supplierWithReport,
} from './support/extraction.js';
import { type HttpOwner, httpOwner } from './support/http-owner.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read the JSON they expect
type Json = Record<string, any>;

const READ_TIMEOUT = 120_000;

/**
 * Readings that cannot stay stuck (review defects 3, 7, 9): a reading left queued or running with no job
 * ends (housekeeping) or is read again (when opened); a failed one is read again after a while; a job run
 * again after its reading was stored leaves what a person confirmed; a confirmation answers 404 once the
 * document is no longer the organisation's; the time limit stays below the job's expiry.
 */
describe(`readings that cannot stay stuck (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  let pdf: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    // A one-page certificate with a text layer (read without OCR).
    pdf = await textPdf([COC_LINES]);
  });
  afterAll(async () => {
    await t.close();
  });

  async function ownerWithDocument() {
    const owner = await ownerWithHome(t, origin);
    const propertyId = owner.propertyId;
    const res = await owner.upload(pdf, 'application/pdf', {
      property_id: propertyId,
      kind: 'certificate',
      name: 'coc.pdf',
    });
    expect(res.statusCode, res.body).toBe(201);
    return { ...owner, propertyId, documentId: res.json().id as string };
  }

  const extraction = readingOf;
  const readAll = (owner: HttpOwner, id: string) => readUntilEnded(t, owner, id, READ_TIMEOUT);

  /** The document's reading jobs still to run (created, due again, or running). */
  const liveJobs = async (documentId: string) =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from pgboss.job where name = 'extraction.read' and state in ('created', 'retry', 'active') and data->>'documentId' = ${documentId}`.execute(
        t.db.db,
      )
    ).rows[0]?.n;

  /** As when the process died on the last try: the queue expired the job (failed) without running it. */
  async function loseJob(documentId: string, status: 'queued' | 'running', ago: number) {
    await sql`update pgboss.job set state = 'failed' where name = 'extraction.read' and data->>'documentId' = ${documentId}`.execute(
      t.db.db,
    );
    await t.db.db
      .updateTable('document_extractions')
      .set({ status, updated_at: new Date(Date.now() - ago) })
      .where('document_id', '=', documentId)
      .execute();
  }

  const status = async (documentId: string) =>
    await t.db.db
      .selectFrom('document_extractions')
      .select(['status', 'message', 'fields', 'confirmed_at'])
      .where('document_id', '=', documentId)
      .executeTakeFirstOrThrow();

  it(
    'housekeeping ends a reading left running with no job as failed; one with a live job, or recent, is left',
    async () => {
      const lost = await ownerWithDocument();
      const waiting = await ownerWithDocument();
      const recent = await ownerWithDocument();
      await loseJob(lost.documentId, 'running', STUCK_READING_AFTER_MS + 60_000);
      await loseJob(recent.documentId, 'running', 1000);
      // Queued long ago but its job still waits its turn: not stuck.
      await t.db.db
        .updateTable('document_extractions')
        .set({ updated_at: new Date(Date.now() - 3 * STUCK_READING_AFTER_MS) })
        .where('document_id', '=', waiting.documentId)
        .execute();
      expect(await liveJobs(waiting.documentId)).toBe(1);

      expect(await endStuckReadings(t.services)).toBe(1);
      expect(await status(lost.documentId)).toMatchObject({
        status: 'failed',
        message: READING_MESSAGES.failed,
      });
      expect((await status(waiting.documentId)).status).toBe('queued');
      expect((await status(recent.documentId)).status).toBe('running');
      expect(await endStuckReadings(t.services)).toBe(0);
      // The one that waited its turn is read (the file's first reading: the reader's workers start).
      expect((await readAll(waiting, waiting.documentId)).status).toBe('done');
    },
    READ_TIMEOUT,
  );

  it('opening a stuck reading reads it again; a failed one is read again only after a while', async () => {
    const stuck = await ownerWithDocument();
    await loseJob(stuck.documentId, 'queued', STUCK_READING_AFTER_MS + 60_000);
    expect(await liveJobs(stuck.documentId)).toBe(0);
    expect((await extraction(stuck, stuck.documentId)).status).toBe('queued');
    expect(await liveJobs(stuck.documentId)).toBe(1);
    // Opened again at once: one job, not two.
    await extraction(stuck, stuck.documentId);
    expect(await liveJobs(stuck.documentId)).toBe(1);
    expect((await readAll(stuck, stuck.documentId)).status).toBe('done');

    const failed = await ownerWithDocument();
    await sql`update pgboss.job set state = 'failed' where name = 'extraction.read' and data->>'documentId' = ${failed.documentId}`.execute(
      t.db.db,
    );
    const failAt = async (ago: number) =>
      t.db.db
        .updateTable('document_extractions')
        .set({ status: 'failed', message: READING_MESSAGES.failed, updated_at: new Date(Date.now() - ago) })
        .where('document_id', '=', failed.documentId)
        .execute();
    await failAt(60_000);
    expect((await extraction(failed, failed.documentId)).status).toBe('failed');
    expect(await liveJobs(failed.documentId)).toBe(0);
    await failAt(READ_AGAIN_AFTER_MS + 60_000);
    expect((await extraction(failed, failed.documentId)).status).toBe('queued');
    const read = await readAll(failed, failed.documentId);
    expect(read).toMatchObject({ status: 'done', message: null });
    expect(read.fields.length).toBeGreaterThan(0);
  });

  it('a job run again after its reading was stored leaves the reading and its confirmations alone', async () => {
    const owner = await ownerWithDocument();
    const read = await readAll(owner, owner.documentId);
    expect(read.status).toBe('done');
    const first = read.fields[0];
    const confirmed = await owner.call('POST', `/api/documents/${owner.documentId}/extraction/confirm`, {
      fields: { [first.name]: first.value },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const before = await status(owner.documentId);
    expect(before.confirmed_at).not.toBeNull();
    // The same job delivered again (a queue redelivery): it claims nothing.
    await readDocument(t.services, owner.documentId, { lastTry: false });
    const after = await status(owner.documentId);
    expect(after).toEqual(before);
    expect(after.fields.find((field) => field.name === first.name)?.state).toBe('confirmed');
  });

  it('a confirmation after the property moved to another organisation answers 404; the move marks the reading changed', async () => {
    const owner = await ownerWithDocument();
    const buyer = await httpOwner(t, origin);
    const read = await readAll(owner, owner.documentId);
    expect(read.status).toBe('done');
    const before = await t.db.db
      .selectFrom('document_extractions')
      .select('updated_at')
      .where('document_id', '=', owner.documentId)
      .executeTakeFirstOrThrow();
    await t.db.db
      .transaction()
      .execute((trx) =>
        moveProperty(trx, owner.propertyId, owner.organizationId, buyer.organizationId, new Date()),
      );
    const after = await t.db.db
      .selectFrom('document_extractions')
      .select(['updated_at', 'organization_id', 'confirmed_at'])
      .where('document_id', '=', owner.documentId)
      .executeTakeFirstOrThrow();
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime());
    const first = read.fields[0];
    const res = await owner.call('POST', `/api/documents/${owner.documentId}/extraction/confirm`, {
      fields: { [first.name]: first.value },
    });
    expect(res.statusCode, res.body).toBe(404);
    const unchanged = await status(owner.documentId);
    expect(unchanged.confirmed_at).toBeNull();
    // The buyer can.
    const theirs = await buyer.call('POST', `/api/documents/${owner.documentId}/extraction/confirm`, {
      fields: { [first.name]: first.value },
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
  });

  /** Pages the organisation had read (its OCR budget's rows). */
  const pagesReadBy = async (organizationId: string) =>
    (
      await t.db.db
        .selectFrom('ocr_usage')
        .select('pages')
        .where('organization_id', '=', organizationId)
        .execute()
    )
      .map((row) => row.pages)
      .reduce((sum, pages) => sum + pages, 0);

  const readAllDue = (documentIds: readonly string[]) => readUntilAllEnded(t, documentIds, READ_TIMEOUT);

  /** An owner adopts a supplier's shared report: the copy's id. */
  async function adoptReport(token: string) {
    const owner = await ownerWithHome(t, origin);
    const adopted = await owner.call('POST', `/api/share/${token}/adopt`, { property_id: owner.propertyId });
    expect(adopted.statusCode, adopted.body).toBe(200);
    const [copy] = (await owner.call('GET', '/api/documents')).json() as Json[];
    return { owner, copyId: copy?.id as string };
  }

  it("a copy adopted while its original is still being read is queued, waits for the original's reading and takes it (nothing read twice)", async () => {
    const { supplier, reportId, share } = await supplierWithReport(t, origin);
    expect((await extraction(supplier, reportId)).status).toBe('queued');
    const { owner, copyId } = await adoptReport(await share());
    // Not left without a reading: queued in the adoption's transaction, with its job.
    expect(await extraction(owner, copyId)).toMatchObject({ status: 'queued', fields: [] });
    expect(await liveJobs(copyId)).toBe(1);
    // Its job, run before the original's: it waits (the original is due now), saying so.
    expect(await readWithinBudget(t.services, copyId)).toBe(true);
    expect(await extraction(owner, copyId)).toMatchObject({
      status: 'queued',
      message: BUDGET_MESSAGES.waitingForOriginal,
    });
    // It looks again in 15 minutes at the latest; the original's end wakes it at once, in the reading's
    // transaction: a job due now, beside the one that waits.
    const dueNow = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'extraction.read'
          and state in ('created', 'retry') and data->>'documentId' = ${copyId} and start_after <= now()`.execute(
          t.db.db,
        )
      ).rows[0]?.n;
    const before = await dueNow();
    await readDocument(t.services, reportId, { lastTry: false });
    expect((await extraction(supplier, reportId)).status).toBe('done');
    expect(await dueNow()).toBe((before ?? 0) + 1);
    await readAllDue([reportId, copyId]);
    const original = await extraction(supplier, reportId);
    expect(original.status).toBe('done');
    const copy = await extraction(owner, copyId);
    expect(copy).toMatchObject({
      status: 'done',
      message: original.message,
      pages: original.pages,
      pages_read: original.pages_read,
      text_available: true,
    });
    expect(copy.fields).toEqual(original.fields.map((f: Json) => ({ ...f, state: 'proposed' })));
    // Read once, by the supplier: the owner's budget is untouched.
    expect(await pagesReadBy(supplier.organizationId)).toBe(original.pages_read);
    expect(await pagesReadBy(owner.organizationId)).toBe(0);
  });

  it("a copy adopted after its original's reading failed reads itself, counted in its owner's budget", async () => {
    const { supplier, reportId, share } = await supplierWithReport(t, origin);
    await loseJob(reportId, 'queued', STUCK_READING_AFTER_MS + 60_000);
    expect(await endStuckReadings(t.services)).toBeGreaterThanOrEqual(1);
    expect((await extraction(supplier, reportId)).status).toBe('failed');
    const { owner, copyId } = await adoptReport(await share());
    expect((await extraction(owner, copyId)).status).toBe('queued');
    await readAllDue([copyId]);
    const copy = await extraction(owner, copyId);
    expect(copy).toMatchObject({ status: 'done', text_available: true });
    expect(copy.pages_read).toBeGreaterThan(0);
    expect(await pagesReadBy(owner.organizationId)).toBe(copy.pages_read);
    expect((await extraction(supplier, reportId)).status).toBe('failed');
  });

  it("a document whose property moved while its reading was queued is read for the buyer, in the buyer's budget", async () => {
    const seller = await ownerWithDocument();
    const buyer = await httpOwner(t, origin);
    await t.db.db
      .transaction()
      .execute((trx) =>
        moveProperty(trx, seller.propertyId, seller.organizationId, buyer.organizationId, new Date()),
      );
    await readAllDue([seller.documentId]);
    expect((await extraction(buyer, seller.documentId)).status).toBe('done');
    expect(await pagesReadBy(buyer.organizationId)).toBe(1);
    expect(await pagesReadBy(seller.organizationId)).toBe(0);
  });

  it('the reading time limit stays below its job expiry', () => {
    expect(OCR_TIME_LIMIT_MAX_SECONDS).toBeLessThan(READ_JOB_EXPIRY_SECONDS);
    expect(() => parseEnv({ OCR_TIME_LIMIT_SECONDS: String(OCR_TIME_LIMIT_MAX_SECONDS + 1) })).toThrow(
      /OCR_TIME_LIMIT_SECONDS/,
    );
    expect(
      parseEnv({ OCR_TIME_LIMIT_SECONDS: String(OCR_TIME_LIMIT_MAX_SECONDS) }).OCR_TIME_LIMIT_SECONDS,
    ).toBe(OCR_TIME_LIMIT_MAX_SECONDS);
  });

  it('the OpenAPI names the answers of the extraction routes: 404 and 409 beside the generic 4XX', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Json;
    const confirm = paths['/api/documents/{id}/extraction/confirm'].post.responses;
    expect(Object.keys(confirm)).toEqual(expect.arrayContaining(['200', '400', '404', '409']));
    expect(confirm['409'].description).toMatch(/not been read yet/);
    expect(Object.keys(paths['/api/documents/{id}/extraction'].get.responses)).toContain('404');
    const preview = paths['/api/documents/{id}/extraction/pages/{page}'].get.responses;
    expect(preview['404'].description).toMatch(/no preview of this page/);
  });
});
