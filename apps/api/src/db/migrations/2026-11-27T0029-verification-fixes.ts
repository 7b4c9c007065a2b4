import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // An approval is of the facts the reviewer checked at that moment: the company name and numbers are
  // kept with it, so a later change of the profile makes the check 'outdated' instead of still counting.
  await db.schema
    .alterTable('supplier_evidence')
    .addColumn('checked_name', 'text')
    .addColumn('checked_registration_number', 'text')
    .addColumn('checked_trade_number', 'text')
    .execute();
  // Approvals made before this were checked against the profile as it stands.
  await sql`update supplier_evidence e
    set checked_name = o.name,
        checked_registration_number = o.registration_number,
        checked_trade_number = o.trade_registration_number
    from organizations o
    where o.id = e.organization_id and e.status = 'approved'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('supplier_evidence')
    .dropColumn('checked_trade_number')
    .dropColumn('checked_registration_number')
    .dropColumn('checked_name')
    .execute();
}
