import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  type ConnectOptions,
  connectDatabase,
  type DatabaseConfig,
  type DatabaseHandle,
} from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/** postgres://… to run the suites on a real PostgreSQL server; unset: embedded PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const databaseKind = TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A fresh, migrated, private database for one test file: an in-memory PGlite, or a new database
 * created on the TEST_DATABASE_URL server (dropped again by close()).
 */
export async function createTestDatabase(
  options: ConnectOptions & { migrateTo?: string } = {},
): Promise<DatabaseHandle & { config: DatabaseConfig }> {
  if (!TEST_DATABASE_URL) {
    const config: DatabaseConfig = { kind: 'pglite' };
    const handle = await connectDatabase(config, options);
    await migrateToLatest(handle.db, options.migrateTo);
    return { ...handle, config };
  }
  const { url, drop } = await createScratchPostgresDatabase();
  const config: DatabaseConfig = { kind: 'postgres', url, poolSize: 5, connectTimeoutMs: 5000 };
  const handle = await connectDatabase(config, options);
  await migrateToLatest(handle.db, options.migrateTo);
  return {
    ...handle,
    config,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}

/** Creates an empty database on the TEST_DATABASE_URL server; drop() removes it. */
export async function createScratchPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `pdna_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
