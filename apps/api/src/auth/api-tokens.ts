import { randomBytes } from 'node:crypto';
import { type ApiTokenScope, type Capability, DEFAULT_TOKEN_DAYS } from '@propertydna/domain';
import { tokenHash } from '../capabilities/capabilities.js';
import type { Db, DbOrTrx } from '../db/database.js';
import { AppError } from '../errors.js';
import { countAttempts, type LimitRule, takeAttempt, waitPhrase } from '../limits/attempt-limiter.js';
import type { Actor } from './actor.js';
import { requireOwned } from './owned.js';
import { ONE_PROPERTY_TOKEN } from './property-scope.js';

/** Every API token starts with this, so a leaked one is recognisable (and a session token never does). */
export const API_TOKEN_PREFIX = 'pdna_';
const DAY_MS = 24 * 60 * 60 * 1000;

export const READ_ONLY_TOKEN = 'This API token is read-only';
export const NOT_WITH_A_TOKEN = 'An API token cannot do this: sign in to the app';
/**
 * What a token may never do, whatever its scope and its creator's role: its creator's own account
 * (password, email address, tokens), the members and the plan, or the organisation itself.
 */
const NEVER_BY_TOKEN: ReadonlySet<Capability> = new Set<Capability>([
  'account.self',
  'members.manage',
  'plan.manage',
  'organization.delete',
  'organization.transferOwnership',
]);

/** The token behind a Bearer request, on the Actor it authenticated. */
export interface ActorToken {
  id: string;
  name: string;
  scope: ApiTokenScope;
  /** The one property the token is restricted to (issue 30 §1), or null for the whole organisation. */
  propertyId: string | null;
}

/**
 * What a token restricted to one property (issue 30 §1) may not even read: the organisation's own
 * business, about no property (its members' management, settings, webhooks — whose events are every
 * property's — the plan, and a supplier's jobs and templates).
 */
const ORGANIZATION_WIDE: ReadonlySet<Capability> = new Set<Capability>([
  'members.manage',
  'organization.settings',
  'webhooks.manage',
  'plan.manage',
  'organization.delete',
  'organization.transferOwnership',
  'supplier.work',
]);

/**
 * Refuses what a token may not do: any change by a read token, account, members and plan changes by
 * any, and the organisation-wide procedures by a token restricted to one property.
 */
export function assertTokenMay(actor: Actor, requires: unknown, type: string): void {
  const token = actor.token;
  if (token?.propertyId && typeof requires === 'string' && ORGANIZATION_WIDE.has(requires as Capability)) {
    throw new AppError('FORBIDDEN', ONE_PROPERTY_TOKEN);
  }
  if (!token || type !== 'mutation') return;
  if (token.scope === 'read') throw new AppError('FORBIDDEN', READ_ONLY_TOKEN);
  if (typeof requires === 'string' && NEVER_BY_TOKEN.has(requires as Capability)) {
    throw new AppError('FORBIDDEN', NOT_WITH_A_TOKEN);
  }
}

/** Refuses a token-borne caller outright (creating tokens, changing a password: a session only). */
export function assertNotToken(actor: Actor): void {
  if (actor.token) throw new AppError('FORBIDDEN', NOT_WITH_A_TOKEN);
}

export interface NewApiToken {
  name: string;
  scope: ApiTokenScope;
  expiresInDays?: number | undefined;
  /** Restricts the token to this property of the caller's organisation (another's, or none such: 404). */
  propertyId?: string | undefined;
}

/** Creates a token for the caller; the secret (≥160 bits: 32 random bytes) is returned once, only its hash kept. */
export async function createApiToken(db: Db, actor: Actor, input: NewApiToken, now = new Date()) {
  assertNotToken(actor);
  const days = input.expiresInDays ?? DEFAULT_TOKEN_DAYS;
  const propertyId =
    input.propertyId === undefined
      ? null
      : await requireOwned(db, actor.organizationId, 'property', input.propertyId);
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db
    .insertInto('api_tokens')
    .values({
      organization_id: actor.organizationId,
      user_id: actor.userId,
      name: input.name,
      scope: input.scope,
      token_hash: tokenHash(secret),
      expires_at: new Date(now.getTime() + days * DAY_MS),
      property_id: propertyId,
    })
    .returning(['id', 'name', 'scope', 'created_at', 'expires_at', 'last_used_at', 'last_used_ip'])
    .executeTakeFirstOrThrow();
  const property =
    propertyId === null
      ? null
      : await db
          .selectFrom('properties')
          .select(['id', 'name'])
          .where('id', '=', propertyId)
          .executeTakeFirstOrThrow();
  return {
    ...toView({ ...row, property_id: property?.id ?? null, property_name: property?.name ?? null }),
    secret,
  };
}

type ViewRow = {
  id: string;
  name: string;
  scope: ApiTokenScope;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  last_used_ip: string | null;
  property_id: string | null;
  property_name: string | null;
};

