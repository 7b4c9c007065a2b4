import { randomUUID } from 'node:crypto';
import { idSchema } from '@propertydna/domain';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { defineJob } from '../../jobs/job-queue.js';
import type { AppServices } from '../../trpc/context.js';
import { setScanReading } from '../policies/policies.service.js';
import { BUDGET_MESSAGES, queuedCapStart, queuedReadings, readWithinBudget } from './extraction.budget.js';
import { readDocument } from './extraction.service.js';

/** Retries after a reading's first failure; after the last, the reading is `failed` with a plain message. */
export const READ_RETRY_LIMIT = 2;
/** How long one try of a reading may run before the queue counts it lost (its process died). */
export const READ_JOB_EXPIRY_SECONDS = 30 * 60;

/**
 * Reads one document (its text layer, or OCR of its pages), stores its pages and previews and the fields
 * the rules propose. Bulk work on a queue of its own: one at a time in a process (the reader's worker
 * pool is the CPU's), fetched alone, so urgent work (mail, rechecks) never waits behind a long scan.
 */
export const extractionReadJob = defineJob<{ organizationId: string; documentId: string }, AppServices>({
  name: 'extraction.read',
  data: z.object({ organizationId: idSchema, documentId: idSchema }).strict(),
  concurrency: 1,
  batchSize: 1,
  retryLimit: READ_RETRY_LIMIT,
  retryDelaySeconds: 30,
  // The reader stops itself at OCR_TIME_LIMIT_SECONDS (default 5 minutes, at most OCR_TIME_LIMIT_MAX_SECONDS,
  // well below this); this only catches a lost run (the housekeeping ends a reading left without a job).
  expireInSeconds: READ_JOB_EXPIRY_SECONDS,
  deleteAfterSeconds: 24 * 3600,
  run: async ({ documentId }, { deps, retryCount }) => {
    // A copy's reading is its original's; an organisation past its day's pages waits.
    if (await readWithinBudget(deps, documentId)) return;
    await readDocument(deps, documentId, { lastTry: retryCount >= READ_RETRY_LIMIT });
  },
});

export const extractionJobs = [extractionReadJob];

// An older scanned policy's analysis has its scan read (and waits for it) instead of asking for an upload.
setScanReading((services, trx, organizationId, documentId) =>
  queueExtractionWithin(services, trx, organizationId, [documentId], { onlyUnread: true }),
);

/**
 * Queues the reading of these documents inside the caller's transaction (the one that registers them):
 * each gets its reading row as `queued` (the screen shows it at once) and its job, both if and only if
 * that transaction commits. A document read before is read again from scratch, unless `onlyUnread`
 * (a document with a reading of its own keeps it: the lazy first reading of an older document). Past
 * OCR_QUEUED_READINGS waiting, a reading starts later (extraction.budget.ts), unless `uncapped` (a demo
 * template's, read once for every demo).
 */
export async function queueExtractionWithin(
  services: Pick<AppServices, 'jobs' | 'env'>,
  trx: Transaction<Database>,
  organizationId: string,
  documentIds: readonly string[],
  { onlyUnread = false, uncapped = false }: { onlyUnread?: boolean; uncapped?: boolean } = {},
): Promise<void> {
  if (documentIds.length === 0) return;
  const now = new Date();
  // Past the organisation's cap of waiting readings, a new one starts later (others' go first).
  const ahead = uncapped ? 0 : await queuedReadings(trx, organizationId);
  const queued = await trx
    .insertInto('document_extractions')
    .values(
      documentIds.map((document_id) => ({ document_id, organization_id: organizationId, status: 'queued' })),
    )
    .onConflict((conflict) =>
      onlyUnread
        ? conflict.column('document_id').doNothing()
        : conflict.column('document_id').doUpdateSet({
            status: 'queued',
            pages_read: 0,
            message: null,
            started_at: null,
            finished_at: null,
            updated_at: new Date(),
          }),
    )
    .returning('document_id')
    .execute();
  const jobs = queued.map(({ document_id }, index) => ({
    id: randomUUID(),
    data: { organizationId, documentId: document_id },
    startAfter: uncapped
      ? undefined
      : (queuedCapStart(ahead + index, services.env.OCR_QUEUED_READINGS, now) ?? undefined),
  }));
  for (const job of jobs) {
    if (!job.startAfter) continue;
    await trx
      .updateTable('document_extractions')
      .set({ message: BUDGET_MESSAGES.manyQueued(job.startAfter) })
      .where('document_id', '=', job.data.documentId)
      .execute();
  }
  await services.jobs.sendManyWithin(trx, extractionReadJob, jobs);
}
