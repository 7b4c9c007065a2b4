import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // PropertyDNA's own reviewers: a user is staff only through a row here, written by the
  // admin:create-staff command (never by sign-up or any request).
  await db.schema
    .createTable('staff_members')
    .addColumn('user_id', 'uuid', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // One document a supplier submitted as evidence, and the reviewer's decision on it. The level is
  // computed from these rows and today's date (an approval lapses at valid_until, no job needed).
  await db.schema
    .createTable('supplier_evidence')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('company_registration', 'trade_registration', 'liability_insurance')`),
    )
    .addColumn('trade', 'text')
    // The organisation document (no property, no job); the evidence goes with it.
    .addColumn('document_id', 'uuid', (col) => col.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('expires_on', 'date')
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('submitted_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('submitted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // The reviewer, and their name as at the decision (kept if the account goes).
    .addColumn('reviewed_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reviewer_name', 'text')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('checked', 'text')
    .addColumn('valid_until', 'date')
    .addColumn('reject_reason', 'text')
    .addCheckConstraint(
      'supplier_evidence_trade_check',
      sql`(kind = 'trade_registration') = (trade is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('supplier_evidence_organization_idx')
    .on('supplier_evidence')
    .columns(['organization_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('supplier_evidence_pending_idx')
    .on('supplier_evidence')
    .column('submitted_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('supplier_evidence').execute();
  await db.schema.dropTable('staff_members').execute();
}
