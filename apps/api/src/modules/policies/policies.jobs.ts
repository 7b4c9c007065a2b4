import { idSchema } from '@propertydna/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';
import type { AppServices } from '../../trpc/context.js';
import { recheckCompliance } from '../compliance/compliance.jobs.js';
import { analysePolicy, markAnalysesQueued, unanalysedPolicyIds } from './policies.service.js';

/** Reads one policy's wording, stores its clauses, then rechecks its property's compliance. */
export const policyAnalysisJob = defineJob<{ organizationId: string; documentId: string }, AppServices>({
  name: 'policies.analyse',
  data: z.object({ organizationId: idSchema, documentId: idSchema }).strict(),
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 300,
  deleteAfterSeconds: 24 * 3600,
  run: async ({ organizationId, documentId }, { deps, log }) => {
    const propertyId = await analysePolicy(deps.db.db, deps.store, organizationId, documentId);
    await recheckCompliance(deps, log, organizationId, [propertyId]);
  },
});

export const policyJobs = [policyAnalysisJob];

/**
 * Queues the analysis of these policies (after they were registered, changed or asked for), marking
 * them queued first so the screen shows progress at once. Outside any transaction. Answers how many.
 */
export async function queuePolicyAnalysis(
  deps: Pick<AppServices, 'db' | 'jobs'>,
  log: FastifyBaseLogger,
  organizationId: string,
  documentIds: readonly string[],
): Promise<number> {
  const ids = await markAnalysesQueued(deps.db.db, organizationId, documentIds);
  for (const documentId of ids) {
    await deps.jobs.send(policyAnalysisJob, { organizationId, documentId }).catch((error: unknown) => {
      log.warn({ err: error, documentId }, 'policy analysis not queued');
    });
  }
  return ids.length;
}

/**
 * After documents arrived in a property in bulk (adopted from a share link): policies among them are
 * analysed, and the property's compliance is rechecked.
 */
export async function afterPropertyDocumentsChange(
  deps: Pick<AppServices, 'db' | 'jobs'>,
  log: FastifyBaseLogger,
  organizationId: string,
  propertyId: string,
): Promise<void> {
  await queuePolicyAnalysis(
    deps,
    log,
    organizationId,
    await unanalysedPolicyIds(deps.db.db, organizationId, propertyId),
  );
  await recheckCompliance(deps, log, organizationId, [propertyId]);
}
