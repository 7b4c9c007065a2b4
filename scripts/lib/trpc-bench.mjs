import { readFileSync } from 'node:fs';

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

/** The doors compared round by round in benchTrpcDoors (the bare route first: each ratio's base). */
const DOORS = [
  { name: 'bare Fastify route', path: '/__bench/bare' },
  { name: 'tRPC system.info (app handler)', path: '/trpc/system.info' },
  { name: 'tRPC system.info (stock adapter, before)', path: '/__bench/trpc-stock/system.info' },
  { name: 'REST system.info', path: '/api/info' },
];

/** Linux's clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = 100;

/** The CPU seconds (user + system) a process has used so far, or null where /proc is not there. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces) start at state; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * The same doors measured in turns (bare, app handler, stock adapter, REST; short runs, several
 * rounds) and summarised by each door's median req/s: on a shared machine a burst of other work then
 * lands on one short run of one door instead of on a whole row, which the median discards. Beside it,
 * the server's own CPU time per request (from /proc, where there is one), which other work on the
 * machine hardly changes.
 */
export async function benchTrpcDoors(autocannon, server, { connections, rounds = 5, seconds = 2 }) {
  const samples = DOORS.map(() => []);
  const totals = DOORS.map(() => ({ requests: 0, cpu: 0, failed: 0 }));
  for (const door of DOORS) await autocannon({ url: server.baseUrl + door.path, connections, duration: 1 });
  for (let round = 0; round < rounds; round++) {
    for (const [index, door] of DOORS.entries()) {
      const before = cpuSeconds(server.pid);
      const r = await autocannon({ url: server.baseUrl + door.path, connections, duration: seconds });
      const after = cpuSeconds(server.pid);
      samples[index].push(r.requests.mean);
      totals[index].requests += r.requests.total;
      totals[index].cpu += before === null || after === null ? Number.NaN : after - before;
      totals[index].failed += r.non2xx + r.errors + r.timeouts;
    }
  }
  const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
  const bare = median(samples[0]);
  return DOORS.map((door, index) => ({
    ...door,
    reqPerSec: median(samples[index]),
    ratio: median(samples[index]) / bare,
    cpuMicros: (totals[index].cpu / totals[index].requests) * 1e6,
    failed: totals[index].failed,
  }));
}
