import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // What a company account registers with (spec §3 signup form); a supplier's profile starts from it.
  await db.schema
    .alterTable('organizations')
    .addColumn('registration_number', 'text')
    .addColumn('vat_number', 'text')
    .addColumn('company_type', 'text')
    .addColumn('trading_as', 'text')
    .addColumn('business_address', 'text')
    .addColumn('specialties', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('is_demo', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('agree_to_marketing', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_demo', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();

  // Failed sign-ins, for rate limiting by email and by address (kept 15 minutes).
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_failures_email_idx')
    .on('login_failures')
    .columns(['email', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_failures_ip_idx')
    .on('login_failures')
    .columns(['ip', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
  await db.schema.alterTable('users').dropColumn('agree_to_marketing').dropColumn('is_demo').execute();
  await db.schema
    .alterTable('organizations')
    .dropColumn('registration_number')
    .dropColumn('vat_number')
    .dropColumn('company_type')
    .dropColumn('trading_as')
    .dropColumn('business_address')
    .dropColumn('specialties')
    .dropColumn('is_demo')
    .execute();
}
