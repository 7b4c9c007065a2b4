import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type LogEvent, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { dataPaths, type Env } from '../env.js';
import type { Database } from './database.js';

export type DatabaseConfig =
  | { kind: 'postgres'; url: string; poolSize: number; connectTimeoutMs: number }
  /** dataDir unset: an in-memory database (tests). */
  | { kind: 'pglite'; dataDir?: string };

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseConfig['kind'];
  /** Closes the pool or the embedded database; safe to call more than once. */
  close(): Promise<void>;
}

// PostgreSQL's int8 (e.g. count(*)) arrives as a string by default; counts here are far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** How often the embedded database refreshes its planner statistics. */
export const PGLITE_ANALYZE_INTERVAL_MS = 10 * 60 * 1000;

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
  let db: Kysely<Database>;
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolSize,
      connectionTimeoutMillis: config.connectTimeoutMs,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
  } else {
    if (config.dataDir) await fs.mkdir(config.dataDir, { recursive: true });
    const pglite = await PGlite.create(config.dataDir);
    db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), ...(log ? { log } : {}) });
  }
  // PGlite runs no autovacuum: keep the planner's statistics fresh ourselves, or plans go bad as
  // tables grow (a 1,000-property portfolio list took 10x longer on stale statistics).
  const upkeep =
    config.kind === 'pglite'
      ? setInterval(() => void sql`analyze`.execute(db).catch(() => {}), PGLITE_ANALYZE_INTERVAL_MS).unref()
      : undefined;
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: config.kind,
    close: () => {
      clearInterval(upkeep);
      closing ??= db.destroy();
      return closing;
    },
  };
}

export function databaseConfigFromEnv(
  env: Pick<Env, 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'DATABASE_CONNECT_TIMEOUT_MS' | 'DATA_DIR'>,
): DatabaseConfig {
  return env.DATABASE_URL
    ? {
        kind: 'postgres',
        url: env.DATABASE_URL,
        poolSize: env.DATABASE_POOL_SIZE,
        connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      }
    : { kind: 'pglite', dataDir: dataPaths(env).db };
}
