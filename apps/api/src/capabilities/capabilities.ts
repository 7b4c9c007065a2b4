import { createHash, createHmac, hkdfSync, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { CapabilityRow, Database, Db, DbOrTrx } from '../db/database.js';
import { countAttempts, hearGuess, type LimitRule, waitPhrase } from '../limits/attempt-limiter.js';

/**
 * Secret links ("capabilities"): whoever holds the token may do one kind of thing (`purpose`) to one
 * thing (a share, a user's password, …) until the link expires, is revoked or — when single-use — is
 * used. The token carries 192 random bits and is shown once; only its SHA-256 is stored. A link may
 * have a password (argon2id), unlocked per browser by an HttpOnly cookie bound to that one link;
 * wrong passwords are limited per link and address and per link across addresses. Every use can be
 * written to the link's access log.
 *
 * A derived link (a calendar feed, whose owner may copy its URL again at any time) is the exception to
 * "shown once": its token is HMAC-SHA256 of the link's random id under a key derived from APP_SECRET, so
 * the server can answer it again without keeping it anywhere; still only its SHA-256 is stored.
 */
export type CapabilityPurpose =
  | 'share'
  | 'password_reset'
  | 'calendar'
  | 'vendor_invite'
  | 'transfer'
  | 'transfer_pack'
  | 'verify_email'
  | 'change_email'
  /** Issue 29 §2: an invitation to join an organisation (member_invites). */
  | 'member_invite'
  /** Issue 29 §3: read-only access to one property for someone outside (property_grants). */
  | 'property_grant';

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface IssueCapability {
  purpose: CapabilityPurpose;
  expiresAt: Date;
  organizationId?: string | null;
  createdBy?: string | null;
  subjectId?: string | null;
  /** Hashed with argon2id before it is stored. */
  password?: string | null;
  singleUse?: boolean;
}

async function insertCapability(
  db: DbOrTrx,
  input: IssueCapability,
  token: string,
  passwordHash: string | null,
  id?: string,
): Promise<string> {
  const row = await db
    .insertInto('capabilities')
    .values({
      ...(id ? { id } : {}),
      purpose: input.purpose,
      organization_id: input.organizationId ?? null,
      created_by: input.createdBy ?? null,
      subject_id: input.subjectId ?? null,
      token_hash: tokenHash(token),
      password_hash: passwordHash,
      single_use: input.singleUse ?? false,
      expires_at: input.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Creates a link; answers its id and the token, which exists nowhere else afterwards. */
export async function issueCapability(
  db: DbOrTrx,
  input: IssueCapability,
  passwordHash?: string | null,
): Promise<{ id: string; token: string }> {
  const token = randomBytes(24).toString('base64url');
  return { id: await insertCapability(db, input, token, passwordHash ?? null), token };
}

/**
 * The token of a derived link: HMAC-SHA256 of its id (a random UUID, never shown) under a key that HKDF
 * derives from APP_SECRET for this purpose alone; 256 bits, 43 base64url characters. Without APP_SECRET
 * and the database's ids together nobody can compute one.
 */
export function derivedToken(secret: string, purpose: CapabilityPurpose, capabilityId: string): string {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `propertydna ${purpose} link v1`, 32));
  return createHmac('sha256', key).update(capabilityId).digest('base64url');
}

/** Whether the link's stored hash is that of the token derived from its id under this secret. */
export const isDerivedUnder = (
  secret: string,
  purpose: CapabilityPurpose,
  row: Pick<CapabilityRow, 'id' | 'token_hash'>,
) => tokenHash(derivedToken(secret, purpose, row.id)) === row.token_hash;

/** Creates a derived link (no password); answers its id and its token, which `derivedToken` gives again. */
export async function issueDerivedCapability(
  db: DbOrTrx,
  secret: string,
  input: Omit<IssueCapability, 'password'>,
): Promise<{ id: string; token: string }> {
  const id = randomUUID();
  const token = derivedToken(secret, input.purpose, id);
  await insertCapability(db, input, token, null, id);
  return { id, token };
}

/** The argon2id hash of a link's password, computed before any transaction is opened. */
export const hashLinkPassword = (password: string | null | undefined) =>
  password ? hashPassword(password) : Promise.resolve(null);

export type CapabilityStatus = 'active' | 'expired' | 'revoked' | 'used';

export function capabilityStatus(
  row: Pick<CapabilityRow, 'revoked_at' | 'used_at' | 'expires_at'>,
  now = new Date(),
): CapabilityStatus {
  if (row.revoked_at) return 'revoked';
  if (row.used_at) return 'used';
  return new Date(row.expires_at) <= now ? 'expired' : 'active';
}

/**
 * A link of no organisation, or of one that is not closed (issue 31 §2): a closed account's share links,
 * invites, transfer offers and grants' links answer as dead ones until it is reopened.
 */
const openOrganization = (eb: ExpressionBuilder<Database, 'capabilities'>) =>
  eb.or([
    eb('capabilities.organization_id', 'is', null),
    eb.not(
      eb.exists(
        eb
          .selectFrom('organizations as closing')
          .select('closing.id')
          .whereRef('closing.id', '=', 'capabilities.organization_id')
          .where('closing.closed_at', 'is not', null),
      ),
    ),
  ]);

/** A live link of this purpose by its token, or null: unknown, expired, revoked and used look alike. */
export async function findLiveCapability(
  db: DbOrTrx,
  purpose: CapabilityPurpose,
  token: string,
  now = new Date(),
): Promise<CapabilityRow | null> {
  const row = await db
    .selectFrom('capabilities')
    .selectAll()
    .where('token_hash', '=', tokenHash(token))
    .where('purpose', '=', purpose)
    .where(openOrganization)
    .executeTakeFirst();
  return row && capabilityStatus(row, now) === 'active' ? row : null;
}

/**
 * Uses a single-use link: marks it used if it is live, atomically (of two requests with one token,
 * one wins). Answers the link, or null when it was not live.
 */
export async function consumeCapability(
  db: DbOrTrx,
  purpose: CapabilityPurpose,
  token: string,
  now = new Date(),
): Promise<CapabilityRow | null> {
  const row = await db
    .updateTable('capabilities')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where(openOrganization)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Revokes one live link of an organisation; answers false when there was none to revoke. */
export async function revokeCapability(
  db: DbOrTrx,
  id: string,
  organizationId: string,
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable('capabilities')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Revokes every live link of a purpose about one subject (e.g. older reset links of a user). */
export async function revokeCapabilitiesOf(
  db: DbOrTrx,
  purpose: CapabilityPurpose,
  subjectId: string,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('capabilities')
    .set({ revoked_at: now })
    .where('purpose', '=', purpose)
    .where('subject_id', '=', subjectId)
    .where('revoked_at', 'is', null)
    .where('used_at', 'is', null)
    .execute();
}

export async function logCapabilityEvent(
  db: DbOrTrx,
  capabilityId: string,
  action: string,
  who: { ip: string; userId: string | null },
  documentId: string | null = null,
): Promise<void> {
  await db
    .insertInto('capability_events')
    .values({ capability_id: capabilityId, action, ip: who.ip, user_id: who.userId, document_id: documentId })
    .execute();
}

// ---- Password gate -------------------------------------------------------------------------------

/** How long an unlock lasts (the HttpOnly cookie bound to the link). */
export const UNLOCK_TTL_SECONDS = 60 * 60;
/** Wrong passwords allowed per link and address within 15 minutes. */
export const MAX_UNLOCK_FAILURES = 10;
export const UNLOCK_WINDOW_MS = 15 * 60 * 1000;
/** Wrong passwords allowed per link from all addresses together within an hour; then the link is locked. */
export const MAX_LINK_FAILURES = 100;
export const LINK_LOCK_WINDOW_MS = 60 * 60 * 1000;

/** Wrong passwords of one link from all addresses together: reaching the limit locks the link. */
const linkLockRule = (capabilityId: string): LimitRule => ({
  rule: 'link-password:link',
  key: capabilityId,
  windowMs: LINK_LOCK_WINDOW_MS,
  max: MAX_LINK_FAILURES,
  message: (seconds) =>
    `This link is locked after too many wrong passwords. Try again in ${waitPhrase(seconds)}, or ask the sender for a new link.`,
});

export function unlockRules(capabilityId: string, ip: string): LimitRule[] {
  return [
    {
      rule: 'link-password:link+ip',
      key: `${capabilityId} ${ip}`,
      windowMs: UNLOCK_WINDOW_MS,
      max: MAX_UNLOCK_FAILURES,
      message: (seconds) => `Too many wrong passwords. Try again in ${waitPhrase(seconds)}.`,
    },
    linkLockRule(capabilityId),
  ];
}

export type UnlockResult = { ok: true } | { ok: false; failuresOnLink: number };

/**
 * Hears one password for a link: limited per link and address and per link across addresses (429
 * before any hash is computed), logged as unlock_ok / unlock_failed in the link's access log.
 * Answers, for a wrong one, how many failures the link has now seen within the lock window.
 */
export async function checkLinkPassword(
  db: Db,
  capability: Pick<CapabilityRow, 'id' | 'password_hash'>,
  password: string,
  who: { ip: string; userId: string | null },
  now = new Date(),
): Promise<UnlockResult> {
  const passwordHash = capability.password_hash;
  if (!passwordHash) return { ok: true };
  const rules = unlockRules(capability.id, who.ip);
  const { ok } = await hearGuess(db, rules, () => verifyPassword(passwordHash, password), { now });
  await logCapabilityEvent(db, capability.id, ok ? 'unlock_ok' : 'unlock_failed', who);
  if (ok) return { ok: true };
  return { ok: false, failuresOnLink: await countAttempts(db, linkLockRule(capability.id), now) };
}

const unlockSignature = (secret: string, capabilityId: string, expires: string) =>
  createHmac('sha256', secret).update(`capability-unlock\n${capabilityId}\n${expires}`).digest('base64url');

/** The unlock cookie's name: one per link, so unlocking one link never opens another. */
export const unlockCookieName = (capabilityId: string) => `unlock_${capabilityId.replaceAll('-', '')}`;

/** Sets the short-lived HttpOnly cookie `{expiry}.{HMAC(link id, expiry)}` that opens this one link. */
export function setUnlockCookie(
  req: FastifyRequest,
  res: FastifyReply,
  secret: string,
  capabilityId: string,
  now = new Date(),
): void {
  const expires = String(Math.floor(now.getTime() / 1000) + UNLOCK_TTL_SECONDS);
  res.setCookie(
    unlockCookieName(capabilityId),
    `${expires}.${unlockSignature(secret, capabilityId, expires)}`,
    {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: req.protocol === 'https',
      maxAge: UNLOCK_TTL_SECONDS,
    },
  );
}

/** Whether this request carries a valid, unexpired unlock cookie for the link. */
export function isUnlocked(
  req: FastifyRequest,
  secret: string,
  capabilityId: string,
  now = new Date(),
): boolean {
  const [expires, signature] = (req.cookies[unlockCookieName(capabilityId)] ?? '').split('.');
  if (!expires || !signature || Number(expires) * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(unlockSignature(secret, capabilityId, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
