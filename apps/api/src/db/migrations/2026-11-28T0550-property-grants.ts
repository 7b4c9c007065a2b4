import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 29 §3: read-only access to one property for someone outside the organisation, by email. Its
  // mailed link is a capability ('property_grant', single use, valid as long as the grant); accepting
  // it binds the grant to the grantee's account. Live = accepted, not revoked, not expired.
  await db.schema
    .createTable('property_grants')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('property_id', 'uuid', (col) => col.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull().check(sql`email = lower(email)`))
    .addColumn('grantee_user_id', 'uuid', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) =>
      col.notNull().check(sql`role in ('conveyancer', 'insurance_broker', 'tenant', 'other')`),
    )
    .addColumn('scope', 'text', (col) =>
      col.notNull().check(sql`scope in ('documents_and_compliance', 'documents_only')`),
    )
    .addColumn('capability_id', 'uuid', (col) =>
      col.notNull().unique().references('capabilities.id').onDelete('cascade'),
    )
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('property_grants_property_idx')
    .on('property_grants')
    .columns(['property_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('property_grants_grantee_idx')
    .on('property_grants')
    .columns(['grantee_user_id'])
    .execute();
  await db.schema
    .createIndex('property_grants_organization_idx')
    .on('property_grants')
    .columns(['organization_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('property_grants').execute();
  await sql`delete from capabilities where purpose = 'property_grant'`.execute(db);
}
