import { registerNameKey, registerNumberKey, type VerificationCheck } from '@propertydna/domain';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';

/**
 * One official register a supplier was matched against (issue 26 §2), shaped like every verification
 * check (kind 'register'): matched while an entry with its number and name is current (valid_until ≥
 * today), lapsed when the only such entries ended before today. checked_at is when the register was
 * imported (the entry was checked then, and each import checks again); source is the register's name;
 * checked says what matched.
 */
export type RegisterCheck = VerificationCheck & {
  kind: 'register';
  status: 'matched' | 'lapsed';
  valid_until: string;
};

/** The numbers and names a supplier is matched on, as register keys; blanks never match anything. */
function keysOf(org: {
  name: string;
  trading_as: string | null;
  registration_number: string | null;
  trade_registration_number: string | null;
}) {
  const numbers = [org.registration_number, org.trade_registration_number]
    .filter((value): value is string => Boolean(value))
    .map(registerNumberKey)
    .filter((key) => key !== '');
  const names = [org.name, org.trading_as]
    .filter((value): value is string => Boolean(value))
    .map(registerNameKey)
    .filter((key) => key !== '');
  return { numbers: new Set(numbers), names: new Set(names) };
}

/**
 * The register checks of each organisation (an empty list for one that matches no entry), computed from
 * the imported entries, so an import re-checks everyone: a supplier is matched by a source when one of its
 * numbers (the CIPC company registration number or the trade registration number) AND one of its names
 * (company name or trading name) are those of an entry, compared as registers.ts normalises them (case,
 * spaces, punctuation, '(Pty) Ltd'). One check per source, with the latest valid_until. Two queries,
 * however many organisations. `today` is 'YYYY-MM-DD' in Johannesburg.
 */
export async function registerChecks(
  db: DbOrTrx,
  organizationIds: readonly string[],
  today: string,
): Promise<Map<string, VerificationCheck[]>> {
  const result = new Map<string, VerificationCheck[]>(organizationIds.map((id) => [id, []]));
  if (organizationIds.length === 0) return result;
  const orgs = await db
    .selectFrom('organizations')
    .select(['id', 'name', 'trading_as', 'registration_number', 'trade_registration_number'])
    .where('id', 'in', [...new Set(organizationIds)])
    .execute();
  const keyed = orgs.map((org) => ({ id: org.id, ...keysOf(org) }));
  const numberKeys = [...new Set(keyed.flatMap((org) => [...org.numbers]))];
  if (numberKeys.length === 0) return result;
  const entries = await db
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
    .execute();
  for (const org of keyed) {
    const bySource = new Map<string, RegisterCheck>();
    for (const entry of entries) {
      if (!org.numbers.has(entry.number_key) || !org.names.has(entry.name_key)) continue;
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
          ? `Registration number and name match the register (${entry.category})`
          : 'Registration number and name match the register',
      });
    }
    result.set(org.id, [...bySource.values()]);
  }
  return result;
}

/**
 * A SQL condition on organisation `o`: one of its numbers is that of a current register entry. True for
 * every register-matched supplier (and for some whose name then does not match), so a list can order by
 * it before it takes its page and let `registerChecks` decide.
 */
export function mayBeRegisterMatched(today: string) {
  const key = (column: string) => sql`upper(regexp_replace(${sql.ref(column)}, '\s', '', 'g'))`;
  return sql<boolean>`exists (select 1 from register_entries r where r.valid_until >= ${today}::date and r.number_key in (${key('o.registration_number')}, ${key('o.trade_registration_number')}))`;
}

/** True when any check is a current register match: the supplier is register matched. */
export function isRegisterMatched(checks: readonly VerificationCheck[]): boolean {
  return checks.some((check) => check.kind === 'register' && check.status === 'matched');
}
