#!/usr/bin/env node
// Overload test of the built API (issue 18): LOAD_CONNECTIONS (default 200) connections for LOAD_DURATION
// seconds (default 60) of mixed reads and writes by several signed-in owners, against embedded PGlite and
// then PostgreSQL (a fresh database created on LOAD_DATABASE_URL's server and dropped after; skipped with a
// message when unreachable). Loopback only. Prints requests, errors, timeouts, non-2xx (503 vs others),
// p50/p99/max latency and the server's peak RSS per database beside the figures, and the time
// from start to healthy on an existing data dir.
//
// LOAD_DATABASES (default pglite,postgres) picks the databases; LOAD_OWNERS (default 8) the signed-up owners;
// LOAD_TIMELINE=1 prints each run second by second (answers, 503s, timeouts, slowest), as a failed run does.
//
// Exit 1 if a request hangs past the bound, a connection errors, or anything but 2xx or 503 + Retry-After
// comes back; 2 on bad settings.

import os from 'node:os';
import { startBuiltApp } from './lib/built-app.mjs';
import { positiveInt } from './lib/env-int.mjs';
import {
  formatTimeline,
  HANG_BOUND_MS,
  loadProblems,
  measureStartToHealthy,
  runMixedLoad,
  scratchPostgres,
  TODAY,
} from './lib/load-bench.mjs';

const DURATION = positiveInt('LOAD_DURATION', 60);
const CONNECTIONS = positiveInt('LOAD_CONNECTIONS', 200);
const OWNERS = positiveInt('LOAD_OWNERS', 8);
const ADMIN_URL = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASES = (process.env.LOAD_DATABASES ?? 'pglite,postgres').split(',');

function print(label, r, today) {
  console.log(
    `| ${label} | ${r.requests} | ${r.reqPerSec.toFixed(0)} | ${r.errors} | ${r.timeouts} | ${r.shed} | ${r.otherNon2xx} | ${r.p50} | ${r.p99} | ${r.max} | ${r.peakRssMb.toFixed(0)} MB | ${today} |`,
  );
}

/** Starts the server with `env`, runs the scenario, stops it; answers the result or throws with its output. */
async function loadOne(label, env) {
  const server = await startBuiltApp({ env: { TRUST_PROXY: 'true', ...env }, prefix: 'propertydna-load-' });
  try {
    process.stdout.write(`  ${label}: ${CONNECTIONS} connections × ${DURATION} s … `);
    const result = await runMixedLoad(server, {
      duration: DURATION,
      connections: CONNECTIONS,
      owners: OWNERS,
    });
    console.log('done');
    const healthy = await fetch(`${server.baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    return { result, healthy, output: server.output() };
  } finally {
    await server.stop();
  }
}

async function main() {
  const cpus = os.cpus();
  console.log('PropertyDNA overload test');
  console.log(`  node ${process.version}, ${cpus.length} × ${cpus[0]?.model?.trim() ?? 'unknown CPU'}`);
  console.log(
    `  ${CONNECTIONS} connections, ${DURATION} s per database, ${OWNERS + 1} owners; mix per 20 requests: 14 reads`,
  );
  console.log(
    '  (list, one property ×2, dashboard stats, documents, reminders, me) and 6 writes (PATCH a property,',
  );
  console.log(`  add a reminder, add a property); a request over ${HANG_BOUND_MS} ms counts as hung.`);
  console.log('  The load generator shares the machine with the server: compare same-run figures.\n');

  const runs = [];
  if (DATABASES.includes('pglite')) {
    runs.push({ label: 'PGlite (embedded)', today: TODAY.pglite, ...(await loadOne('PGlite', {})) });
  }
  const scratch = DATABASES.includes('postgres')
    ? await scratchPostgres(ADMIN_URL)
    : { skipped: 'not asked' };
  if (scratch.skipped) {
    console.log(`  PostgreSQL: skipped (${ADMIN_URL}: ${scratch.skipped})`);
  } else {
    try {
      runs.push({
        label: 'PostgreSQL 15',
        today: TODAY.postgres,
        ...(await loadOne('PostgreSQL', { DATABASE_URL: scratch.url })),
      });
    } finally {
      await scratch.drop();
    }
  }

  process.stdout.write('  start to healthy, built app on an existing data dir (PGlite) … ');
  const startMs = await measureStartToHealthy();
  console.log('done\n');

  console.log(
    '| database | requests | req/s | errors | timeouts | 503 (shed) | other non-2xx | p50 ms | p99 ms | max ms | peak RSS | today |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const run of runs) print(run.label, run.result, run.today);
  if (process.env.LOAD_TIMELINE) {
    for (const run of runs)
      console.log(`\n${run.label}, per second:\n${formatTimeline(run.result.timeline)}`);
  }
  console.log(
    `\n| built app, existing data dir, start to healthy | ${startMs.toFixed(0)} ms | today ${TODAY.startToHealthyMs} ms | target ≤ 2000 ms |`,
  );

  let failed = false;
  for (const run of runs) {
    const problems = loadProblems(run.result);
    if (!run.healthy) problems.push('not healthy after the run');
    if (problems.length) {
      failed = true;
      console.error(`\nFAILED (${run.label}): ${problems.join('; ')}`);
      console.error(`per second:\n${formatTimeline(run.result.timeline)}`);
      console.error(`--- server output ---\n${run.output.slice(-4000)}--- end ---`);
    }
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
