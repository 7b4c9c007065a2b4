import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 31 §3: the access ledger is kept two years, then summarised. Before housekeeping deletes the
  // links' access log past its retention, it adds each month's count per kind of access here.
  await db.schema
    .createTable('access_ledger_summaries')
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    /** 'YYYY-MM' in Africa/Johannesburg. */
    .addColumn('month', 'text', (col) => col.notNull().check(sql`month ~ '^[0-9]{4}-[0-9]{2}$'`))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull().check(sql`count >= 0`))
    .addPrimaryKeyConstraint('access_ledger_summaries_pk', ['organization_id', 'month', 'kind'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('access_ledger_summaries').execute();
}
