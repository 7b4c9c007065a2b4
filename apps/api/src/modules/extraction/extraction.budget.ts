import { randomUUID } from 'node:crypto';
import type { ExtractionStatus } from '@propertydna/domain';
import { sql, type Transaction } from 'kysely';
import type { Database, DbOrTrx } from '../../db/database.js';
import type { AppServices } from '../../trpc/context.js';
import { afterReadingHooks } from './after-reading.js';
import { extractionReadJob, queueExtractionWithin } from './extraction.jobs.js';
import { copyReadingsWithin } from './extraction.service.js';

/**
 * What one organisation may have read (review defect 2): OCR is the costliest work the API does and runs
 * a reading at a time per process, so one organisation (or an anonymous demo visitor) must not take it
 * all. Three rules, none of which loses a reading or answers an error:
 * - pages a day: past OCR_DAILY_PAGES pages read in 24 hours (counted in ocr_usage, which outlives the
 *   documents; a demo template's are not counted), a reading waits (queued, saying when)
 *   until the oldest of those readings is 24 hours old. A reading that starts within the budget is read
 *   whole (up to OCR_PAGE_LIMIT pages), so the budget may be passed by one document's pages;
 * - readings waiting: past OCR_QUEUED_READINGS queued at once, a new one is deferred an hour per cap's
 *   worth of readings ahead of it, so others' readings go first;
 * - a private demo reads nothing of its own: its sample documents carry their template's readings (read
 *   once when the template is made), and a document a visitor uploads ends with DEMO_NOT_READ.
 */
export const BUDGET_MESSAGES = {
  demoNotRead:
    'Demos do not read new documents. In your own account this document would be read and its details proposed here.',
  waitingForSample: 'Waiting for the sample reading of this demo',
  waitingForOriginal: 'Waiting for the reading of the document this copy was adopted from',
  dailyPages: (limit: number, after: Date) =>
    `Your organisation has had its ${limit} pages read today: this document will be read after ${clock(after)}`,
  manyQueued: (after: Date) =>
    `Many of your documents are waiting to be read: this one will be read after ${clock(after)}`,
} as const;

