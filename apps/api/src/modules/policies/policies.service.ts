import {
  analyzePolicyText,
  CERTIFICATE_TYPE_LABELS,
  type CertificateType,
  type ComplianceFinding,
  extractPolicyIdentity,
  type FoundPolicyIdentity,
  hasTextLayer,
  johannesburgToday,
  MAINTENANCE_CONDITIONS,
  type MaintenanceCondition,
  POLICY_TOPICS,
  type PolicyTopic,
  policyTaskDraft,
  policyTaskKey,
} from '@propertydna/domain';
import type { Transaction } from 'kysely';
import { requireOwned } from '../../auth/owned.js';
import { scopedPropertyId } from '../../auth/property-scope.js';
import type { Database, Db, DbOrTrx, PolicyAnalysisState } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { FileStore } from '../../storage/file-store.js';
import type { AppServices } from '../../trpc/context.js';
import { queueComplianceRecheckWithin } from '../compliance/compliance.jobs.js';
import { getPolicyCheck } from '../compliance/compliance.service.js';
import { getTask, insertKeyedTasks, recheckIfPolicyTask } from '../maintenance/maintenance.service.js';
import { extractPdfPages } from './pdf-text.js';
import type { AcceptTaskResult, PolicyAnalysisOut, PolicyFindingOut } from './policies.schemas.js';

/** The policies of a property (or of every live property of the organisation). */
function policyDocuments(db: DbOrTrx, organizationId: string, propertyId?: string) {
  let query = db
    .selectFrom('documents as d')
    .innerJoin('properties as p', 'p.id', 'd.property_id')
    .select(['d.id', 'd.name', 'd.property_id', 'p.name as property_name'])
    .where('d.organization_id', '=', organizationId)
    .where('d.kind', '=', 'policy')
    .where('p.archived_at', 'is', null);
  if (propertyId) query = query.where('d.property_id', '=', propertyId);
  // A property-restricted API token (issue 30 §1): its property's policies only.
  const only = scopedPropertyId();
  if (only) query = query.where('d.property_id', '=', only);
  return query.orderBy('d.created_at').orderBy('d.id');
}

/**
 * Marks the policies' analyses queued (so the screen shows them waiting at once). Answers the ids of
 * those that are policies of a live property of the organisation; the caller queues their jobs in the
 * same transaction (queuePolicyAnalysisWithin).
 */
export async function markAnalysesQueued(
  db: DbOrTrx,
  organizationId: string,
  documentIds: readonly string[],
): Promise<string[]> {
  if (documentIds.length === 0) return [];
  const documents = await policyDocuments(db, organizationId).where('d.id', 'in', documentIds).execute();
  for (const document of documents) {
    await setAnalysisState(db, organizationId, document.id, document.property_id as string, 'queued');
  }
  return documents.map((document) => document.id);
}

/** The policies of a property that need analysing (POST /api/policies/analyze): all of them. */
export async function propertyPolicyIds(db: Db, organizationId: string, id: string): Promise<string[]> {
  const propertyId = await requireOwned(db, organizationId, 'property', id);
  const documents = await policyDocuments(db, organizationId, propertyId).execute();
  return documents.map((document) => document.id);
}

/** What an analysis that read no text found: neither number nor insurer. */
const UNIDENTIFIED: FoundPolicyIdentity = { policy_number: null, insurer: null };

/**
 * Records where a policy's analysis stands. A finished one (done, no_text, failed) stores what it
 * found of the policy's number and insurer; a queued or running one keeps the last analysis's, as the
 * findings are kept until the new analysis replaces them. `waitingForReading`: queued until the
 * document's reading is done (a scan), which then queues it again (queuePolicyAnalysisAfterReading).
 */
