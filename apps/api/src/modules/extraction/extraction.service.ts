import {
  AUTO_ACCEPT_CONFIDENCE,
  addressMismatch,
  type ConfirmExtraction,
  EXTRACTED_FIELD_LABELS,
  type ExtractedFieldName,
  type ExtractionOut,
  johannesburgToday,
  type ReadPage,
  type UpdateDocument,
} from '@propertydna/domain';
import { sql, type Transaction, type Updateable } from 'kysely';
import type { RequestActor } from '../../auth/actor.js';
import { notOwned, requireOwned } from '../../auth/owned.js';
import type {
  Database,
  Db,
  DbOrTrx,
  DocumentExtractionTable,
  StoredExtractedField,
} from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { FileStore } from '../../storage/file-store.js';
import { lockStoredObjects, recordStoredObject, removeIfUnreferenced } from '../../storage/stored-objects.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit, recordAudit } from '../audit/audit.repo.js';
import type { DocumentOut } from '../documents/documents.schemas.js';
import { getDocument, planDocumentUpdate, writeDocumentUpdate } from '../documents/documents.service.js';
import { afterReadingHooks } from './after-reading.js';
import { recordOcrUsage } from './extraction.budget.js';
import { queueExtractionWithin } from './extraction.jobs.js';

export const READING_MESSAGES = {
  notReadYet: 'The document has not been read yet: confirm its fields once the reading is done',
  nothingRead: 'Nothing was read from this document to confirm: fill in its details yourself',
  notRead: (label: string) => `${label} was not read from this document`,
  changedMeanwhile: 'The reading changed while you were confirming it: look at it again and retry',
  noPreview: 'There is no preview of this page',
  failed:
    'The document could not be read because of an error on our side. It is kept as it is; you can still fill in its details yourself.',
  retrying: 'Reading again after an error',
} as const;

/** Which of the document's own facts a read field becomes once confirmed; the rest are metadata keys. */
const DOCUMENT_FACT: Partial<Record<ExtractedFieldName, 'certificate_type' | 'issued_on' | 'expires_at'>> = {
  certificate_type: 'certificate_type',
  issue_date: 'issued_on',
  expiry_date: 'expires_at',
  cover_to: 'expires_at',
};

/** A field's value as it stands: the one a person gave when they edited it, else the one read. */
const currentValue = (field: StoredExtractedField) => field.confirmed_value ?? field.value;
const accepted = (field: StoredExtractedField) =>
  field.state === 'confirmed' || field.state === 'auto_accepted';

/**
 * The most of a reading stored: its search text's characters and a page's lines (the reader keeps no
 * more than 60,000 characters and 2,000 lines a page, 600,000 a document; these hold should it not).
 */
const MAX_SEARCH_TEXT_CHARS = 600_000;
const MAX_STORED_PAGE_LINES = 2_000;

/**
 * What the vault's search looks in: the values of the fields not rejected and every page's text, cut
 * at MAX_SEARCH_TEXT_CHARS (the fields first, so they are never the part cut).
 */
function searchText(pageTexts: readonly string[], fields: readonly StoredExtractedField[]): string {
  const values = fields.filter((field) => field.state !== 'rejected').map(currentValue);
  return [...values, ...pageTexts].join('\n').slice(0, MAX_SEARCH_TEXT_CHARS);
}

/** A page's lines as stored: its first MAX_STORED_PAGE_LINES. */
const storedLines = (page: ReadPage) => page.lines.slice(0, MAX_STORED_PAGE_LINES);
const pageText = (page: ReadPage) =>
  storedLines(page)
    .map((line) => line.text)
    .join('\n');

/**
 * The change to a document that taking these fields means (null: a field turned down that had been taken
 * before, whose value comes off the document if it still holds it). What the document already says is left
 * out, so confirming what an issuer stated changes nothing (and is allowed on a document it issued).
 */
