import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 17: a property handed from one organisation to another. The link mailed to the buyer is a
  // capability (purpose 'transfer', same id); acceptance is by the signed-in addressee, not the token.
  // 'expired' is never stored: a pending transfer whose link has ended is expired (read from the link).
  await db.schema
    .createTable('transfers')
    .addColumn('id', 'uuid', (col) => col.primaryKey().references('capabilities.id').onDelete('cascade'))
    .addColumn('property_id', 'uuid', (col) => col.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('from_organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('to_email', 'text', (col) => col.notNull().check(sql`to_email = lower(to_email)`))
    .addColumn('to_organization_id', 'uuid', (col) => col.references('organizations.id').onDelete('set null'))
    .addColumn('message', 'text')
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'accepted', 'declined', 'cancelled', 'expired')`),
    )
    // What was handed over, as it was at acceptance (the seller can no longer read the documents).
    .addColumn('documents', 'jsonb')
    .addColumn('created_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  // One pending transfer per property (the service says so first with a 409; this is the backstop).
  await sql`create unique index transfers_pending_property_key on transfers (property_id) where status = 'pending'`.execute(
    db,
  );
  await db.schema.createIndex('transfers_to_email_idx').on('transfers').column('to_email').execute();
  await db.schema
    .createIndex('transfers_from_organization_idx')
    .on('transfers')
    .columns(['from_organization_id', 'created_at'])
    .execute();

  // Who owned a property when: organisation names and dates only (the name kept as it was, so the history
  // outlives a renamed or deleted organisation). One open period per property.
  await db.schema
    .createTable('property_ownerships')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('property_id', 'uuid', (col) => col.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (col) => col.references('organizations.id').onDelete('set null'))
    .addColumn('organization_name', 'text', (col) => col.notNull())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ended_at', 'timestamptz')
    // The transfer that began the period (null for the first owner).
    .addColumn('transfer_id', 'uuid', (col) => col.references('transfers.id').onDelete('set null'))
    .execute();
  await sql`create unique index property_ownerships_open_key on property_ownerships (property_id) where ended_at is null`.execute(
    db,
  );
  await db.schema
    .createIndex('property_ownerships_property_idx')
    .on('property_ownerships')
    .columns(['property_id', 'started_at'])
    .execute();
  // Every property registered so far has had one owner since it was registered.
  await sql`
    insert into property_ownerships (property_id, organization_id, organization_name, started_at)
    select p.id, p.organization_id, o.name, p.created_at
    from properties p join organizations o on o.id = p.organization_id`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('property_ownerships').execute();
  await db.schema.dropTable('transfers').execute();
  await sql`delete from capabilities where purpose in ('transfer', 'transfer_pack')`.execute(db);
}
