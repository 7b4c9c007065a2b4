import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HOURS, IDEMPOTENCY_MESSAGES, idempotencyKeySchema } from '@propertydna/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';

/**
 * Idempotent REST POSTs (issue 30 §3, as Stripe's `Idempotency-Key`). A signed-in caller's POST with a key
 * claims it for the organisation before the work; its answer (status and body) is stored when it is sent,
 * and a retry with the same key and the same request within 24 hours is answered that answer again
 * (with `Idempotent-Replayed: true`) without doing the work twice. The same key with another request is
 * 422; while the first is still being answered, 409. A refused request (4xx, 5xx) releases its key, so a
 * corrected retry does the work. Without a session the key is checked but not remembered (there is no
 * organisation to keep it for, and a public answer such as a sign-in's token must never be replayed to
 * someone else). Keys are swept by the hourly housekeeping after 24 hours (housekeeping.service.ts).
 *
 * The stored answer and the work are not one transaction: a process that dies between them leaves the
 * key claimed with no answer; such a claim is taken over after ABANDONED_AFTER_MS.
 */

export const IDEMPOTENCY_WINDOW_MS = IDEMPOTENCY_KEY_HOURS * 60 * 60 * 1000;
/** A claim this old without an answer belongs to a request that will never answer (no request runs so long). */
export const ABANDONED_AFTER_MS = 10 * 60 * 1000;
const HEADER = 'idempotency-key';

interface Claimed {
  organizationId: string;
  key: string;
}
/** The keys claimed by requests being answered, until their answer is sent. */
const claimed = new WeakMap<FastifyRequest, Claimed>();

/** The request's key, checked: null without one; 400 with the rule's message for a malformed one. */
function keyOf(request: FastifyRequest): string | null {
  const given = request.headers[HEADER];
  if (given === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(given);
  if (!parsed.success) throw new AppError('BAD_REQUEST', IDEMPOTENCY_MESSAGES.invalidKey);
  return parsed.data;
}

/** What a retry must repeat: the method, the URL (path and query) and the body. */
function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

type Claim = { replay: null } | { replay: { status: number; body: string; contentType: string | null } };

/** Claims the key for the organisation, or answers the stored answer; 422 and 409 as above. */
async function claimKey(
  db: Db,
  organizationId: string,
  key: string,
  fingerprint: string,
  now: Date,
  tries = 2,
): Promise<Claim> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ organization_id: organizationId, key, fingerprint, created_at: now })
    .onConflict((conflict) => conflict.columns(['organization_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { replay: null };
  const row = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('key', '=', key)
    .executeTakeFirst();
  const age = row ? now.getTime() - new Date(row.created_at).getTime() : 0;
  if (!row || age >= IDEMPOTENCY_WINDOW_MS || (row.status === null && age >= ABANDONED_AFTER_MS)) {
    if (tries === 0) throw new AppError('CONFLICT', IDEMPOTENCY_MESSAGES.inFlight);
    // Gone (swept meanwhile), expired, or abandoned: the key is free again.
    if (row) {
      await db
        .deleteFrom('idempotency_keys')
        .where('organization_id', '=', organizationId)
        .where('key', '=', key)
        .where('created_at', '=', row.created_at)
        .execute();
    }
    return claimKey(db, organizationId, key, fingerprint, now, tries - 1);
  }
  if (row.status === null || row.body === null) throw new AppError('CONFLICT', IDEMPOTENCY_MESSAGES.inFlight);
  if (row.fingerprint !== fingerprint) throw new AppError('UNPROCESSABLE', IDEMPOTENCY_MESSAGES.otherBody);
  return { replay: { status: row.status, body: row.body, contentType: row.content_type } };
}

/**
 * Before a POST's work: checks its key, and for a signed-in caller claims it or sends the stored answer.
 * Answers true when the answer was sent (the work must not be done).
 */
export async function replayedPost(
  db: Db,
  actor: Actor | null,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const key = keyOf(request);
  if (key === null || actor === null) return false;
  const claim = await claimKey(db, actor.organizationId, key, fingerprintOf(request), new Date());
  if (claim.replay === null) {
    claimed.set(request, { organizationId: actor.organizationId, key });
    return false;
  }
  const { status, body, contentType } = claim.replay;
  reply
    .status(status)
    .header('idempotent-replayed', 'true')
    .type(contentType ?? 'application/json; charset=utf-8');
  await reply.send(body);
  return true;
}

/**
 * onSend of every POST: stores the answer of a claimed key (a success), or releases the key (a refusal),
 * before the answer leaves, so a retry sent after it always finds it.
 */
export async function storeAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown, db: Db) {
  const claim = claimed.get(request);
  if (!claim) return;
  claimed.delete(request);
  const where = db
    .updateTable('idempotency_keys')
    .where('organization_id', '=', claim.organizationId)
    .where('key', '=', claim.key);
  if (reply.statusCode < 400 && typeof payload === 'string') {
    const type = reply.getHeader('content-type');
    await where
      .set({ status: reply.statusCode, body: payload, content_type: typeof type === 'string' ? type : null })
      .execute();
  } else {
    await db
      .deleteFrom('idempotency_keys')
      .where('organization_id', '=', claim.organizationId)
      .where('key', '=', claim.key)
      .execute();
  }
}
