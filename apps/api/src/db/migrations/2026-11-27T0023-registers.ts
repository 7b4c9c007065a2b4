import { type Kysely, sql } from 'kysely';

/** The phone columns people typed before numbers were stored in E.164. */
const PHONE_COLUMNS = [
  ['users', 'phone'],
  ['organizations', 'contact_phone'],
  ['vendors', 'phone'],
  ['callbacks', 'phone'],
] as const;

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Official registers (issue 26 §2): one row per imported register source, the file it came from and
  // when; its entries are replaced together on each import (modules/registers/import-register.ts).
  await db.schema
    .createTable('register_imports')
    .addColumn('source', 'text', (col) => col.primaryKey())
    .addColumn('imported_at', 'timestamptz', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('file_sha256', 'text', (col) => col.notNull())
    .addColumn('entry_count', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('register_entries')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('source', 'text', (col) =>
      col.notNull().references('register_imports.source').onDelete('cascade'),
    )
    .addColumn('line', 'integer', (col) => col.notNull())
    .addColumn('registration_number', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('valid_until', 'date', (col) => col.notNull())
    // What an entry is matched on: the number without spaces in upper case, the name without case,
    // punctuation or legal form (@propertydna/domain registers.ts), computed at import.
    .addColumn('number_key', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('register_entries_number_key_idx')
    .on('register_entries')
    .column('number_key')
    .execute();
  await db.schema
    .createIndex('register_entries_source_idx')
    .on('register_entries')
    .column('source')
    .execute();

  // A supplier's registration with a trade body (electrical registered person, PIRB plumber, LP gas…):
  // the number a trade register lists, besides the company's CIPC number.
  await db.schema.alterTable('organizations').addColumn('trade_registration_number', 'text').execute();

  // Phone numbers are stored in E.164 from now on. The numbers typed before are rewritten where that is
  // certain (a South African '082 123 4567' or '+27 (0)82-123-4567' → '+27821234567', an international
  // '+44 20 7946 0958' → '+442079460958'); anything else stays as typed, still shown, and the next save of its form asks for a valid number. Registration and VAT
  // numbers typed before their formats were checked stay as they are for the same reason: a supplier's
  // profile keeps showing them, they never match a register entry they do not equal, and the next save
  // asks for the CIPC form.
  for (const [table, column] of PHONE_COLUMNS) {
    const compact = sql`regexp_replace(replace(${sql.ref(column)}, '(0)', ''), '[ ()-]', '', 'g')`;
    await sql`
      update ${sql.table(table)} set ${sql.ref(column)} = '+27' || substr(${compact}, 2)
      where ${sql.ref(column)} !~ '^[+]' and ${compact} ~ '^0[1-9][0-9]{8}$'`.execute(db);
    await sql`
      update ${sql.table(table)} set ${sql.ref(column)} = ${compact}
      where ${sql.ref(column)} ~ '^[+]' and ${compact} ~ '^[+][1-9][0-9]{6,14}$'
        and (${compact} !~ '^[+]27' or ${compact} ~ '^[+]27[1-9][0-9]{8}$')
        and ${sql.ref(column)} <> ${compact}`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('trade_registration_number').execute();
  await db.schema.dropTable('register_entries').execute();
  await db.schema.dropTable('register_imports').execute();
}
