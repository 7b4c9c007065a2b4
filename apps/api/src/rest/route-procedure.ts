import type { AnyTRPCProcedure } from '@trpc/server';
import { appRouter } from '../trpc/router.js';
import type { AnyRestRoute } from './define-route.js';

/** Thrown by the recording caller when a route calls its procedure: the procedure's path. */
class Reached {
  constructor(readonly path: string) {}
}

/** A stand-in for the tRPC caller that records which procedure is called, and calls none. */
function recordingCaller(path: readonly string[] = []): unknown {
  return new Proxy(() => undefined, {
    get: (_target, key) => (typeof key === 'string' ? recordingCaller([...path, key]) : undefined),
    apply: () => {
      throw new Reached(path.join('.'));
    },
  });
}

/**
 * The procedure a REST route is a door to, found by calling the route with a caller that records the
 * call (and makes none): what the OpenAPI document derives the route's security from. A route that calls
 * no procedure of the router is a programming error, refused at start-up.
 */
export async function procedureOf(route: AnyRestRoute): Promise<AnyTRPCProcedure> {
  let path: string | undefined;
  try {
    await route.call(recordingCaller() as never, { params: {}, query: {}, body: {}, setHeader: () => {} });
  } catch (error) {
    if (error instanceof Reached) path = error.path;
  }
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
  const procedure = path === undefined ? undefined : procedures[path];
  if (!procedure) throw new Error(`REST ${route.method} ${route.url} calls no procedure of the router`);
  return procedure;
}
