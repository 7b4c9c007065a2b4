import { type Kysely, sql } from 'kysely';

/** Every table whose rows the portfolio list, its pages or the dashboard's figures are made of. */
const TABLES = [
  'properties',
  'compliance_checks',
  'documents',
  'maintenance_tasks',
  'reminders',
  'reminder_completions',
] as const;

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 18: a number that changes, in the same transaction, whenever anything the portfolio list or
  // the dashboard's figures are made of changes: a property row (its fields, its archiving, its move
  // to another organisation, its document figures), a compliance check, a document, a maintenance
  // task, a custom reminder or its completion, and the organisation's plan or trial (the plan's own
  // reminder). The list, its pages and the dashboard's figures are kept in memory per (organisation,
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

  await sql`
    create function bump_portfolio_version_on_plan() returns trigger language plpgsql as $$
    begin
      new.portfolio_version := old.portfolio_version + 1;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger organizations_portfolio_version_plan before update of plan, trial_ends_at on organizations
    for each row when (new.plan is distinct from old.plan or new.trial_ends_at is distinct from old.trial_ends_at)
    execute function bump_portfolio_version_on_plan()`.execute(db);

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
  await sql`drop trigger if exists organizations_portfolio_version_plan on organizations`.execute(db);
  await sql`drop function if exists bump_portfolio_version_on_plan()`.execute(db);
  await sql`drop function if exists bump_portfolio_version()`.execute(db);
  await db.schema.alterTable('organizations').dropColumn('portfolio_version').execute();
}
