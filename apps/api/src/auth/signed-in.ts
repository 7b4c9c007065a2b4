import type { Capability } from '@propertydna/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { type RequestActor, resolveActor } from './actor.js';
import { assertTokenMay } from './api-tokens.js';
import type { AppLucia } from './lucia.js';
import { enterPropertyScope } from './property-scope.js';

/** What signedIn reads a caller with: the sessions, and the database and rate of the API tokens. */
export interface SignedInServices {
  lucia: AppLucia;
  db: { db: Db };
  env: { API_TOKEN_RATE_LIMIT?: number | undefined };
}

/**
 * The caller of a plain route (a download, a report, a pack: not a procedure, which authedProcedure
 * guards), from the Bearer token or the session cookie so it opens as a link; 401 'Not signed in'
 * without a live one. An API token (issue 30 §1) is read by the same code as for the procedures
 * (resolveActor: revoked or expired is 401, its last use recorded, its rate limited) and refused as
 * there (assertTokenMay): anything but a GET needs a `read_write` token, and `requires` names the
 * capability whose token rules apply (a property-restricted token may not touch the organisation-wide
 * ones). The token's property restriction is the caller's to enter, once this answers: see
 * enterCallerScope.
 */
export async function signedIn(
  services: SignedInServices,
  req: FastifyRequest,
  res: FastifyReply,
  options: { requires?: Capability } = {},
): Promise<RequestActor> {
  const actor = await resolveActor(
    services.lucia,
    req,
    res,
    services.db.db,
    services.env.API_TOKEN_RATE_LIMIT,
  );
  if (!actor) throw new AppError('UNAUTHORIZED', 'Not signed in');
  const reads = req.method === 'GET' || req.method === 'HEAD';
  assertTokenMay(actor, options.requires, reads ? 'query' : 'mutation');
  return { actor, ip: req.ip };
}

/**
 * Restricts the rest of the calling handler (everything it awaits after this) to the one property of
 * the caller's API token, when it has one; a session or an unrestricted token changes nothing. Call it
 * in the handler itself, right after signedIn (or with the caller an onRequest hook found): a scope
 * entered inside signedIn, or in a hook, would end with that function and never reach the handler.
 */
export function enterCallerScope(who: RequestActor): RequestActor {
  enterPropertyScope(who.actor.token?.propertyId);
  return who;
}
