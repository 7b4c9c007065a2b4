import { areaOfAddress, areaSearchTerms, johannesburgToday, type ProviderSearch } from '@propertydna/domain';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ProviderOut } from './escalation.schemas.js';

/** Find Provider answers at most this many suppliers (verified first). */
export const PROVIDER_SEARCH_LIMIT = 50;

/** `text` holds `term`, ignoring case (no LIKE: a % or _ in the term is just a character). */
const contains = (text: Expression<string | null> | RawBuilder<string | null>, term: string) =>
  sql<SqlBool>`strpos(lower(${text}), lower(${term})) > 0`;

/** One of the organisation's service categories holds `term`. */
const hasSpecialty = (term: string) =>
  sql<SqlBool>`exists (select 1 from jsonb_array_elements_text(o.specialties) as s(value) where ${contains(sql.ref('s.value'), term)})`;

/**
 * GET /api/providers (Find Provider): the registered suppliers (organisations with a supplier account)
 * and what they publish about themselves — never their users or their street address (the area is the
 * place the address names), only the contact e-mail the supplier chose to show. specialty filters on a service category, municipality on the business
 * address (a code such as CPT looks for 'Cape Town'), q on the name, categories, address or description.
 * Suppliers whose liability insurance is current today come first, then by name.
 */
export async function searchProviders(
  db: Db,
  search: ProviderSearch,
  now = new Date(),
): Promise<ProviderOut[]> {
  const today = johannesburgToday(now);
  let query = db
    .selectFrom('organizations as o')
    .leftJoin('supplier_insurance as si', 'si.organization_id', 'o.id')
    .select([
      'o.id',
      'o.name',
      'o.trading_as',
      'o.description',
      'o.specialties',
      'o.business_address',
      'o.contact_email',
      'o.contact_phone',
      'o.website',
      sql<string | null>`to_char(si.expires_on, 'YYYY-MM-DD')`.as('insured_until'),
      sql<boolean>`coalesce(si.expires_on >= ${today}::date, false)`.as('verified'),
    ])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('users as u')
          .select('u.id')
          .whereRef('u.organization_id', '=', 'o.id')
          .where('u.user_type', '=', 'supplier'),
      ),
    );
  const { specialty, municipality, q } = search;
  if (specialty) query = query.where(hasSpecialty(specialty));
  if (municipality) {
    const terms = areaSearchTerms(municipality);
    query = query.where(({ or }) => or(terms.map((term) => contains(sql.ref('o.business_address'), term))));
  }
  if (q) {
    query = query.where(({ or }) =>
      or([
        contains(sql.ref('o.name'), q),
        contains(sql.ref('o.trading_as'), q),
        contains(sql.ref('o.description'), q),
        contains(sql.ref('o.business_address'), q),
        hasSpecialty(q),
      ]),
    );
  }
  const rows = await query
    .orderBy(sql`coalesce(si.expires_on >= ${today}::date, false)`, 'desc')
    .orderBy(sql`lower(o.name)`)
    .orderBy('o.id')
    .limit(PROVIDER_SEARCH_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    company_name: row.name,
    trading_as: row.trading_as,
    description: row.description,
    specialties: row.specialties,
    // The place, never the street: a business address is not published.
    area: areaOfAddress(row.business_address),
    email: row.contact_email,
    phone: row.contact_phone,
    website: row.website,
    insured_until: row.insured_until,
    verified: row.verified,
  }));
}
