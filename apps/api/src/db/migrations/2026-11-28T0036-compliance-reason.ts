import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Why a property is critical or warning, in one line for its card (issue 32): written by each check;
  // null for a good property and for a check stored before this column (its next run writes it).
  await db.schema.alterTable('compliance_checks').addColumn('compliance_reason', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('compliance_checks').dropColumn('compliance_reason').execute();
}
