/**
 * The tRPC door's scenarios for scripts/bench.mjs: the same trivial query through the app's own
 * handler (/trpc) and through tRPC's stock Fastify adapter (served under BENCH_ROUTES at
 * /__bench/trpc-stock, the door as it was), single and as a batch of three, so one run prints
 * today's cost beside the new one, each as a ratio to the bare route.
 */
const INFO = { name: 'PropertyDNA', version: '0.1.0' };
const BATCH = 'system.info,system.info,system.info?batch=1';
const batchAnswer = [1, 2, 3].map(() => ({ result: { data: INFO } }));

export const trpcScenarios = [
  { name: 'tRPC system.info', path: '/trpc/system.info', expect: { result: { data: INFO } } },
  {
    name: 'tRPC system.info, stock adapter (before)',
    path: '/__bench/trpc-stock/system.info',
    expect: { result: { data: INFO } },
  },
  { name: 'tRPC batch of 3 system.info', path: `/trpc/${BATCH}`, expect: batchAnswer },
  {
    name: 'tRPC batch of 3, stock adapter (before)',
    path: `/__bench/trpc-stock/${BATCH}`,
    expect: batchAnswer,
  },
];
