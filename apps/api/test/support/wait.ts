import type { FastifyBaseLogger } from 'fastify';

/**
 * Waits until `condition` holds, asking again every `intervalMs`; fails after `timeoutMs` (a bound for a
 * broken run, far above what a passing run needs, never a timing assertion).
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

const noop = () => {};
/** A logger that says nothing (for parts built outside an app). */
export const silentLogger: FastifyBaseLogger = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => silentLogger,
} as unknown as FastifyBaseLogger;
