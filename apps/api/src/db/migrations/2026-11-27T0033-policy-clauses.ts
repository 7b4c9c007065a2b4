import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Policy analysis that reads every clause (issue 28): a finding names the clause it stands for (its
  // own number, e.g. '4.12' or '(a)'), what the clause is about (topic tags, any number, a JSON array of
  // strings) and why it was classified so (the cue and the section, in words). A finding whose clause
  // matches no catalogued key has the key 'other'.
  await db.schema
    .alterTable('policy_findings')
    .addColumn('clause_ref', 'text')
    .addColumn('topics', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('reason', 'text')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('policy_findings')
    .dropColumn('clause_ref')
    .dropColumn('topics')
    .dropColumn('reason')
    .execute();
}
