import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // A share link is a capability: its secret, password, expiry, revocation and access log move there,
  // under the same id; the share keeps what it shares (a job, or chosen documents of a property).
  await sql`
    insert into capabilities (id, purpose, organization_id, created_by, token_hash, password_hash, expires_at, revoked_at, created_at)
    select id, 'share', organization_id, created_by, token_hash, password_hash, expires_at, revoked_at, created_at
    from shares
  `.execute(db);
  await sql`
    insert into capability_events (capability_id, action, ip, user_id, document_id, created_at)
    select share_id, action, ip, user_id, document_id, created_at from share_events order by id
  `.execute(db);
  await db.schema.dropTable('share_events').execute();
  await db.schema
    .alterTable('shares')
    .dropColumn('token_hash')
    .dropColumn('password_hash')
    .dropColumn('expires_at')
    .dropColumn('revoked_at')
    .execute();
  await sql`alter table shares alter column id drop default`.execute(db);
  await sql`alter table shares add constraint shares_capability_fkey foreign key (id) references capabilities (id) on delete cascade`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table shares drop constraint shares_capability_fkey`.execute(db);
  await sql`alter table shares alter column id set default gen_random_uuid()`.execute(db);
  await db.schema
    .alterTable('shares')
    .addColumn('token_hash', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await sql`
    update shares s set token_hash = c.token_hash, password_hash = c.password_hash,
      expires_at = c.expires_at, revoked_at = c.revoked_at
    from capabilities c where c.id = s.id
  `.execute(db);
  await sql`alter table shares alter column token_hash set not null, alter column expires_at set not null`.execute(
    db,
  );
  await db.schema
    .createTable('share_events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('share_id', 'uuid', (col) => col.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('document_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`
    insert into share_events (share_id, action, ip, user_id, document_id, created_at)
    select e.capability_id, e.action, e.ip, e.user_id, e.document_id, e.created_at
    from capability_events e join shares s on s.id = e.capability_id order by e.id
  `.execute(db);
  await sql`delete from capabilities where purpose = 'share'`.execute(db);
}
