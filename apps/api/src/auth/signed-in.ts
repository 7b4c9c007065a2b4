import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { type RequestActor, resolveActor } from './actor.js';
import type { AppLucia } from './lucia.js';

/**
 * The caller of a plain route (a download, a report, a pack: not a procedure, which authedProcedure
 * guards), from the Bearer token or the session cookie so it opens as a link; 401 'Not signed in'
 * without a session.
 */
export async function signedIn(
  lucia: AppLucia,
  req: FastifyRequest,
  res: FastifyReply,
): Promise<RequestActor> {
  const actor = await resolveActor(lucia, req, res);
  if (!actor) throw new AppError('UNAUTHORIZED', 'Not signed in');
  return { actor, ip: req.ip };
}
