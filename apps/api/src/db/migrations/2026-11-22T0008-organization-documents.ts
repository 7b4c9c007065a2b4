import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // A document belongs to a property, to a job, or (neither) to its organisation itself: a supplier's
  // own liability insurance certificate.
  await db.schema.alterTable('documents').dropConstraint('documents_owner_check').execute();
  await db.schema
    .alterTable('documents')
    .addCheckConstraint('documents_owner_check', sql`num_nonnulls(property_id, job_id) <= 1`)
    .execute();
  await db.schema
    .alterTable('supplier_insurance')
    .addColumn('certificate_document_id', 'uuid', (col) =>
      col.references('documents.id').onDelete('set null'),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('supplier_insurance').dropColumn('certificate_document_id').execute();
  await db.deleteFrom('documents').where('property_id', 'is', null).where('job_id', 'is', null).execute();
  await db.schema.alterTable('documents').dropConstraint('documents_owner_check').execute();
  await db.schema
    .alterTable('documents')
    .addCheckConstraint('documents_owner_check', sql`(property_id is not null) <> (job_id is not null)`)
    .execute();
}
