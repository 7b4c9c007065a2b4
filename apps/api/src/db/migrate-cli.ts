import { loadEnv } from '../env.js';
import { connectDatabase, databaseConfigFromEnv } from './connect.js';
import { migrateToLatest } from './migrate.js';

/** `pnpm db:migrate`: brings the configured database to the latest migration and exits. */
const handle = await connectDatabase(databaseConfigFromEnv(loadEnv()));
try {
  const { results = [] } = await migrateToLatest(handle.db);
  for (const r of results)
    console.log(`${r.status === 'Success' ? 'applied' : r.status}: ${r.migrationName}`);
  if (results.length === 0) console.log('database is up to date');
} finally {
  await handle.close();
}