async function setAnalysisState(
  db: DbOrTrx,
  organizationId: string,
  documentId: string,
  propertyId: string,
  state: PolicyAnalysisState,
  details: {
    pages?: number | null;
    error?: string | null;
    identity?: FoundPolicyIdentity;
    waitingForReading?: boolean;
  } = {},
) {
  const row = {
    document_id: documentId,
    organization_id: organizationId,
    property_id: propertyId,
    state,
    pages: details.pages ?? null,
    error: details.error ?? null,
    waiting_for_reading: details.waitingForReading ?? false,
    ...details.identity,
    updated_at: new Date(),
  };
  await db
    .insertInto('policy_analyses')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('document_id').doUpdateSet({
        state: row.state,
        pages: row.pages,
        error: row.error,
        waiting_for_reading: row.waiting_for_reading,
        ...details.identity,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** A scan whose reading found (next to) no text: nothing to analyse. */
export const NO_TEXT_MESSAGE =
  'No text could be read in this scan or photo: its clauses cannot be analysed. Upload a sharper scan, or the insurer’s PDF wording.';
/** A file neither a PDF nor an image: it is not read. */
export const NOT_PDF_MESSAGE =
  'Only PDF policy wordings and scans or photos of them (JPEG, PNG, WebP, HEIC, TIFF) can be read: upload the insurer’s PDF wording or a scan of it.';
/** While the scan is read (the analysis waits for its text; the screen shows this beside 'Queued'). */
export const READING_SCAN_MESSAGE =
  'Reading the scan first: its clauses are analysed as soon as its text has been read.';
/**
 * A scan read only in part (its page limit or its time limit): analysed from the pages read, and the
 * screen says so (clauses on the pages not read, exclusions among them, are not in the analysis).
 */
export const partialScanMessage = (pagesRead: number, pages: number | null, reason: string | null) =>
  `Only ${pages !== null && pages > pagesRead ? `${pagesRead} of this scan’s ${pages} pages were` : `part of this scan was`} read${reason ? ` (${reason.replace(/\.$/, '')})` : ''}: clauses on the pages not read, exclusions among them, are not in this analysis.`;

/**
 * How the scan of an older policy (registered before documents were read) gets its reading: set by the
 * extraction module (which reads documents and already knows this one), so this module need not import it.
 */
let queueScanReading:
  | ((
      services: AppServices,
      trx: Transaction<Database>,
      organizationId: string,
      documentId: string,
    ) => Promise<void>)
  | null = null;
export function setScanReading(queue: NonNullable<typeof queueScanReading>): void {
  queueScanReading = queue;
}

/** A scan uploaded before documents were read, or whose reading is gone (where none can be queued). */
export const NOT_READ_MESSAGE =
  'This scan has not been read: upload it again to have its text read and its clauses analysed.';
/** The reading of the scan failed or could not read it (its own message follows). */
export const unreadableScanMessage = (reason: string | null) =>
  `This scan could not be read${reason ? ` (${reason.replace(/\.$/, '')})` : ''}: its clauses cannot be analysed. Upload a sharper scan, or the insurer’s PDF wording.`;

/** What reading a policy's wording came to: its state, the clauses found and which policy it is. */
interface PolicyReading {
  state: 'done' | 'no_text' | 'failed';
  findings: ReturnType<typeof analyzePolicyText>;
  pages?: number | null;
  error?: string | null;
  identity: FoundPolicyIdentity;
}

/** The pages' text analysed: its clauses (with their page numbers) and which policy it is. */
function analysed(pages: readonly string[]): PolicyReading {
  return {
    state: 'done',
    findings: analyzePolicyText(pages),
    pages: pages.length,
    identity: extractPolicyIdentity(pages.join('\n')),
  };
}

/** Content types the document's reading reads by OCR (images; scanned PDFs are read the same way). */
const isImage = (contentType: string) => contentType.startsWith('image/');

/**
 * Reads a stored policy's wording (outside any transaction: this is the slow part). A PDF with a text
 * layer is read here; a PDF without one, or a scan or photo, answers 'scan': its text is what the
 * document's reading (OCR, the extraction job) found, read in the storing transaction.
 */
async function readPolicy(
  store: FileStore,
  document: { storage_key: string; content_type: string },
): Promise<PolicyReading | 'scan'> {
  if (isImage(document.content_type)) return 'scan';
  if (document.content_type !== 'application/pdf') {
    return { state: 'no_text', findings: [], error: NOT_PDF_MESSAGE, identity: UNIDENTIFIED };
  }
  const pages = await extractPdfPages(await store.openRead(document.storage_key));
  if (!pages.ok) return { state: 'failed', findings: [], error: pages.error, identity: UNIDENTIFIED };
  if (!hasTextLayer(pages.pages)) return 'scan';
  return analysed(pages.pages);
}

/**
 * A scan's wording as its reading found it, page by page with the scan's page numbers ('waiting'
 * while the reading is queued or running). The reading's row is read under a share lock, so a reading
 * that finishes meanwhile either is seen done here or sees this analysis waiting (and queues it again).
 */
async function readScan(
  trx: Transaction<Database>,
  documentId: string,
  queueReading: ((trx: Transaction<Database>) => Promise<void>) | null,
): Promise<PolicyReading | 'waiting'> {
  const reading = await trx
    .selectFrom('document_extractions')
    .select(['status', 'message', 'pages', 'pages_read', 'page_limit_reached'])
    .where('document_id', '=', documentId)
    .forShare()
    .executeTakeFirst();
  if (!reading) {
    if (!queueReading)
      return { state: 'no_text', findings: [], error: NOT_READ_MESSAGE, identity: UNIDENTIFIED };
    // An older scan, never read: it is read now, and its analysis waits for the reading.
    await queueReading(trx);
    return 'waiting';
  }
  if (reading.status === 'queued' || reading.status === 'running') return 'waiting';
  if (reading.status !== 'done') {
    return {
      state: 'no_text',
      findings: [],
      error: unreadableScanMessage(reading.message),
      identity: UNIDENTIFIED,
    };
  }
  const rows = await trx
    .selectFrom('document_pages')
    .select(['page', 'text'])
    .where('document_id', '=', documentId)
    .orderBy('page')
    .execute();
  // Indexed by the scan's page numbers (1-based), so each clause carries the page it was read on.
  const pages = Array.from({ length: rows.at(-1)?.page ?? 0 }, () => '');
  for (const row of rows) pages[row.page - 1] = row.text;
  if (!hasTextLayer(pages)) {
    return {
      state: 'no_text',
      findings: [],
      pages: pages.length,
      error: NO_TEXT_MESSAGE,
      identity: UNIDENTIFIED,
    };
  }
  const found = analysed(pages);
  const partial =
    reading.page_limit_reached || (reading.pages !== null && reading.pages > reading.pages_read);
  return partial
    ? { ...found, error: partialScanMessage(reading.pages_read, reading.pages, reading.message) }
    : found;
}

/** The largest limit the column holds (integer): a larger figure is a misreading, stored as none. */
const MAX_LIMIT_RANDS = 2_147_483_647;
const storedLimit = (limit: number | undefined) =>
  limit !== undefined && Number.isSafeInteger(limit) && limit >= 0 && limit <= MAX_LIMIT_RANDS ? limit : null;

/**
 * Reads one policy's wording and stores what it found (replacing the last analysis) in one transaction,
 * with `then` in that same transaction (the organisation the document belongs to now, and its property).
 * A scan whose reading is not done yet is left queued, waiting for it (nothing is replaced, `then` is
 * not called). Answers the property whose compliance check now reads other conditions, or null when the
 * document is gone or the analysis waits.
 */
async function readAndStorePolicy(
  db: Db,
  store: FileStore,
  organizationId: string,
  documentId: string,
  then: (trx: Transaction<Database>, organizationId: string, propertyId: string) => Promise<void>,
  queueReading: ((trx: Transaction<Database>, organizationId: string) => Promise<void>) | null = null,
): Promise<string | null> {
  const document = await db
    .selectFrom('documents')
    .select(['id', 'property_id', 'storage_key', 'content_type'])
    .where('id', '=', documentId)
    .where('organization_id', '=', organizationId)
    .where('kind', '=', 'policy')
    .where('property_id', 'is not', null)
    .executeTakeFirst();
  if (!document?.property_id) return null;
  const propertyId = document.property_id;
  await setAnalysisState(db, organizationId, documentId, propertyId, 'running');
  const read = await readPolicy(store, document);
  return db.transaction().execute(async (trx) => {
    // The scan's reading first (its row before the document's: the reading's own transaction locks
    // them in that order too).
    const reading =
      read === 'scan'
        ? await readScan(trx, documentId, queueReading && ((trx) => queueReading(trx, organizationId)))
        : read;
    // The document's organisation as it is now (read under a share lock): a property transferred while
    // its policy was being read takes the findings with it (issue 17); a document deleted meanwhile
    // leaves nothing to store (its deletion queued its own recheck).
    const current = await trx
      .selectFrom('documents')
      .select('organization_id')
      .where('id', '=', documentId)
      .forShare()
      .executeTakeFirst();
    if (reading === 'waiting') {
      if (current) {
        await setAnalysisState(trx, current.organization_id, documentId, propertyId, 'queued', {
          error: READING_SCAN_MESSAGE,
          waitingForReading: true,
        });
      }
      return null;
    }
    await trx.deleteFrom('policy_findings').where('document_id', '=', documentId).execute();
    if (!current) return null;
    if (reading.findings.length > 0) {
      await trx
        .insertInto('policy_findings')
        .values(
          reading.findings.map((finding, position) => ({
            organization_id: current.organization_id,
            property_id: propertyId,
            document_id: documentId,
            finding_type: finding.finding_type,
            key: finding.key,
            title: finding.title,
            description: finding.description,
            severity: finding.severity,
            confidence: finding.confidence,
            page: finding.page,
            excerpt: finding.excerpt,
            clause_ref: finding.clause_ref ?? null,
            topics: JSON.stringify(finding.topics ?? []),
            reason: finding.reason ?? null,
            // Its place in the wording (the analysis answers clauses in reading order).
            position,
            limit_rands: storedLimit(finding.limit_rands),
          })),
        )
        .execute();
    }
    await setAnalysisState(trx, current.organization_id, documentId, propertyId, reading.state, {
      pages: reading.pages,
      error: reading.error,
      identity: reading.identity,
    });
    await then(trx, current.organization_id, propertyId);
    return propertyId;
  });
}

/**
 * Reads one policy's wording and stores the clauses found in it (replacing the last analysis); the
 * property's compliance check, which reads them, is rechecked (queued in the same transaction). Answers
 * the property, or null when the document is gone.
 */
export function analysePolicy(
  services: AppServices,
  organizationId: string,
  documentId: string,
): Promise<string | null> {
  return readAndStorePolicy(
    services.db.db,
    services.store,
    organizationId,
    documentId,
    (trx, owner, propertyId) => queueComplianceRecheckWithin(services, trx, owner, [propertyId]),
    queueScanReading &&
      ((trx, owner) =>
        (queueScanReading as NonNullable<typeof queueScanReading>)(services, trx, owner, documentId)),
  );
}

/** Before start-up nothing can be queued: the reading waits for the queue (see analysePolicyBeforeStart). */
const readLaterAtStart = async () => {};

/**
 * The demo seed's analysis: it runs before the app (and its queue) exists, so it stores what it found
 * and checks the property itself right after, instead of queueing the recheck. A scan is analysed on its
 * reading as any other: its analysis waits (queued, "Reading the scan first…"); the scan is read once the
 * queue runs (the demo templates' documents are queued at start-up, queueDemoTemplateReadings) and its
 * reading queues the analysis again.
 */
export function analysePolicyBeforeStart(
  db: Db,
  store: FileStore,
  organizationId: string,
  documentId: string,
): Promise<string | null> {
  return readAndStorePolicy(db, store, organizationId, documentId, async () => {}, readLaterAtStart);
}

/** The analyses of a property's (or every property's) policies: what the screen's progress shows. */
export async function listAnalyses(
  db: Db,
  organizationId: string,
  id?: string,
): Promise<PolicyAnalysisOut[]> {
  const propertyId = id ? await requireOwned(db, organizationId, 'property', id) : undefined;
  const rows = await policyDocuments(db, organizationId, propertyId)
    .leftJoin('policy_analyses as a', 'a.document_id', 'd.id')
    .select(['a.state', 'a.pages', 'a.error', 'a.policy_number', 'a.insurer', 'a.updated_at'])
    .execute();
  return rows.map((row) => ({
    document_id: row.id,
    document_name: row.name,
    property_id: row.property_id as string,
    property_name: row.property_name,
    state: row.state ?? 'not_analysed',
    pages: row.pages,
    error: row.error,
    policy_number: row.policy_number,
    insurer: row.insurer,
    updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null,
  }));
}

/** Topic tags as stored: the known ones (a tag since dropped from POLICY_TOPICS is not answered). */
function knownTopics(stored: unknown): PolicyTopic[] {
  const topics = Array.isArray(stored) ? stored : [];
  return POLICY_TOPICS.filter((topic) => topics.includes(topic));
}

/**
 * The keys a condition's task may have: its own (a standard task's for a catalogued subject, else its
 * clause's), then its clause's, which a catalogued condition accepted before tasks were shared by subject
 * still has.
 */
function taskKeysOf(clause: { document_id: string; excerpt: string }, key: string): string[] {
  const clauseKey = policyTaskKey(clause.document_id, clause.excerpt);
  return key === clauseKey ? [key] : [key, clauseKey];
}

/**
 * The tasks already accepted from these conditions (by their keys), of these properties: key → task id.
 */
async function acceptedTasks(
  db: DbOrTrx,
  organizationId: string,
  keys: readonly { property_id: string; key: string }[],
): Promise<Map<string, string>> {
  const accepted = new Map<string, string>();
  if (keys.length === 0) return accepted;
  const rows = await db
    .selectFrom('maintenance_tasks')
    .select(['id', 'property_id', 'standard_key'])
    .where('organization_id', '=', organizationId)
    .where('property_id', 'in', [...new Set(keys.map((entry) => entry.property_id))])
    .where('standard_key', 'in', [...new Set(keys.map((entry) => entry.key))])
    .execute();
  for (const row of rows) accepted.set(`${row.property_id} ${row.standard_key}`, row.id);
  return accepted;
}

/**
 * GET /api/policies/findings: the clauses found in the policies of a property (or of all the owner's
 * live properties, each with its property's name), in the wording's order, each with its clause number,
 * topics and the reason it was classified so; a maintenance condition with the candidate task it offers
 * the schedule (and the task, once accepted); and, for each catalogued condition the vault can prove, an
 * evidence finding naming the document — read from the property's compliance check, so the evidence is
 * always what the check accepted today.
 */
export async function listPolicyFindings(
  db: Db,
  organizationId: string,
  id?: string,
  now = new Date(),
): Promise<PolicyFindingOut[]> {
  const propertyId = id ? await requireOwned(db, organizationId, 'property', id) : undefined;
  let query = db
    .selectFrom('policy_findings as f')
    .innerJoin('properties as p', 'p.id', 'f.property_id')
    .innerJoin('documents as d', 'd.id', 'f.document_id')
    .select([
      'f.id',
      'f.property_id',
      'p.name as property_name',
      'f.document_id',
      'd.name as document_name',
      'f.finding_type',
      'f.key',
      'f.title',
      'f.description',
      'f.severity',
      'f.confidence',
      'f.page',
      'f.excerpt',
      'f.clause_ref',
      'f.topics',
      'f.reason',
      'f.limit_rands',
    ])
    .where('f.organization_id', '=', organizationId)
    .where('p.archived_at', 'is', null);
  if (propertyId) query = query.where('f.property_id', '=', propertyId);
  // A property-restricted API token (issue 30 §1): its property's findings only.
  const only = scopedPropertyId();
  if (only) query = query.where('f.property_id', '=', only);
  const rows = await query
    .orderBy('p.name')
    .orderBy('p.id')
    .orderBy('d.name')
    .orderBy('d.id')
    .orderBy('f.position')
    .orderBy('f.page')
    .orderBy('f.id')
    .execute();
  const today = johannesburgToday(now);
  const drafts = new Map(
    rows
      .filter((row) => row.finding_type === 'maintenance')
      .map((row) => {
        const draft = policyTaskDraft(row, today);
        return [row.id, { draft, keys: taskKeysOf(row, draft.key) }] as const;
      }),
  );
  const accepted = await acceptedTasks(
    db,
    organizationId,
    rows.flatMap(
      (row) => drafts.get(row.id)?.keys.map((key) => ({ property_id: row.property_id, key })) ?? [],
    ),
  );
  const findings: PolicyFindingOut[] = [];
  const checks = new Map<string, ComplianceFinding[]>();
  for (const row of rows) {
    const candidate = drafts.get(row.id);
    const finding: PolicyFindingOut = {
      ...row,
      confidence: Number(row.confidence),
      topics: knownTopics(row.topics),
      limit_rands: row.limit_rands === null ? null : Number(row.limit_rands),
      candidate_task: candidate
        ? {
            title: candidate.draft.title,
            frequency: candidate.draft.frequency,
            priority: candidate.draft.priority,
            task_id:
              candidate.keys
                .map((key) => accepted.get(`${row.property_id} ${key}`))
                .find((taskId) => taskId !== undefined) ?? null,
          }
        : null,
      evidence_document: null,
    };
    findings.push(finding);
    if (row.finding_type !== 'maintenance' || !Object.hasOwn(MAINTENANCE_CONDITIONS, row.key)) continue;
    let check = checks.get(row.property_id);
    if (!check) {
      check = (await getPolicyCheck(db, organizationId, row.property_id, now)).findings;
      checks.set(row.property_id, check);
    }
    const proof = conditionEvidence(check, row.key as MaintenanceCondition);
    if (proof) {
      const condition = MAINTENANCE_CONDITIONS[row.key as MaintenanceCondition];
      const label = certificateLabel(row.key as MaintenanceCondition);
      findings.push({
        ...finding,
        id: `${row.id}:evidence`,
        finding_type: 'evidence',
        title: `${label} on file`,
        description: `Proves the policy's condition '${condition.title}' (${row.document_name}${row.page ? `, page ${row.page}` : ''}): ${proof.name}.`,
        severity: 'low',
        candidate_task: null,
        evidence_document: proof,
      });
    }
  }
  return findings;
}

export const POLICY_TASK_MESSAGES = {
  added: (title: string) => `Added to the maintenance schedule: ${title}`,
  already: (title: string) => `Already in the maintenance schedule: ${title}`,
  notMaintenance:
    "Only a policy's maintenance condition can be added to the maintenance schedule, not an exclusion, an endorsement or evidence",
} as const;

/**
 * POST /api/policies/findings/{id}/task: the owner accepts a maintenance condition of a policy into the
 * property's schedule (never added by itself). The task says what the clause says, with the policy,
 * clause and page; it is added once per clause (its key), so accepting it again, or the same clause
 * after a new analysis, answers the task already there. A catalogued condition's subject is one task:
 * where Bootstrap Standards (or another policy) already put its standard task in the schedule, that task
 * is answered, and Bootstrap Standards adds nothing for a subject a policy's task holds. A condition no
 * certificate proves is rechecked: its finding now says to mark the task done.
 */
export async function acceptPolicyTask(
  services: AppServices,
  organizationId: string,
  id: string,
  now = new Date(),
): Promise<AcceptTaskResult> {
  return services.db.db.transaction().execute(async (trx) => {
    const findingId = await requireOwned(trx, organizationId, 'finding', id);
    const row = await trx
      .selectFrom('policy_findings as f')
      .innerJoin('documents as d', 'd.id', 'f.document_id')
      .select([
        'f.property_id',
        'f.finding_type',
        'f.document_id',
        'd.name as document_name',
        'f.key',
        'f.title',
        'f.severity',
        'f.page',
        'f.clause_ref',
        'f.excerpt',
      ])
      .where('f.id', '=', findingId)
      .executeTakeFirstOrThrow();
    if (row.finding_type !== 'maintenance') {
      throw new AppError('BAD_REQUEST', POLICY_TASK_MESSAGES.notMaintenance);
    }
    const draft = policyTaskDraft(row, johannesburgToday(now));
    const existing = async () => {
      const tasks = await trx
        .selectFrom('maintenance_tasks')
        .select(['id', 'standard_key'])
        .where('property_id', '=', row.property_id)
        .where('standard_key', 'in', taskKeysOf(row, draft.key))
        .execute();
      return tasks.find((task) => task.standard_key === draft.key) ?? tasks[0];
    };
    const before = await existing();
    const [added] = before ? [] : await insertKeyedTasks(trx, organizationId, row.property_id, [draft]);
    const task = before ?? added ?? (await existing());
    if (!task) throw new Error('the accepted task is neither there nor added');
    if (added) {
      await recheckIfPolicyTask(services, trx, organizationId, {
        property_id: row.property_id,
        standard_key: draft.key,
      });
    }
    const out = await getTask(trx, organizationId, task.id);
    return {
      created: added !== undefined,
      message: added ? POLICY_TASK_MESSAGES.added(out.title) : POLICY_TASK_MESSAGES.already(out.title),
      task: out,
    };
  });
}

function certificateLabel(condition: MaintenanceCondition): string {
  const [type] = MAINTENANCE_CONDITIONS[condition].evidencedBy as readonly CertificateType[];
  return type ? CERTIFICATE_TYPE_LABELS[type] : MAINTENANCE_CONDITIONS[condition].title;
}

/** The document the compliance check accepted as proof of a policy's maintenance condition, if any. */
function conditionEvidence(
  findings: readonly ComplianceFinding[],
  condition: MaintenanceCondition,
): { id: string; name: string } | null {
  const met = findings.find(
    (finding) =>
      finding.context === 'insurance' &&
      finding.type === 'compliant' &&
      finding.rule === `policy_condition.${condition}`,
  );
  return met?.evidence[0] ?? null;
}
