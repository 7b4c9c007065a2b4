import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 29 §4: who marked a custom reminder done (null for those done before, or once the user is
  // deleted). Task completions already record who recorded them (maintenance_completions.recorded_by),
  // other reminders theirs (reminder_completions.completed_by).
  await db.schema
    .alterTable('reminders')
    .addColumn('completed_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reminders').dropColumn('completed_by').execute();
}
