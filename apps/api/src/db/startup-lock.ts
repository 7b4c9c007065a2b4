import pg from 'pg';
import type { DatabaseHandle } from './connect.js';

/**
 * Runs start-up's shared work (migrate, create the bucket, seed) while holding a PostgreSQL advisory lock, so replicas
 * starting together on one database take turns: the first migrates and seeds, the next finds it done.
 * (Migrations lock themselves, but the demo seed checks, then inserts: two at once both insert, and
 * one crashes on the other's row.) The lock is held by a connection of its own, outside the pool,
 * so it works with any pool size and is released if the process dies. PGlite is one process's own
 * database: nothing to take turns with.
 */
export async function withStartupLock<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (database.jobs.kind !== 'postgres') return work();
  const client = new pg.Client({ connectionString: database.jobs.url });
  // A dropped lock connection must not crash the process (the work fails on its own if the database is gone).
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtextextended('propertydna:startup', 0))`);
    return await work();
  } finally {
    await client.end().catch(() => {});
  }
}
