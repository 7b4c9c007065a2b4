import type { VerificationLevel } from '@propertydna/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { type Actor, resolveActor } from '../auth/actor.js';
import type { AppLucia } from '../auth/lucia.js';
import type { DatabaseHandle } from '../db/connect.js';
import type { Database, Db } from '../db/database.js';
import type { Env } from '../env.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Mailer } from '../mail/mailer.js';
import type { DocumentReader } from '../modules/extraction/reader/index.js';
import type { FileStore } from '../storage/file-store.js';

/** What the app is built from: main.ts and the tests provide these. */
export interface AppDeps {
  env: Env;
  db: DatabaseHandle;
  store: FileStore;
  /** HMAC key for signed URLs and sealed job data (APP_SECRET or the one kept in DATA_DIR). */
  secret: string;
}

/** The app's dependencies plus what is built from them once at start-up. */
export interface AppServices extends AppDeps {
  lucia: AppLucia;
  mailer: Mailer;
  /** The background job queue; procedures queue work (mail, …) through it. */
  jobs: JobQueue<AppServices>;
  /**
   * How far a supplier organisation is checked today (the supplier verification's answer), for the
   * level a document records when it is issued. Given here because the documents module cannot import
   * the supplier module, which imports it.
   */
  issuerLevel: IssuerLevelLookup;
  /**
   * Queues the reading of newly registered documents inside the registering transaction (the extraction
   * module's queueExtractionWithin). Given here because the extraction module reads the documents module,
   * so the documents module cannot import it.
   */
  queueReadingWithin: (
    trx: Transaction<Database>,
    organizationId: string,
    documentIds: readonly string[],
  ) => Promise<void>;
  /**
   * Reads documents (text layers and OCR). One per app: its worker threads start on the first read and
   * end when the app closes.
   */
  reader: DocumentReader;
}

export type IssuerLevelLookup = (
  db: Db,
  organizationId: string,
  today?: string,
) => Promise<VerificationLevel>;

/**
 * What every procedure receives. Built once per request, the same way for tRPC (/trpc) and for
 * the REST layer (/api), so both doors run the same code with the same context.
 */
export interface Context {
  deps: AppServices;
  /** The database (deps.db.db), which every procedure queries. */
  db: Db;
  req: FastifyRequest;
  res: FastifyReply;
  requestId: string;
  log: FastifyRequest['log'];
  /** The signed-in caller, or null. */
  actor: Actor | null;
}

export async function createContext(
  deps: AppServices,
  req: FastifyRequest,
  res: FastifyReply,
): Promise<Context> {
  const actor = await resolveActor(deps.lucia, req, res, deps.db.db, deps.env.API_TOKEN_RATE_LIMIT);
  return { deps, db: deps.db.db, req, res, requestId: req.id, log: req.log, actor };
}
