import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: Buffer;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Every message accepted, in order. */
  received: ReceivedMail[];
  /** Refuses the next `count` messages with a temporary 451 (the sender retries). */
  refuseNext(count: number): void;
  /**
   * Holds the messages `match` picks (their senders wait for the answer) until release() accepts them;
   * `held()` counts those waiting.
   */
  hold(match: (raw: Buffer) => boolean): { held: () => number; release: () => void };
  close(): Promise<void>;
}

/** A real SMTP server in this process on a free port (no TLS, no auth), keeping what it accepts. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  let holding: { match: (raw: Buffer) => boolean; waiting: (() => void)[]; released: boolean } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        if (holding && !holding.released && holding.match(raw)) {
          holding.waiting.push(() => accept(raw));
          return;
        }
        accept(raw);
      });
      const accept = (raw: Buffer) => {
        if (refusals > 0) {
          refusals -= 1;
          return callback(Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 }));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback();
      };
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (count) => {
      refusals = count;
    },
    hold: (match) => {
      const hold = { match, waiting: [] as (() => void)[], released: false };
      holding = hold;
      return {
        held: () => hold.waiting.length,
        release: () => {
          hold.released = true;
          for (const accept of hold.waiting.splice(0)) accept();
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
