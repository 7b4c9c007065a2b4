import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 14 §4: the daily email alert, on unless the user turns it off (Premium and trial only; the
  // plan is checked when the digest is made, so the choice survives a downgrade and an upgrade).
  await db.schema
    .alterTable('users')
    .addColumn('email_alerts', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();

  // One row per user per South African day on which a digest was queued: the key makes it at most one,
  // across restarts and replicas. The row is written in the same transaction as the mail job that
  // carries the digest, so both exist or neither.
  await db.schema
    .createTable('alert_digests')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('items', 'integer', (col) => col.notNull().check(sql`items >= 0`))
    .addColumn('mail_job_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('alert_digests_pkey', ['user_id', 'day'])
    .execute();
  await db.schema.createIndex('alert_digests_day_idx').on('alert_digests').column('day').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alert_digests').execute();
  await db.schema.alterTable('users').dropColumn('email_alerts').execute();
}