function changeOf(
  document: DocumentOut,
  taken: readonly { name: ExtractedFieldName; value: string | null; previous: string | null }[],
): { patch: UpdateDocument; facts: Record<string, string | null> } {
  const patch: UpdateDocument = {};
  const facts: Record<string, string | null> = {};
  const expiresOn = document.expires_at ? johannesburgToday(new Date(document.expires_at)) : null;
  for (const { name, value, previous } of taken) {
    const fact = DOCUMENT_FACT[name];
    const holds =
      fact === 'expires_at'
        ? expiresOn
        : fact === 'certificate_type'
          ? document.metadata.certificate_type
          : fact === 'issued_on'
            ? document.metadata.issued_on
            : document.metadata[name];
    if (value === null) {
      if (previous === null || holds !== previous) continue;
    } else if (holds === value && !(fact === 'issued_on' && document.issue_date === 'unconfirmed')) {
      continue;
    }
    if (fact === 'expires_at') patch.expires_at = value;
    else if (fact === 'certificate_type')
      patch.certificate_type = value as UpdateDocument['certificate_type'];
    else if (fact === 'issued_on') patch.issued_on = value;
    else facts[name] = value;
  }
  return { patch, facts };
}

async function readingRow(db: DbOrTrx, documentId: string) {
  return db
    .selectFrom('document_extractions')
    .selectAll()
    .where('document_id', '=', documentId)
    .executeTakeFirst();
}

/**
 * The reading of one of the organisation's documents (GET /api/documents/{id}/extraction). A document
 * registered before documents were read (or by a door that does not read) has none yet: it is queued
 * now, once, and answers `queued`.
 */
export async function getExtraction(
  services: AppServices,
  organizationId: string,
  id: string,
  now = new Date(),
): Promise<ExtractionOut> {
  const db = services.db.db;
  const documentId = await requireOwned(db, organizationId, 'document', id);
  const existing = await readingRow(db, documentId);
  if (!existing) {
    await db.transaction().execute(async (trx) => {
      // Still there, and kept until its reading is queued: a document deleted meanwhile is 404, not a
      // foreign-key error (500).
      const live = await trx
        .selectFrom('documents')
        .select('id')
        .where('id', '=', documentId)
        .where('organization_id', '=', organizationId)
        .forKeyShare()
        .executeTakeFirst();
      if (!live) throw notOwned('document');
      await queueExtractionWithin(services, trx, organizationId, [documentId], { onlyUnread: true });
    });
  } else if (
    ['queued', 'running', 'failed'].includes(existing.status) &&
    new Date(existing.updated_at).getTime() < now.getTime() - STUCK_READING_AFTER_MS &&
    (await readAgainDue(db, now, documentId))
  ) {
    // Stuck (queued or running with no job left) or failed a while ago: read again, once (the row is
    // locked and looked at again, so two requests at once queue one reading).
    await db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('document_extractions')
        .select('document_id')
        .where('document_id', '=', documentId)
        .forUpdate()
        .execute();
      if (await readAgainDue(trx, now, documentId)) {
        await queueExtractionWithin(services, trx, organizationId, [documentId]);
      }
    });
  }
  return extractionOut(db, organizationId, documentId);
}

/** A reading queued or running this long with no job left to run it is stuck (its process died on its last try). */
export const STUCK_READING_AFTER_MS = 5 * 60 * 1000;
/** A failed reading is read again when its document is opened this long after it failed. */
export const READ_AGAIN_AFTER_MS = 60 * 60 * 1000;

/** Whether the reading's job is gone: none of the queue's jobs for this document is waiting, due again or running. */
const noLiveJob = sql<boolean>`not exists (select 1 from pgboss.job j where j.name = 'extraction.read' and j.state in ('created', 'retry', 'active') and j.data->>'documentId' = e.document_id::text)`;

/** The readings left queued or running with no job (oldest first), or, with `documentId`, that one. */
function stuckReadings(db: DbOrTrx, now: Date) {
  return db
    .selectFrom('document_extractions as e')
    .select(['e.document_id', 'e.organization_id', 'e.status'])
    .where('e.status', 'in', ['queued', 'running'])
    .where('e.updated_at', '<', new Date(now.getTime() - STUCK_READING_AFTER_MS))
    .where(noLiveJob);
}

async function readAgainDue(db: DbOrTrx, now: Date, documentId: string): Promise<boolean> {
  const stuck = await stuckReadings(db, now).where('e.document_id', '=', documentId).executeTakeFirst();
  if (stuck) return true;
  const failed = await db
    .selectFrom('document_extractions as e')
    .select('e.document_id')
    .where('e.document_id', '=', documentId)
    .where('e.status', '=', 'failed')
    .where('e.updated_at', '<', new Date(now.getTime() - READ_AGAIN_AFTER_MS))
    .where(noLiveJob)
    .executeTakeFirst();
  return failed !== undefined;
}

