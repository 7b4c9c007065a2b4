import { pairClauseFindings } from '@propertydna/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POLICY_CLAUSE_CORPUS,
  readClauseCorpus,
} from '../../../packages/domain/src/policy-analysis/corpus-test-helpers.js';
import { complianceRecheckJob } from '../src/modules/compliance/compliance.jobs.js';
import { READING_MESSAGES, readDocument } from '../src/modules/extraction/extraction.service.js';
import { policyAnalysisJob, queuePolicyAnalysisAfterReading } from '../src/modules/policies/policies.jobs.js';
import {
  NO_TEXT_MESSAGE,
  NOT_PDF_MESSAGE,
  NOT_READ_MESSAGE,
  partialScanMessage,
  READING_SCAN_MESSAGE,
  unreadableScanMessage,
} from '../src/modules/policies/policies.service.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner } from './support/http-owner.js';
import { scanLikePdf } from './support/policy-pdf.js';

interface Finding {
  finding_type: string;
  key: string;
  page: number | null;
  excerpt: string;
}

/**
 * Scanned policies (issue 27 §4), the policies side: a policy without a text layer (a scanned PDF, a
 * photo) is analysed on the text its reading found, with the scan's page numbers; while the reading is
 * queued or running the analysis waits, saying so, and the reading's afterReading hook queues it again.
 * Here the reading's rows are written as the extraction job writes them, so each state can be set up;
 * policy-scans-ocr.test.ts reads real scans end to end.
 */
