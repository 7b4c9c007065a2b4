import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app.js';

/**
 * What every procedure receives. Built once per request, the same way for tRPC (/trpc) and for
 * the REST layer (/api), so both doors run the same code with the same context.
 */
export interface Context {
  deps: AppDeps;
  req: FastifyRequest;
  res: FastifyReply;
  requestId: string;
  log: FastifyRequest['log'];
}

export function createContext(deps: AppDeps, req: FastifyRequest, res: FastifyReply): Context {
  return { deps, req, res, requestId: req.id, log: req.log };
}