/**
 * The housekeeping's pass over readings: each left queued or running with no job to run it (its process
 * died on the last try and the queue expired the job without running it) ends as `failed`, as a last
 * try's failure does, and what waited for it (a scanned policy's analysis) goes on. Answers how many.
 */
export async function endStuckReadings(services: AppServices, now = new Date()): Promise<number> {
  const db = services.db.db;
  const stuck = await stuckReadings(db, now).orderBy('e.updated_at').limit(100).execute();
  let ended = 0;
  for (const { document_id } of stuck) {
    const done = await db.transaction().execute(async (trx) => {
      const reading = await stuckReadings(trx, now)
        .innerJoin('documents as d', 'd.id', 'e.document_id')
        .select(['d.id', 'd.organization_id', 'd.property_id', 'd.kind'])
        .where('e.document_id', '=', document_id)
        .forUpdate()
        .executeTakeFirst();
      if (!reading) return false;
      await endReadingFailed(services, trx, reading, now);
      return true;
    });
    if (done) ended += 1;
  }
  return ended;
}

/** A reading ends `failed` (nothing stored), and the after-reading hooks run, inside `trx`. */
async function endReadingFailed(
  services: AppServices,
  trx: Transaction<Database>,
  document: { id: string; organization_id: string; property_id: string | null; kind: string },
  now: Date,
): Promise<void> {
  await trx
    .updateTable('document_extractions')
    .set({ status: 'failed', message: READING_MESSAGES.failed, finished_at: now, updated_at: now })
    .where('document_id', '=', document.id)
    .execute();
  for (const hook of afterReadingHooks) {
    await hook(services, trx, {
      id: document.id,
      organization_id: document.organization_id,
      property_id: document.property_id,
      kind: document.kind,
      status: 'failed',
    });
  }
}

async function extractionOut(db: Db, organizationId: string, documentId: string): Promise<ExtractionOut> {
  const row = await db
    .selectFrom('document_extractions as e')
    .innerJoin('documents as d', 'd.id', 'e.document_id')
    .leftJoin('properties as p', 'p.id', 'd.property_id')
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'e.confirmed_by').onRef('u.organization_id', '=', 'd.organization_id'),
    )
    .selectAll('e')
    .select([
      'p.address as property_address',
      sql<string | null>`coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)`.as(
        'confirmer',
      ),
      sql<boolean>`exists (select 1 from document_pages dp where dp.document_id = e.document_id and dp.text <> '')`.as(
        'text_available',
      ),
    ])
    .where('e.document_id', '=', documentId)
    .where('d.organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Document not found');
  const address = row.fields.find((field) => field.name === 'address' && field.state !== 'rejected');
  return {
    document_id: row.document_id,
    status: row.status,
    kind: row.kind,
    pages: row.pages,
    pages_read: row.pages_read,
    page_limit_reached: row.page_limit_reached,
    message: row.message,
    fields: row.fields.map((field) => ({
      name: field.name,
      label: EXTRACTED_FIELD_LABELS[field.name],
      value: field.value,
      confidence: field.confidence,
      page: field.page,
      text: field.text,
      box: field.box,
      state: field.state,
      confirmed_value: field.confirmed_value,
    })),
    text_available: Boolean(row.text_available),
    address_mismatch: address
      ? addressMismatch({
          kind: row.kind ?? 'unknown',
          read: currentValue(address),
          property: row.property_address,
        })
      : null,
    confirmed_at: row.confirmed_at ? new Date(row.confirmed_at).toISOString() : null,
    confirmed_by: row.confirmed_at ? (row.confirmer ?? null) : null,
    auto_accept_threshold: AUTO_ACCEPT_CONFIDENCE,
  };
}

/**
 * The owner confirms what was read (POST /api/documents/{id}/extraction/confirm): per field a value
 * accepts it (edited when it differs from the value read) and null turns it down. What is accepted
 * becomes the document's facts through the rules of any change to a document (planDocumentUpdate: the
 * same refusals as PATCH /api/documents/{id}), and the compliance check and the policy analysis follow
 * in the same transaction. A field turned down after it was taken comes off the document.
 */
