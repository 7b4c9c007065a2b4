import {
  checkedFactsChanged,
  registerNameKey,
  registerNumberKey,
  type VerificationCheck,
} from '@propertydna/domain';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';

/**
 * One official register a supplier was matched against (issue 26 §2), shaped like every verification
 * check (kind 'register'): matched while an entry with its reviewed number and name is current (valid_until ≥
 * today), lapsed when the only such entries ended before today. checked_at is when the register was
 * imported (the entry was checked then, and each import checks again); source is the register's name;
 * checked says what matched.
 */
export type RegisterCheck = VerificationCheck & {
  kind: 'register';
  status: 'matched' | 'lapsed';
  valid_until: string;
};

/** A number and name a PropertyDNA reviewer checked on an organisation's registration evidence. */
interface ReviewedClaim {
  organizationId: string;
  numberKey: string;
  nameKey: string;
}

const numberKeyOf = (column: string) =>
  sql<string>`upper(regexp_replace(${sql.ref(column)}, '\\s', '', 'g'))`;

/**
 * The register numbers organisations hold by review: the name and company registration number a
 * reviewer checked on an approved, current company registration, and the name and trade registration
 * number on an approved, current trade registration, while the profile still says the same (not
 * outdated). Typed-in numbers are not claims. Of the organisations given, or of every organisation
 * holding one of the number keys given.
 */
async function reviewedClaims(
  db: DbOrTrx,
  today: string,
  of: { organizationIds: readonly string[] } | { numberKeys: readonly string[] },
): Promise<ReviewedClaim[]> {
  let query = db
    .selectFrom('supplier_evidence as e')
    .innerJoin('organizations as o', 'o.id', 'e.organization_id')
    .select([
      'e.organization_id',
      'e.kind',
      'e.checked_name',
      'e.checked_registration_number',
      'e.checked_trade_number',
      'o.name',
      'o.registration_number',
      'o.trade_registration_number',
    ])
    .where('e.status', '=', 'approved')
    .where('e.kind', 'in', ['company_registration', 'trade_registration'])
    .where((eb) =>
      eb.or([eb('e.valid_until', 'is', null), eb('e.valid_until', '>=', sql<string>`${today}::date`)]),
    );
  if ('organizationIds' in of) query = query.where('e.organization_id', 'in', [...of.organizationIds]);
  else
    query = query.where((eb) =>
      eb.or([
        eb(numberKeyOf('e.checked_registration_number'), 'in', [...of.numberKeys]),
        eb(numberKeyOf('e.checked_trade_number'), 'in', [...of.numberKeys]),
      ]),
    );
  const rows = await query.execute();
  return rows.flatMap((row) => {
    const checked = {
      name: row.checked_name,
      registration_number: row.checked_registration_number,
      trade_registration_number: row.checked_trade_number,
    };
    if (checkedFactsChanged(row.kind, checked, row)) return [];
    const number =
      row.kind === 'company_registration' ? row.checked_registration_number : row.checked_trade_number;
    const numberKey = registerNumberKey(number ?? '');
    const nameKey = registerNameKey(row.checked_name ?? '');
    return numberKey && nameKey ? [{ organizationId: row.organization_id, numberKey, nameKey }] : [];
  });
}

/**
 * The register checks of each organisation (an empty list for one that matches no entry), computed from
 * the imported entries, so an import re-checks everyone. A supplier is matched by a source only when a
 * PropertyDNA reviewer approved its company registration (or trade registration) evidence, that approval
 * is current and the profile still says what was checked, AND an entry has the number and name the
 * reviewer checked (compared as registers.ts normalises them: case, spaces, punctuation, '(Pty) Ltd').
 * When two organisations hold the same entry's number by review, neither is matched by it (ambiguous).
 * One check per source, with the latest valid_until. `today` is 'YYYY-MM-DD' in Johannesburg.
 */
export async function registerChecks(
  db: DbOrTrx,
  organizationIds: readonly string[],
  today: string,
): Promise<Map<string, VerificationCheck[]>> {
  const result = new Map<string, VerificationCheck[]>(organizationIds.map((id) => [id, []]));
  if (organizationIds.length === 0) return result;
  const claims = await reviewedClaims(db, today, { organizationIds: [...new Set(organizationIds)] });
  const numberKeys = [...new Set(claims.map((claim) => claim.numberKey))];
  if (numberKeys.length === 0) return result;
  const [entries, claimants] = await Promise.all([
    db
      .selectFrom('register_entries as e')
      .innerJoin('register_imports as i', 'i.source', 'e.source')
      .select([
        'e.source',
        'e.number_key',
        'e.name_key',
        'e.category',
        sql<string>`to_char(e.valid_until, 'YYYY-MM-DD')`.as('valid_until'),
        'i.imported_at',
      ])
      .where('e.number_key', 'in', numberKeys)
      .orderBy('e.source')
      .execute(),
    reviewedClaims(db, today, { numberKeys }),
  ]);
  // Which organisations hold each entry (its number and name) by review: more than one and it is nobody's.
  const entryKey = (numberKey: string, nameKey: string) => `${numberKey}\u0000${nameKey}`;
  const holders = new Map<string, Set<string>>();
  for (const claim of claimants) {
    const key = entryKey(claim.numberKey, claim.nameKey);
    holders.set(key, (holders.get(key) ?? new Set()).add(claim.organizationId));
  }
  for (const id of result.keys()) {
    const own = claims.filter((claim) => claim.organizationId === id);
    const bySource = new Map<string, RegisterCheck>();
    for (const entry of entries) {
      const held = own.some(
        (claim) => claim.numberKey === entry.number_key && claim.nameKey === entry.name_key,
      );
      if (!held || (holders.get(entryKey(entry.number_key, entry.name_key))?.size ?? 0) > 1) continue;
      const status = entry.valid_until >= today ? 'matched' : 'lapsed';
      const known = bySource.get(entry.source);
      if (known && known.valid_until >= entry.valid_until) continue;
      bySource.set(entry.source, {
        kind: 'register',
        status,
        checked_at: new Date(entry.imported_at).toISOString(),
        valid_until: entry.valid_until,
        source: entry.source,
        trade: null,
        checked: entry.category
          ? `Reviewed registration number and name match the register (${entry.category})`
          : 'Reviewed registration number and name match the register',
      });
    }
    result.set(id, [...bySource.values()]);
  }
  return result;
}

/**
 * A SQL condition on organisation `o`: one of its numbers is that of a current register entry. True for
 * every register-matched supplier (and for some whose name then does not match), so a list can order by
 * it before it takes its page and let `registerChecks` decide.
 */
export function mayBeRegisterMatched(today: string) {
  const key = (column: string) => sql`upper(regexp_replace(${sql.ref(column)}, '\\s', '', 'g'))`;
  return sql<boolean>`exists (select 1 from register_entries r where r.valid_until >= ${today}::date and r.number_key in (${key('o.registration_number')}, ${key('o.trade_registration_number')}))`;
}

/** True when any check is a current register match: the supplier is register matched. */
export function isRegisterMatched(checks: readonly VerificationCheck[]): boolean {
  return checks.some((check) => check.kind === 'register' && check.status === 'matched');
}
