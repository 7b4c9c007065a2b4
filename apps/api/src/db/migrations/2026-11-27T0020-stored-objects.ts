import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 25: one row per stored object that documents may name. Several documents name the same
  // object (a supplier's document and every owner's adopted copy of it, wherever a transfer moves
  // them), so no document's delete may take the object with it. The foreign key makes it impossible for
  // a document to name an object whose row is gone: adding such a document fails, and the row goes only
  // while it is locked and nothing names it (storage/stored-objects.ts); the file goes after that commits.
  await db.schema
    .createTable('stored_objects')
    .addColumn('storage_key', 'text', (col) => col.primaryKey())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into stored_objects (storage_key) select distinct storage_key from documents`.execute(db);
  await sql`
    alter table documents add constraint documents_storage_key_fkey
    foreign key (storage_key) references stored_objects (storage_key)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table documents drop constraint documents_storage_key_fkey`.execute(db);
  await db.schema.dropTable('stored_objects').execute();
}
