import { IDEMPOTENCY_KEY_HOURS, RETENTION } from '@propertydna/domain';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.js';
import type { Db } from '../../db/database.js';
import { forgetOldAttempts } from '../../limits/attempt-limiter.js';
import type { FileStore } from '../../storage/file-store.js';
import { INCOMING_MAX_IDLE_MS } from '../../storage/fs-store.js';
import { removeIfUnreferenced, unreferencedObjects } from '../../storage/stored-objects.js';
import { removeExpiredExports } from '../account/export.service.js';
import { summariseAccessLog } from '../account/ledger.service.js';
import { removeExpiredDemos } from '../demo/private-demo.js';
import { prepareDemoTemplates } from '../demo/seed.js';
import { lapseUnpaidPremium } from '../plan/payfast.service.js';
import { forgetOldDeliveries } from '../webhooks/webhooks.service.js';

/** An object younger than this is never swept: the server writes an object just before the row that names it. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** Objects released per round whose last document went without removing them (a crash, a store error). */
const RELEASE_BATCH = 1000;
/** Limiter counts and used or dead secret links are kept this long (longer than any window or link). */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export interface HousekeepingReport {
  sessions: number;
  uploads: number;
  /** Objects whose last document was deleted, removed now (their removal at the delete did not happen). */
  objects: number;
  partialFiles: number;
  attempts: number;
  links: number;
  /** Private demos past their 24 hours, removed with their rows and files. */
  demos: number;
  /** Idempotency-Keys older than 24 hours. */
  idempotencyKeys: number;
  /** Webhook deliveries settled (delivered or failed) more than WEBHOOK_LOG_DAYS ago. */
  webhookDeliveries: number;
  /** Entries of the links' access log (views, unlocks, downloads) past RETENTION.accessLogDays. */
  accessLog: number;
  /** Account exports past their 7 days (and failed ones after a day), removed with their ZIPs. */
  accountExports: number;
}

/**
 * The hourly round: expired sessions; expired, never-registered uploads and their objects; objects no
 * document names any more; partial uploads idle for an hour; old limiter counts; reset links used or dead for a day;
 * private demos older than a day (first, so their files go in the same round); Idempotency-Keys older than a day. The demo templates are
 * renewed when a day old (so the sample's dates stay as written) by `renewDemoTemplates`, apart.
 */
export async function houseKeep(db: Db, store: FileStore, now = new Date()): Promise<HousekeepingReport> {
  const demos = await removeExpiredDemos(db, store, now);
  // Premium bought through PayFast ends with the paid year (issue 31 §5).
  await lapseUnpaidPremium(db, now);
  const sessions = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  const expired = await db
    .selectFrom('uploads')
    .select('storage_key')
    .where('registered_at', 'is', null)
    .where('expires_at', '<=', now)
    .execute();
  let uploads = 0;
  for (const { storage_key } of expired) {
    if (await removeIfUnreferenced(db, store, storage_key, now)) uploads += 1;
  }
  let objects = 0;
  for (const key of await unreferencedObjects(db, RELEASE_BATCH)) {
    if (await removeIfUnreferenced(db, store, key, now)) objects += 1;
  }
  const partialFiles = await store.sweepIncoming(new Date(now.getTime() - INCOMING_MAX_IDLE_MS));
  const dayAgo = new Date(now.getTime() - FORGET_AFTER_MS);
  const attempts = await forgetOldAttempts(db, dayAgo);
  // Idempotency-Keys of REST POSTs are answered again for 24 hours (rest/idempotency.ts), then forgotten.
  const keysBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 60 * 60 * 1000);
  const idempotencyKeys = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', keysBefore)
    .executeTakeFirst();
  const links = await db
    .deleteFrom('capabilities')
    .where('purpose', '=', 'password_reset')
    .where((eb) =>
      eb.or([eb('expires_at', '<', dayAgo), eb('used_at', '<', dayAgo), eb('revoked_at', '<', dayAgo)]),
    )
    .executeTakeFirst();
  const webhookDeliveries = await forgetOldDeliveries(db, now);
  // The access log of share links and every other capability link is kept two years, as /privacy says.
  const accessLogBefore = new Date(now.getTime() - RETENTION.accessLogDays * 86_400_000);
  // Issue 31 §3: what is deleted is first counted per month and kind for the access ledger's summary.
  const accessLog = await db.transaction().execute(async (trx) => {
    await summariseAccessLog(trx, accessLogBefore);
    return trx.deleteFrom('capability_events').where('created_at', '<', accessLogBefore).executeTakeFirst();
  });
  const accountExports = await removeExpiredExports({ store }, db, now);
  return {
    sessions: Number(sessions.numDeletedRows),
    uploads,
    objects,
    partialFiles,
    attempts,
    links: Number(links.numDeletedRows),
    demos,
    idempotencyKeys: Number(idempotencyKeys.numDeletedRows),
    webhookDeliveries,
    accessLog: Number(accessLog.numDeletedRows),
    accountExports,
  };
}

/** The demo templates, rebuilt when a day old (the old one is then an expired demo, removed next round). */
export function renewDemoTemplates(db: Db, store: FileStore, now = new Date()) {
  return prepareDemoTemplates(db, store, now, { renewOnly: true });
}

/** Every object in the store that nothing refers to (and that is older than the grace period) is removed. */
export async function sweepOrphans(
  db: Db,
  store: FileStore,
  now = new Date(),
): Promise<{ checked: number; removed: number }> {
  let checked = 0;
  let removed = 0;
  for await (const object of store.listObjects()) {
    if (now.getTime() - object.modifiedAt.getTime() < ORPHAN_GRACE_MS) continue;
    checked += 1;
    if (await removeIfUnreferenced(db, store, object.key, now)) removed += 1;
  }
  return { checked, removed };
}

/**
 * PGlite runs no autovacuum: without fresh statistics a 1,000-property list took 10x longer. With
 * `vacuum` (the periodic job, not the start) it also clears the dead row versions that every document
 * change leaves on its property's row (the document figures, migration 0018) and on its organisation's
 * (the portfolio version, migration 0019): those two tables only, since PGlite runs each statement in
 * the server's own thread and a vacuum of every table would hold it for as long as that takes.
 */
export async function refreshStatistics(database: DatabaseHandle, { vacuum = false } = {}): Promise<void> {
  if (database.kind !== 'pglite') return;
  if (vacuum) await sql`vacuum properties, organizations`.execute(database.db);
  await sql`analyze`.execute(database.db);
}
