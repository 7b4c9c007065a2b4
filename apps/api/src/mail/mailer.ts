import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** A file sent with a message (a tax invoice), its bytes in base64 so a queued message stays JSON. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** One message, rendered: both bodies are always present (templates.ts); attachments rarely. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[] | undefined;
}

/** The message as nodemailer takes it: attachments as bytes. */
function forNodemailer({ attachments, ...message }: MailMessage) {
  return {
    ...message,
    ...(attachments?.length
      ? {
          attachments: attachments.map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: Buffer.from(attachment.contentBase64, 'base64'),
          })),
        }
      : {}),
  };
}

export interface Mailer {
  /** 'smtp' with SMTP_URL; 'outbox' writes RFC 822 .eml files under DATA_DIR/outbox. */
  readonly mode: 'smtp' | 'outbox';
  /** Delivers one message; throws when it could not be handed over (the mail job retries). */
  send(message: MailMessage): Promise<{ messageId: string; file?: string }>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

/**
 * nodemailer, over SMTP when SMTP_URL is set. Without it (the embedded default) every message is
 * written as an .eml file to the outbox folder, whole (written aside, then renamed), and logged
 * with its recipient and subject, so a fresh machine needs no mail server and the owner can open the mails.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { log } = options;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl, { from: options.from });
    return {
      mode: 'smtp',
      async send(message) {
        const info = await transport.sendMail(forNodemailer(message));
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'unix' },
    { from: options.from },
  );
  // The folder is made once, and again only if it went away (a write then finds no folder).
  let folder: Promise<unknown> | undefined;
  const write = async (file: string, content: Buffer) => {
    folder ??= fs.mkdir(options.outboxDir, { recursive: true });
    await folder;
    try {
      await fs.writeFile(file, content, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      folder = fs.mkdir(options.outboxDir, { recursive: true });
      await folder;
      await fs.writeFile(file, content, { flag: 'wx' });
    }
  };
  return {
    mode: 'outbox',
    async send(message) {
      const info = await transport.sendMail(forNodemailer(message));
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(options.outboxDir, name);
      const partial = path.join(options.outboxDir, `.${name}.partial`);
      await write(partial, info.message as Buffer);
      await fs.rename(partial, file);
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
