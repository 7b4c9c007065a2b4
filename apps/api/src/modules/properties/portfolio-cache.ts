import { LRUCache } from 'lru-cache';
import { scopedPropertyId } from '../../auth/property-scope.js';
import type { DbOrTrx } from '../../db/database.js';

/**
 * The portfolio list, its pages and the dashboard's figures, kept in memory per organisation and
 * portfolio version (issue 18).
 *
 * `organizations.portfolio_version` changes in the same transaction as anything they are made of (the
 * triggers of migration 0019: properties, their compliance checks, documents, maintenance tasks,
 * custom reminders and their completions, the plan), so one
 * primary-key read decides whether a kept answer is still the portfolio as it stands, on this replica
 * or any other. A change committed between that read and the query that fills the cache is newer
 * than the version it is kept under; the next read sees the new version and misses, so nothing stale
 * is ever answered after a change has committed. What moves with the clock alone (the compliance of a
 * property not checked yet, judged by its earliest expiry against now; which reminders are due) is
 * kept for at most a minute: answers are keyed by the minute too.
 */
const MAX_BYTES = 32 * 1024 * 1024;
const MINUTE_MS = 60_000;

interface Entry {
  value: unknown;
  bytes: number;
}

// One cache per database handle: tests build many apps, each on a database of its own.
const caches = new WeakMap<object, LRUCache<string, Entry>>();

function cacheOf(db: DbOrTrx): LRUCache<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, Entry>({ maxSize: MAX_BYTES, sizeCalculation: (entry) => entry.bytes });
    caches.set(db, cache);
  }
  return cache;
}

async function portfolioVersion(db: DbOrTrx, organizationId: string): Promise<string> {
  const row = await db
    .selectFrom('organizations')
    .select('portfolio_version')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return String(row?.portfolio_version ?? 'none');
}

/**
 * What `load` answers for this organisation, question (`key`) and minute, from memory while the
 * portfolio's version is unchanged. `bytes` estimates an answer's size for the cache's bound.
 */
export async function cachedPortfolioRead<T>(
  db: DbOrTrx,
  organizationId: string,
  key: string,
  now: Date,
  load: () => Promise<T>,
  bytes: (value: T) => number,
): Promise<T> {
  const version = await portfolioVersion(db, organizationId);
  // A property-restricted API token's answers are its own (issue 30 §1): never a whole organisation's.
  const cacheKey = `${organizationId}|${scopedPropertyId() ?? '*'}|${version}|${Math.floor(now.getTime() / MINUTE_MS)}|${key}`;
  const cache = cacheOf(db);
  const kept = cache.get(cacheKey);
  if (kept) return kept.value as T;
  const value = await load();
  cache.set(cacheKey, { value, bytes: Math.max(1, bytes(value)) });
  return value;
}
