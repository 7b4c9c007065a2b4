import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations take Kysely<any> and never import app types.
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 18: the portfolio list reads each property's figures from its own row instead of
  // aggregating every document of the organisation per request. The figures are the documents of the
  // property in the property's organisation: how many, the latest upload and the earliest certificate
  // or policy expiry (what the card's compliance falls back on before the first check).
  await db.schema
    .alterTable('properties')
    .addColumn('documents_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_document_at', 'timestamptz')
    .addColumn('earliest_expiry', 'timestamptz')
    .execute();

  // Recounts one property from its documents. The row is locked FIRST and the count is a statement of
  // its own, so it reads after any concurrent change of the same property has committed (a count
  // taken before waiting for the lock could miss a document inserted meanwhile).
  await sql`
    create function refresh_property_figures(target uuid) returns void language plpgsql as $$
    begin
      perform 1 from properties where id = target for update;
      update properties p
      set (documents_count, last_document_at, earliest_expiry) = (
        select count(*)::int,
               max(d.created_at),
               min(d.expires_at) filter (where d.kind in ('certificate', 'policy'))
        from documents d
        where d.property_id = p.id and d.organization_id = p.organization_id)
      where p.id = target;
    end $$`.execute(db);

  // In the same transaction as the change, whichever code made it (upload, vendor upload, adoption,
  // transfer, delete, a bulk load): an insert adds itself (the row update waits for and then reads
  // the latest figures); a delete or a moved document recounts the properties it left and joined.
  await sql`
    create function documents_property_figures() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update properties
        set documents_count = documents_count + 1,
            last_document_at = greatest(last_document_at, new.created_at),
            earliest_expiry = case when new.kind in ('certificate', 'policy')
                                   then least(earliest_expiry, new.expires_at)
                                   else earliest_expiry end
        where id = new.property_id and organization_id = new.organization_id;
        return null;
      end if;
      if old.property_id is not null then
        perform refresh_property_figures(old.property_id);
      end if;
      if tg_op = 'UPDATE' and new.property_id is distinct from old.property_id and new.property_id is not null then
        perform refresh_property_figures(new.property_id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger documents_property_figures_insert after insert on documents
    for each row when (new.property_id is not null) execute function documents_property_figures()`.execute(
    db,
  );
  await sql`
    create trigger documents_property_figures_delete after delete on documents
    for each row when (old.property_id is not null) execute function documents_property_figures()`.execute(
    db,
  );
  await sql`
    create trigger documents_property_figures_update
    after update of property_id, organization_id, kind, expires_at, created_at on documents
    for each row when (
      old.property_id is distinct from new.property_id
      or old.organization_id is distinct from new.organization_id
      or old.kind is distinct from new.kind
      or old.expires_at is distinct from new.expires_at
      or old.created_at is distinct from new.created_at)
    execute function documents_property_figures()`.execute(db);

  // A property moved to another organisation (a transfer) counts the documents of its new one; the
  // documents that follow it recount it again as each arrives.
  await sql`
    create function properties_organization_figures() returns trigger language plpgsql as $$
    begin
      select count(*)::int,
             max(d.created_at),
             min(d.expires_at) filter (where d.kind in ('certificate', 'policy'))
      into new.documents_count, new.last_document_at, new.earliest_expiry
      from documents d
      where d.property_id = new.id and d.organization_id = new.organization_id;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger properties_organization_figures before update of organization_id on properties
    for each row when (old.organization_id is distinct from new.organization_id)
    execute function properties_organization_figures()`.execute(db);

  // The figures of the properties there are already.
  await sql`
    update properties p
    set documents_count = d.documents_count,
        last_document_at = d.last_document_at,
        earliest_expiry = d.earliest_expiry
    from (
      select property_id, organization_id,
             count(*)::int as documents_count,
             max(created_at) as last_document_at,
             min(expires_at) filter (where kind in ('certificate', 'policy')) as earliest_expiry
      from documents
      where property_id is not null
      group by property_id, organization_id
    ) d
    where d.property_id = p.id and d.organization_id = p.organization_id`.execute(db);

  // The list's order within an organisation's live properties: a page is one index range.
  await sql`
    create index properties_live_list_idx on properties (organization_id, created_at desc, id)
    where archived_at is null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index properties_live_list_idx`.execute(db);
  await sql`drop trigger properties_organization_figures on properties`.execute(db);
  await sql`drop trigger documents_property_figures_update on documents`.execute(db);
  await sql`drop trigger documents_property_figures_delete on documents`.execute(db);
  await sql`drop trigger documents_property_figures_insert on documents`.execute(db);
  await sql`drop function properties_organization_figures()`.execute(db);
  await sql`drop function documents_property_figures()`.execute(db);
  await sql`drop function refresh_property_figures(uuid)`.execute(db);
  await db.schema
    .alterTable('properties')
    .dropColumn('documents_count')
    .dropColumn('last_document_at')
    .dropColumn('earliest_expiry')
    .execute();
}
