import type { Kysely } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Policy analysis connected to the rest (issue 28): a finding keeps its place in the wording (the
  // analysis's order: the Policy Analysis screen lists clauses in it) and, for an endorsement, the limit
  // the clause states in rand (the Policy Check says 'covered up to R150,000').
  await db.schema
    .alterTable('policy_findings')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('limit_rands', 'integer')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('policy_findings').dropColumn('position').dropColumn('limit_rands').execute();
}
