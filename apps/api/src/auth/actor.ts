// The cookie plugin's additions to Fastify's request and reply types (req.cookies, res.setCookie).
import type {} from '@fastify/cookie';
import type { OrganizationRole, UserType } from '@propertydna/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { type ActorToken, API_TOKEN_PREFIX, actorFromApiToken } from './api-tokens.js';
import { type AppLucia, SESSION_COOKIE } from './lucia.js';

/** Who is calling, resolved once per request from the Bearer token or the session cookie. */
export interface Actor {
  userId: string;
  organizationId: string;
  userType: UserType;
  /** The member's role in the organisation, read from the database with the session on every request. */
  role: OrganizationRole;
  sessionId: string;
  /** How the session arrived: cookies are ambient (a browser sends them anywhere), Bearer tokens are not. */
  via: 'bearer' | 'cookie';
  /** The API token (issue 30 §1) the request came with, when it came with one rather than a session. */
  token?: ActorToken;
}

/** Who did it, from where: the signed-in caller and the client's address, as every audit row records them. */
export interface RequestActor {
  actor: Actor;
  ip: string;
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** The session cookie's options: HttpOnly, SameSite=Lax, Secure when the request came over https. */
export function sessionCookieOptions(req: FastifyRequest, expires?: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: req.protocol === 'https',
    ...(expires ? { expires } : { maxAge: 0 }),
  };
}

export function setSessionCookie(
  req: FastifyRequest,
  res: FastifyReply,
  token: string,
  expiresAt: Date,
): void {
  res.setCookie(SESSION_COOKIE, token, sessionCookieOptions(req, expiresAt));
}

export function clearSessionCookie(req: FastifyRequest, res: FastifyReply): void {
  res.setCookie(SESSION_COOKIE, '', sessionCookieOptions(req));
}

export async function resolveActor(
  lucia: AppLucia,
  req: FastifyRequest,
  res: FastifyReply,
  db?: Db,
  tokensPerMinute?: number,
): Promise<Actor | null> {
  const bearer = bearerToken(req.headers.authorization);
  // An API token (pdna_…) is never a session: it is looked up in api_tokens (the door's database).
  if (bearer?.startsWith(API_TOKEN_PREFIX)) {
    if (!db) return null;
    const limit = tokensPerMinute
      ? { perMinute: tokensPerMinute, setHeader: (name: string, value: string) => res.header(name, value) }
      : undefined;
    return actorFromApiToken(db, bearer, req.ip, new Date(), limit);
  }
  const cookie = req.cookies[SESSION_COOKIE] || null;
  const token = bearer ?? cookie;
  if (!token) return null;
  const via = bearer ? 'bearer' : 'cookie';
  const { session, user } = await lucia.validateSession(token);
  if (!session) {
    if (via === 'cookie') clearSessionCookie(req, res);
    return null;
  }
  // A session used in its second half was extended (sliding expiry): renew the cookie too.
  if (session.fresh && via === 'cookie') setSessionCookie(req, res, token, session.expiresAt);
  return {
    userId: user.id,
    organizationId: user.organizationId,
    userType: user.userType,
    role: user.role,
    sessionId: session.id,
    via,
  };
}

/** The origin (scheme, host and port; a default port left out) of a URL, or null for none or an opaque one. */
function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * A state-changing request that relies on the cookie must come from our own origin (CSRF): its Origin
 * header must be the app's origin exactly — scheme, host and port — which is APP_URL's when it is set,
 * else the request's own (req.protocol and req.host honour X-Forwarded-Proto and -Host only when
 * TRUST_PROXY is on). Bearer requests are exempt: a browser never attaches the token on its own.
 */
export function isSameOrigin(req: FastifyRequest, appUrl: string | undefined): boolean {
  const origin = req.headers.origin;
  if (typeof origin !== 'string') return false;
  const given = originOf(origin);
  return given !== null && given === originOf(appUrl ?? `${req.protocol}://${req.host}`);
}
