import {
  areaOfAddress,
  areaSearchTerms,
  insuredUntil,
  isVerifiedLevel,
  johannesburgToday,
  PROVINCES,
  type PropertyProviderSearch,
  type ProviderSearch,
  type ProvinceCode,
  providerArea,
  provinceSearchTerms,
  VERIFICATION_LEVELS,
  widenedSearchMessage,
} from '@propertydna/domain';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { requireOwned } from '../../auth/owned.js';
import type { Db } from '../../db/database.js';
import { isDemoOrganization } from '../auth/auth.repo.js';
import { matchingVendors } from '../vendors/vendors.service.js';
import { mayBeChecked, supplierVerification } from '../verification/verification.js';
import type { ProviderOut, ProviderSearchResultOut } from './escalation.schemas.js';

/** Find Provider answers at most this many suppliers (checked first). */
export const PROVIDER_SEARCH_LIMIT = 50;

/** `text` holds `term`, ignoring case (no LIKE: a % or _ in the term is just a character). */
const contains = (text: Expression<string | null> | RawBuilder<string | null>, term: string) =>
  sql<SqlBool>`strpos(lower(${text}), lower(${term})) > 0`;

/** One of the organisation's service categories holds `term`. */
const hasSpecialty = (term: string) =>
  sql<SqlBool>`exists (select 1 from jsonb_array_elements_text(o.specialties) as s(value) where ${contains(sql.ref('s.value'), term)})`;

/**
 * Where a supplier's business address must be: any of the terms written in it. As typed (an area the
 * caller asked for), any part of the address holds a term ('Cape' finds 'Cape Town'); as whole words (a
 * province's places), a term stands between non-letters in the address after its first part (the
 * street), so 'George' is not found in '12 George Street, Sandton', nor 'Eden' in 'Edenvale'.
 */
interface AreaFilter {
  terms: readonly string[];
  wholeWords?: boolean;
}

/** A term as a regular expression matching it between non-letters (PostgreSQL's ARE syntax, any case). */
const wholeWordPattern = (term: string) =>
  `(^|[^[:alnum:]])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^[:alnum:]])`;

/** The address after its first comma: the place, not the street ('' without a comma). */
const placePart = sql<string>`case when strpos(coalesce(o.business_address, ''), ',') > 0 then substr(o.business_address, strpos(o.business_address, ',') + 1) else '' end`;

interface SupplierQuery {
  specialty?: string;
  q?: string;
  area?: AreaFilter | null;
  /** The caller is a demo organisation: the demo supplier (its template) is among the providers. */
  demo?: boolean;
}

/**
 * The registered suppliers (organisations with a supplier account) matching a search, with what they
 * publish about themselves — never their users or their street address (the area is the place the
 * address names), only the contact e-mail, phone and website the supplier chose to show (null when it
 * showed none: nothing is made up). specialty filters on a service category, area on the business
 * address, q on the name, categories, address or description. Each answers its verification level and
 * checks (modules/verification): `verified` only for documents checked or register matched,
 * `insured_until` only from a reviewed, unexpired insurance certificate; what a supplier typed under
 * Insurance counts for neither. Checked suppliers come first (register matched, then documents checked),
 * then by name; at most PROVIDER_SEARCH_LIMIT. A demo organisation is nobody's provider, except that a
 * demo caller finds the demo supplier's template (the sample every supplier demo is copied from).
 */
