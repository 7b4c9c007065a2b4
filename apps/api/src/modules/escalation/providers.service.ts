import {
  areaOfAddress,
  areaSearchTerms,
  insuredUntil,
  isVerifiedLevel,
  johannesburgToday,
  type ProviderSearch,
  VERIFICATION_LEVELS,
} from '@propertydna/domain';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { mayBeChecked, supplierVerification } from '../verification/verification.js';
import type { ProviderOut } from './escalation.schemas.js';

/** Find Provider answers at most this many suppliers (checked first). */
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
 * Each answers its verification level and checks (modules/verification): `verified` only for documents
 * checked or register matched, `insured_until` only from a reviewed, unexpired insurance certificate;
 * what a supplier typed under Insurance counts for neither. Checked suppliers come first (register
 * matched, then documents checked), then by name.
 */
export async function searchProviders(
  db: Db,
  search: ProviderSearch,
  now = new Date(),
): Promise<ProviderOut[]> {
  const today = johannesburgToday(now);
  let query = db
    .selectFrom('organizations as o')
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
    ])
    // A private demo's supplier is nobody's provider (and no template either).
    .where('o.is_demo', '=', false)
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
    // Every documents-checked supplier meets this, so none is left off the page for an unchecked one.
    .orderBy(mayBeChecked(today), 'desc')
    .orderBy(sql`lower(o.name)`)
    .orderBy('o.id')
    .limit(PROVIDER_SEARCH_LIMIT)
    .execute();
  const verification = await supplierVerification(
    db,
    rows.map((row) => row.id),
    today,
  );
  const rank = (id: string) => -VERIFICATION_LEVELS.indexOf(verification.get(id)?.level ?? 'self_declared');
  // Stable: within a level, the query's order (by name).
  const ordered = [...rows].sort((a, b) => rank(a.id) - rank(b.id));
  return ordered.map((row) => {
    const answer = verification.get(row.id) ?? { level: 'self_declared' as const, checks: [] };
    return {
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
      insured_until: insuredUntil(answer.checks),
      verified: isVerifiedLevel(answer.level),
      verification: answer,
    };
  });
}