const toView = (row: ViewRow) => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  createdAt: row.created_at.toISOString(),
  expiresAt: row.expires_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  lastUsedIp: row.last_used_ip,
  property: row.property_id === null ? null : { id: row.property_id, name: row.property_name ?? '' },
});

/** The caller's own live tokens (never their secrets), newest first. */
export async function listApiTokens(db: Db, actor: Actor) {
  const rows = await db
    .selectFrom('api_tokens as t')
    .leftJoin('properties as p', 'p.id', 't.property_id')
    .select([
      't.id',
      't.name',
      't.scope',
      't.created_at',
      't.expires_at',
      't.last_used_at',
      't.last_used_ip',
      't.property_id',
      'p.name as property_name',
    ])
    .where('t.user_id', '=', actor.userId)
    .where('t.organization_id', '=', actor.organizationId)
    .where('t.revoked_at', 'is', null)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id')
    .execute();
  return rows.map(toView);
}

/** Revokes one of the caller's tokens at once; another person's (or organisation's) token is 404. */
export async function revokeApiToken(db: Db, actor: Actor, id: string): Promise<void> {
  assertNotToken(actor);
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', actor.userId)
    .where('organization_id', '=', actor.organizationId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new AppError('NOT_FOUND', 'API token not found');
}

/**
 * The caller a `pdna_` Bearer token stands for: its creator, with the creator's role read from the
 * database now (a demoted creator's token is demoted, a removed member's stops), or null for an
 * unknown, revoked or expired token. Records when and from where it was last used.
 */
export async function actorFromApiToken(
  db: Db,
  secret: string,
  ip: string,
  now = new Date(),
  limit?: TokenRateLimit,
): Promise<Actor | null> {
  const row = await db
    .selectFrom('api_tokens')
    .innerJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'api_tokens.user_id')
        .onRef('users.organization_id', '=', 'api_tokens.organization_id'),
    )
    // A closed organisation's tokens (issue 31 §2) answer 401, as a revoked one; Reopen brings them back.
    .innerJoin('organizations', (join) =>
      join
        .onRef('organizations.id', '=', 'api_tokens.organization_id')
        .on('organizations.closed_at', 'is', null),
    )
    .select([
      'api_tokens.id',
      'api_tokens.name',
      'api_tokens.scope',
      'api_tokens.property_id',
      'users.id as user_id',
      'users.organization_id',
      'users.user_type',
      'users.role',
    ])
    .where('api_tokens.token_hash', '=', tokenHash(secret))
    .where('api_tokens.revoked_at', 'is', null)
    .where('api_tokens.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  if (limit) await limitTokenRate(db, row.id, limit, now);
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: now, last_used_ip: ip })
    .where('id', '=', row.id)
    .execute();
  return {
    userId: row.user_id,
    organizationId: row.organization_id,
    userType: row.user_type,
    role: row.role,
    sessionId: `token:${row.id}`,
    via: 'bearer',
    token: { id: row.id, name: row.name, scope: row.scope, propertyId: row.property_id },
  };
}

/** Issue 30 §4: requests per token per minute, and where to write the IETF RateLimit headers. */
export interface TokenRateLimit {
  perMinute: number;
  setHeader: (name: string, value: string) => void;
}

const RATE_WINDOW_SECONDS = 60;

/**
 * Counts one request of the token under the attempt limiter (a sliding minute) and writes the IETF
 * `RateLimit-Policy` and `RateLimit` headers on the answer; past the limit, 429 with `Retry-After`.
 */
async function limitTokenRate(db: Db, tokenId: string, limit: TokenRateLimit, now: Date): Promise<void> {
  const rule: LimitRule = {
    rule: 'api_token',
    key: tokenId,
    windowMs: RATE_WINDOW_SECONDS * 1000,
    max: limit.perMinute,
    message: (seconds) => `Too many requests with this API token. Try again in ${waitPhrase(seconds)}.`,
  };
  limit.setHeader('ratelimit-policy', `"token";q=${limit.perMinute};w=${RATE_WINDOW_SECONDS}`);
  try {
    await takeAttempt(db, [rule], now);
  } catch (error) {
    if (error instanceof AppError) {
      const seconds = Number(error.details?.retryAfterSeconds ?? RATE_WINDOW_SECONDS);
      limit.setHeader('ratelimit', `"token";r=0;t=${seconds}`);
      limit.setHeader('retry-after', String(seconds));
    }
    throw error;
  }
  const used = await countAttempts(db, rule, now);
  limit.setHeader('ratelimit', `"token";r=${Math.max(0, limit.perMinute - used)};t=${RATE_WINDOW_SECONDS}`);
}

/** Ends the organisation's tokens restricted to one property (its sale): the rows stay, as a record. */
export async function revokePropertyTokens(
  db: DbOrTrx,
  organizationId: string,
  propertyId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ revoked_at: now })
    .where('organization_id', '=', organizationId)
    .where('property_id', '=', propertyId)
    .where('revoked_at', 'is', null)
    .execute();
}
