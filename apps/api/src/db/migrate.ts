import type { Kysely } from 'kysely';
import { type MigrationResultSet, Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.js';

/**
 * Brings the database to the latest migration, or only up to `target` (a migration's name; tests of a
 * data migration start from the schema before it).
 */
// biome-ignore lint/suspicious/noExplicitAny: any database type can be migrated
export async function migrateToLatest(db: Kysely<any>, target?: string): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const result = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  return result;
}
