import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // The pages each organisation has had read (issue 27, the OCR budget): a row a stored reading, kept
  // when its document is deleted (deleting and uploading again must not reset the day's budget) and
  // removed by the housekeeping once two days old. Not tied to the document for that reason.
  await db.schema
    .createTable('ocr_usage')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('pages', 'integer', (col) => col.notNull().check(sql`pages > 0`))
    .addColumn('read_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('ocr_usage_organization_read_at_idx')
    .on('ocr_usage')
    .columns(['organization_id', 'read_at'])
    .execute();
  // The readings of the last two days count from the start (a deployment does not reset the budget).
  await sql`insert into ocr_usage (organization_id, pages, read_at)
    select organization_id, pages_read, finished_at from document_extractions
    where pages_read > 0 and finished_at > now() - interval '2 days'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ocr_usage').execute();
}
