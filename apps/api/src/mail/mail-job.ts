import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/database.js';
import { defineJob, type JobQueue } from '../jobs/job-queue.js';
import type { Mailer, MailMessage } from './mailer.js';

/** What the mail job needs of the app. */
export interface MailDeps {
  mailer: Mailer;
  secret: string;
}

const ALGORITHM = 'aes-256-gcm';
const keyOf = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'propertydna mail job v1', 32));

/**
 * A queued message is sealed (AES-256-GCM under a key derived from APP_SECRET): a mail can carry a
 * secret link, and the queue's rows outlive the send, so the job tables never hold one readable.
 */
export function sealMessage(secret: string, message: MailMessage): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

const messageSchema = z.object({
  to: z.string().min(3),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string(),
});

export function openMessage(secret: string, sealed: string): MailMessage {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('sealed mail is malformed');
  const decipher = createDecipheriv(ALGORITHM, keyOf(secret), iv);
  decipher.setAuthTag(tag);
  const json = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  return messageSchema.parse(JSON.parse(json));
}

/**
 * Sends one message. Retried with backoff for about a day (SMTP servers go away and come back); a
 * message that still cannot be sent stays in the failed-jobs queue and the log, never lost silently.
 */
export const sendMailJob = defineJob<{ sealed: string }, MailDeps>({
  name: 'mail.send',
  data: z.object({ sealed: z.string().min(1) }),
  retryLimit: 10,
  retryDelaySeconds: 30,
  // A sent message's row is deleted within the hour: the sealed copy is not kept longer than needed.
  deleteAfterSeconds: 3600,
  run: async ({ sealed }, { deps, log }) => {
    const message = openMessage(deps.secret, sealed);
    const sent = await deps.mailer.send(message);
    log.debug({ messageId: sent.messageId }, 'mail job delivered');
  },
});

/** Queues a message for sending (the only way the app sends mail). */
export function queueMail<Deps extends MailDeps>(
  deps: Deps & { jobs: JobQueue<Deps> },
  message: MailMessage,
): Promise<string> {
  return deps.jobs.send(sendMailJob, { sealed: sealMessage(deps.secret, message) });
}

/**
 * Queues a message as part of the caller's open transaction (JobQueue.sendWithin): it is sent if that
 * transaction commits, and only then (e.g. with the row that says it was sent).
 */
export function queueMailWithin<Deps extends MailDeps>(
  deps: Deps & { jobs: JobQueue<Deps> },
  trx: Transaction<Database>,
  message: MailMessage,
): Promise<string> {
  return deps.jobs.sendWithin(trx, sendMailJob, { sealed: sealMessage(deps.secret, message) });
}
