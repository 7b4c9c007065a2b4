import { idSchema } from '@propertydna/domain';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { defineJob } from '../../jobs/job-queue.js';
import type { AppServices } from '../../trpc/context.js';
import { analysePolicy, markAnalysesQueued, propertyPolicyIds } from './policies.service.js';

/** Reads one policy's wording, stores its clauses, and (in the same transaction) queues its property's recheck. */
export const policyAnalysisJob = defineJob<{ organizationId: string; documentId: string }, AppServices>({
  name: 'policies.analyse',
  data: z.object({ organizationId: idSchema, documentId: idSchema }).strict(),
  // Reading a PDF takes the CPU and memory: two at once, each fetched alone so a long one holds one worker.
  concurrency: 2,
  batchSize: 1,
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 300,
  deleteAfterSeconds: 24 * 3600,
  run: async ({ organizationId, documentId }, { deps }) => {
    await analysePolicy(deps, organizationId, documentId);
  },
});

export const policyJobs = [policyAnalysisJob];

/**
 * Queues the analysis of these policies inside the caller's transaction (the change that registered,
 * changed or adopted them), marking them queued so the screen shows progress at once: the jobs exist if
 * and only if that change committed. Answers how many were queued (those that are policies of a live
 * property of the organisation).
 */
export async function queuePolicyAnalysisWithin(
  services: Pick<AppServices, 'jobs'>,
  trx: Transaction<Database>,
  organizationId: string,
  documentIds: readonly string[],
): Promise<number> {
  const ids = await markAnalysesQueued(trx, organizationId, documentIds);
  for (const documentId of ids) {
    await services.jobs.sendWithin(trx, policyAnalysisJob, { organizationId, documentId });
  }
  return ids.length;
}

/** 'Analyze Policies' (POST /api/policies/analyze): queues the analysis of every policy of the property. */
export async function analysePropertyPolicies(
  services: AppServices,
  organizationId: string,
  propertyId: string,
): Promise<number> {
  const db = services.db.db;
  const ids = await propertyPolicyIds(db, organizationId, propertyId);
  if (ids.length === 0) return 0;
  return db.transaction().execute((trx) => queuePolicyAnalysisWithin(services, trx, organizationId, ids));
}

/**
 * After a document's reading is done (an afterReading hook of the extraction module, inside the
 * transaction that stores the reading): a policy whose analysis waited for the scan's text is queued
 * again, now that the text is there. Answers whether it was queued.
 */
export async function queuePolicyAnalysisAfterReading(
  services: Pick<AppServices, 'jobs'>,
  trx: Transaction<Database>,
  document: { id: string; organization_id: string; kind: string },
): Promise<boolean> {
  if (document.kind !== 'policy') return false;
  const waited = await trx
    .selectFrom('policy_analyses')
    .select('document_id')
    .where('document_id', '=', document.id)
    .where('waiting_for_reading', '=', true)
    .executeTakeFirst();
  if (!waited) return false;
  return (await queuePolicyAnalysisWithin(services, trx, document.organization_id, [document.id])) > 0;
}