describe(`scanned policies analysed on the text read from them (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  const wording = readClauseCorpus(POLICY_CLAUSE_CORPUS).find((entry) => entry.name === 'fynbos-direct');

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function ownerWithScan(content: Buffer, contentType = 'application/pdf') {
    const owner = await httpOwner(t, origin);
    const property = await owner.call('POST', '/api/properties', {
      name: 'Fynbos House',
      address: '4 Protea Road',
      municipality: 'CPT',
      parcel_id: `P${Math.random().toString(36).slice(2, 8)}`,
      features: ['geyser', 'alarm'],
    });
    expect(property.statusCode, property.body).toBe(201);
    const propertyId = property.json().id as string;
    const policy = await owner.upload(content, contentType, {
      property_id: propertyId,
      kind: 'policy',
      metadata: { filename: 'Scanned policy' },
    });
    expect(policy.statusCode, policy.body).toBe(201);
    return { ...owner, propertyId, policyId: policy.json().id as string };
  }

  /** Where the document's reading stands, as the extraction job records it. */
  async function reading(
    owner: HttpOwner & { policyId: string },
    status: 'queued' | 'running' | 'done' | 'unreadable' | 'failed',
    message: string | null = null,
  ) {
    await t.db.db
      .insertInto('document_extractions')
      .values({ document_id: owner.policyId, organization_id: owner.organizationId, status, message })
      .onConflict((conflict) => conflict.column('document_id').doUpdateSet({ status, message }))
      .execute();
  }

  /** The reading done: its pages stored and (in the same transaction) the afterReading hook run. */
  async function readingDone(owner: HttpOwner & { policyId: string }, pages: readonly string[]) {
    return t.db.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('document_extractions')
        .set({ status: 'done', pages: pages.length, pages_read: pages.length })
        .where('document_id', '=', owner.policyId)
        .execute();
      await trx.deleteFrom('document_pages').where('document_id', '=', owner.policyId).execute();
      await trx
        .insertInto('document_pages')
        .values(
          pages.map((text, index) => ({
            document_id: owner.policyId,
            page: index + 1,
            source: 'ocr' as const,
            width: 2480,
            height: 3508,
            text,
            lines: JSON.stringify([]),
          })),
        )
        .execute();
      return queuePolicyAnalysisAfterReading(t.services, trx, {
        id: owner.policyId,
        organization_id: owner.organizationId,
        kind: 'policy',
      });
    });
  }

  const analyses = async (owner: HttpOwner & { propertyId: string }) =>
    (await owner.call('GET', `/api/policies/analyses?propertyId=${owner.propertyId}`)).json();

  it('waits for the reading of a scanned PDF, then finds its clauses on the pages of the scan', async () => {
    if (!wording) throw new Error('the corpus has no fynbos-direct wording');
    const owner = await ownerWithScan(Buffer.from(await scanLikePdf()));
    await reading(owner, 'running');
    expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(1);
    // No text layer, the reading under way: the analysis waits, queued, and says why.
    expect(await analyses(owner)).toEqual([
      expect.objectContaining({ state: 'queued', error: READING_SCAN_MESSAGE }),
    ]);
    expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(0);

    // The reading done: its hook queues the analysis that waited, which reads the scan's pages.
    expect(await readingDone(owner, wording.pages)).toBe(true);
    expect(await analyses(owner)).toEqual([expect.objectContaining({ state: 'queued', error: null })]);
    expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(1);
    expect(await analyses(owner)).toEqual([
      expect.objectContaining({ state: 'done', pages: wording.pages.length, error: null }),
    ]);
    const findings: Finding[] = (
      await owner.call('GET', `/api/policies/findings?propertyId=${owner.propertyId}`)
    ).json();
    const paired = pairClauseFindings(findings as never, wording.labels);
    wording.labels.forEach((label, index) => {
      expect(paired.includes(index), `${label.finding_type} "${label.quote}"`).toBe(true);
    });
    // Its conditions count in the check like a text PDF's.
    await t.services.jobs.runQueued(complianceRecheckJob);
    const check = (await owner.call('GET', `/api/properties/${owner.propertyId}/policy-check`)).json();
    expect(
      check.findings.find((f: { rule: string }) => f.rule === 'policy_condition.geyser_sans_10254'),
    ).toMatchObject({ type: 'gap', context: 'insurance' });

    // A reading done again (read once more) queues nothing: the analysis did not wait.
    expect(await readingDone(owner, wording.pages)).toBe(false);
  });

  it('a photo of a policy is read the same way, its pages numbered as the reading numbered them', async () => {
    if (!wording) throw new Error('the corpus has no fynbos-direct wording');
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 7)]);
    const owner = await ownerWithScan(jpeg, 'image/jpeg');
    // Read before the analysis ran (its hook found nothing waiting): the analysis reads the text at once.
    await reading(owner, 'queued');
    // The photo is of the wording's second page (its exclusions): page 1 of the photo.
    expect(await readingDone(owner, [wording.pages[1] ?? ''])).toBe(false);
    expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(1);
    expect(await analyses(owner)).toEqual([expect.objectContaining({ state: 'done', pages: 1 })]);
    const findings: Finding[] = (
      await owner.call('GET', `/api/policies/findings?propertyId=${owner.propertyId}`)
    ).json();
    expect(findings).toContainEqual(expect.objectContaining({ key: 'wear_and_tear', page: 1 }));
    expect(findings.every((finding) => finding.page === 1)).toBe(true);
  });

  it('stays no_text, saying so, for a scan the reading could not read or found no text in', async () => {
    const unreadable = await ownerWithScan(Buffer.from(await scanLikePdf()));
    const why = 'The image is too large to read (60000 × 60000 pixels)';
    await reading(unreadable, 'unreadable', why);
    await t.services.jobs.runQueued(policyAnalysisJob);
    expect(await analyses(unreadable)).toEqual([
      expect.objectContaining({ state: 'no_text', error: unreadableScanMessage(why) }),
    ]);
    expect(unreadableScanMessage(why)).toContain('(The image is too large to read (60000 × 60000 pixels))');
    // The check says the wording could not be read, and why.
    await t.services.jobs.runQueued(complianceRecheckJob);
    const check = (
      await unreadable.call('GET', `/api/properties/${unreadable.propertyId}/policy-check`)
    ).json();
    expect(check.findings.find((f: { rule: string }) => f.rule === 'policy_wording.insurance')).toMatchObject(
      { type: 'unknown', description: expect.stringContaining('could not be read') },
    );

    const blank = await ownerWithScan(Buffer.from(await scanLikePdf()));
    await reading(blank, 'running');
    await readingDone(blank, ['', '~ .']);
    await t.services.jobs.runQueued(policyAnalysisJob);
    expect(await analyses(blank)).toEqual([
      expect.objectContaining({ state: 'no_text', pages: 2, error: NO_TEXT_MESSAGE }),
    ]);

    const failed = await ownerWithScan(Buffer.from(await scanLikePdf()));
    await reading(failed, 'failed', null);
    await t.services.jobs.runQueued(policyAnalysisJob);
    expect(await analyses(failed)).toEqual([
      expect.objectContaining({ state: 'no_text', error: unreadableScanMessage(null) }),
    ]);
  });

  it('a reading that fails on its last try ends the wait: the analysis says the scan could not be read', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(400, 3),
    ]);
    const owner = await ownerWithScan(png, 'image/png');
    expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(1);
    expect(await analyses(owner)).toEqual([
      expect.objectContaining({ state: 'queued', error: READING_SCAN_MESSAGE }),
    ]);
    // Its file lost from the store: every try of the reading throws.
    const { storage_key } = await t.db.db
      .selectFrom('documents')
      .select('storage_key')
      .where('id', '=', owner.policyId)
      .executeTakeFirstOrThrow();
    await t.store.remove(storage_key);
    await expect(readDocument(t.services, owner.policyId, { lastTry: false })).rejects.toThrow();
    // A retry to come: the analysis still waits.
    expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(0);
    await expect(readDocument(t.services, owner.policyId, { lastTry: true })).rejects.toThrow();
    expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(1);
    expect(await analyses(owner)).toEqual([
      expect.objectContaining({ state: 'no_text', error: unreadableScanMessage(READING_MESSAGES.failed) }),
    ]);
  });

  it('a scan never read (uploaded before documents were read) is read now, its analysis waiting for it; other files are not read', async () => {
    if (!wording) throw new Error('the corpus has no fynbos-direct wording');
    const old = await ownerWithScan(Buffer.from(await scanLikePdf()));
    await t.db.db.deleteFrom('document_extractions').where('document_id', '=', old.policyId).execute();
    await t.services.jobs.runQueued(policyAnalysisJob);
    // Not "upload it again": its reading is queued, and the analysis waits for it.
    expect(await analyses(old)).toEqual([
      expect.objectContaining({ state: 'queued', error: READING_SCAN_MESSAGE }),
    ]);
    expect(await analyses(old)).not.toEqual([expect.objectContaining({ error: NOT_READ_MESSAGE })]);
    const queued = await t.db.db
      .selectFrom('document_extractions')
      .select('status')
      .where('document_id', '=', old.policyId)
      .executeTakeFirst();
    expect(queued?.status).toBe('queued');
    const jobs = await sql<{
      n: number;
    }>`select count(*)::int as n from pgboss.job where name = 'extraction.read' and state = 'created' and data->>'documentId' = ${old.policyId}`.execute(
      t.db.db,
    );
    expect(jobs.rows[0]?.n).toBeGreaterThanOrEqual(1);
    // The reading done, the analysis that waited goes on.
    expect(await readingDone(old, wording.pages)).toBe(true);
    expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(1);
    expect(await analyses(old)).toEqual([expect.objectContaining({ state: 'done', error: null })]);

    const text = await ownerWithScan(Buffer.from('Policy schedule, typed out.'), 'text/plain');
    await t.services.jobs.runQueued(policyAnalysisJob);
    expect(await analyses(text)).toEqual([
      expect.objectContaining({ state: 'no_text', error: NOT_PDF_MESSAGE }),
    ]);
  });

  it('a scan read only in part (its page limit) is analysed from the pages read, and says what is missing', async () => {
    if (!wording) throw new Error('the corpus has no fynbos-direct wording');
    const owner = await ownerWithScan(Buffer.from(await scanLikePdf()));
    await reading(owner, 'running');
    await t.services.jobs.runQueued(policyAnalysisJob);
    const message = 'Only the first 2 pages were read (the page limit)';
    await t.db.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('document_extractions')
        .set({ page_limit_reached: true, message })
        .where('document_id', '=', owner.policyId)
        .execute();
    });
    expect(await readingDone(owner, wording.pages)).toBe(true);
    // readingDone stores pages = pages read; the document has more.
    await t.db.db
      .updateTable('document_extractions')
      .set({ pages: wording.pages.length + 30 })
      .where('document_id', '=', owner.policyId)
      .execute();
    expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(1);
    const [analysis] = await analyses(owner);
    expect(analysis).toMatchObject({
      state: 'done',
      pages: wording.pages.length,
      error: partialScanMessage(wording.pages.length, wording.pages.length + 30, message),
    });
    expect(analysis.error).toContain(
      `Only ${wording.pages.length} of this scan’s ${wording.pages.length + 30} pages were read`,
    );
    expect(analysis.error).toContain('exclusions among them, are not in this analysis');
  });
});
