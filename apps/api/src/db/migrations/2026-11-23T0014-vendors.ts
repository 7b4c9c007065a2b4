import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 15: an organisation's service providers. One row per e-mail address per organisation: inviting
  // the same person again (for this or another property) finds them instead of adding a twin.
  await db.schema
    .createTable('vendors')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('company', 'text')
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('specialties', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index vendors_organization_email_key on vendors (organization_id, lower(email))`.execute(
    db,
  );

  // An upload invite: a capability (purpose 'vendor_invite', same id) for one vendor and one property,
  // with the document kinds it allows and its caps on files and bytes.
  await db.schema
    .createTable('vendor_invites')
    .addColumn('id', 'uuid', (col) => col.primaryKey().references('capabilities.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    // A vendor removed from the directory leaves its invites (revoked) as the provenance of what came in.
    .addColumn('vendor_id', 'uuid', (col) => col.references('vendors.id').onDelete('set null'))
    .addColumn('property_id', 'uuid', (col) => col.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('allowed_kinds', 'jsonb', (col) => col.notNull())
    .addColumn('max_files', 'integer', (col) => col.notNull().check(sql`max_files > 0`))
    .addColumn('max_bytes', 'bigint', (col) => col.notNull().check(sql`max_bytes > 0`))
    .addColumn('created_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('vendor_invites_vendor_property_idx')
    .on('vendor_invites')
    .columns(['vendor_id', 'property_id'])
    .execute();
  await db.schema
    .createIndex('vendor_invites_property_idx')
    .on('vendor_invites')
    .column('property_id')
    .execute();

  // A document a vendor uploaded through an invite: the invite is its provenance, and the verifier's name
  // as it was at upload (set by the server only; a vendor without an account has no user to point at).
  await db.schema
    .alterTable('documents')
    .addColumn('vendor_invite_id', 'uuid', (col) => col.references('vendor_invites.id').onDelete('set null'))
    .addColumn('verifier_name', 'text')
    .execute();
  await db.schema
    .createIndex('documents_vendor_invite_idx')
    .on('documents')
    .column('vendor_invite_id')
    .where(sql.ref('vendor_invite_id'), 'is not', null)
    .execute();
  await sql`alter table documents drop constraint documents_source_check`.execute(db);
  await sql`alter table documents add constraint documents_source_check
    check (source in ('owner_upload', 'supplier_verified', 'developer_pack', 'vendor_upload'))`.execute(db);

  // An upload signed through an invite belongs to the invite (and counts against its caps), not to a user.
  await db.schema
    .alterTable('uploads')
    .addColumn('vendor_invite_id', 'uuid', (col) => col.references('vendor_invites.id').onDelete('cascade'))
    .execute();
  await sql`alter table uploads alter column user_id drop not null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from uploads where user_id is null`.execute(db);
  await sql`alter table uploads alter column user_id set not null`.execute(db);
  await db.schema.alterTable('uploads').dropColumn('vendor_invite_id').execute();
  await sql`update documents set source = 'owner_upload' where source = 'vendor_upload'`.execute(db);
  await sql`alter table documents drop constraint documents_source_check`.execute(db);
  await sql`alter table documents add constraint documents_source_check
    check (source in ('owner_upload', 'supplier_verified', 'developer_pack'))`.execute(db);
  await db.schema
    .alterTable('documents')
    .dropColumn('vendor_invite_id')
    .dropColumn('verifier_name')
    .execute();
  await db.schema.dropTable('vendor_invites').execute();
  await db.schema.dropTable('vendors').execute();
  await sql`delete from capabilities where purpose = 'vendor_invite'`.execute(db);
}
