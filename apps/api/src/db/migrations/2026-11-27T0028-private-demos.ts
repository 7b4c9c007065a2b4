import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 26 §7: every demo sign-in gets an organisation of its own, copied from a template (the sample
  // data, seeded at start-up and renewed daily). The template is marked with the demo it serves; at most
  // one of each. Nobody signs in to a template.
  await db.schema
    .alterTable('organizations')
    .addColumn('demo_template', 'text', (col) => col.check(sql`demo_template in ('owner', 'supplier')`))
    .execute();
  await sql`create unique index organizations_demo_template_key on organizations (demo_template)
    where demo_template is not null`.execute(db);
  // Housekeeping finds the demos past their lifetime by age.
  await sql`create index organizations_demo_created_idx on organizations (created_at)
    where is_demo and demo_template is null`.execute(db);
  // The shared demo accounts of before are ordinary old demos now (housekeeping removes them); their
  // sessions, shared by every visitor, end here.
  await sql`delete from sessions where user_id in (select id from users where is_demo)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index organizations_demo_created_idx`.execute(db);
  await sql`drop index organizations_demo_template_key`.execute(db);
  await db.schema.alterTable('organizations').dropColumn('demo_template').execute();
}
