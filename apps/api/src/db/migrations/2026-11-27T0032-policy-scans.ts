import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Scanned policies (issue 27 §4): the analysis of a policy without a text layer reads the text the
  // document's reading found. While that reading is queued or running the analysis waits (its state
  // stays queued) and says so; the reading, once done, queues the analysis of a policy that waited.
  await db.schema
    .alterTable('policy_analyses')
    .addColumn('waiting_for_reading', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('policy_analyses').dropColumn('waiting_for_reading').execute();
}
