import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 29 §2: an invitation to join an organisation, by email, with the role offered. Its link is a
  // capability ('member_invite', single use, 14 days); resending issues a new link and ends the old one.
  await db.schema
    .createTable('member_invites')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (col) => col.notNull().check(sql`email = lower(email)`))
    .addColumn('role', 'text', (col) =>
      col.notNull().check(sql`role in ('owner', 'admin', 'member', 'viewer')`),
    )
    .addColumn('capability_id', 'uuid', (col) =>
      col.notNull().unique().references('capabilities.id').onDelete('cascade'),
    )
    .addColumn('invited_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('accepted_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('member_invites_organization_idx')
    .on('member_invites')
    .columns(['organization_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('member_invites').execute();
  await sql`delete from capabilities where purpose = 'member_invite'`.execute(db);
}
