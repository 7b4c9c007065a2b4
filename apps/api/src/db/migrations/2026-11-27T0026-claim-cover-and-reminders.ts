import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 26 §5: Mark Complete on a certificate's or policy's reminder says why it is done: the
  // replacement document, or a reason it is no longer needed (and the feature that went with it).
  // The replacement is a foreign key that cascades: deleting the replacement brings the reminder back,
  // since the old document's expiry is then unanswered again.
  await db.schema
    .alterTable('reminder_completions')
    .addColumn('replacement_document_id', 'uuid', (col) => col.references('documents.id').onDelete('cascade'))
    .addColumn('reason', 'text')
    .addColumn('removed_feature', 'text')
    .execute();

  // Snooze: a reminder (of one due date) put off until a day; it is back in full from that day. Kept
  // apart from completions: a snooze never ends a reminder, and a later one replaces it (same key).
  await db.schema
    .createTable('reminder_snoozes')
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('reminder_key', 'text', (col) => col.notNull())
    .addColumn('due_date', 'date', (col) => col.notNull())
    .addColumn('until', 'date', (col) => col.notNull())
    .addColumn('snoozed_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('snoozed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('reminder_snoozes_pkey', ['organization_id', 'reminder_key', 'due_date'])
    .execute();
  await db.schema
    .createIndex('reminder_completions_replacement_idx')
    .on('reminder_completions')
    .column('replacement_document_id')
    .where('replacement_document_id', 'is not', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reminder_snoozes').execute();
  await db.schema.dropIndex('reminder_completions_replacement_idx').execute();
  await db.schema
    .alterTable('reminder_completions')
    .dropColumn('replacement_document_id')
    .dropColumn('reason')
    .dropColumn('removed_feature')
    .execute();
}
