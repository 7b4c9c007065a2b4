import { isDemoEmail } from '@propertydna/domain';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database, Db, DbOrTrx } from '../db/database.js';
import { defineJob, type JobContext, type JobQueue } from '../jobs/job-queue.js';
import { openText, sealText } from '../sealed-text.js';
import type { Mailer, MailMessage } from './mailer.js';

/** What the mail job needs of the app. */
export interface MailDeps {
  mailer: Mailer;
  secret: string;
}

const MAIL_SEAL = 'propertydna mail job v1';
/** A queued message's attachment (base64) stays small: a tax invoice is a few kilobytes. */
const MAX_ATTACHMENT_BASE64 = 1_000_000;

/**
 * A queued message is sealed (sealText: AES-256-GCM under a key derived from APP_SECRET): a mail can
 * carry a secret link, and the queue's rows outlive the send, so the job tables never hold one readable.
 */
export function sealMessage(secret: string, message: MailMessage): string {
  return sealText(secret, MAIL_SEAL, JSON.stringify(message));
}

const messageSchema = z.object({
  to: z.string().min(3),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string(),
  attachments: z
    .array(
      z.object({
        filename: z.string().min(1).max(200),
        contentType: z.string().min(1).max(100),
        contentBase64: z.string().max(MAX_ATTACHMENT_BASE64),
      }),
    )
    .max(3)
    .optional(),
});

export function openMessage(secret: string, sealed: string): MailMessage {
  return messageSchema.parse(JSON.parse(openText(secret, MAIL_SEAL, sealed)));
}

/** Sends one message (either lane). */
async function deliver(sealed: string, { deps, log }: JobContext<MailDeps>): Promise<void> {
  const message = openMessage(deps.secret, sealed);
  const sent = await deps.mailer.send(message);
  log.debug({ messageId: sent.messageId }, 'mail job delivered');
}

const sealedSchema = z.object({ sealed: z.string().min(1) });
const MAIL_RETRIES = {
  // Retried with backoff for about a day (SMTP servers go away and come back); a message that still
  // cannot be sent stays in the failed-jobs queue and the log, never lost silently.
  retryLimit: 10,
  retryDelaySeconds: 30,
  // A sent message's row is deleted within the hour: the sealed copy is not kept longer than needed.
  deleteAfterSeconds: 3600,
} as const;

/**
 * The urgent lane: mail someone is waiting for (a reset link, an invite, a transfer offer, a security
 * notice). Its own queue and workers, so no backlog of bulk mail is ever in front of it. (The queue keeps
 * the name all mail had before the lanes, so mail queued by an earlier version is still delivered.)
 */
export const urgentMailJob = defineJob<{ sealed: string }, MailDeps>({
  name: 'mail.send',
  data: sealedSchema,
  ...MAIL_RETRIES,
  // Each send waits on the mail server: four workers fetching two at a time, so a message the server is
  // slow to take holds back at most one other.
  concurrency: 8,
  batchSize: 2,
  run: ({ sealed }, context) => deliver(sealed, context),
});

/**
 * The bulk lane: mail nobody is waiting for at this minute (welcome mails, the daily digests, notices of
 * an upload). Paced so it never starves the urgent lane: each message starts only while no urgent one is
 * being sent in this process, and at most MAIL_BULK_PER_SECOND a second when that is set (a mail
 * provider's rate limit then stays free for the urgent lane).
 */
export const bulkMailJob = defineJob<{ sealed: string }, MailDeps>({
  name: 'mail.bulk',
  data: sealedSchema,
  ...MAIL_RETRIES,
  // Fetched four at a time (fewer round trips for a backlog of thousands); two workers.
  concurrency: 8,
  batchSize: 4,
  yieldTo: [urgentMailJob.name],
  run: ({ sealed }, context) => deliver(sealed, context),
});

/** Both lanes, urgent first (runQueued delivers in this order). */
export const mailJobs = [urgentMailJob, bulkMailJob] as const;

