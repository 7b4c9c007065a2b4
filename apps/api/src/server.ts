import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.js';
import { connectDatabase, databaseConfigFromEnv } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { withStartupLock } from './db/startup-lock.js';
import type { Env } from './env.js';
import { prepareDemoTemplates } from './modules/demo/seed.js';
import { refreshStatistics } from './modules/housekeeping/housekeeping.service.js';
import { resolveAppSecret } from './secret.js';
import { createFileStore } from './storage/create-file-store.js';

/**
 * Everything start-up does before listening: connect, migrate, open the file store, build the app.
 * main.ts calls this with process.env; tests call it with their own Env.
 */
export async function createServer(
  env: Env,
  logger?: FastifyServerOptions['logger'],
): Promise<FastifyInstance> {
  const db = await connectDatabase(databaseConfigFromEnv(env));
  try {
    const secret = await resolveAppSecret(env);
    // Replicas starting together on one PostgreSQL database (and one bucket) take turns here.
    const store = await withStartupLock(db, async () => {
      await migrateToLatest(db.db);
      const created = await createFileStore(env, secret);
      // The sample data every private demo is copied from (rebuilt when a day old).
      await prepareDemoTemplates(db.db, created);
      return created;
    });
    // Fresh planner statistics from the start (PGlite has no autovacuum; see connect.ts).
    await refreshStatistics(db);
    return await buildApp({ env, db, store, secret }, { logger });
  } catch (error) {
    await db.close();
    throw error;
  }
}
