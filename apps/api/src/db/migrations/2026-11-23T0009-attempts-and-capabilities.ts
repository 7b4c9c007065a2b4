import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // One attempt limiter for every rule (sign-in, sign-up, password reset, link passwords): each
  // counted attempt is a row under its rule and key, forgotten by housekeeping after a day.
  await db.schema
    .createTable('attempts')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('rule', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('attempts_rule_key_idx')
    .on('attempts')
    .columns(['rule', 'key', 'created_at'])
    .execute();
  await db.schema.createIndex('attempts_created_idx').on('attempts').column('created_at').execute();
  await db.schema.dropTable('login_failures').execute();

  // Secret links of every purpose (share links, password resets, and later vendor invites, transfers,
  // calendar feeds): only the token's SHA-256 is kept; a password is argon2id.
  await db.schema
    .createTable('capabilities')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('organization_id', 'uuid', (col) => col.references('organizations.id').onDelete('cascade'))
    .addColumn('created_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    // What the link is about when it is not a row of its own (the user of a password reset).
    .addColumn('subject_id', 'uuid')
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('single_use', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('capabilities_subject_idx')
    .on('capabilities')
    .columns(['purpose', 'subject_id'])
    .execute();

  // The access log of a link: views, unlocks (good and bad), downloads, adoptions, uses.
  await db.schema
    .createTable('capability_events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('capability_id', 'uuid', (col) =>
      col.notNull().references('capabilities.id').onDelete('cascade'),
    )
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('document_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('capability_events_capability_idx')
    .on('capability_events')
    .columns(['capability_id', 'action', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('capability_events').execute();
  await db.schema.dropTable('capabilities').execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.dropTable('attempts').execute();
}
