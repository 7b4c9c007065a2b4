#!/usr/bin/env node
// HTTP benchmark of the built API (apps/api/dist/main.js).
//
// Starts the server on a free port with a throw-away DATA_DIR and BENCH_ROUTES=true, then measures
// each scenario with autocannon next to GET /__bench/bare (a plain Fastify route in the same process,
// with the same hooks and headers), so the table shows what each layer costs relative to Fastify alone.
//
// Fairness: for every scenario the bare route is measured immediately before the scenario, each after
// its own warm-up, so both numbers of a row come from the same minute of machine state.
//
// Env: BENCH_DURATION (seconds per measurement, default 5), BENCH_CONNECTIONS (default 10),
// BENCH_EXPORT_MB (megabytes of documents in the ZIP export scenario, default 200 as 5 MB PDFs; 0 skips it),
// BENCH_ACCOUNT_EXPORT_MB (megabytes of documents in the "Download all my data" row, section `account-export`,
// default 500; 0 skips it),
// BENCH_DATABASE_URL (admin URL of a PostgreSQL server: the portfolio rows again on a fresh database there).
// BENCH_FIRST_LOAD (0 skips the first-load scenario: scripts and Lighthouse on landing, login, dashboard).
// BENCH_ONLY (comma-separated sections to run, of `api`, `jobs`, `bomb`, the flate-bomb row, `demo`, the
// private demo's sign-in, and `ocr`, documents read end to end (a photographed certificate, a 10-page scanned
// policy, the extraction eval through the API; scripts/lib/ocr-bench.mjs); unset: all), e.g. BENCH_ONLY=jobs
// or BENCH_ONLY=ocr. BENCH_DEMO_SIGNINS: per demo (20). BENCH_OCR_EVAL: corpus documents the OCR section reads
// for its eval, each as its clean PDF, scan and photo (4; 0 skips the eval).
// Flags: --json prints the results as JSON after the table.
// Exit 1 if the server fails to start, a response is wrong, or any request errors/times out/is non-2xx.

import os from 'node:os';
import autocannon from 'autocannon';
import { ACCOUNT_EXPORT_BUDGET_MB, benchAccountExport } from './lib/account-export-bench.mjs';
import { flateBombRow } from './lib/bomb-bench.mjs';
import { startBuiltApp } from './lib/built-app.mjs';
import { benchDemoSignIn, demoFailures, printDemoSignIn } from './lib/demo-bench.mjs';
import { positiveInt } from './lib/env-int.mjs';
import { benchExport, EXPORT_MEMORY_BUDGET_MB, FILE_MB } from './lib/export-bench.mjs';
import { benchFirstLoad, printFirstLoad } from './lib/first-load-bench.mjs';
import { benchJobs, jobsFailures, printJobs } from './lib/jobs-bench.mjs';
import { TODAY as LOAD_TODAY, measureStartToHealthy } from './lib/load-bench.mjs';
import { benchOcr } from './lib/ocr-bench.mjs';
import {
  benchPortfolioOnPostgres,
  portfolioScenarios,
  printPortfolioTargets,
  seedPortfolio,
} from './lib/portfolio-bench.mjs';
import { benchTrpcDoors, trpcScenarios } from './lib/trpc-bench.mjs';
import { benchUpload, MEMORY_BUDGET_MB, uploadRows } from './lib/upload-bench.mjs';

const DURATION = positiveInt('BENCH_DURATION', 5);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 10);
const EXPORT_MB = positiveInt('BENCH_EXPORT_MB', 200, { zero: true });
const ACCOUNT_EXPORT_MB = positiveInt('BENCH_ACCOUNT_EXPORT_MB', 500, { zero: true });
const FIRST_LOAD = positiveInt('BENCH_FIRST_LOAD', 1, { zero: true });
const OCR_EVAL_DOCUMENTS = positiveInt('BENCH_OCR_EVAL', 4, { zero: true });
const WARMUP = 2;
const PIPELINING = 1;
const JSON_OUTPUT = process.argv.includes('--json');
const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const runs = (section) => ONLY.size === 0 || ONLY.has(section);

