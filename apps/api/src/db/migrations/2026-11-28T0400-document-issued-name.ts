import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // The name a document's issuer gave it, kept when its owner renames it (issue 32): /verify and the
  // document's provenance keep saying what was issued. Null while the name is still the issued one and for
  // a document nobody but its owner issued.
  await db.schema.alterTable('documents').addColumn('issued_name', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('issued_name').execute();
}