export async function confirmExtraction(
  services: AppServices,
  who: RequestActor,
  id: string,
  given: ConfirmExtraction['fields'],
  now = new Date(),
): Promise<ExtractionOut> {
  const db = services.db.db;
  const organizationId = who.actor.organizationId;
  const document = await getDocument(db, organizationId, id);
  const reading = await readingRow(db, document.id);
  if (reading?.status !== 'done') {
    const ended = reading?.status === 'failed' || reading?.status === 'unreadable';
    throw new AppError('CONFLICT', ended ? READING_MESSAGES.nothingRead : READING_MESSAGES.notReadYet);
  }
  const entries = Object.entries(given) as [ExtractedFieldName, string | null][];
  for (const [name] of entries) {
    if (!reading.fields.some((field) => field.name === name)) {
      throw new AppError('BAD_REQUEST', READING_MESSAGES.notRead(EXTRACTED_FIELD_LABELS[name]), {
        fields: { [name]: READING_MESSAGES.notRead(EXTRACTED_FIELD_LABELS[name]) },
      });
    }
  }
  const taken: { name: ExtractedFieldName; value: string | null; previous: string | null }[] = [];
  const fields = reading.fields.map((field): StoredExtractedField => {
    if (!(field.name in given)) return field;
    const value = given[field.name] ?? null;
    const previous = accepted(field) ? currentValue(field) : null;
    taken.push({ name: field.name, value, previous });
    if (value === null) return { ...field, state: 'rejected', confirmed_value: null };
    return { ...field, state: 'confirmed', confirmed_value: value === field.value ? null : value };
  });
  // Planned first (a refusal answers before anything is locked), and again in the transaction from the
  // document as it is there, locked.
  const change = changeOf(document, taken);
  planDocumentUpdate(document, change.patch, change.facts);
  const pages = await db
    .selectFrom('document_pages')
    .select('text')
    .where('document_id', '=', document.id)
    .orderBy('page')
    .execute();
  await db.transaction().execute(async (trx) => {
    // Confirmed against the reading it was shown: one rewritten meanwhile (read again, another confirmation)
    // is looked at again, not overwritten.
    const locked = await trx
      .selectFrom('document_extractions')
      .select(['updated_at', 'organization_id'])
      .where('document_id', '=', document.id)
      .forUpdate()
      .executeTakeFirst();
    // Deleted, or its property transferred meanwhile: no longer the organisation's.
    if (!locked || locked.organization_id !== organizationId)
      throw new AppError('NOT_FOUND', 'Document not found');
    if (new Date(locked.updated_at).getTime() !== new Date(reading.updated_at).getTime()) {
      throw new AppError('CONFLICT', READING_MESSAGES.changedMeanwhile);
    }
    // The document as it is now, locked and still the organisation's (deleted or transferred: 404), so a
    // change made meanwhile (a PATCH) is planned from, not overwritten.
    const current = await lockedDocument(trx, organizationId, document.id);
    const changeNow = changeOf(current, taken);
    const plan = planDocumentUpdate(current, changeNow.patch, changeNow.facts);
    await trx
      .updateTable('document_extractions')
      .set({
        fields: JSON.stringify(fields),
        search_text: searchText(
          pages.map((page) => page.text),
          fields,
        ),
        confirmed_at: now,
        confirmed_by: who.actor.userId,
        updated_at: now,
      })
      .where('document_id', '=', document.id)
      .execute();
    await writeDocumentUpdate(services, trx, organizationId, current, plan);
    await recordActorAudit(trx, who, 'update', document.id, {
      readFields: Object.fromEntries(
        taken.map(({ name, value }) => {
          const read = reading.fields.find((field) => field.name === name)?.value;
          return [name, value === null ? 'rejected' : value === read ? 'confirmed' : 'edited'];
        }),
      ),
    });
  });
  return extractionOut(db, organizationId, document.id);
}

/** One of the organisation's documents, its row locked for the rest of `trx` (gone or another's: 404). */
async function lockedDocument(
  trx: Transaction<Database>,
  organizationId: string,
  documentId: string,
): Promise<DocumentOut> {
  const row = await trx
    .selectFrom('documents')
    .select('id')
    .where('id', '=', documentId)
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Document not found');
  return getDocument(trx, organizationId, documentId);
}

/**
 * Fields taken without a person (the owner's "accept high-confidence fields automatically"): those at or
 * above AUTO_ACCEPT_CONFIDENCE that the document can take under the rules of any change (a field the
 * rules refuse stays proposed, for a person). Answers the fields with their states, and the plan.
 */