const BARE = '/__bench/bare';
const scenarios = [
  {
    name: 'health (REST; DB + fs probe)',
    path: '/api/health',
    expect: { status: 'ok', db: 'ok', storage: 'ok' },
  },
  ...trpcScenarios,
  { name: 'REST system.info', path: '/api/info', expect: { name: 'PropertyDNA', version: '0.1.0' } },
];

/** Checks that a path answers 200 with the expected JSON before it is benchmarked. */
async function checkResponse(base, scenario) {
  const res = await fetch(base + scenario.path, { headers: scenario.headers ?? {} });
  const text = await res.text();
  if (res.status !== 200) return `GET ${scenario.path} → ${res.status} ${text.slice(0, 200)}`;
  const json = JSON.parse(text);
  const problem = scenario.check
    ? scenario.check(json)
    : JSON.stringify(json) === JSON.stringify(scenario.expect)
      ? null
      : text.slice(0, 200);
  return problem ? `GET ${scenario.path} → ${problem}` : null;
}

function cannon(url, duration, headers = {}) {
  return autocannon({ url, connections: CONNECTIONS, duration, pipelining: PIPELINING, headers });
}

/** Warm-up (discarded), then the measured run. */
async function measure(url, headers) {
  await cannon(url, WARMUP, headers);
  const r = await cannon(url, DURATION, headers);
  return {
    reqPerSec: r.requests.mean,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    ok2xx: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

const failures = (m) => m.non2xx + m.errors + m.timeouts;

function printTable(rows) {
  const header = ['scenario', 'req/s (mean)', 'p50 ms', 'p99 ms', 'non-2xx', 'bare req/s', 'ratio'];
  const lines = rows.map(({ name, path: p, result: s, bare: b }) => [
    `${name} ${p}`,
    s.reqPerSec.toFixed(0),
    String(s.p50),
    String(s.p99),
    s.errors || s.timeouts ? `${s.non2xx} (+${s.errors} err, ${s.timeouts} t/o)` : String(s.non2xx),
    b.reqPerSec.toFixed(0) + (failures(b) ? ` (${failures(b)} failed)` : ''),
    `${((s.reqPerSec / b.reqPerSec) * 100).toFixed(1)}%`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(fmt(header));
  console.log(
    `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const line of lines) console.log(fmt(line));
}

async function main() {
  const cpus = os.cpus();
  console.log('PropertyDNA API benchmark');
  console.log(`  node ${process.version} on ${os.platform()}/${os.arch()}`);
  console.log(`  CPU: ${cpus.length} × ${cpus[0]?.model?.trim() ?? 'unknown'}`);
  console.log(
    `  autocannon: connections=${CONNECTIONS}, pipelining=${PIPELINING}, duration=${DURATION}s per target, warm-up=${WARMUP}s per target`,
  );
  console.log(
    `  NOTE: load generator (this process) and server share the same ${cpus.length} core(s); absolute req/s`,
  );
  console.log('        are depressed by that — compare the ratio to the bare route, not the raw numbers.');
  console.log(
    '  Method: per scenario, warm up + measure GET /__bench/bare, then warm up + measure the scenario,',
  );
  console.log('          back to back, so each row compares two runs taken under the same conditions.');
  console.log('');

  let server;
  let exitCode = 0;
  const cleanup = async () => {
    if (server) await server.stop();
  };
  const onSignal = async (signal) => {
    console.error(`\n${signal}: stopping the server`);
    await cleanup();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    if (runs('jobs')) {
      const jobs = await benchJobs();
      printJobs(jobs);
      for (const problem of jobsFailures(jobs)) console.error(`\nFAILED: ${problem}`);
      if (jobsFailures(jobs).length) exitCode = 1;
    }
    if (!runs('api') && !runs('bomb') && !runs('demo') && !runs('ocr') && !runs('account-export')) return;
    try {
      // Behind a trusted proxy: the demo sign-ins come from addresses of their own (20 an hour per address).
      server = await startBuiltApp({
        env: { BENCH_ROUTES: 'true', TRUST_PROXY: 'true' },
        prefix: 'propertydna-bench-',
      });
    } catch (error) {
      console.error(`Server failed to start: ${error.message}`);
      console.error(`--- server output ---\n${error.output ?? ''}--- end ---`);
      exitCode = 1;
      return;
    }
    const base = server.baseUrl;
    console.log(`Server up at ${base} (DATA_DIR ${server.dataDir})`);
    if (runs('demo')) {
      process.stdout.write('  measuring the demo sign-in (a private demo organisation each) … ');
      const demo = await benchDemoSignIn(base);
      console.log('done');
      printDemoSignIn(demo);
      for (const problem of demoFailures(demo)) console.error(`\nFAILED: ${problem}`);
      if (demoFailures(demo).length) exitCode = 1;
      console.log('');
    }
    if (runs('ocr')) {
      console.log(
        '  reading documents end to end (a certificate photo, a 10-page scanned policy, corpus sources):',
      );
      const ocr = await benchOcr(server, { evalDocuments: OCR_EVAL_DOCUMENTS });
      for (const problem of ocr.failures) console.error(`\nFAILED: ${problem}`);
      if (ocr.failures.length) exitCode = 1;
      console.log('');
    }
    if (runs('account-export') && ACCOUNT_EXPORT_MB > 0) {
      process.stdout.write(
        `  measuring "Download all my data" of an organisation with ${ACCOUNT_EXPORT_MB} MB of documents (${FILE_MB} MB PDFs; the job packs one ZIP into the store) … `,
      );
      const result = await benchAccountExport(server, ACCOUNT_EXPORT_MB);
      console.log('done');
      console.log(
        `| account export (all my data: ${result.files} files, ${result.mb.toFixed(0)} MB ZIP) | ${result.seconds.toFixed(1)} s | API peak RSS growth ${result.rssGrowthMb.toFixed(1)} MB | target ≤ ${ACCOUNT_EXPORT_BUDGET_MB} MB |`,
      );
      if (result.rssGrowthMb > ACCOUNT_EXPORT_BUDGET_MB) {
        console.error(
          `\nFAILED: the account export raised the API's memory by more than ${ACCOUNT_EXPORT_BUDGET_MB} MB`,
        );
        exitCode = 1;
      }
      console.log('');
    }
    if (!runs('api')) {
      if (!runs('bomb')) return;
      if (await flateBombRow(server)) exitCode = 1;
      return;
    }

    if (FIRST_LOAD) {
      // Before the seeding, so the dashboard is the demo owner's own (as `pnpm lighthouse` shows it).
      process.stdout.write('  measuring the first load of the landing, login and dashboard pages … ');
      const firstLoad = await benchFirstLoad(base);
      console.log('done\n');
      printFirstLoad(firstLoad);
      console.log('');
    }

    process.stdout.write('  seeding the portfolio scenario … ');
    const portfolio = { headers: await seedPortfolio(base) };
    scenarios.push(...portfolioScenarios(portfolio.headers));
    console.log('done');

    const wrong = (
      await Promise.all([
        checkResponse(base, { path: BARE, expect: { ok: true } }),
        ...scenarios.map((s) => checkResponse(base, s)),
      ])
    ).filter(Boolean);
    if (wrong.length) {
      console.error(`Unexpected responses:\n  ${wrong.join('\n  ')}`);
      exitCode = 1;
      return;
    }

    const rows = [];
    for (const scenario of scenarios) {
      process.stdout.write(`  measuring ${scenario.path} (vs ${BARE}) … `);
      const bare = await measure(base + BARE);
      const result = await measure(base + scenario.path, scenario.headers);
      console.log('done');
      rows.push({ ...scenario, bare, result });
    }
    rows.push(...(await benchPortfolioOnPostgres({ measure, checkResponse, bare: BARE })));
    console.log('');
    printTable(rows);
    printPortfolioTargets(rows);

    process.stdout.write('\n  measuring the tRPC door in turns with the bare route (median of 5 rounds) … ');
    const doors = await benchTrpcDoors(autocannon, server, { connections: CONNECTIONS });
    console.log('done');
    for (const d of doors)
      console.log(
        `| ${d.name} ${d.path} | ${d.reqPerSec.toFixed(0)} req/s | ratio ${(d.ratio * 100).toFixed(1)}% | server CPU ${d.cpuMicros.toFixed(0)} µs/request (bare ${doors[0].cpuMicros.toFixed(0)}: ${((doors[0].cpuMicros / d.cpuMicros) * 100).toFixed(0)}%) | failed ${d.failed} |`,
      );
    if (doors.some((d) => d.failed)) exitCode = 1;

    process.stdout.write('\n  measuring a 50 MB upload (sign, PUT, register) … ');
    const propertyId = (
      await fetch(`${base}/api/properties`, { headers: portfolio.headers }).then((r) => r.json())
    )[0].id;
    const uploads = await benchUpload(server, portfolio.headers, propertyId, ['http', 'fetch']);
    console.log('done');
    for (const row of uploadRows(uploads)) console.log(row);
    if (uploads.some((upload) => upload.rssGrowthMb > MEMORY_BUDGET_MB)) {
      console.error(`\nFAILED: the upload raised the API's memory by more than ${MEMORY_BUDGET_MB} MB`);
      exitCode = 1;
    }

    if (EXPORT_MB > 0) {
      process.stdout.write(
        `\n  measuring ZIP exports of a property with ${EXPORT_MB} MB of documents (${FILE_MB} MB PDFs uploaded through the store) … `,
      );
      const exports = await benchExport(server, portfolio.headers, EXPORT_MB);
      console.log('done');
      for (const result of exports) {
        console.log(
          `| ZIP export ${result.path.split('?')[0]} (${result.files} documents, ${result.mb.toFixed(0)} MB) | ${result.mbPerSec.toFixed(0)} MB/s | ${result.seconds.toFixed(1)} s | API peak RSS growth ${result.rssGrowthMb.toFixed(1)} MB (budget ${EXPORT_MEMORY_BUDGET_MB} MB) |`,
        );
        if (result.rssGrowthMb > EXPORT_MEMORY_BUDGET_MB) {
          console.error(
            `\nFAILED: the export raised the API's memory by more than ${EXPORT_MEMORY_BUDGET_MB} MB`,
          );
          exitCode = 1;
        }
      }
    }

    if (await flateBombRow(server)) exitCode = 1;

    process.stdout.write('\n  measuring start to healthy (built app, second start on the same data dir) … ');
    const startMs = await measureStartToHealthy();
    console.log(
      `done\n| built app, existing data dir, start to healthy | ${startMs.toFixed(0)} ms | today ${LOAD_TODAY.startToHealthyMs} ms | target ≤ 2000 ms |`,
    );

    const failed = rows.filter((r) => failures(r.result) || failures(r.bare));
    if (failed.length) {
      console.error(`\nFAILED: non-2xx/errors/timeouts in ${failed.map((r) => r.path).join(', ')}`);
      exitCode = 1;
    }
    if (
      !(await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      console.error('\nFAILED: the server is not healthy after the benchmark');
      exitCode = 1;
    }
    const log = server.output().trim();
    if (log && !/^PropertyDNA is running at \S+$/.test(log)) {
      console.log(`\nServer output (LOG_LEVEL=warn):\n${log}`);
    }

    if (JSON_OUTPUT) {
      const json = {
        node: process.version,
        cpus: { count: cpus.length, model: cpus[0]?.model?.trim() },
        settings: { connections: CONNECTIONS, pipelining: PIPELINING, duration: DURATION, warmup: WARMUP },
        results: rows.map(({ name, path: p, result, bare }) => ({
          name,
          path: p,
          result,
          bare,
          ratio: result.reqPerSec / bare.reqPerSec,
        })),
      };
      console.log(`\n${JSON.stringify(json, null, 2)}`);
    }
  } catch (error) {
    console.error(error);
    if (server) console.error(`--- server output ---\n${server.output()}--- end ---`);
    exitCode = 1;
  } finally {
    await cleanup();
    process.exitCode = exitCode;
  }
}

await main();
