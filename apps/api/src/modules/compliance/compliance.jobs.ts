import { idSchema, johannesburgToday } from '@propertydna/domain';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { defineJob } from '../../jobs/job-queue.js';
import type { AppServices } from '../../trpc/context.js';
import { markChecksStale, propertiesToRecheck, runComplianceCheck } from './compliance.service.js';

/** Reruns one property's compliance check (queued whenever something it reads changes). */
export const complianceRecheckJob = defineJob<{ organizationId: string; propertyId: string }, AppServices>({
  name: 'compliance.recheck',
  data: z.object({ organizationId: idSchema, propertyId: idSchema }).strict(),
  // A handful of reads and one write each: four at once keep the database busy without crowding it.
  concurrency: 4,
  retryLimit: 3,
  retryDelaySeconds: 5,
  deleteAfterSeconds: 24 * 3600,
  run: async ({ organizationId, propertyId }, { deps }) => {
    const live = await deps.db.db
      .selectFrom('properties')
      .select('id')
      .where('id', '=', propertyId)
      .where('organization_id', '=', organizationId)
      .where('archived_at', 'is', null)
      .executeTakeFirst();
    // Archived or moved since it was queued: nothing to check.
    if (live) await runComplianceCheck(deps.db.db, organizationId, propertyId);
  },
});

const BATCH = 200;

/**
 * Every night at ten past midnight South African time (and once at start): every live property whose
 * check is missing, stale or of an earlier day is checked again, so expiries that passed overnight
 * show on the cards in the morning.
 */
export const complianceDailyJob = defineJob<Record<string, never>, AppServices>({
  name: 'compliance.daily',
  data: z.object({}).strict(),
  // One round at a time: it walks every property itself.
  concurrency: 1,
  cron: '10 0 * * *',
  retryLimit: 2,
  expireInSeconds: 3600,
  pollSeconds: 30,
  run: async (_data, { deps, log }) => {
    const now = new Date();
    const today = johannesburgToday(now);
    let checked = 0;
    for (;;) {
      const due = await propertiesToRecheck(deps.db.db, today, BATCH);
      for (const property of due)
        await runComplianceCheck(deps.db.db, property.organization_id, property.id, now);
      checked += due.length;
      if (due.length < BATCH) break;
    }
    log.info({ checked }, 'compliance round done');
  },
});

export const complianceJobs = [complianceRecheckJob, complianceDailyJob];

/**
 * After a change to what a property's check reads (a document, a feature, a policy's findings, its
 * owner), inside that change's own transaction: the stored check is marked stale and a recheck is
 * queued with the queue's sendWithin, so the recheck exists if and only if the change committed (a
 * failure to queue rolls the change back). Called by the service that made the change, never by a door:
 * every door (tRPC, REST, tokens, jobs) then gets it.
 */
export async function queueComplianceRecheckWithin(
  services: Pick<AppServices, 'jobs'>,
  trx: Transaction<Database>,
  organizationId: string,
  propertyIds: readonly (string | null | undefined)[],
): Promise<void> {
  const ids = [...new Set(propertyIds.filter((id): id is string => typeof id === 'string'))];
  if (ids.length === 0) return;
  await markChecksStale(trx, ids);
  for (const propertyId of ids) {
    await services.jobs.sendWithin(trx, complianceRecheckJob, { organizationId, propertyId });
  }
}
