import { pairClauseFindings } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POLICY_CLAUSE_CORPUS,
  readClauseCorpus,
} from '../../../packages/domain/src/policy-analysis/corpus-test-helpers.js';
import { queueDemoTemplateReadings } from '../src/modules/extraction/extraction.budget.js';
import { extractionReadJob } from '../src/modules/extraction/extraction.jobs.js';
import { policyAnalysisJob } from '../src/modules/policies/policies.jobs.js';
import {
  analysePolicyBeforeStart,
  READING_SCAN_MESSAGE,
  unreadableScanMessage,
} from '../src/modules/policies/policies.service.js';
import { recordStoredObject } from '../src/storage/stored-objects.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner } from './support/http-owner.js';
import { scanLikePdf, scannedPdfOf } from './support/policy-pdf.js';

interface Finding {
  finding_type: string;
  key: string;
  page: number | null;
  excerpt: string;
}

/** OCR of a few pages on a busy 2-core machine: far above what a passing run needs. */
const OCR_TIMEOUT_MS = 240_000;

/**
 * Scanned policies read end to end (issue 27 §4): a policy PDF of page images only (pdf-lib pages of
 * clause text rendered by mupdf and put back as images) is registered, its reading (the real reader:
 * tesseract.js) finds its text, and the policy analysis that waited for it finds the clauses on the
 * pages of the scan; the vault's search finds it by a word only the scan's text holds. A scan with no
 * text stays no_text, saying why.
 */
