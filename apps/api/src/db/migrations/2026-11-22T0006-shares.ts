import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Share links: a supplier's job, or an owner's chosen documents of a property.
  await db.schema
    .createTable('shares')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('created_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('job_id', 'uuid', (col) => col.references('jobs.id').onDelete('cascade'))
    .addColumn('property_id', 'uuid', (col) => col.references('properties.id').onDelete('cascade'))
    // SHA-256 of the token: the token itself (≥128 random bits) is shown once and never stored.
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('shares_target_check', sql`(job_id is not null) <> (property_id is not null)`)
    .execute();
  await db.schema.createIndex('shares_job_idx').on('shares').column('job_id').execute();
  await db.schema.createIndex('shares_property_idx').on('shares').column('property_id').execute();

  await db.schema
    .createTable('share_documents')
    .addColumn('share_id', 'uuid', (col) => col.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('document_id', 'uuid', (col) => col.notNull().references('documents.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('share_documents_pkey', ['share_id', 'document_id'])
    .execute();

  // The access log of a link: views, unlocks (good and bad), downloads, adoptions.
  await db.schema
    .createTable('share_events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('share_id', 'uuid', (col) => col.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('action', 'text', (col) =>
      col.notNull().check(sql`action in ('view', 'unlock_ok', 'unlock_failed', 'download', 'adopt')`),
    )
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('document_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('share_events_share_idx')
    .on('share_events')
    .columns(['share_id', 'action', 'created_at'])
    .execute();

  // Adoption keeps provenance: the original a copied document came from (and adopting twice adds nothing).
  await db.schema.alterTable('documents').addColumn('adopted_from', 'uuid').execute();
  await sql`create unique index documents_adopted_once on documents (property_id, adopted_from) where adopted_from is not null`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index documents_adopted_once`.execute(db);
  await db.schema.alterTable('documents').dropColumn('adopted_from').execute();
  await db.schema.dropTable('share_events').execute();
  await db.schema.dropTable('share_documents').execute();
  await db.schema.dropTable('shares').execute();
}
