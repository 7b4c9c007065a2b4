import fs from 'node:fs/promises';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { mailJobs } from '../../src/mail/mail-job.js';
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
