import type { AnyJobDefinition } from './jobs/job-queue.js';
import { mailJobs } from './mail/mail-job.js';
import { accountExportJobs } from './modules/account/export.jobs.js';
import { complianceJobs } from './modules/compliance/compliance.jobs.js';
import { extractionJobs } from './modules/extraction/extraction.jobs.js';
import { housekeepingJobs } from './modules/housekeeping/housekeeping.jobs.js';
import { notificationJobs } from './modules/notifications/notifications.jobs.js';
import { policyJobs } from './modules/policies/policies.jobs.js';
import { webhookJobs } from './modules/webhooks/webhooks.jobs.js';
import type { AppServices } from './trpc/context.js';

/** Every kind of background work the app runs, from the modules that own them. */
export const backgroundJobs: readonly AnyJobDefinition<AppServices>[] = [
  ...mailJobs,
  ...housekeepingJobs,
  ...complianceJobs,
  ...policyJobs,
  ...extractionJobs,
  ...notificationJobs,
  ...webhookJobs,
  ...accountExportJobs,
];
