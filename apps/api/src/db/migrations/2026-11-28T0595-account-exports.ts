import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 31 §1: "Download all my data". One row per export of an organisation: the job packs one ZIP
  // into the file store and records its progress here; the object and the row go 7 days after it is ready.
  await db.schema
    .createTable('account_exports')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('requested_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('queued').check(sql`status in ('queued', 'running', 'ready', 'failed')`),
    )
    .addColumn('files_total', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('files_done', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('storage_key', 'text')
    .addColumn('bytes', 'bigint')
    .addColumn('sha256', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .execute();
  // One running export per organisation: a second request while one is queued or running is refused.
  await sql`create unique index account_exports_one_running on account_exports (organization_id) where status in ('queued', 'running')`.execute(
    db,
  );
  await db.schema
    .createIndex('account_exports_organization_idx')
    .on('account_exports')
    .columns(['organization_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('account_exports_storage_key_idx')
    .on('account_exports')
    .column('storage_key')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_exports').execute();
}
