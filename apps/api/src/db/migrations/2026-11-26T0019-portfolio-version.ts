import { type Kysely, sql } from 'kysely';

const TABLES = ['properties', 'compliance_checks'] as const;

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 18: a number that changes, in the same transaction, whenever anything the portfolio list
  // shows changes: a property row (its fields, its archiving, its move to another organisation, its
  // document figures, which the documents' triggers of migration 0018 keep on the row) or a
  // property's compliance check. The list and its pages are kept in memory per (organisation,
  // version), and one primary-key read tells any replica whether what it holds is still current.
  await db.schema
    .alterTable('organizations')
    .addColumn('portfolio_version', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();

  // Per statement, from its transition tables: a bulk load of 1,000 properties bumps each organisation
  // once, not once per row. PL/pgSQL resolves a table name when the statement runs, so each branch
  // names only the transition tables its event has.
  await sql`
    create function bump_portfolio_version() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update organizations set portfolio_version = portfolio_version + 1
        where id in (select organization_id from changed_new);
      elsif tg_op = 'DELETE' then
        update organizations set portfolio_version = portfolio_version + 1
        where id in (select organization_id from changed_old);
      else
        update organizations set portfolio_version = portfolio_version + 1
        where id in (select organization_id from changed_new union select organization_id from changed_old);
      end if;
      return null;
    end $$`.execute(db);

  for (const table of TABLES) {
    const name = (event: string) => sql.raw(`${table}_portfolio_version_${event}`);
    await sql`
      create trigger ${name('insert')} after insert on ${sql.table(table)}
      referencing new table as changed_new
      for each statement execute function bump_portfolio_version()`.execute(db);
    await sql`
      create trigger ${name('update')} after update on ${sql.table(table)}
      referencing old table as changed_old new table as changed_new
      for each statement execute function bump_portfolio_version()`.execute(db);
    await sql`
      create trigger ${name('delete')} after delete on ${sql.table(table)}
      referencing old table as changed_old
      for each statement execute function bump_portfolio_version()`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.raw(`${table}_portfolio_version_${event}`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
  }
  await sql`drop function if exists bump_portfolio_version()`.execute(db);
  await db.schema.alterTable('organizations').dropColumn('portfolio_version').execute();
}
