import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads process.env. Everything else receives an `Env` value,
 * so tests can build the app with any configuration without touching globals.
 */
const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Hosts only this machine can reach: the one case where links may default to http://localhost:PORT. */
/** The longest a document's reading may be allowed (OCR_TIME_LIMIT_SECONDS), below its job's expiry. */
export const OCR_TIME_LIMIT_MAX_SECONDS = 20 * 60;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /**
     * Sockets listening on PORT (Linux: SO_REUSEPORT). The event loop accepts one new connection per
     * socket per turn, and a turn under load is long, so one socket left bursts of new connections waiting
     * seconds to be accepted (web/listen.ts). 1: a single socket.
     */
    LISTEN_SOCKETS: z.coerce.number().int().min(1).max(256).default(64),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Root of everything the app stores locally: db/ (PGlite), files/ (fs store), outbox/, app-secret.
     * Unset: data/ at the repository root; parseEnv makes it absolute (see resolveDataDir).
     */
    DATA_DIR: z.string().min(1).optional(),
    /** postgres://… selects PostgreSQL through a pg Pool; unset selects embedded PGlite under DATA_DIR/db. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
    /**
     * Overload (issue 18): how many database calls may wait for a connection at once (PGlite's queue, the
     * pool's waiting clients); while that many wait, requests are answered 503 with Retry-After at once.
     */
    DB_QUEUE_MAX_WAITING: z.coerce.number().int().min(1).max(100_000).default(1000),
    /**
     * Overload: while a newcomer would wait this long (ms) for the database (the line's length times the
     * recent time per call, or the first one's wait), new requests are answered 503 with Retry-After
     * instead of joining the line. A request makes several calls, each waiting its turn. 0 sheds whenever
     * any call waits. On PostgreSQL the bound is at least half DATABASE_CONNECT_TIMEOUT_MS (limits/overload.ts).
     */
    DB_QUEUE_SHED_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(250),
    STORAGE_DRIVER: z.enum(['fs', 's3']).default('fs'),
    S3_ENDPOINT: z.url().optional(),
    /** The address browsers use for presigned URLs, when it differs from S3_ENDPOINT (e.g. inside docker). */
    S3_PUBLIC_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().min(3).optional(),
    S3_ACCESS_KEY: z.string().min(1).optional(),
    S3_SECRET_KEY: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    /**
     * Secret for signing upload/read URLs (and later other tokens). Unset: a random secret is created
     * once and kept in DATA_DIR/app-secret. Several replicas must share one value.
     */
    APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
    /** Lifetime of signed upload and read URLs. */
    SIGNED_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
    /** Directory of the built web app; unset: apps/web/dist next to this package. */
    WEB_DIST_DIR: z.string().optional(),
    TRUST_PROXY: booleanString.default(false),
    /** Adds GET /__bench/bare, a bare Fastify route the benchmark compares against. Off in normal runs. */
    BENCH_ROUTES: booleanString.default(false),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    /**
     * The address people use to reach the app: every link the app makes (emails, share links, the
     * calendar feed, signed upload URLs) starts with it; never taken from a request's Host header, which
     * a sender controls. When set, a cookie-borne change must come from this origin exactly (CSRF).
     * Unset: http://localhost:PORT for links, the request's own origin for the CSRF check.
     */
    APP_URL: z.url().optional(),
    /** Runs the background workers and schedules in this process; off for tools and one-off scripts. */
    JOBS_WORKER: booleanString.default(true),
    /** How often an idle worker asks the queue for work. */
    JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    /** smtp://user:pass@host:587 or smtps://…; unset: every mail is written to DATA_DIR/outbox as an .eml file. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('PropertyDNA <no-reply@propertydna.co.za>'),
    /**
     * At most this many bulk mails (welcome, digests, notices) a second from each process; 0: as fast as
     * the bulk lane sends them. For a mail provider's rate limit: the urgent lane is never held to it.
     */
    MAIL_BULK_PER_SECOND: z.coerce.number().int().min(0).max(10_000).default(0),
    /**
     * Webhooks (issue 30 §2) may post to private, loopback and link-local addresses and to http:// URLs:
     * for local development only. Off: every delivery resolves the host and refuses such an address.
     */
    WEBHOOKS_ALLOW_PRIVATE: booleanString.default(false),
    /**
     * The waits between a webhook delivery's attempts, in seconds (comma-separated); a delivery failing
     * every attempt disables its endpoint and mails the owner. The default retries for about 27 hours.
     */
    WEBHOOKS_RETRY_DELAYS_SECONDS: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'WEBHOOKS_RETRY_DELAYS_SECONDS must be whole seconds separated by commas')
      .default('5,300,1800,7200,18000,36000,36000')
      .transform((value) => value.split(',').map(Number)),
    /** How long one webhook delivery attempt waits for the endpoint's answer. */
    WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** Where the support team reads callback requests (Schedule Call on a property's Escalation tab). */
    SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an email address').default('support@propertydna.co.za'),
    /** Bytes an organisation may have signed for upload but not yet registered. */
    UPLOAD_QUOTA_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(500 * 1024 * 1024),
    /**
     * Reading documents (issue 27): OCR worker threads. Unset: one fewer than the cores (os.availableParallelism),
     * at least one, so a core is left for the web server.
     */
    OCR_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    /** Requests one API token may make per minute (issue 30 §4); past it, 429 with Retry-After. */
    API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /** Pages read from one document at most; a longer one is read up to here and says so. */
    OCR_PAGE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(50),
    /**
     * Seconds one document's reading may take; the pages read by then are kept. At most 20 minutes: well
     * below the reading job's expiry (30 minutes), so a live reading ends (and stores) before the queue
     * counts it lost.
     */
    OCR_TIME_LIMIT_SECONDS: z.coerce.number().min(1).max(OCR_TIME_LIMIT_MAX_SECONDS).default(300),
    /** Pages one organisation may have read in 24 hours; past it a reading waits (queued) until then. */
    OCR_DAILY_PAGES: z.coerce.number().int().min(1).max(1_000_000).default(500),
    /** Readings one organisation may have waiting at once; past it a new one starts an hour later per cap. */
    OCR_QUEUED_READINGS: z.coerce.number().int().min(1).max(10_000).default(20),
    /** PayFast (issue 31 §5): the merchant's id and key; unset, payments are not configured. */
    PAYFAST_MERCHANT_ID: z.string().min(1).optional(),
    PAYFAST_MERCHANT_KEY: z.string().min(1).optional(),
    /** The passphrase set on the PayFast account; appended to every signature. */
    PAYFAST_PASSPHRASE: z.string().min(1).optional(),
    /** true: PayFast's sandbox (sandbox.payfast.co.za) instead of www.payfast.co.za. */
    PAYFAST_SANDBOX: booleanString.default(false),
    /** Where the hosted payment page takes the form; default: PayFast's (sandbox or live). */
    PAYFAST_PROCESS_URL: z.url().optional(),
    /** Where an ITN is validated server-to-server (answers VALID); default: PayFast's. */
    PAYFAST_VALIDATE_URL: z.url().optional(),
    /** The subscriptions API (cancel); default https://api.payfast.co.za. */
    PAYFAST_API_URL: z.url().optional(),
    /** The ITN source ranges, comma-separated CIDRs; default: PayFast's published ranges. */
    PAYFAST_VALID_RANGES: z.string().min(1).optional(),
    /** The seller on tax invoices: name, address, VAT number. */
    INVOICE_SELLER_NAME: z.string().min(1).default('PropertyDNA'),
    INVOICE_SELLER_ADDRESS: z.string().min(1).optional(),
    INVOICE_SELLER_VAT_NUMBER: z.string().min(1).optional(),
    /**
     * Issue 31 §2: days a closed account waits for its owner to change their mind (sign in, Reopen)
     * before the housekeeping deletes its rows and files. 0: deleted at the next round (tests).
     */
    DELETION_GRACE_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  })
  .superRefine((env, ctx) => {
    // A server others can reach must know the address they use: every link it makes starts with it.
    if (!env.APP_URL && !LOOPBACK_HOSTS.has(env.HOST)) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_URL'],
        message: `APP_URL is required when HOST=${env.HOST} (the address people reach the app at, e.g. https://dna.example.co.za): every link in mails, share links, the calendar feed and upload URLs starts with it`,
      });
    }
    if (env.STORAGE_DRIVER === 's3') {
      for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when STORAGE_DRIVER=s3` });
      }
    }
  });

export type Env = Omit<z.infer<typeof envSchema>, 'DATA_DIR'> & { DATA_DIR: string };

/**
 * The one data directory every command uses. `pnpm start`, `pnpm dev`, `pnpm db:migrate` and the admin
 * commands run in different directories (the root, apps/api), so neither "./data" nor a relative DATA_DIR
 * may be read against the process's own directory, or each would open a different database:
 * - a relative DATA_DIR is read against the directory the user ran pnpm from (pnpm's INIT_CWD), else
 *   the process's directory;
 * - unset, it is data/ in the repository (the nearest directory up holding pnpm-workspace.yaml), else
 *   ./data: the same directory from wherever in the repository a command starts.
 */
export function resolveDataDir(source: Record<string, string | undefined>, cwd = process.cwd()): string {
  const base = source.INIT_CWD ? path.resolve(cwd, source.INIT_CWD) : cwd;
  if (source.DATA_DIR) return path.resolve(base, source.DATA_DIR);
  for (let dir = base; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return path.join(dir, 'data');
    if (path.dirname(dir) === dir) return path.join(base, 'data');
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return { ...result.data, DATA_DIR: resolveDataDir(source) };
}

/** Reads and validates process.env. Only main.ts and the CLI scripts call this. */
export function loadEnv(): Env {
  return parseEnv(process.env);
}

/** The app's public origin, for every link it makes (emails, share links, feeds, signed uploads). */
export function appUrl(env: Pick<Env, 'APP_URL' | 'PORT'>): string {
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

export function dataPaths(env: Pick<Env, 'DATA_DIR'>) {
  const root = path.resolve(env.DATA_DIR);
  return {
    root,
    db: path.join(root, 'db'),
    files: path.join(root, 'files'),
    secret: path.join(root, 'app-secret'),
    outbox: path.join(root, 'outbox'),
  };
}
