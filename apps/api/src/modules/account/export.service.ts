import { ACCOUNT_EXPORT_DAYS, ACCOUNT_EXPORT_MESSAGES, exportPercent } from '@propertydna/domain';
import { z } from 'zod';
import type { RequestActor } from '../../auth/actor.js';
import { assertNotToken } from '../../auth/api-tokens.js';
import type { Db } from '../../db/database.js';
import { appUrl } from '../../env.js';
import { AppError } from '../../errors.js';
import { defineJob } from '../../jobs/job-queue.js';
import { mailLinks } from '../../mail/links.js';
import { queueMail } from '../../mail/mail-job.js';
import { accountExportReadyMail } from '../../mail/templates.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit } from '../audit/audit.repo.js';
import { buildExportEntries, packExport } from './export.pack.js';

const DAY_MS = 86_400_000;
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** How an export is answered at both doors. */
export interface AccountExportView {
  id: string;
  status: 'queued' | 'running' | 'ready' | 'failed';
  files_total: number;
  files_done: number;
  percent: number;
  bytes: number | null;
  sha256: string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  expires_at: string | null;
  /** Where a ready export is downloaded (with the session); null until it is ready. */
  download_url: string | null;
}

type ExportRow = {
  id: string;
  status: 'queued' | 'running' | 'ready' | 'failed';
  files_total: number;
  files_done: number;
  bytes: number | string | null;
  sha256: string | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function exportView(row: ExportRow): AccountExportView {
  const filesTotal = Number(row.files_total);
  const filesDone = Number(row.files_done);
  return {
    id: row.id,
    status: row.status,
    files_total: filesTotal,
    files_done: filesDone,
    percent: row.status === 'ready' ? 100 : exportPercent(filesDone, filesTotal),
    bytes: row.bytes === null ? null : Number(row.bytes),
    sha256: row.sha256,
    error: row.error,
    created_at: new Date(row.created_at).toISOString(),
    finished_at: iso(row.finished_at),
    expires_at: iso(row.expires_at),
    download_url: row.status === 'ready' ? `/api/account/export/${row.id}/download` : null,
  };
}

const VIEW_COLUMNS = [
  'id',
  'status',
  'files_total',
  'files_done',
  'bytes',
  'sha256',
  'error',
  'created_at',
  'finished_at',
  'expires_at',
] as const;

/**
 * Starts an export of the caller's organisation: a row (queued) and its job, in one transaction. One at a
 * time per organisation (a unique index on the queued or running row): a second is 409. Session only:
 * an API token cannot take everything at once (the members, the audit trail and the access log too).
 */
export async function startExport(services: AppServices, who: RequestActor): Promise<AccountExportView> {
  assertNotToken(who.actor);
  const db = services.db.db;
  try {
    const row = await db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('account_exports')
        .values({ organization_id: who.actor.organizationId, requested_by: who.actor.userId })
        .returning(VIEW_COLUMNS)
        .executeTakeFirstOrThrow();
      await services.jobs.sendWithin(trx, accountExportJob, { exportId: created.id });
      await recordActorAudit(trx, who, 'export', null, { export: 'account', exportId: created.id });
      return created;
    });
    return exportView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', ACCOUNT_EXPORT_MESSAGES.running);
    throw error;
  }
}

