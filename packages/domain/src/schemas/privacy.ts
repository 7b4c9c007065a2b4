import { z } from 'zod';

/** Marketing consent (issue 31 §4): the sign-up checkbox, changeable on /account, each change recorded with its time. */
export const marketingConsentInput = z
  .object({ agree: z.boolean({ error: 'agree must be true or false' }) })
  .strict();
export type MarketingConsentInput = z.infer<typeof marketingConsentInput>;

/**
 * How long what the privacy notice names is kept (POPIA s14: no longer than needed). Housekeeping and the
 * job queue apply these; /privacy states them.
 */
export const RETENTION = {
  /** Views, unlocks and downloads through share links and other capability links. */
  accessLogDays: 730,
  /** A background job that failed for good (its data can hold an email address), in the dead-letter queue. */
  failedJobDays: 30,
  /** Finished background jobs. */
  finishedJobDays: 7,
  /** A signed-in session that is not used again. */
  sessionDays: 30,
  /** Sign-in failures and other attempt counters. */
  attemptHours: 24,
  /** Webhook deliveries, in the endpoint's delivery log. */
  webhookLogDays: 30,
  /** A private demo, from when it was opened. */
  demoHours: 24,
} as const;
