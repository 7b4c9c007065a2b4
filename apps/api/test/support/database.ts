import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import {
  type ConnectOptions,
  connectDatabase,
  type DatabaseConfig,
  type DatabaseHandle,
} from '../../src/db/connect.js';
import type { Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/** postgres://… to run the suites on a real PostgreSQL server; unset: embedded PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const databaseKind = TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A fresh, migrated, private database for one test file: an in-memory PGlite, or a new database
 * created on the TEST_DATABASE_URL server (dropped again by close()). It starts as a copy of the
 * database the run migrated once (global-setup.ts); with `migrateTo`, it is migrated here from empty.
 */
export async function createTestDatabase(
  options: ConnectOptions & {
    migrateTo?: string;
    /**
     * PostgreSQL: the pool's size and connect timeout (default 5 connections, 30 s: a busy CI machine may keep
     * a test's burst of requests waiting for a connection for seconds; the pool's limits are overload.test.ts's).
     */
    pool?: { size: number; connectTimeoutMs: number };
  } = {},
): Promise<DatabaseHandle & { config: DatabaseConfig }> {
  const migrated = options.migrateTo ? null : inject('migratedDatabase');
  if (!TEST_DATABASE_URL) {
    const image = migrated?.kind === 'pglite' ? new Blob([await fs.readFile(migrated.image)]) : undefined;
    const config: DatabaseConfig = { kind: 'pglite', ...(image ? { loadDataDir: image } : {}) };
    const handle = await connectDatabase(config, options);
    if (!image) await migrateToLatest(handle.db, options.migrateTo);
    return { ...handle, config };
  }
  const template = migrated?.kind === 'postgres' ? migrated.template : undefined;
  const { url, drop } = await createScratchPostgresDatabase(template);
  const config: DatabaseConfig = {
    kind: 'postgres',
    url,
    poolSize: options.pool?.size ?? 5,
    connectTimeoutMs: options.pool?.connectTimeoutMs ?? 30_000,
  };
  const handle = await connectDatabase(config, options);
  if (!template) await migrateToLatest(handle.db, options.migrateTo);
  return {
    ...handle,
    config,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}

/** Creates an empty database (or a copy of `template`) on the TEST_DATABASE_URL server; drop() removes it. */
export async function createScratchPostgresDatabase(
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `pdna_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** PostgreSQL: how many sessions of this database wait for a lock now (a test sees a transaction it blocked). */
export async function sessionsWaitingForLocks(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
  return Number(rows[0]?.n);
}