async function findSuppliers(db: Db, search: SupplierQuery, now: Date): Promise<ProviderOut[]> {
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
    // A private demo's supplier is nobody's provider; a demo owner finds the sample supplier.
    .where(({ eb, or }) =>
      search.demo
        ? or([eb('o.is_demo', '=', false), eb('o.demo_template', '=', 'supplier')])
        : eb('o.is_demo', '=', false),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('users as u')
          .select('u.id')
          .whereRef('u.organization_id', '=', 'o.id')
          .where('u.user_type', '=', 'supplier'),
      ),
    );
  const { specialty, area, q } = search;
  if (specialty) query = query.where(hasSpecialty(specialty));
  if (area) {
    const { terms } = area;
    if (terms.length === 0) return [];
    query = query.where(({ or }) =>
      or(
        area.wholeWords
          ? [sql<SqlBool>`${placePart} ~* ${terms.map(wholeWordPattern).join('|')}`]
          : terms.map((term) => contains(sql.ref('o.business_address'), term)),
      ),
    );
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

/**
 * GET /api/providers (Find Provider's directory search): the registered suppliers by specialty,
 * municipality (a code such as CPT looks for 'Cape Town' in the business address) and q, as findSuppliers
 * answers them.
 */
export async function searchProviders(
  db: Db,
  organizationId: string,
  search: ProviderSearch,
  now = new Date(),
): Promise<ProviderOut[]> {
  const { specialty, municipality, q } = search;
  return findSuppliers(
    db,
    {
      specialty,
      q,
      area: municipality ? { terms: areaSearchTerms(municipality) } : null,
      demo: await isDemoOrganization(db, organizationId),
    },
    now,
  );
}

/**
 * GET /api/properties/{id}/providers (Find Provider on a property, issue 32 §6): the organisation's own
 * vendors matching the specialty and words first, marked as theirs; then the registered suppliers of the
 * area (the property's municipality unless another is asked; '' is anywhere), and when the area has none,
 * those of its province, said in words (widenedSearchMessage). A supplier that is one of the listed own
 * vendors (registered under its address, or invited at the address it published) is listed once, as the
 * vendor. Another organisation's property is 404; only the caller's
 * organisation's vendors are ever read.
 */
export async function findProvidersForProperty(
  db: Db,
  organizationId: string,
  propertyId: string,
  search: PropertyProviderSearch,
  now = new Date(),
): Promise<ProviderSearchResultOut> {
  const owned = await requireOwned(db, organizationId, 'property', propertyId);
  const property = await db
    .selectFrom('properties')
    .select('municipality')
    .where('id', '=', owned)
    .executeTakeFirstOrThrow();
  const { specialty, q } = search;
  const area = providerArea(search.municipality ?? property.municipality);
  const demo = await isDemoOrganization(db, organizationId);
  const [vendors, inArea] = await Promise.all([
    matchingVendors(db, organizationId, { specialty, q }, now),
    findSuppliers(
      db,
      { specialty, q, area: area && { terms: area.terms, wholeWords: area.kind === 'province' }, demo },
      now,
    ),
  ]);
  let providers = inArea;
  let widened: { province: ProvinceCode; message: string } | null = null;
  if (area?.province && inArea.length === 0) {
    const province = area.province;
    providers = await findSuppliers(
      db,
      { specialty, q, area: { terms: provinceSearchTerms(province), wholeWords: true }, demo },
      now,
    );
    widened = {
      province,
      message: widenedSearchMessage({
        specialty,
        area: area.label,
        province,
        foundInProvince: providers.length,
      }),
    };
  }
  const listed = vendors.slice(0, PROVIDER_SEARCH_LIMIT);
  // A supplier already among the vendors: registered under the vendor's address, or invited at the
  // address it published (Invite as vendor starts from that one).
  const ownSuppliers = new Set(listed.flatMap(({ supplierId }) => (supplierId ? [supplierId] : [])));
  const ownAddresses = new Set(listed.map(({ vendor }) => vendor.email.toLowerCase()));
  return {
    area: area?.label ?? null,
    province: widened ? PROVINCES[widened.province] : null,
    message: widened?.message ?? null,
    vendors: listed.map(({ vendor }) => vendor),
    providers: providers.filter(
      (provider) =>
        !ownSuppliers.has(provider.id) && !(provider.email && ownAddresses.has(provider.email.toLowerCase())),
    ),
  };
}