async function autoAccept(
  services: Pick<AppServices, 'jobs'>,
  trx: Transaction<Database>,
  organizationId: string,
  documentId: string,
  fields: StoredExtractedField[],
): Promise<{
  fields: StoredExtractedField[];
  taken: ExtractedFieldName[];
  apply: (() => Promise<void>) | null;
}> {
  const document = await lockedDocument(trx, organizationId, documentId);
  const candidates = fields.filter((field) => field.confidence >= AUTO_ACCEPT_CONFIDENCE);
  const fits = (names: readonly ExtractedFieldName[]) => {
    try {
      const change = changeOf(
        document,
        candidates
          .filter((field) => names.includes(field.name))
          .map((field) => ({ name: field.name, value: field.value, previous: null })),
      );
      return planDocumentUpdate(document, change.patch, change.facts);
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  };
  const one = candidates.map((field) => field.name).filter((name) => fits([name]) !== null);
  const plan = one.length > 0 ? fits(one) : null;
  const taken = plan ? one : [];
  return {
    fields: fields.map((field) =>
      taken.includes(field.name) ? { ...field, state: 'auto_accepted' } : field,
    ),
    taken,
    apply: plan ? () => writeDocumentUpdate(services, trx, organizationId, document, plan) : null,
  };
}

/**
 * The job `extraction.read`: reads the document (services.reader: its text layer, or OCR of its pages),
 * stores its pages, their previews and the fields the rules propose, and marks it done or unreadable.
 * Progress (pages read) is written as pages finish. A document deleted meanwhile is left alone. A
 * thrown error is retried by the queue; after the last try the reading is `failed` with a plain message.
 */
export async function readDocument(
  services: AppServices,
  documentId: string,
  { lastTry }: { lastTry: boolean },
  now = () => new Date(),
): Promise<void> {
  const db = services.db.db;
  const document = await db
    .selectFrom('documents as d')
    .innerJoin('document_extractions as e', 'e.document_id', 'd.id')
    .select(['d.id', 'd.organization_id', 'd.property_id', 'd.storage_key', 'd.content_type', 'd.kind'])
    .where('d.id', '=', documentId)
    .executeTakeFirst();
  if (!document) return;
  const setReading = (values: Updateable<DocumentExtractionTable>) =>
    db
      .updateTable('document_extractions')
      .set({ ...values, updated_at: now() })
      .where('document_id', '=', documentId)
      .execute();
  // Claimed only while it is to be read (queued, or running when a try's process died): a job run again
  // after its reading was stored (or ended) leaves it, and what a person confirmed, alone.
  const claimed = await db
    .updateTable('document_extractions')
    .set({
      status: 'running',
      started_at: now(),
      finished_at: null,
      pages_read: 0,
      message: null,
      updated_at: now(),
    })
    .where('document_id', '=', documentId)
    .where('status', 'in', ['queued', 'running'])
    .returning('document_id')
    .executeTakeFirst();
  if (!claimed) return;

  // Progress in order, one write at a time; the last is awaited before the result is stored.
  let progress: Promise<unknown> = Promise.resolve();
  let pagesReadSoFar = 0;
  const onProgress = (pagesRead: number, pages: number | null) => {
    pagesReadSoFar = Math.max(pagesReadSoFar, pagesRead);
    progress = progress.then(() => setReading({ pages_read: pagesRead, pages }).catch(() => {}));
  };
  let result: Awaited<ReturnType<AppServices['reader']['read']>>;
  try {
    const source = await services.store.openRead(document.storage_key);
    result = await services.reader.read(source, document.content_type, { onProgress });
  } catch (error) {
    await progress;
    // The pages a failed try read were read all the same: the budget counts them, on every try (else a
    // document that fails after its pages are read could be read again and again for nothing).
    await recordOcrUsage(db, document.organization_id, pagesReadSoFar, now()).catch(() => {});
    if (lastTry) {
      // The end of the reading, as a done one's: what waited for it (a scanned policy's analysis) goes on.
      await db
        .transaction()
        .execute((trx) => endReadingFailed(services, trx, document, now()))
        .catch(() => {});
    } else {
      await setReading({ status: 'queued', message: READING_MESSAGES.retrying }).catch(() => {});
    }
    throw error;
  }
  await progress;

  // The previews are stored before the transaction (slow work outside it); they are named by the
  // document's pages in it, and removed again if it does not commit.
  const previews = new Map<number, string>();
  try {
    for (const preview of result.previews) {
      const stored = await services.store.putObject(preview.jpeg, 'image/jpeg');
      previews.set(preview.page, stored.key);
    }
  } catch (error) {
    await Promise.all([...previews.values()].map((key) => services.store.remove(key).catch(() => {})));
    throw error;
  }

  // The rules run in the reader's worker thread (a dense document's take long enough to hold up requests).
  const proposal =
    result.status === 'done'
      ? await services.reader.proposeFields(result.pages, { documentKind: document.kind })
      : null;
  let replaced: string[] = [];
  try {
    replaced = await db.transaction().execute(async (trx) => {
      const reading = await trx
        .selectFrom('document_extractions as e')
        .innerJoin('documents as d', 'd.id', 'e.document_id')
        .innerJoin('organizations as o', 'o.id', 'd.organization_id')
        .select(['d.organization_id', 'd.property_id', 'd.kind', 'o.auto_accept_read_fields', 'e.status'])
        .where('e.document_id', '=', documentId)
        // The reading and its document, not the organisation: its row held FOR UPDATE would hold every
        // insert of the organisation (their foreign-key checks) while the pages are stored.
        .forUpdate(['e', 'd'])
        .executeTakeFirst();
      // Gone, or no longer this run's (ended as stuck, queued again): nothing is stored.
      if (reading?.status !== 'running') throw new DocumentGone();
      const old = await trx
        .selectFrom('document_pages')
        .select('preview_key')
        .where('document_id', '=', documentId)
        .execute();
      await trx.deleteFrom('document_pages').where('document_id', '=', documentId).execute();
      for (const key of previews.values()) await recordStoredObject(trx, key);
      // A statement a page: PGlite runs on the event loop, and one statement of every page's lines
      // would hold it for as long as they take to store.
      for (const page of result.pages) {
        await trx
          .insertInto('document_pages')
          .values({
            document_id: documentId,
            page: page.page,
            source: page.source,
            width: Math.round(page.width),
            height: Math.round(page.height),
            text: pageText(page),
            lines: JSON.stringify(storedLines(page)),
            preview_key: previews.get(page.page) ?? null,
          })
          .execute();
      }
      let fields: StoredExtractedField[] = (proposal?.fields ?? []).map((field) => ({
        ...field,
        state: 'proposed',
        confirmed_value: null,
      }));
      if (reading.auto_accept_read_fields && fields.length > 0) {
        const auto = await autoAccept(services, trx, reading.organization_id, documentId, fields);
        fields = auto.fields;
        if (auto.apply) {
          await auto.apply();
          await recordAudit(trx, {
            organizationId: reading.organization_id,
            userId: null,
            action: 'update',
            documentId,
            details: {
              readFields: Object.fromEntries(auto.taken.map((name) => [name, 'accepted_automatically'])),
            },
          });
        }
      }
      const status = result.status;
      // What the organisation's budget counts, kept when the document goes.
      await recordOcrUsage(trx, reading.organization_id, result.pages.length, now());
      await trx
        .updateTable('document_extractions')
        .set({
          status,
          kind: proposal?.kind ?? null,
          pages: result.pageCount,
          pages_read: result.pages.length,
          page_limit_reached: result.pageLimitReached,
          message: result.message,
          fields: JSON.stringify(fields),
          search_text: searchText(result.pages.map(pageText), fields),
          confirmed_at: null,
          confirmed_by: null,
          finished_at: now(),
          updated_at: now(),
        })
        .where('document_id', '=', documentId)
        .execute();
      for (const hook of afterReadingHooks) {
        await hook(services, trx, {
          id: documentId,
          organization_id: reading.organization_id,
          property_id: reading.property_id,
          kind: reading.kind,
          status,
        });
      }
      return old.map((row) => row.preview_key).filter((key): key is string => key !== null);
    });
  } catch (error) {
    await Promise.all(
      [...previews.values()].map((key) => removeIfUnreferenced(db, services.store, key).catch(() => {})),
    );
    if (error instanceof DocumentGone) return;
    throw error;
  }
  // The previews of an earlier reading, once nothing names them (an adopted copy may still).
  for (const key of replaced) await removeIfUnreferenced(db, services.store, key).catch(() => false);
}

class DocumentGone extends Error {}

/**
 * A copy carries its original's reading (an adopted share's document, a private demo's): its pages (the
 * same preview objects, locked so they cannot go meanwhile) and its proposals, each proposed again for
 * the new owner. A copy whose original's reading has not ended (queued, running) or failed has its own
 * reading queued: its job takes the original's once that ends, or reads the copy itself
 * (extraction.budget.ts). Runs inside the copying transaction; `copies` pairs each copy with its original.
 */
export async function copyReadingsWithin(
  services: Pick<AppServices, 'jobs' | 'env'>,
  trx: Transaction<Database>,
  organizationId: string,
  copies: readonly { id: string; original: string }[],
): Promise<void> {
  const unread: string[] = [];
  for (const copy of copies) {
    const reading = await readingRow(trx, copy.original);
    // None: an original never read (registered before documents were read, a demo template not read
    // yet); the copy is read when it is first opened, as such a document is.
    if (!reading) continue;
    if (reading.status !== 'done' && reading.status !== 'unreadable') {
      unread.push(copy.id);
      continue;
    }
    const fields = reading.fields.map(
      (field): StoredExtractedField => ({
        ...field,
        state: 'proposed',
        confirmed_value: null,
      }),
    );
    const pages = await trx
      .selectFrom('document_pages')
      .selectAll()
      .where('document_id', '=', copy.original)
      .execute();
    const present = await lockStoredObjectsOf(trx, pages);
    await trx
      .insertInto('document_extractions')
      .values({
        document_id: copy.id,
        organization_id: organizationId,
        status: reading.status,
        kind: reading.kind,
        pages: reading.pages,
        pages_read: reading.pages_read,
        page_limit_reached: reading.page_limit_reached,
        message: reading.message,
        fields: JSON.stringify(fields),
        search_text: searchText(
          pages.map((page) => page.text),
          fields,
        ),
        started_at: reading.started_at,
        finished_at: reading.finished_at,
      })
      .onConflict((conflict) => conflict.column('document_id').doNothing())
      .execute();
    if (pages.length > 0) {
      await trx
        .insertInto('document_pages')
        .values(
          pages.map((page) => ({
            ...page,
            document_id: copy.id,
            lines: JSON.stringify(page.lines),
            preview_key: page.preview_key && present.has(page.preview_key) ? page.preview_key : null,
          })),
        )
        .onConflict((conflict) => conflict.columns(['document_id', 'page']).doNothing())
        .execute();
    }
  }
  await queueExtractionWithin(services, trx, organizationId, unread, { onlyUnread: true });
}

function lockStoredObjectsOf(trx: DbOrTrx, pages: readonly { preview_key: string | null }[]) {
  return lockStoredObjects(
    trx,
    pages.map((page) => page.preview_key).filter((key): key is string => key !== null),
  );
}

/** The preview image of one page of one of the organisation's documents (a foreign document: 404). */
export async function openPagePreview(
  db: Db,
  store: FileStore,
  organizationId: string,
  id: string,
  page: number,
): Promise<{ stream: NodeJS.ReadableStream; bytes: number }> {
  const documentId = await requireOwned(db, organizationId, 'document', id);
  const row = await db
    .selectFrom('document_pages')
    .select('preview_key')
    .where('document_id', '=', documentId)
    .where('page', '=', page)
    .executeTakeFirst();
  const stat = row?.preview_key ? await store.stat(row.preview_key) : null;
  if (!row?.preview_key || !stat) throw new AppError('NOT_FOUND', READING_MESSAGES.noPreview);
  return { stream: await store.openRead(row.preview_key), bytes: stat.bytes };
}

/** The organisation's reading settings (tRPC extraction.settings). */
export async function readingSettings(db: Db, organizationId: string) {
  const row = await db
    .selectFrom('organizations')
    .select('auto_accept_read_fields')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return {
    auto_accept: row.auto_accept_read_fields,
    threshold: AUTO_ACCEPT_CONFIDENCE as typeof AUTO_ACCEPT_CONFIDENCE,
  };
}

/**
 * "Accept high-confidence fields automatically" on or off for the organisation (from the next reading
 * on; what was read before stays as it is). Recorded in the organisation's audit trail.
 */
export async function setAutoAccept(db: Db, who: RequestActor, enabled: boolean) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('organizations')
      .set({ auto_accept_read_fields: enabled })
      .where('id', '=', who.actor.organizationId)
      .execute();
    await recordActorAudit(trx, who, 'update', null, { autoAcceptReadFields: enabled });
  });
  return readingSettings(db, who.actor.organizationId);
}
