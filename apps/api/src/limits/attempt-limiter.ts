import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';

/**
 * One rule of the attempt limiter: attempts are counted under `rule` and `key` (an email, an address,
 * a link, or a pair of them) over a sliding window.
 *
 * - `max`: the attempt after `max` counted ones within the window is refused until the oldest leaves it.
 * - `delay`: instead of refusing outright, from `after` counted attempts on each further one must wait
 *   `baseMs`, doubling with every attempt, capped at `maxMs`, since the latest one (guessing stays
 *   slow, but nobody is locked out for long).
 */
export interface LimitRule {
  rule: string;
  key: string;
  windowMs: number;
  max?: number;
  delay?: { after: number; baseMs: number; maxMs: number };
  /** The 429's message, given the wait in seconds (see `waitMessage`). */
  message: (retryAfterSeconds: number) => string;
}

/** 'Try again in 3 minutes.' / 'in 40 seconds.' */
export function waitPhrase(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

interface Counted {
  count: number;
  oldest: Date | null;
  latest: Date | null;
}

/** How long the attempt must wait under `rule`, given what was counted before it (0: go ahead). */
export function waitFor(rule: LimitRule, counted: Counted, now: Date): number {
  let waitMs = 0;
  if (rule.max !== undefined && counted.count >= rule.max) {
    waitMs = (counted.oldest?.getTime() ?? now.getTime()) + rule.windowMs - now.getTime();
  }
  if (rule.delay && counted.count >= rule.delay.after) {
    const gap = Math.min(rule.delay.maxMs, rule.delay.baseMs * 2 ** (counted.count - rule.delay.after));
    waitMs = Math.max(waitMs, (counted.latest?.getTime() ?? now.getTime()) + gap - now.getTime());
  }
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
}

/**
 * Records the attempt under every rule BEFORE counting (so a burst sent at once cannot slip through
 * between count and record), then counts what came earlier. A refused attempt is forgotten again (it
 * does not lengthen the wait) and answers 429 with `retryAfterSeconds`. Answers the recorded rows.
 */
async function record(db: Db, rules: readonly LimitRule[], now: Date): Promise<string[]> {
  const rows = await db
    .insertInto('attempts')
    .values(rules.map((rule) => ({ rule: rule.rule, key: rule.key, created_at: now })))
    .returning('id')
    .execute();
  const ids = rows.map((row) => String(row.id));
  let refusal: { rule: LimitRule; seconds: number } | undefined;
  for (const [index, rule] of rules.entries()) {
    const counted = await db
      .selectFrom('attempts')
      .select([
        sql<number>`count(*)`.as('count'),
        sql<Date | null>`min(created_at)`.as('oldest'),
        sql<Date | null>`max(created_at)`.as('latest'),
      ])
      .where('rule', '=', rule.rule)
      .where('key', '=', rule.key)
      .where('created_at', '>', new Date(now.getTime() - rule.windowMs))
      .where('id', '<', ids[index] ?? '0')
      .executeTakeFirstOrThrow();
    const seconds = waitFor(
      rule,
      {
        count: Number(counted.count),
        oldest: counted.oldest ? new Date(counted.oldest) : null,
        latest: counted.latest ? new Date(counted.latest) : null,
      },
      now,
    );
    if (seconds > (refusal?.seconds ?? 0)) refusal = { rule, seconds };
  }
  if (refusal) {
    await forget(db, ids);
    throw new AppError('TOO_MANY_REQUESTS', refusal.rule.message(refusal.seconds), {
      retryAfterSeconds: refusal.seconds,
    });
  }
  return ids;
}

async function forget(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('attempts').where('id', 'in', ids).execute();
}

/** Counts one request under the rules (sign-ups, reset requests): every request counts, refused or not heard. */
export async function takeAttempt(db: Db, rules: readonly LimitRule[], now = new Date()): Promise<void> {
  await record(db, rules, now);
}

/**
 * Hears one guess of a secret (a password, a token): it is counted as a failure before `check` runs
 * (no hash is computed for a refused guess); a right guess is not a failure, and clears the keys of
 * `clearOnSuccess`. Answers whether the guess was right, with the failures now counted under each rule.
 */
export async function hearGuess(
  db: Db,
  rules: readonly LimitRule[],
  check: () => Promise<boolean>,
  options: { now?: Date; clearOnSuccess?: readonly LimitRule[] } = {},
): Promise<{ ok: boolean }> {
  const now = options.now ?? new Date();
  const ids = await record(db, rules, now);
  const ok = await check();
  if (ok) {
    await forget(db, ids);
    for (const rule of options.clearOnSuccess ?? []) {
      await db.deleteFrom('attempts').where('rule', '=', rule.rule).where('key', '=', rule.key).execute();
    }
  }
  return { ok };
}

/** How many attempts are counted under a rule's key within its window (e.g. to decide on a notice). */
export async function countAttempts(
  db: Db,
  rule: Pick<LimitRule, 'rule' | 'key' | 'windowMs'>,
  now = new Date(),
) {
  const row = await db
    .selectFrom('attempts')
    .select(sql<number>`count(*)`.as('count'))
    .where('rule', '=', rule.rule)
    .where('key', '=', rule.key)
    .where('created_at', '>', new Date(now.getTime() - rule.windowMs))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Records a once-per-window event (e.g. "the user was told by email") and answers true if none was
 * recorded within the window, so the caller acts at most once per window.
 */
export async function firstInWindow(
  db: Db,
  rule: Pick<LimitRule, 'rule' | 'key' | 'windowMs'>,
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .insertInto('attempts')
    .values({ rule: rule.rule, key: rule.key, created_at: now })
    .returning('id')
    .execute();
  const earlier = await db
    .selectFrom('attempts')
    .select('id')
    .where('rule', '=', rule.rule)
    .where('key', '=', rule.key)
    .where('created_at', '>', new Date(now.getTime() - rule.windowMs))
    .where('id', '<', String(rows[0]?.id ?? '0'))
    .executeTakeFirst();
  return !earlier;
}

/** Housekeeping: attempts older than every window are forgotten. */
export async function forgetOldAttempts(db: Db, olderThan: Date): Promise<number> {
  const result = await db.deleteFrom('attempts').where('created_at', '<', olderThan).executeTakeFirst();
  return Number(result.numDeletedRows);
}
