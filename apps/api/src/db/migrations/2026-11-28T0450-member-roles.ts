import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 29 §1: each member of an organisation has a role. Every user so far is the one person of the
  // organisation they signed up with, so each becomes its owner (the default fills the existing rows).
  // The default stays for the one path that creates a user with a new organisation (sign-up, a demo's
  // copy); a member added to an existing organisation is always given their role explicitly.
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (col) =>
      col.notNull().defaultTo('owner').check(sql`role in ('owner', 'admin', 'member', 'viewer')`),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('role').execute();
}
