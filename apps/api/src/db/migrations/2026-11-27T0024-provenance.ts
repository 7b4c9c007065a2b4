import { type Kysely, sql } from 'kysely';

/**
 * Every document's provenance (issue 26 §3): who put it where it is (provenance_kind), who issued it
 * (issuer_name, as named when it was issued) and how far PropertyDNA had checked that issuer then
 * (issuer_level). All three are set by the server only; adoption and transfer carry the issuer over.
 *
 * Existing rows get what was true of them: nobody checked any supplier or vendor before verification
 * levels existed, so every document a supplier or vendor issued is self_declared; an owner's own upload
 * has no issuer (null). A document on a property that changed hands since it was registered was
 * received with that transfer.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('documents')
    .addColumn('provenance_kind', 'text', (col) =>
      col
        .notNull()
        .defaultTo('owner_upload')
        .check(
          sql`provenance_kind in ('owner_upload', 'supplier_issued', 'vendor_upload', 'share_adopted', 'transfer_received', 'document_read')`,
        ),
    )
    .addColumn('issuer_name', 'text')
    .addColumn('issuer_level', 'text', (col) =>
      col.check(sql`issuer_level in ('self_declared', 'documents_checked', 'register_matched')`),
    )
    .execute();

  await sql`
    update documents d set
      provenance_kind = case
        when d.adopted_from is not null then 'share_adopted'
        when d.vendor_invite_id is not null or d.source = 'vendor_upload' then 'vendor_upload'
        when d.source = 'supplier_verified' then 'supplier_issued'
        else 'owner_upload'
      end,
      issuer_name = coalesce(
        d.verifier_name,
        (select o.name from users u join organizations o on o.id = u.organization_id where u.id = d.verified_by)
      )
    where d.adopted_from is not null or d.vendor_invite_id is not null
      or d.source in ('vendor_upload', 'supplier_verified') or d.verified_by is not null`.execute(db);
  await sql`
    update documents set issuer_level = 'self_declared'
    where provenance_kind <> 'owner_upload' and (issuer_name is not null or verified_by is not null)`.execute(
    db,
  );
  // Registered before the property's current owner received it with a transfer.
  await sql`
    update documents d set provenance_kind = 'transfer_received'
    from property_ownerships po
    where po.property_id = d.property_id and po.ended_at is null and po.transfer_id is not null
      and d.created_at < po.started_at`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('documents')
    .dropColumn('provenance_kind')
    .dropColumn('issuer_name')
    .dropColumn('issuer_level')
    .execute();
}