/** One export of the caller's organisation: another organisation's id is 404; an expired one says so. */
export async function exportOf(
  db: Db,
  who: RequestActor,
  id: string,
  now = new Date(),
): Promise<ExportRow & { storage_key: string | null }> {
  assertNotToken(who.actor);
  const row = await db
    .selectFrom('account_exports')
    .select([...VIEW_COLUMNS, 'storage_key'])
    .where('id', '=', id)
    .where('organization_id', '=', who.actor.organizationId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', ACCOUNT_EXPORT_MESSAGES.notFound);
  if (row.expires_at && new Date(row.expires_at) <= now) {
    throw new AppError('NOT_FOUND', ACCOUNT_EXPORT_MESSAGES.expired);
  }
  return row;
}

export async function exportStatus(db: Db, who: RequestActor, id: string, now = new Date()) {
  return exportView(await exportOf(db, who, id, now));
}

/** The organisation's newest export that has not expired (what /account shows), or null. */
export async function latestExport(db: Db, who: RequestActor, now = new Date()) {
  assertNotToken(who.actor);
  const row = await db
    .selectFrom('account_exports')
    .select(VIEW_COLUMNS)
    .where('organization_id', '=', who.actor.organizationId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? exportView(row) : null;
}

/** A ready export's object, for its download; anything else is 404 (not ready, failed, expired, foreign). */
export async function readyExport(db: Db, who: RequestActor, id: string, now = new Date()) {
  const row = await exportOf(db, who, id, now);
  if (row.status === 'failed') throw new AppError('NOT_FOUND', ACCOUNT_EXPORT_MESSAGES.failed);
  if (row.status !== 'ready' || !row.storage_key || row.bytes === null) {
    throw new AppError('CONFLICT', ACCOUNT_EXPORT_MESSAGES.notReady);
  }
  return { storageKey: row.storage_key, bytes: Number(row.bytes), createdAt: new Date(row.created_at) };
}

/** At most this often the running export writes its progress to its row. */
const PROGRESS_EVERY_MS = 500;

/**
 * The job: packs the organisation's records and files into one ZIP in the file store (export.pack.ts),
 * recording progress on the row; when done, the row is ready for 7 days and the requester is mailed a
 * link to /account (where the download is, behind the sign-in). A failure marks the row failed with
 * what went wrong (a new export can then be started); a crash mid-way leaves it running, and the retry
 * starts it over.
 */
export async function runExport(services: AppServices, exportId: string, now = new Date()): Promise<void> {
  const db = services.db.db;
  const row = await db
    .selectFrom('account_exports')
    .select(['id', 'organization_id', 'requested_by', 'status'])
    .where('id', '=', exportId)
    .executeTakeFirst();
  if (!row || (row.status !== 'queued' && row.status !== 'running')) return;
  await db
    .updateTable('account_exports')
    .set({ status: 'running', files_done: 0, error: null })
    .where('id', '=', exportId)
    .execute();
  let lastWrite = 0;
  let writing: Promise<unknown> = Promise.resolve();
  const progress = (done: number, total: number, force = false) => {
    const at = Date.now();
    if (!force && at - lastWrite < PROGRESS_EVERY_MS) return writing;
    lastWrite = at;
    writing = writing.then(() =>
      db
        .updateTable('account_exports')
        .set({ files_done: done, files_total: total })
        .where('id', '=', exportId)
        .where('status', '=', 'running')
        .execute(),
    );
    return writing;
  };
  try {
    const built = await buildExportEntries(db, row.organization_id, exportId, now);
    await progress(0, built.fileCount, true);
    const stored = await packExport(services.store, built.entries, now, (done) =>
      progress(done, built.fileCount),
    );
    await progress(built.fileCount, built.fileCount, true);
    const finishedAt = new Date();
    await db
      .updateTable('account_exports')
      .set({
        status: 'ready',
        storage_key: stored.key,
        bytes: stored.bytes,
        sha256: stored.sha256,
        finished_at: finishedAt,
        expires_at: new Date(finishedAt.getTime() + ACCOUNT_EXPORT_DAYS * DAY_MS),
      })
      .where('id', '=', exportId)
      .execute();
    await mailReady(services, row.organization_id, row.requested_by, finishedAt);
  } catch (error) {
    await writing.catch(() => {});
    const message =
      error instanceof Error && error.name === 'StoredFileMismatchError'
        ? error.message
        : 'The export could not be completed: start a new one';
    await db
      .updateTable('account_exports')
      .set({ status: 'failed', error: message, finished_at: new Date() })
      .where('id', '=', exportId)
      .execute();
    throw error;
  }
}

/** The requester (or, once they are gone, the owners) learns the export is ready: bulk lane. */
async function mailReady(
  services: AppServices,
  organizationId: string,
  requestedBy: string | null,
  finishedAt: Date,
) {
  const db = services.db.db;
  let query = db
    .selectFrom('users')
    .select(['email', 'first_name'])
    .where('organization_id', '=', organizationId);
  query = requestedBy ? query.where('id', '=', requestedBy) : query.where('role', '=', 'owner');
  const recipients = await query.execute();
  const expiresAt = new Date(finishedAt.getTime() + ACCOUNT_EXPORT_DAYS * DAY_MS);
  for (const user of recipients) {
    await queueMail(services, 'bulk', {
      to: user.email,
      ...accountExportReadyMail({
        firstName: user.first_name,
        accountUrl: mailLinks.account(appUrl(services.env)),
        expiresAt,
      }),
    });
  }
}

/**
 * Housekeeping: exports past their 7 days lose their object and their row; failed ones go after a day
 * (their partial object never reached the store's record). Answers how many rows went.
 */
export async function removeExpiredExports(services: Pick<AppServices, 'store'>, db: Db, now = new Date()) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const expired = await db
    .selectFrom('account_exports')
    .select(['id', 'storage_key'])
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb.and([eb('status', '=', 'failed'), eb('finished_at', '<', dayAgo)]),
      ]),
    )
    .execute();
  let removed = 0;
  for (const row of expired) {
    await db.deleteFrom('account_exports').where('id', '=', row.id).execute();
    if (row.storage_key) await services.store.remove(row.storage_key).catch(() => {});
    removed += 1;
  }
  return removed;
}

/**
 * The export's background job: one at a time per process (it streams hundreds of megabytes from the
 * store to the store), retried once after a crash (it starts over), given up to six hours.
 */
export const accountExportJob = defineJob<{ exportId: string }, AppServices>({
  name: 'account.export',
  data: z.object({ exportId: z.uuid() }),
  concurrency: 1,
  retryLimit: 1,
  retryDelaySeconds: 60,
  expireInSeconds: 6 * 3600,
  run: ({ exportId }, { deps }) => runExport(deps, exportId),
});
