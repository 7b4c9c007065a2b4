import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 16, Start Claim: an insurance claim an owner starts for a property.
  await db.schema
    .createTable('claims')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('property_id', 'uuid', (col) => col.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('incident_type', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`incident_type in ('storm_hail', 'burst_geyser', 'fire', 'theft_burglary', 'lightning_power_surge', 'water_damage', 'other')`,
        ),
    )
    .addColumn('incident_date', 'date', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('open').check(sql`status in ('open', 'submitted', 'closed')`),
    )
    .addColumn('created_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('claims_organization_created_idx')
    .on('claims')
    .columns(['organization_id', 'created_at'])
    .execute();
  await db.schema.createIndex('claims_property_idx').on('claims').column('property_id').execute();

  // The photos (and any other vault document) attached to a claim; a document removed from the vault
  // leaves the claim.
  await db.schema
    .createTable('claim_documents')
    .addColumn('claim_id', 'uuid', (col) => col.notNull().references('claims.id').onDelete('cascade'))
    .addColumn('document_id', 'uuid', (col) => col.notNull().references('documents.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('claim_documents_pkey', ['claim_id', 'document_id'])
    .execute();
  await db.schema
    .createIndex('claim_documents_document_idx')
    .on('claim_documents')
    .column('document_id')
    .execute();

  // Schedule Call: a request to be called back by support about a property.
  await db.schema
    .createTable('callbacks')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('property_id', 'uuid', (col) => col.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('preferred_time', 'text', (col) =>
      col.notNull().check(sql`preferred_time in ('morning', 'afternoon', 'evening')`),
    )
    .addColumn('topic', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('requested').check(sql`status in ('requested', 'scheduled', 'done')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('callbacks_property_idx').on('callbacks').column('property_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('callbacks').execute();
  await db.schema.dropTable('claim_documents').execute();
  await db.schema.dropTable('claims').execute();
}