/**
 * Which lane a mail goes by: 'urgent' when a person is waiting for it (reset, verification, invite,
 * transfer, security notice, a test they asked for), 'bulk' otherwise (welcome, digests, notices).
 * Every caller names it: a new mail cannot end up in the wrong line by default.
 */
export type MailLane = 'urgent' | 'bulk';
const laneJob = { urgent: urgentMailJob, bulk: bulkMailJob } as const;

/**
 * A message to queue. `forOrganization` names the organisation it is sent for, when it is sent on an
 * organisation's behalf to someone outside it (an invite, a transfer offer, a callback request to support).
 */
export type OutgoingMail = MailMessage & { forOrganization?: string | undefined };

/**
 * The one place that decides whether a message may go out at all (issue 26 §7): never to an address of
 * the demo's domain (a private demo's users), never for a demo organisation. Such a message is dropped
 * here: no job, no outbox file, no send. The services refuse what a demo may not do (invites and
 * transfers to real addresses) before they get here; this holds whatever a new mail forgets.
 */
async function mayGoOut(db: DbOrTrx, mails: readonly OutgoingMail[]): Promise<boolean[]> {
  const organizations = [
    ...new Set(mails.flatMap((mail) => (mail.forOrganization ? [mail.forOrganization] : []))),
  ];
  const demos = new Set(
    organizations.length === 0
      ? []
      : (
          await db
            .selectFrom('organizations')
            .select('id')
            .where('id', 'in', organizations)
            .where('is_demo', '=', true)
            .execute()
        ).map((row) => row.id),
  );
  return mails.map(
    (mail) => !isDemoEmail(mail.to) && !(mail.forOrganization && demos.has(mail.forOrganization)),
  );
}

const sealed = (secret: string, { forOrganization: _for, ...message }: OutgoingMail) => ({
  sealed: sealMessage(secret, message),
});

/**
 * Queues a message for sending by its lane (the only way the app sends mail); answers the job's id, or
 * null when the message may not go out (mayGoOut).
 */
export async function queueMail<Deps extends MailDeps>(
  deps: Deps & { jobs: JobQueue<Deps>; db: { db: Db } },
  lane: MailLane,
  message: OutgoingMail,
): Promise<string | null> {
  const [allowed] = await mayGoOut(deps.db.db, [message]);
  if (!allowed) return null;
  return deps.jobs.send(laneJob[lane], sealed(deps.secret, message));
}

/**
 * Queues a message as part of the caller's open transaction (JobQueue.sendWithin): it is sent if that
 * transaction commits, and only then (e.g. with the row that says it was sent). Null when it may not go
 * out (mayGoOut).
 */
export async function queueMailWithin<Deps extends MailDeps>(
  deps: Deps & { jobs: JobQueue<Deps> },
  trx: Transaction<Database>,
  lane: MailLane,
  message: OutgoingMail,
): Promise<string | null> {
  const [allowed] = await mayGoOut(trx, [message]);
  if (!allowed) return null;
  return deps.jobs.sendWithin(trx, laneJob[lane], sealed(deps.secret, message));
}

/**
 * Many messages of one lane in one statement, in the caller's open transaction (see queueMailWithin);
 * each with the job id the caller chose for it (a claim written beside it names it). Those that may not
 * go out (mayGoOut) are left out.
 */
export async function queueMailsWithin<Deps extends MailDeps>(
  deps: Deps & { jobs: JobQueue<Deps> },
  trx: Transaction<Database>,
  lane: MailLane,
  mails: readonly { jobId: string; message: OutgoingMail }[],
): Promise<void> {
  const allowed = await mayGoOut(
    trx,
    mails.map((mail) => mail.message),
  );
  const going = mails.filter((_mail, index) => allowed[index]);
  if (going.length === 0) return;
  await deps.jobs.sendManyWithin(
    trx,
    laneJob[lane],
    going.map(({ jobId, message }) => ({ id: jobId, data: sealed(deps.secret, message) })),
  );
}
