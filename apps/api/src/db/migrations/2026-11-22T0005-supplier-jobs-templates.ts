import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // The supplier profile (spec §3) lives on the supplier's organisation.
  await db.schema
    .alterTable('organizations')
    .addColumn('description', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('contact_phone', 'text')
    .addColumn('website', 'text')
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('job_ref', 'text', (col) => col.notNull().unique())
    .addColumn('property_address', 'text', (col) => col.notNull())
    .addColumn('client_name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('created_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('jobs_organization_idx')
    .on('jobs')
    .columns(['organization_id', 'created_at'])
    .execute();
  await db.schema
    .alterTable('documents')
    .addForeignKeyConstraint('documents_job_id_fkey', ['job_id'], 'jobs', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('documents_job_idx')
    .on('documents')
    .columns(['job_id', 'created_at'])
    .execute();

  // A supplier's own report templates (the built-in Roofing Service Report v1 lives in the domain package).
  await db.schema
    .createTable('templates')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('fields', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('templates').execute();
  await db.schema.alterTable('documents').dropConstraint('documents_job_id_fkey').execute();
  await db.schema.dropTable('jobs').execute();
  await db.schema
    .alterTable('organizations')
    .dropColumn('description')
    .dropColumn('contact_email')
    .dropColumn('contact_phone')
    .dropColumn('website')
    .execute();
}
