import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // A supplier's own liability insurance: owners see 'Insured until …' for that supplier.
  await db.schema
    .createTable('supplier_insurance')
    .addColumn('organization_id', 'uuid', (col) =>
      col.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('insurer', 'text', (col) => col.notNull())
    .addColumn('policy_number', 'text', (col) => col.notNull())
    .addColumn('expires_on', 'date', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('supplier_insurance').execute();
}
