import {
  type ComplianceDocument,
  type ComplianceFinding,
  certificateTypeOf,
  complianceReason,
  complianceStatus,
  evaluateCompliance,
  findingLevel,
  johannesburgToday,
  POLICY_TASK_KEY_PREFIX,
  type PolicyConditionInput,
  policyCheckItems,
  policyCheckStatus,
  reliableDates,
  transferReadiness,
} from '@propertydna/domain';
import type { Transaction } from 'kysely';
import { requireOwned } from '../../auth/owned.js';
import type { Database, Db, DbOrTrx } from '../../db/database.js';
import { emitWebhookEventOfDbWithin } from '../webhooks/webhook-delivery.js';

/** Spec §3 Policy check, with the transfer readiness the Policy Check tab summarises. */
export interface PolicyCheckOut {
  status: ReturnType<typeof policyCheckStatus>;
  lastChecked: string;
  complianceStatus: ReturnType<typeof complianceStatus>;
  findings: ComplianceFinding[];
  transferReadiness: { ready: number; required: number };
  items: PolicyCheckItemOut[];
}

/** A Policy Check item as the API answers it: the findings behind it by id. */
export interface PolicyCheckItemOut {
  id: string;
  type: 'gap' | 'unknown';
  level: ComplianceFinding['level'];
  title: string;
  action: string;
  due_date: string | null;
  contexts: ComplianceFinding['context'][];
  finding_ids: string[];
}

/** The check's findings as items to do (domain policyCheckItems), each naming its findings by id. */
export function checkItems(findings: readonly ComplianceFinding[]): PolicyCheckItemOut[] {
  return policyCheckItems(findings).map(({ findings: behind, ...item }) => ({
    ...item,
    finding_ids: behind.map((finding) => finding.id),
  }));
}

/**
 * A finding as stored: a check stored before findings carried their level and due date (issue 32) is read
 * with the level its severity, rule and context give (findingLevel) and no due date, until it is rerun.
 */
export function storedFinding(
  finding: Omit<ComplianceFinding, 'level' | 'due_date'> & Partial<ComplianceFinding>,
): ComplianceFinding {
  return { ...finding, level: findingLevel(finding), due_date: finding.due_date ?? null };
}

/** A document of a property's vault as the rules read it, with the South African day it was uploaded. */
export interface VaultDocument extends ComplianceDocument {
  uploaded_on: string;
}

/**
 * The documents of a property's vault as the rules (and a claim's evidence) read them, oldest first.
 * Metadata written before it was validated may hold anything: what is not a known certificate type or a
 * real date is read as absent (the rules then say they cannot tell), never as an error.
 */
