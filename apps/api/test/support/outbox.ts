import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { type ParsedMail, simpleParser } from 'mailparser';
import { mailJobs, openMessage } from '../../src/mail/mail-job.js';
import type { MailMessage } from '../../src/mail/mailer.js';
import type { TestApp } from './app.js';

/**
 * Sends what the queue holds, then answers every mail in the outbox (DATA_DIR/outbox, where mail goes
 * without SMTP_URL) addressed to `to`.
 */
export async function mailsTo(t: TestApp, to: string): Promise<ParsedMail[]> {
  await t.services.jobs.runQueued(mailJobs);
  const outbox = path.join(t.dataDir, 'outbox');
  const names = (await fs.readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml'));
  const mails = await Promise.all(
    names.map(async (name) => simpleParser(await fs.readFile(path.join(outbox, name)))),
  );
  return mails.filter((mail) => JSON.stringify(mail.to ?? '').includes(to));
}

/**
 * Every message queued for `to` (sent or not), opened from the mail queue's rows as the mail job would
 * open them: what a test reads without delivering anything (the outbox stays as the test left it).
 */
export async function queuedMailsTo(t: TestApp, to: string): Promise<(MailMessage & { queue: string })[]> {
  const { rows } = await sql<{ name: string; data: { sealed: string } }>`
    select name, data from pgboss.job where name in ('mail.send', 'mail.bulk') order by created_on`.execute(
    t.db.db,
  );
  return rows
    .map(({ name, data }) => ({ ...openMessage(t.services.secret, data.sealed), queue: name }))
    .filter((message) => message.to.toLowerCase() === to.toLowerCase());
}

/** The token of the newest link to `page` ('/verify-email', '/confirm-email') queued for `to`. */
export async function emailLinkToken(t: TestApp, to: string, page: string): Promise<string> {
  const pattern = new RegExp(`${page.replace('/', '\\/')}\\?token=([A-Za-z0-9_-]+)`);
  const tokens = (await queuedMailsTo(t, to))
    .map((message) => pattern.exec(message.text)?.[1])
    .filter((token): token is string => token !== undefined);
  const token = tokens.at(-1);
  if (!token) throw new Error(`no ${page} link was mailed to ${to}`);
  return token;
}
