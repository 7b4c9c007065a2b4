import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 30 §1: a token may be restricted to one property of its organisation (null: the whole
  // organisation). The token goes with the property when the property is deleted.
  await db.schema
    .alterTable('api_tokens')
    .addColumn('property_id', 'uuid', (col) => col.references('properties.id').onDelete('cascade'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_tokens').dropColumn('property_id').execute();
}