export async function readVaultDocuments(db: DbOrTrx, propertyId: string): Promise<VaultDocument[]> {
  const documents = await db
    .selectFrom('documents')
    .select(['id', 'name', 'kind', 'expires_at', 'created_at', 'metadata', 'issue_date_unconfirmed'])
    .where('property_id', '=', propertyId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return documents.map((document) => {
    // An issue date nobody confirmed (and an expiry worked out from it) proves nothing: read as absent.
    const reliable = reliableDates(document);
    return {
      id: document.id,
      name: document.name,
      kind: document.kind,
      certificate_type: certificateTypeOf(document.metadata),
      issued_on: reliable.issued_on,
      expires_at: reliable.expires_on,
      uploaded_on: johannesburgToday(new Date(document.created_at)),
    };
  });
}

/** What the rules read about a property: its place, features, documents and its policies' conditions. */
async function complianceInput(db: DbOrTrx, propertyId: string, today: string) {
  const property = await db
    .selectFrom('properties')
    .select(['country', 'municipality', 'features'])
    .where('id', '=', propertyId)
    .executeTakeFirstOrThrow();
  const documents = await readVaultDocuments(db, propertyId);
  const conditions = await db
    .selectFrom('policy_findings as f')
    .innerJoin('documents as d', 'd.id', 'f.document_id')
    .select([
      'f.key',
      'f.title',
      'f.clause_ref',
      'f.document_id',
      'd.name as document_name',
      'f.page',
      'f.excerpt',
    ])
    .where('f.property_id', '=', propertyId)
    .where('f.finding_type', '=', 'maintenance')
    .orderBy('f.created_at')
    .orderBy('f.position')
    .orderBy('f.id')
    .execute();
  // The tasks accepted from clauses no certificate proves, with the day each was last done (issue 28).
  const tasks = await db
    .selectFrom('maintenance_tasks as t')
    .leftJoin('maintenance_completions as c', 'c.task_id', 't.id')
    .select(['t.standard_key', 't.title', 't.next_due'])
    .select((eb) => eb.fn.max('c.completed_on').as('last_done_on'))
    .where('t.property_id', '=', propertyId)
    .where('t.standard_key', 'like', `${POLICY_TASK_KEY_PREFIX}%`)
    .groupBy(['t.id', 't.standard_key', 't.title', 't.next_due'])
    .execute();
  const unreadable = await db
    .selectFrom('policy_analyses as a')
    .innerJoin('documents as d', 'd.id', 'a.document_id')
    .select(['a.document_id', 'd.name as document_name', 'a.error'])
    .where('a.property_id', '=', propertyId)
    .where('a.state', 'in', ['no_text', 'failed'])
    .orderBy('d.created_at')
    .orderBy('d.id')
    .execute();
  return {
    property: { country: property.country, municipality: property.municipality, features: property.features },
    unreadablePolicies: unreadable.map((policy) => ({
      document_id: policy.document_id,
      document_name: policy.document_name,
      reason: policy.error ?? 'Its wording could not be read.',
    })),
    documents,
    policyTasks: tasks.map((task) => ({
      key: task.standard_key ?? '',
      title: task.title,
      next_due: task.next_due,
      last_done_on: task.last_done_on ?? null,
    })),
    policyConditions: conditions.map(
      (condition): PolicyConditionInput => ({
        // A catalogued condition (its certificate proves it) or 'other' (issue 28), with its own title.
        condition: condition.key as PolicyConditionInput['condition'],
        document_id: condition.document_id,
        document_name: condition.document_name,
        page: condition.page,
        excerpt: condition.excerpt,
        title: condition.title,
        clause_ref: condition.clause_ref,
      }),
    ),
    today,
  };
}

/**
 * The findings the statuses are decided by: what the owner must hold now and what the insurer asks.
 * What a sale would need is shown as transfer readiness instead: a Cape Town plumbing certificate is
 * only ever issued for a sale, so counting it would keep every property critical while nobody sells.
 */
function statusFindings(findings: readonly ComplianceFinding[]): ComplianceFinding[] {
  return findings.filter((finding) => finding.context !== 'transfer');
}

/**
 * Runs a property's compliance check now and stores it (replacing the last one): the card's status and
 * the dashboard counts are read from what is stored. The property must exist (callers check ownership).
 */
export async function runComplianceCheck(
  db: Db,
  organizationId: string,
  propertyId: string,
  now = new Date(),
): Promise<PolicyCheckOut> {
  const today = johannesburgToday(now);
  const findings = evaluateCompliance(await complianceInput(db, propertyId, today));
  const standing = statusFindings(findings);
  const row = {
    property_id: propertyId,
    organization_id: organizationId,
    status: policyCheckStatus(standing),
    compliance_status: complianceStatus(standing),
    compliance_reason: complianceReason(standing),
    findings: JSON.stringify(findings),
    checked_for: today,
    checked_at: now,
    stale: false,
  };
  const store = async (trx: Transaction<Database>) => {
    // Its organisation first, as every writer of a check takes it (lockPortfolios), then the check's row.
    await lockPortfolios(trx, [organizationId]);
    const before = await trx
      .selectFrom('compliance_checks')
      .select('compliance_status')
      .where('property_id', '=', propertyId)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .insertInto('compliance_checks')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('property_id').doUpdateSet({
          status: row.status,
          compliance_status: row.compliance_status,
          compliance_reason: row.compliance_reason,
          findings: row.findings,
          checked_for: row.checked_for,
          checked_at: row.checked_at,
          stale: false,
        }),
      )
      .execute();
    // compliance.changed: only a change of a status there was (a property's first check reports nothing).
    if (before && before.compliance_status !== row.compliance_status) {
      await emitWebhookEventOfDbWithin(db, trx, organizationId, 'compliance.changed', {
        propertyId,
        complianceStatus: row.compliance_status,
        previousComplianceStatus: before.compliance_status,
        reason: row.compliance_reason,
      });
    }
  };
  // Its own transaction, unless the caller's is open already (then no event: only an app's db emits).
  await (db.isTransaction ? store(db as Transaction<Database>) : db.transaction().execute(store));
  return toPolicyCheckOut({ ...row, findings, checked_at: now });
}

