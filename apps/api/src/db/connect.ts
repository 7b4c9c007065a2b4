import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type LogEvent, PostgresDialect } from 'kysely';
import pg from 'pg';
import { dataPaths, type Env } from '../env.js';
import type { Database } from './database.js';
import { DatabaseQueue, type DatabaseQueueState, databaseBusy, QueuedPGliteDialect } from './pglite-queue.js';

export type DatabaseConfig = (
  | { kind: 'postgres'; url: string; poolSize: number; connectTimeoutMs: number }
  /**
   * dataDir unset: an in-memory database (tests). loadDataDir: an image of a data directory
   * (PGlite's dumpDataDir) to start from instead of an empty cluster (tests start from a migrated one).
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
) & {
  /** PGlite: calls that may wait for the connection at once before more are refused with 503 (default 4000). */
  maxWaiting?: number;
};

const DEFAULT_MAX_WAITING = 4000;

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseConfig['kind'];
  /** How the job queue reaches the same database: the embedded instance, or the server's URL. */
  jobs: { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string };
  /** The line waiting for a connection now (PGlite's queue, or the pool's waiting clients). */
  load(): DatabaseQueueState;
  /** Closes the pool or the embedded database; safe to call more than once. */
  close(): Promise<void>;
}

// PostgreSQL's int8 (e.g. count(*)) arrives as a string by default; counts here are far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
// A calendar date ('date' columns: next_due, due_date, …) stays the 'YYYY-MM-DD' it is; a JS Date at
// the server's local midnight would shift a day in any zone east or west of UTC.
const DATE_OID = 1082;
const keepDate = (value: string) => value;
pg.types.setTypeParser(DATE_OID, keepDate);

export interface ConnectOptions {
  /** Called with the SQL of every query (tests count queries with it). */
  onQuery?: (sql: string) => void;
}

export async function connectDatabase(
  config: DatabaseConfig,
  options: ConnectOptions = {},
): Promise<DatabaseHandle> {
  const { onQuery } = options;
  const log = onQuery
    ? (event: LogEvent) => {
        if (event.level === 'query') onQuery(event.query.sql);
      }
    : undefined;
  const maxWaiting = config.maxWaiting ?? DEFAULT_MAX_WAITING;
  let db: Kysely<Database>;
  let jobs: DatabaseHandle['jobs'];
  let load: DatabaseHandle['load'];
  if (config.kind === 'postgres') {
    jobs = { kind: 'postgres', url: config.url };
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolSize,
      connectionTimeoutMillis: config.connectTimeoutMs,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const timed = timeConnects(pool);
    load = timed.load;
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: timed.pool }),
      ...(log ? { log } : {}),
    });
  } else {
    if (config.dataDir) await fs.mkdir(config.dataDir, { recursive: true });
    const pglite = await PGlite.create(config.dataDir, {
      parsers: { [DATE_OID]: keepDate },
      ...(config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}),
    });
    // PostgreSQL fills each new 16 MB WAL segment with zeros before using it; PGlite does that with
    // synchronous writes in the server's own thread, which under a steady write load held the event loop
    // for ~1.2 s every few seconds (measured with `pnpm load`: the longest stalls, gone with this). The
    // zeros guard against a torn segment after a crash on file systems that allocate lazily; PGlite
    // runs with fsync off already, so they bought nothing here.
    await pglite.exec('set wal_init_zero = off');
    jobs = { kind: 'pglite', pglite };
    // Every user of the embedded database, the job queue included, takes its turn through this line.
    const queue = new DatabaseQueue({ maxWaiting });
    load = () => queue.state;
    db = new Kysely<Database>({ dialect: new QueuedPGliteDialect(pglite, queue), ...(log ? { log } : {}) });
  }
  // PGlite runs no autovacuum: the housekeeping jobs refresh its planner statistics (jobs/).
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: config.kind,
    jobs,
    load,
    close: () => {
      closing ??= db.destroy();
      return closing;
    },
  };
}

/**
 * The line itself refuses only far beyond where the door starts shedding (limits/overload.ts): a request
 * already let in should finish, and this bound only stops a line growing without end (jobs, fan-outs).
 */
const hardBound = (shedAt: number) => shedAt * 4;

/** What pg's pool throws when no connection came free within connectionTimeoutMillis (pg-pool's own text). */
const POOL_TIMEOUT = 'timeout exceeded when trying to connect';

/**
 * The pool as kysely uses it, with the calls still waiting for a client timed: pg's pool keeps no wait
 * times, and the overload check (limits/overload.ts) needs how long the first in line has waited.
 */
function timeConnects(pool: pg.Pool) {
  // A Set iterates in insertion order, so its first entry is the oldest wait still open.
  const waits = new Set<{ since: number }>();
  return {
    pool: {
      connect: async () => {
        const wait = { since: performance.now() };
        waits.add(wait);
        try {
          return await pool.connect();
        } catch (error) {
          // pg's pool gives up after connectionTimeoutMillis with a bare Error: every connection stayed busy
          // that long. The caller is told the server is busy and to come back (503, Retry-After), as the
          // door tells a newcomer while the line is long, never a 500.
          if (error instanceof Error && error.message === POOL_TIMEOUT) {
            const waitMs = performance.now() - wait.since;
            throw databaseBusy({ waiting: waits.size, oldestWaitMs: waitMs, waitMs });
          }
          throw error;
        } finally {
          waits.delete(wait);
        }
      },
      end: () => pool.end(),
      // What kysely reads to open a side connection (to cancel a query): the pool's own.
      options: pool.options,
      Client: pg.Client,
    },
    load: (): DatabaseQueueState => {
      const first = waits.values().next().value;
      const oldestWaitMs = first ? performance.now() - first.since : 0;
      return { waiting: waits.size, oldestWaitMs, waitMs: oldestWaitMs };
    },
  };
}

export function databaseConfigFromEnv(
  env: Pick<
    Env,
    | 'DATABASE_URL'
    | 'DATABASE_POOL_SIZE'
    | 'DATABASE_CONNECT_TIMEOUT_MS'
    | 'DATA_DIR'
    | 'DB_QUEUE_MAX_WAITING'
  >,
): DatabaseConfig {
  return env.DATABASE_URL
    ? {
        kind: 'postgres',
        url: env.DATABASE_URL,
        poolSize: env.DATABASE_POOL_SIZE,
        connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      }
    : { kind: 'pglite', dataDir: dataPaths(env).db, maxWaiting: hardBound(env.DB_QUEUE_MAX_WAITING) };
}
