import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';
import type { AppServices } from '../../trpc/context.js';
import { queueScheduledWebhookEvents } from '../webhooks/webhooks.jobs.js';
import { sendDailyDigests } from './notifications.service.js';

/**
 * Every morning at 07:00 South African time: the email alert of every Premium or trial user with alerts
 * on, on a day when something is overdue or due within 7 days (at most one per user and day).
 */
export const emailAlertsJob = defineJob<Record<string, never>, AppServices>({
  name: 'notifications.daily-alerts',
  data: z.object({}).strict(),
  cron: '0 7 * * *',
  // One round at a time; it batches the users itself (sendDailyDigests).
  concurrency: 1,
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 3600,
  pollSeconds: 30,
  run: async (_data, { deps, log }) => {
    // The webhooks' scheduled events (document.expiring, maintenance.task_due) go with the same round; a
    // failure of theirs holds up no alert, and fails the round afterwards so the queue retries it (each
    // event is once per endpoint however often the round runs).
    const webhookEvents = await queueScheduledWebhookEvents(deps).catch((error: unknown) => error);
    if (!(webhookEvents instanceof Error)) log.info({ webhookEvents }, 'scheduled webhook events queued');
    const counts = await sendDailyDigests(deps, log);
    log.info(counts, 'email alerts round done');
    if (webhookEvents instanceof Error) throw webhookEvents;
  },
});

export const notificationJobs = [emailAlertsJob];
