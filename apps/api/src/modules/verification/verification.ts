import {
  type CompanyFacts,
  checkedFactsChanged,
  type EvidenceKind,
  evidenceCheckStatus,
  isStillValid,
  johannesburgToday,
  type SupplierVerification,
  tradesRequiredBy,
  type VerificationCheck,
  type VerificationLevel,
  verificationLevelOf,
} from '@propertydna/domain';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import { mayBeRegisterMatched, registerChecks } from '../registers/register-checks.js';

export type { SupplierVerification, VerificationCheck };

/** The source a reviewed check names: who checked it. */
export const REVIEW_SOURCE = 'PropertyDNA review';

interface EvidenceCheckRow {
  organization_id: string;
  kind: EvidenceKind;
  trade: VerificationCheck['trade'];
  status: 'pending' | 'approved' | 'rejected';
  reviewed_at: Date | string | null;
  checked: string | null;
  valid_until: string | null;
  checked_name: string | null;
  checked_registration_number: string | null;
  checked_trade_number: string | null;
}

/**
 * The standing of each kind of evidence (and each trade) from a supplier's submissions, newest first:
 * an approval still valid on `today` whose checked facts are still the profile's wins (a newer pending or
 * rejected submission does not take it away); otherwise the newest submission's status (an approval past
 * its date is 'lapsed', one whose company name or number changed since is 'outdated').
 */
function evidenceChecks(
  rows: readonly EvidenceCheckRow[],
  today: string,
  profile: CompanyFacts,
): VerificationCheck[] {
  const outdated = (row: EvidenceCheckRow) =>
    row.status === 'approved' &&
    checkedFactsChanged(
      row.kind,
      {
        name: row.checked_name,
        registration_number: row.checked_registration_number,
        trade_registration_number: row.checked_trade_number,
      },
      profile,
    );
  const slots = new Map<string, EvidenceCheckRow[]>();
  for (const row of rows) {
    const slot = `${row.kind}:${row.trade ?? ''}`;
    slots.set(slot, [...(slots.get(slot) ?? []), row]);
  }
  return [...slots.values()].map((submissions) => {
    const current = submissions.find(
      (row) => row.status === 'approved' && isStillValid(row.valid_until, today) && !outdated(row),
    );
    // Every slot holds at least one row: it was made from one.
    const row = current ?? (submissions[0] as EvidenceCheckRow);
    return {
      kind: row.kind,
      status: evidenceCheckStatus(row.status, row.valid_until, today, outdated(row)),
      checked_at: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
      valid_until: row.status === 'approved' ? row.valid_until : null,
      source: REVIEW_SOURCE,
      trade: row.trade,
      checked: row.status === 'approved' ? row.checked : null,
    };
  });
}

/** The order checks are listed in: registration, trades, insurance, register. */
const KIND_ORDER: Record<VerificationCheck['kind'], number> = {
  company_registration: 0,
  trade_registration: 1,
  liability_insurance: 2,
  register: 3,
};

/**
 * Each supplier's verification level and checks on `today` (a Johannesburg date, 'YYYY-MM-DD'), from
 * the reviewed evidence and the official registers. Computed from dates on every read: an approval
 * lapses at its valid_until and the level drops with it, no job needed. Every id asked for has an
 * answer (self_declared with no checks when nothing was submitted).
 */
export async function supplierVerification(
  db: DbOrTrx,
  organizationIds: readonly string[],
  today: string = johannesburgToday(new Date()),
): Promise<Map<string, SupplierVerification>> {
  const answer = new Map<string, SupplierVerification>();
  const ids = [...new Set(organizationIds)];
  if (ids.length === 0) return answer;
  const [organizations, rows, registers] = await Promise.all([
    db
      .selectFrom('organizations')
      .select(['id', 'specialties', 'name', 'registration_number', 'trade_registration_number'])
      .where('id', 'in', ids)
      .execute(),
    db
      .selectFrom('supplier_evidence')
      .select([
        'organization_id',
        'kind',
        'trade',
        'status',
        'reviewed_at',
        'checked',
        sql<string | null>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_until'),
        'checked_name',
        'checked_registration_number',
        'checked_trade_number',
      ])
      .where('organization_id', 'in', ids)
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    registerChecks(db, ids, today),
  ]);
  const profiles = new Map(organizations.map((org) => [org.id, org]));
  for (const id of ids) {
    const checks = [
      ...evidenceChecks(
        rows.filter((row) => row.organization_id === id),
        today,
        profiles.get(id) ?? { name: null, registration_number: null, trade_registration_number: null },
      ),
      ...(registers.get(id) ?? []),
    ].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
    const level = verificationLevelOf(checks, tradesRequiredBy(profiles.get(id)?.specialties ?? []));
    answer.set(id, { level, checks });
  }
  return answer;
}

/** One supplier's level on `today` (self_declared for an organisation that submitted nothing). */
export async function supplierVerificationLevel(
  db: DbOrTrx,
  organizationId: string,
  today?: string,
): Promise<VerificationLevel> {
  const verification = await supplierVerification(db, [organizationId], today);
  return verification.get(organizationId)?.level ?? 'self_declared';
}

/**
 * A SQL condition on organisation `o` that every checked supplier meets: documents checked (an approved,
 * unexpired company registration and insurance certificate) or possibly register matched (one of its
 * numbers is in a current register entry; the name is compared after): Find Provider orders by it before
 * it takes its page, then by the exact level.
 */
export function mayBeChecked(today: string) {
  const approved = (kind: string) =>
    sql<boolean>`exists (select 1 from supplier_evidence e where e.organization_id = o.id and e.kind = ${kind} and e.status = 'approved' and (e.valid_until is null or e.valid_until >= ${today}::date))`;
  return sql<boolean>`((${approved('company_registration')} and ${approved('liability_insurance')}) or ${mayBeRegisterMatched(today)})`;
}
