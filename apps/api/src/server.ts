import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.js';
import { connectDatabase, databaseConfigFromEnv } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import type { Env } from './env.js';
import { seedDemoAccounts, seedDemoPortfolio, seedDemoSupplierJob } from './modules/demo/seed.js';
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
    await migrateToLatest(db.db);
    const secret = await resolveAppSecret(env);
    const store = await createFileStore(env, secret);
    await seedDemoAccounts(db.db);
    await seedDemoPortfolio(db.db, store);
    await seedDemoSupplierJob(db.db, store);
    // Fresh planner statistics from the start (PGlite has no autovacuum; see connect.ts).
    await refreshStatistics(db);
    return await buildApp({ env, db, store, secret }, { logger });
  } catch (error) {
    await db.close();
    throw error;
  }
}
