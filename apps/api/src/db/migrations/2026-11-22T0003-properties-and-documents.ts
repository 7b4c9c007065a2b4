import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('properties')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('dna_code', 'text', (col) => col.notNull().unique())
    // The normalised country-municipality-parcel[-unit] of the DNA code: one live property per parcel per organisation.
    .addColumn('parcel_key', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('property_type', 'text', (col) =>
      col
        .notNull()
        .defaultTo('residential')
        .check(sql`property_type in ('residential', 'commercial', 'industrial', 'retail')`),
    )
    .addColumn('country', 'text', (col) =>
      col.notNull().defaultTo('ZA').check(sql`country in ('ZA', 'US', 'UK')`),
    )
    .addColumn('municipality', 'text', (col) => col.notNull())
    .addColumn('parcel_id', 'text', (col) => col.notNull())
    .addColumn('township', 'text')
    .addColumn('unit', 'text')
    .addColumn('deed_number', 'text')
    .addColumn('description', 'text')
    .addColumn('metadata', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('is_demo', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('archived_at', 'timestamptz')
    .execute();
  await sql`create unique index properties_parcel_key on properties (organization_id, parcel_key) where archived_at is null`.execute(
    db,
  );
  await db.schema
    .createIndex('properties_organization_idx')
    .on('properties')
    .columns(['organization_id', 'created_at'])
    .execute();
  // The DNA code is permanent: nothing, not even a direct UPDATE, may change it.
  await sql`
    create function properties_keep_dna_code() returns trigger language plpgsql as $$
    begin
      if new.dna_code is distinct from old.dna_code then
        raise exception 'the DNA code of a property cannot be changed' using errcode = 'check_violation';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger properties_keep_dna_code before update on properties for each row execute function properties_keep_dna_code()`.execute(
    db,
  );

  // Documents (spec §3): counted per property on the dashboard; the vault fills them in.
  await db.schema
    .createTable('documents')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('property_id', 'uuid', (col) => col.references('properties.id').onDelete('cascade'))
    .addColumn('job_id', 'uuid')
    .addColumn('kind', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`kind in ('deed', 'certificate', 'policy', 'inspection', 'contract', 'maintenance', 'other')`,
        ),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('bytes', 'bigint', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) =>
      col.notNull().check(sql`source in ('owner_upload', 'supplier_verified', 'developer_pack')`),
    )
    .addColumn('verified_by', 'uuid')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('metadata', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('documents_owner_check', sql`(property_id is not null) <> (job_id is not null)`)
    .execute();
  await db.schema
    .createIndex('documents_property_idx')
    .on('documents')
    .columns(['property_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('documents_organization_idx')
    .on('documents')
    .columns(['organization_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('documents').execute();
  await db.schema.dropTable('properties').execute();
  await sql`drop function properties_keep_dna_code()`.execute(db);
}