describe(`scanned policies read by OCR and analysed (${databaseKind})`, () => {
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

  async function ownerWithScan(pdf: Uint8Array) {
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
    const policy = await owner.upload(Buffer.from(pdf), 'application/pdf', {
      property_id: propertyId,
      kind: 'policy',
      metadata: { filename: 'Scanned policy.pdf' },
    });
    expect(policy.statusCode, policy.body).toBe(201);
    return { ...owner, propertyId, policyId: policy.json().id as string };
  }

  const analyses = async (owner: HttpOwner & { propertyId: string }) =>
    (await owner.call('GET', `/api/policies/analyses?propertyId=${owner.propertyId}`)).json();

  it(
    'a 2-page scanned policy: the analysis waits for the reading, then finds its clauses on the scan’s pages',
    async () => {
      if (!wording) throw new Error('the corpus has no fynbos-direct wording');
      // The wording's exclusions (its page 2) and conditions (its page 3), as a 2-page scan.
      const [, exclusions, conditions] = wording.pages;
      const owner = await ownerWithScan(await scannedPdfOf([exclusions ?? '', conditions ?? '']));

      // Registering queued both; the analysis runs first, finds no text layer and waits for the reading.
      expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(1);
      expect(await analyses(owner)).toEqual([
        expect.objectContaining({ state: 'queued', error: READING_SCAN_MESSAGE }),
      ]);
      // The reading (OCR) ends done, and queues the analysis that waited.
      expect(await t.services.jobs.runQueued(extractionReadJob)).toBe(1);
      const reading = (await owner.call('GET', `/api/documents/${owner.policyId}/extraction`)).json();
      expect(reading).toMatchObject({ status: 'done', pages: 2, pages_read: 2, text_available: true });
      expect(await analyses(owner)).toEqual([expect.objectContaining({ state: 'queued', error: null })]);
      expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(1);
      expect(await analyses(owner)).toEqual([
        expect.objectContaining({ state: 'done', pages: 2, error: null }),
      ]);

      const findings: Finding[] = (
        await owner.call('GET', `/api/policies/findings?propertyId=${owner.propertyId}`)
      ).json();
      const found = (type: string, key: string) =>
        findings.find((finding) => finding.finding_type === type && finding.key === key);
      // On the pages of the scan: the exclusions (the wording's page 2) on its page 1, the conditions
      // and endorsements (the wording's page 3) on its page 2; every clause found is on its page.
      expect(found('exclusion', 'wear_and_tear')).toMatchObject({ page: 1 });
      expect(found('maintenance', 'geyser_sans_10254')).toMatchObject({
        page: 2,
        excerpt: expect.stringMatching(/SANS\s*10254/),
      });
      expect(found('maintenance', 'roof_maintained')).toMatchObject({ page: 2 });
      // The clauses the two pages hold, found on their pages of the scan as the text PDF's are: OCR may
      // garble a quote's words (a miss here, not a wrong class), so the scan is held to the issue's
      // held-out targets (precision 0.9, recall 0.85), not to every clause.
      const labelled = wording.labels
        .filter((label) => label.pages.some((page) => page === 2 || page === 3))
        .map((label) => ({ ...label, pages: label.pages.map((page) => page - 1) }));
      const paired = pairClauseFindings(findings as never, labelled);
      const missed = labelled.filter((_, index) => !paired.includes(index)).map((label) => label.quote);
      const extra = findings.filter((_, index) => paired[index] === -1).map((finding) => finding.excerpt);
      const right = findings.length - extra.length;
      expect(labelled.length).toBeGreaterThan(10);
      expect(right / labelled.length, `missed: ${missed.join(' | ')}`).toBeGreaterThanOrEqual(0.85);
      expect(right / findings.length, `extra: ${extra.join(' | ')}`).toBeGreaterThanOrEqual(0.9);

      // The vault's search finds the scan by words only its read text holds.
      const search = await owner.call('GET', '/api/documents?q=landslip');
      expect(search.json().map((document: { id: string }) => document.id)).toEqual([owner.policyId]);
    },
    OCR_TIMEOUT_MS,
  );

  it(
    'a demo seed’s scanned policy, analysed before start-up, waits for its reading (never “upload it again”), is read once the queue runs and analysed on the scan’s pages',
    async () => {
      if (!wording) throw new Error('the corpus has no fynbos-direct wording');
      // As the owner demo's template is seeded: a policy stored and inserted directly, nothing queued.
      const owner = await httpOwner(t, origin);
      const property = await owner.call('POST', '/api/properties', {
        name: 'Demo House',
        address: '4 Protea Road',
        municipality: 'CPT',
        parcel_id: `P${Math.random().toString(36).slice(2, 8)}`,
      });
      expect(property.statusCode, property.body).toBe(201);
      const propertyId = property.json().id as string;
      const stored = await t.store.putObject(
        Buffer.from(await scannedPdfOf([wording.pages[1] ?? ''])),
        'application/pdf',
      );
      const policyId = await t.db.db.transaction().execute(async (trx) => {
        await recordStoredObject(trx, stored.key);
        const row = await trx
          .insertInto('documents')
          .values({
            organization_id: owner.organizationId,
            property_id: propertyId,
            kind: 'policy',
            name: 'Scanned policy.pdf',
            storage_key: stored.key,
            sha256: stored.sha256,
            bytes: stored.bytes,
            content_type: 'application/pdf',
            source: 'owner_upload',
            metadata: JSON.stringify({}),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      await analysePolicyBeforeStart(t.db.db, t.store, owner.organizationId, policyId);
      const seeded = { ...owner, propertyId };
      expect(await analyses(seeded)).toEqual([
        expect.objectContaining({ state: 'queued', error: READING_SCAN_MESSAGE }),
      ]);
      expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(0);
      // The seed finishes the template; once the queue runs (start-up) the template's documents are read.
      await t.db.db
        .updateTable('organizations')
        .set({ is_demo: true, demo_template: 'owner' })
        .where('id', '=', owner.organizationId)
        .execute();
      expect(await queueDemoTemplateReadings(t.services)).toBe(1);
      expect(await t.services.jobs.runQueued(extractionReadJob)).toBe(1);
      expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(1);
      expect(await analyses(seeded)).toEqual([
        expect.objectContaining({ state: 'done', pages: 1, error: null }),
      ]);
      const findings: Finding[] = (
        await owner.call('GET', `/api/policies/findings?propertyId=${propertyId}`)
      ).json();
      expect(findings.find((finding) => finding.key === 'wear_and_tear')).toMatchObject({
        finding_type: 'exclusion',
        page: 1,
      });
    },
    OCR_TIMEOUT_MS,
  );

  it(
    'a scan with no text in it stays no_text, with the reading’s reason',
    async () => {
      const owner = await ownerWithScan(await scanLikePdf());
      expect(await t.services.jobs.runQueued(extractionReadJob)).toBe(1);
      const reading = (await owner.call('GET', `/api/documents/${owner.policyId}/extraction`)).json();
      expect(reading.status).toBe('unreadable');
      expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(1);
      expect(await analyses(owner)).toEqual([
        expect.objectContaining({ state: 'no_text', error: unreadableScanMessage(reading.message) }),
      ]);
      // Nothing waits: no analysis is queued again.
      expect(await t.services.jobs.runQueued(policyAnalysisJob)).toBe(0);
    },
    OCR_TIMEOUT_MS,
  );
});