function toPolicyCheckOut(row: {
  status: PolicyCheckOut['status'];
  compliance_status: PolicyCheckOut['complianceStatus'];
  findings: ComplianceFinding[];
  checked_at: Date | string;
}): PolicyCheckOut {
  const findings = row.findings.map(storedFinding);
  return {
    status: row.status,
    lastChecked: new Date(row.checked_at).toISOString(),
    complianceStatus: row.compliance_status,
    findings,
    transferReadiness: transferReadiness(findings),
    items: checkItems(findings),
  };
}

/**
 * GET /api/properties/{id}/policy-check: the stored check, rerun first when there is none yet, when
 * something it read has changed since (stale), or when it was made for an earlier day (expiries move).
 */
export async function getPolicyCheck(
  db: Db,
  organizationId: string,
  id: string,
  now = new Date(),
): Promise<PolicyCheckOut> {
  const propertyId = await requireOwned(db, organizationId, 'property', id);
  const stored = await db
    .selectFrom('compliance_checks')
    .selectAll()
    .where('property_id', '=', propertyId)
    .executeTakeFirst();
  if (!stored || stored.stale || stored.checked_for !== johannesburgToday(now)) {
    return runComplianceCheck(db, organizationId, propertyId, now);
  }
  return toPolicyCheckOut(stored);
}

/** POST /api/properties/{id}/policy-check ('Run Full Compliance Check'): runs it now. */
export async function checkPropertyNow(
  db: Db,
  organizationId: string,
  id: string,
  now = new Date(),
): Promise<PolicyCheckOut> {
  const propertyId = await requireOwned(db, organizationId, 'property', id);
  return runComplianceCheck(db, organizationId, propertyId, now);
}

/**
 * Marks the stored checks of these properties stale (what they read has changed); callers then queue
 * a recheck in the same transaction (queueComplianceRecheckWithin).
 */
export async function markChecksStale(db: DbOrTrx, propertyIds: readonly string[]): Promise<void> {
  if (propertyIds.length === 0) return;
  const mark = async (trx: DbOrTrx) => {
    // The organisations whose versions the update bumps: those of the checks' own rows.
    const owners = await trx
      .selectFrom('compliance_checks')
      .select('organization_id')
      .distinct()
      .where('property_id', 'in', propertyIds)
      .execute();
    await lockPortfolios(
      trx,
      owners.map((owner) => owner.organization_id),
    );
    await trx
      .updateTable('compliance_checks')
      .set({ stale: true })
      .where('property_id', 'in', propertyIds)
      .execute();
  };
  await (db.isTransaction ? mark(db) : db.transaction().execute(mark));
}

/**
 * Takes the rows of these organisations (in id order) in the mode a change of their portfolio takes them:
 * every write to properties, documents or compliance_checks bumps its organisation's portfolio_version at
 * the end of its statement (migration 2026-11-26T0019). A transaction that locks a check's row first and
 * bumps the version after deadlocks with one that bumped it first (an upload: its document's insert) and
 * then marks that check stale — seen on PostgreSQL. Whoever writes a check takes its organisation first.
 */
async function lockPortfolios(trx: DbOrTrx, organizationIds: readonly string[]): Promise<void> {
  if (organizationIds.length === 0) return;
  await trx
    .selectFrom('organizations')
    .select('id')
    .where('id', 'in', organizationIds)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/**
 * The live properties whose stored check is missing, stale or of an earlier day than `today`: the
 * nightly round (and the round at start) rechecks them.
 */
export async function propertiesToRecheck(db: Db, today: string, limit: number) {
  return db
    .selectFrom('properties as p')
    .leftJoin('compliance_checks as c', 'c.property_id', 'p.id')
    .select(['p.id', 'p.organization_id'])
    .where('p.archived_at', 'is', null)
    .where((eb) =>
      eb.or([eb('c.property_id', 'is', null), eb('c.stale', '=', true), eb('c.checked_for', '<', today)]),
    )
    .orderBy('p.id')
    .limit(limit)
    .execute();
}
