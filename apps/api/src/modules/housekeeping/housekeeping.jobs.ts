import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';
import type { AppServices } from '../../trpc/context.js';
import { deleteClosedAccounts } from '../account/closing.service.js';
import { forgetOldOcrUsage, queueDemoTemplateReadings } from '../extraction/extraction.budget.js';
import { endStuckReadings } from '../extraction/extraction.service.js';
import { houseKeep, refreshStatistics, renewDemoTemplates, sweepOrphans } from './housekeeping.service.js';

const none = z.object({}).strict();
/**
 * Each round runs alone (concurrency 1). Scheduled rounds may start a little late: their idle workers
 * ask the queue twice a minute.
 */
const POLL_SECONDS = 30;

/**
 * Every hour, at five past: sessions, dead uploads, partial files, limiter counts, spent links, private
 * demos past their 24 hours, readings stuck with no job, pages read more than two days ago; and the demo
 * templates renewed when a day old; accounts closed longer ago than their grace, deleted.
 */
export const houseKeepingJob = defineJob<Record<string, never>, AppServices>({
  name: 'housekeeping.hourly',
  data: none,
  concurrency: 1,
  cron: '5 * * * *',
  retryLimit: 2,
  pollSeconds: POLL_SECONDS,
  run: async (_data, { deps, log }) => {
    const report = await houseKeep(deps.db.db, deps.store);
    const renewed = await renewDemoTemplates(deps.db.db, deps.store);
    // Readings left queued or running with no job to run them end as failed (what waited goes on).
    const stuckReadings = await endStuckReadings(deps);
    // A new template's documents are read once here; every demo made from it copies their readings.
    const templateReadings = await queueDemoTemplateReadings(deps);
    // The pages read more than two days ago no longer count towards any budget.
    const ocrUsage = await forgetOldOcrUsage(deps.db.db);
    // Accounts closed longer ago than DELETION_GRACE_DAYS go, with their files (issue 31 §2).
    const closedAccounts = await deleteClosedAccounts(deps);
    log.info(
      { ...report, renewed, stuckReadings, templateReadings, ocrUsage, closedAccounts },
      'housekeeping done',
    );
  },
});

/** Every night at 02:30 South African time: objects nothing refers to are removed. */
export const orphanSweepJob = defineJob<Record<string, never>, AppServices>({
  name: 'housekeeping.orphans',
  data: none,
  concurrency: 1,
  cron: '30 2 * * *',
  retryLimit: 2,
  expireInSeconds: 3600,
  pollSeconds: POLL_SECONDS,
  run: async (_data, { deps, log }) => {
    const result = await sweepOrphans(deps.db.db, deps.store);
    log.info(result, 'orphan sweep done');
  },
});

/** Every ten minutes: the embedded database's vacuum and planner statistics (nothing to do on PostgreSQL). */
export const statisticsJob = defineJob<Record<string, never>, AppServices>({
  name: 'housekeeping.statistics',
  data: none,
  concurrency: 1,
  cron: '*/10 * * * *',
  retryLimit: 0,
  deleteAfterSeconds: 3600,
  pollSeconds: POLL_SECONDS,
  run: async (_data, { deps }) => {
    await refreshStatistics(deps.db, { vacuum: true });
  },
});

export const housekeepingJobs = [houseKeepingJob, orphanSweepJob, statisticsJob];
