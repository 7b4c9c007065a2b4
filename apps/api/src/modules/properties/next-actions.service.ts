import {
  type ComplianceFinding,
  johannesburgToday,
  NEXT_ACTIONS_LIMIT,
  type NextActionsOut,
  nextActions,
} from '@propertydna/domain';
import { scopedPropertyId } from '../../auth/property-scope.js';
import type { Db } from '../../db/database.js';
import { runComplianceCheck } from '../compliance/compliance.service.js';
import { openRemindersOfProperties } from '../maintenance/reminders.service.js';
import { cachedPortfolioRead } from './portfolio-cache.js';

/**
 * At most this many checks are brought up to date by one dashboard read (a property with no stored
 * check, a stale one or one of an earlier day); the rest are read as stored until the nightly round or
 * the rechecks queued with every change have run, so a large portfolio's first read stays bounded.
 */
const RECHECKS_PER_READ = 10;

/**
 * The dashboard's "what to do next" (issue 32 §1, domain nextActions): the organisation's live properties
 * with their compliance gaps (the stored checks, brought up to date as the Policy Check tab does) and
 * open reminders, ranked; the first NEXT_ACTIONS_LIMIT and how many in all. Kept per portfolio version
 * and minute like the dashboard's figures.
 */
export async function getNextActions(
  db: Db,
  organizationId: string,
  now = new Date(),
): Promise<NextActionsOut> {
  return cachedPortfolioRead(
    db,
    organizationId,
    'next-actions',
    now,
    () => loadNextActions(db, organizationId, now),
    (value) => JSON.stringify(value).length * 2,
  );
}

async function loadNextActions(db: Db, organizationId: string, now: Date): Promise<NextActionsOut> {
  const today = johannesburgToday(now);
  // A property-restricted API token (issue 30 §1) is told of its one property only.
  const only = scopedPropertyId();
  const [reminders, stored, selling] = await Promise.all([
    openRemindersOfProperties(db, [organizationId], now),
    db
      .selectFrom('properties as p')
      .leftJoin('compliance_checks as c', 'c.property_id', 'p.id')
      .select(['p.id', 'c.findings', 'c.stale', 'c.checked_for'])
      .where('p.organization_id', '=', organizationId)
      .where('p.archived_at', 'is', null)
      .$if(only !== null, (query) => query.where('p.id', '=', only ?? ''))
      .orderBy('p.id')
      .execute(),
    db
      .selectFrom('transfers')
      .select('property_id')
      .where('from_organization_id', '=', organizationId)
      .where('status', '=', 'pending')
      .$if(only !== null, (query) => query.where('property_id', '=', only ?? ''))
      .execute(),
  ]);
  const properties = reminders.get(organizationId);
  if (properties instanceof Error) throw properties;
  const findings = new Map<string, readonly ComplianceFinding[]>();
  let rechecks = 0;
  for (const row of stored) {
    const current = row.findings !== null && !row.stale && row.checked_for === today;
    if (!current && rechecks < RECHECKS_PER_READ) {
      rechecks += 1;
      findings.set(row.id, (await runComplianceCheck(db, organizationId, row.id, now)).findings);
    } else {
      findings.set(row.id, (row.findings as ComplianceFinding[] | null) ?? []);
    }
  }
  const onSale = new Set(selling.map((transfer) => transfer.property_id));
  const ranked = nextActions(
    (properties ?? []).map((property) => ({
      id: property.id,
      name: property.name,
      selling: onSale.has(property.id),
      findings: findings.get(property.id) ?? [],
      reminders: property.reminders,
    })),
  );
  return { items: ranked.slice(0, NEXT_ACTIONS_LIMIT), total: ranked.length };
}
