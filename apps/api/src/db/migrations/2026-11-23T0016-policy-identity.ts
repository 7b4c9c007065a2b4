import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 16: the policy number and the insurer the analysis read in the policy's text (null when it
  // named none), for the insurance pack and the claim pack's cover letter.
  await db.schema
    .alterTable('policy_analyses')
    .addColumn('policy_number', 'text')
    .addColumn('insurer', 'text')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('policy_analyses').dropColumn('insurer').dropColumn('policy_number').execute();
}
