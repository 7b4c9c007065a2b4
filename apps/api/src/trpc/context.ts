import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app.js';
import { type Actor, resolveActor } from '../auth/actor.js';
import type { AppLucia } from '../auth/lucia.js';

/** The app's dependencies plus what is built from them once at start-up. */
export interface AppServices extends AppDeps {
  lucia: AppLucia;
}

/**
 * What every procedure receives. Built once per request, the same way for tRPC (/trpc) and for
 * the REST layer (/api), so both doors run the same code with the same context.
 */
export interface Context {
  deps: AppServices;
  req: FastifyRequest;
  res: FastifyReply;
  requestId: string;
  log: FastifyRequest['log'];
  /** The signed-in caller, or null. */
  actor: Actor | null;
}

export async function createContext(
  deps: AppServices,
  req: FastifyRequest,
  res: FastifyReply,
): Promise<Context> {
  const actor = await resolveActor(deps.lucia, req, res);
  return { deps, req, res, requestId: req.id, log: req.log, actor };
}
