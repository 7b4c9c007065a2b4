import { parcelKey, resolvePropertyMunicipality } from '@propertydna/domain';
import { type Kysely, sql } from 'kysely';

interface LegacyRow {
  id: string;
  organization_id: string;
  municipality: string;
  parcel_id: string;
  unit: string | null;
  archived: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped
export async function up(db: Kysely<any>): Promise<void> {
  // Before the official list, a South African property's municipality was free text ('City of Cape
  // Town'), and its parcel key (the duplicate check) was built from that text: the same parcel entered
  // since as 'CPT' would not be seen as a duplicate. Every name that resolves to one municipality of the
  // list, as the list is at this migration, is stored as its code with the parcel key rebuilt from it.
  // The DNA code is never touched: it stays as it was issued. Where the rebuilt key is already held by
  // another live property of the same organisation (the same parcel registered twice under two
  // spellings), the later row keeps its old values so that neither property is lost or hidden.
  // (A data migration, so it reads the domain's list and key rule; it runs once and is never re-run.)
  const { rows } = await sql<LegacyRow>`
    select id, organization_id, municipality, parcel_id, unit, archived_at is not null as archived
    from properties where country = 'ZA' order by created_at, id`.execute(db);
  for (const row of rows) {
    const resolution = resolvePropertyMunicipality(row.municipality);
    if (!resolution.ok || resolution.municipality.code === row.municipality) continue;
    const municipality = resolution.municipality.code;
    const key = parcelKey({ country: 'ZA', municipality, parcel_id: row.parcel_id, unit: row.unit });
    if (!row.archived) {
      const holder = await sql`select 1 from properties
        where organization_id = ${row.organization_id} and parcel_key = ${key}
          and archived_at is null and id <> ${row.id}`.execute(db);
      if (holder.rows.length > 0) continue;
    }
    await sql`update properties set municipality = ${municipality}, parcel_key = ${key}
      where id = ${row.id}`.execute(db);
  }
}

export async function down(): Promise<void> {
  // The names the codes replaced are not kept; the codes stay (they name the same municipalities).
}
