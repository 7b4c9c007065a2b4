import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/connect.js';
import { type DatabaseQueueState, databaseBusy, requestTurn } from '../db/pglite-queue.js';
import type { Env } from '../env.js';

export type OverloadLimits = Pick<
  Env,
  'DB_QUEUE_MAX_WAITING' | 'DB_QUEUE_SHED_WAIT_MS' | 'DATABASE_CONNECT_TIMEOUT_MS'
>;

/**
 * How long a newcomer may be expected to wait for the database before requests are shed. PGlite:
 * DB_QUEUE_SHED_WAIT_MS. PostgreSQL's pool works through its line far faster than the embedded database,
 * and the server's own CPU bounds its latency (measured: shedding it at 250 ms cut the requests it
 * answered by a third, with no request slower than 4 s either way), so it is shed only when a wait nears
 * the pool's connect timeout, past which pg fails the call.
 */
function shedWaitMs(kind: DatabaseHandle['kind'], limits: OverloadLimits): number {
  return kind === 'pglite'
    ? limits.DB_QUEUE_SHED_WAIT_MS
    : Math.max(limits.DB_QUEUE_SHED_WAIT_MS, limits.DATABASE_CONNECT_TIMEOUT_MS / 2);
}

/**
 * True while the line for the database is full, or a newcomer would wait the bound in it: a request let in
 * now would wait seconds (or time out) instead of being told at once to come back.
 */
export function databaseOverloaded(
  kind: DatabaseHandle['kind'],
  load: DatabaseQueueState,
  limits: OverloadLimits,
): boolean {
  return (
    load.waiting >= limits.DB_QUEUE_MAX_WAITING ||
    (load.waiting > 0 && load.waitMs >= shedWaitMs(kind, limits))
  );
}

/** Health is never refused: under load it answers at once and says the database is busy (system.service). */
const HEALTH_PATHS = new Set(['/api/health', '/trpc/system.health']);

export interface OverloadOptions {
  db: DatabaseHandle;
  limits: OverloadLimits;
  /** Whether a path is the API's (shed under load); any other (the web app's files) is always served. */
  isApiPath: (pathname: string) => boolean;
  /** The status and body the API answers an error with (the app's own, rest/error-reply.ts). */
  errorReply: (error: unknown) => { status: number; body: { details?: Record<string, unknown> } };
}

/**
 * Load shedding: while the database is overloaded, a request to the API is answered 503 with Retry-After
 * and `{error}` before it does any work. The web app's files need no database and are always served.
 * The app says which paths are the API's and how its errors are answered: this layer knows neither.
 */
export const overloadPlugin = fp(
  async (app: FastifyInstance, options: OverloadOptions) => {
    const { db, limits, isApiPath, errorReply } = options;
    app.addHook('onRequest', async (request, reply) => {
      const load = db.load();
      if (!databaseOverloaded(db.kind, load, limits)) return;
      const pathname = request.url.split('?', 1)[0] ?? '';
      if (HEALTH_PATHS.has(pathname) || !isApiPath(pathname)) return;
      // Answered here rather than thrown: a refusal is expected under load, not an error worth a log line each.
      const { status, body } = errorReply(databaseBusy(load));
      return reply.status(status).header('retry-after', body.details?.retryAfterSeconds).send(body);
    });
    // The handler (and every database call it makes) runs as this request's turn (pglite-queue.ts).
    app.addHook('preHandler', (_request, _reply, done) => requestTurn.run({ served: false }, done));
  },
  { name: 'overload' },
);
