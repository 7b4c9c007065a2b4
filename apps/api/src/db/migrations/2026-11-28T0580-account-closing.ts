import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 31 §2: an organisation its owner closed (closed_at), kept until delete_after for a change of
  // mind (Reopen clears both); after that the housekeeping deletes it. Null: open.
  await db.schema
    .alterTable('organizations')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('delete_after', 'timestamptz')
    .execute();
  // The housekeeping looks for closed organisations past their grace every hour.
  await db.schema
    .createIndex('organizations_delete_after')
    .on('organizations')
    .column('delete_after')
    .where('delete_after', 'is not', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('organizations_delete_after').execute();
  await db.schema.alterTable('organizations').dropColumn('closed_at').dropColumn('delete_after').execute();
}