/** A time as the screen says it (Johannesburg, the product's time zone), with its date. */
function clock(at: Date): string {
  return new Intl.DateTimeFormat('en-ZA', {
    timeZone: 'Africa/Johannesburg',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(at);
}

const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;
/**
 * How long a copy's reading (a demo's, an adopted document's) waits for its original's to end before it
 * looks again: a fallback only, since the original's end queues its waiting copies at once
 * (wakeWaitingCopies), so no job is re-queued every minute while a long scan is read.
 */
const ORIGINAL_WAIT_MS = 15 * 60 * 1000;
/** A copy waits for its original's reading only when that is running or due within this long. */
const ORIGINAL_SOON_MS = 10 * 60 * 1000;

/** How many of the organisation's readings are queued now (the caller's transaction sees its own). */
export async function queuedReadings(db: DbOrTrx, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('document_extractions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'queued')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** When a new reading, `ahead` readings of its organisation being queued before it, may start (null: now). */
export function queuedCapStart(ahead: number, cap: number, now: Date): Date | null {
  const hours = Math.floor(ahead / cap);
  return hours === 0 ? null : new Date(now.getTime() + hours * HOUR_MS);
}

/** How long the pages read are kept in ocr_usage (the budget looks at the last 24 hours of them). */
export const OCR_USAGE_KEPT_MS = 2 * DAY_MS;

/**
 * Records the pages a reading read for the organisation, inside the transaction that stores it. The row
 * outlives the document (ocr_usage names no document): deleting it and uploading again gives no new budget.
 */
export async function recordOcrUsage(
  trx: DbOrTrx,
  organizationId: string,
  pages: number,
  at: Date,
): Promise<void> {
  if (pages <= 0) return;
  await trx.insertInto('ocr_usage').values({ organization_id: organizationId, pages, read_at: at }).execute();
}

/** The housekeeping's pass: usage older than OCR_USAGE_KEPT_MS is removed. Answers how many rows. */
export async function forgetOldOcrUsage(db: DbOrTrx, now = new Date()): Promise<number> {
  const removed = await db
    .deleteFrom('ocr_usage')
    .where('read_at', '<', new Date(now.getTime() - OCR_USAGE_KEPT_MS))
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/** null: within the day's budget; else when the organisation may have pages read again. */
async function dailyBudgetEnds(
  db: DbOrTrx,
  organizationId: string,
  limit: number,
  now: Date,
): Promise<Date | null> {
  const since = new Date(now.getTime() - DAY_MS);
  const rows = await db
    .selectFrom('ocr_usage')
    .select(['pages', 'read_at'])
    .where('organization_id', '=', organizationId)
    .where('read_at', '>', since)
    .orderBy('read_at', 'desc')
    .execute();
  let total = rows.reduce((sum, row) => sum + row.pages, 0);
  if (total < limit) return null;
  // The budget comes back as the readings leave the 24 hours, oldest first.
  for (const row of rows.reverse()) {
    total -= row.pages;
    if (total < limit) return new Date(new Date(row.read_at).getTime() + DAY_MS);
  }
  return new Date(now.getTime() + DAY_MS);
}

/** Keeps the reading queued with this message, and queues its job again to start after `at`. */
async function deferReading(
  services: AppServices,
  organizationId: string,
  documentId: string,
  at: Date,
  message: string,
): Promise<void> {
  await services.db.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('document_extractions')
      .set({ status: 'queued', message, updated_at: new Date() })
      .where('document_id', '=', documentId)
      .execute();
    await services.jobs.sendManyWithin(trx, extractionReadJob, [
      { id: randomUUID(), data: { organizationId, documentId }, startAfter: at },
    ]);
  });
}

/**
 * After a document's reading ends (an after-reading hook, in the transaction that stores it): the copies
 * waiting for it (an adopted document's, a private demo's, which share its stored file) are queued to
 * take it now, instead of on their next look ORIGINAL_WAIT_MS later.
 */
export async function wakeWaitingCopies(
  services: Pick<AppServices, 'jobs'>,
  trx: Transaction<Database>,
  originalId: string,
): Promise<void> {
  const original = await trx
    .selectFrom('documents')
    .select('storage_key')
    .where('id', '=', originalId)
    .executeTakeFirst();
  if (!original) return;
  const waiting = await trx
    .selectFrom('documents as d')
    .innerJoin('document_extractions as e', 'e.document_id', 'd.id')
    .select(['d.id', 'd.organization_id'])
    .where('d.id', '!=', originalId)
    .where((eb) =>
      eb.or([eb('d.adopted_from', '=', originalId), eb('d.storage_key', '=', original.storage_key)]),
    )
    .where('e.status', '=', 'queued')
    .where('e.message', 'in', [BUDGET_MESSAGES.waitingForOriginal, BUDGET_MESSAGES.waitingForSample])
    .execute();
  if (waiting.length === 0) return;
  await services.jobs.sendManyWithin(
    trx,
    extractionReadJob,
    waiting.map((copy) => ({
      id: randomUUID(),
      data: { organizationId: copy.organization_id, documentId: copy.id },
    })),
  );
}

/**
 * Before the job reads a document: a copy (an adopted share's document, a private demo's) takes its
 * original's reading once that ends (waiting for it while it is read or about to be), a private demo's
 * ends unread when there is none, and an organisation past its day's pages waits. The document's
 * organisation is the one it belongs to now (a transferred property's documents count for the buyer).
 * Answers true when the job is done without reading.
 */
export async function readWithinBudget(
  services: AppServices,
  documentId: string,
  now = new Date(),
): Promise<boolean> {
  const db = services.db.db;
  const document = await db
    .selectFrom('documents as d')
    .innerJoin('organizations as o', 'o.id', 'd.organization_id')
    .innerJoin('document_extractions as e', 'e.document_id', 'd.id')
    .select([
      'd.id',
      'd.organization_id',
      'd.storage_key',
      'd.property_id',
      'd.kind',
      'd.adopted_from',
      'o.is_demo',
      'o.demo_template',
      'e.status',
    ])
    .where('d.id', '=', documentId)
    .executeTakeFirst();
  if (!document || (document.status !== 'queued' && document.status !== 'running')) return false;
  // A demo template's documents are read once a day at most (every demo copies them): no budget.
  if (document.demo_template !== null) return false;
  const organizationId = document.organization_id;
  const demo = document.is_demo;
  const original = await originalReading(db, document);
  if (original && (original.status === 'done' || original.status === 'unreadable')) {
    await takeReading(services, document, { id: original.id, status: original.status }, now);
    return true;
  }
  // A demo's template document not read yet (a template made a moment ago): its reading is queued now.
  if (demo && original && original.status === null) await queueDemoTemplateReadings(services);
  if (original && (await readSoon(db, original.id, now))) {
    const at = new Date(now.getTime() + ORIGINAL_WAIT_MS);
    const message = demo ? BUDGET_MESSAGES.waitingForSample : BUDGET_MESSAGES.waitingForOriginal;
    await deferReading(services, organizationId, document.id, at, message);
    return true;
  }
  // A demo reads nothing of its own; an adopted copy whose original has no reading to give reads itself.
  if (demo) {
    await takeReading(services, document, null, now);
    return true;
  }
  const limit = services.env.OCR_DAILY_PAGES;
  const until = await dailyBudgetEnds(db, organizationId, limit, now);
  if (!until) return false;
  await deferReading(services, organizationId, documentId, until, BUDGET_MESSAGES.dailyPages(limit, until));
  return true;
}

/**
 * The document a copy's reading comes from, with its reading's status (null: none yet): a private demo's
 * document is its template's (the same stored file), an adopted one its original (while it exists).
 */
async function originalReading(
  db: DbOrTrx,
  document: { storage_key: string; adopted_from: string | null; is_demo: boolean },
): Promise<{ id: string; status: ExtractionStatus | null } | undefined> {
  const query = db
    .selectFrom('documents as d')
    .innerJoin('organizations as o', 'o.id', 'd.organization_id')
    .leftJoin('document_extractions as e', 'e.document_id', 'd.id')
    .select(['d.id', 'e.status']);
  if (document.is_demo) {
    return query
      .where('d.storage_key', '=', document.storage_key)
      .where('o.demo_template', 'is not', null)
      .orderBy(sql`e.status in ('done', 'unreadable')`, 'desc')
      .executeTakeFirst();
  }
  if (document.adopted_from === null) return undefined;
  return query.where('d.id', '=', document.adopted_from).executeTakeFirst();
}

/**
 * Whether a document is being read or will be within ORIGINAL_SOON_MS (its job due by then): a copy
 * waits for such a reading. One waiting longer (an organisation past its budget, a retry far off) or with
 * no job left is not waited for.
 */
async function readSoon(db: DbOrTrx, documentId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('document_extractions as e')
    .select('e.document_id')
    .where('e.document_id', '=', documentId)
    .where('e.status', 'in', ['queued', 'running'])
    .where(
      sql<boolean>`exists (select 1 from pgboss.job j where j.name = ${extractionReadJob.name}
        and j.state in ('created', 'retry', 'active') and j.data->>'documentId' = e.document_id::text
        and j.start_after <= ${new Date(now.getTime() + ORIGINAL_SOON_MS)})`,
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A copy's reading ends without reading: it takes its original's (its pages and proposals, copied), or,
 * with none (a private demo's own upload), ends unreadable with DEMO_NOT_READ; what waited for it (a
 * scanned policy's analysis) goes on.
 */
async function takeReading(
  services: AppServices,
  document: {
    id: string;
    organization_id: string;
    storage_key: string;
    property_id: string | null;
    kind: string;
  },
  original: { id: string; status: 'done' | 'unreadable' } | null,
  now: Date,
): Promise<void> {
  await services.db.db.transaction().execute(async (trx) => {
    if (original) {
      await trx.deleteFrom('document_extractions').where('document_id', '=', document.id).execute();
      await copyReadingsWithin(services, trx, document.organization_id, [
        { id: document.id, original: original.id },
      ]);
    } else {
      await trx
        .updateTable('document_extractions')
        .set({
          status: 'unreadable',
          message: BUDGET_MESSAGES.demoNotRead,
          finished_at: now,
          updated_at: now,
        })
        .where('document_id', '=', document.id)
        .execute();
    }
    const status = original?.status ?? 'unreadable';
    for (const hook of afterReadingHooks) await hook(services, trx, { ...document, status });
  });
}

/**
 * The demo templates' documents are read once, as any organisation's (their readings are what every
 * private demo copies): queued when not read yet. Run at start-up (by the process that runs jobs) and
 * each housekeeping round. Answers how many were queued.
 */
export async function queueDemoTemplateReadings(services: AppServices): Promise<number> {
  const db = services.db.db;
  const unread = await db
    .selectFrom('documents as d')
    .innerJoin('organizations as o', 'o.id', 'd.organization_id')
    .leftJoin('document_extractions as e', 'e.document_id', 'd.id')
    .select(['d.id', 'd.organization_id'])
    .where('o.demo_template', 'is not', null)
    .where('e.document_id', 'is', null)
    .execute();
  const byOrganization = new Map<string, string[]>();
  for (const row of unread)
    byOrganization.set(row.organization_id, [...(byOrganization.get(row.organization_id) ?? []), row.id]);
  for (const [organizationId, ids] of byOrganization) {
    await db
      .transaction()
      .execute((trx: Transaction<Database>) =>
        queueExtractionWithin(services, trx, organizationId, ids, { onlyUnread: true, uncapped: true }),
      );
  }
  return unread.length;
}
