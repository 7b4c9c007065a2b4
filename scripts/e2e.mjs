#!/usr/bin/env node
/**
 * End-to-end run against the built app: starts `node apps/api/dist/main.js` (which also serves
 * apps/web/dist) on a free port with a fresh data directory, runs apps/web/e2e/*.e2e.mjs with node's
 * test runner (TAP, so the output ends with `# pass N` / `# fail N`), then stops the server and
 * removes the data directory whatever happened. Exits with the test runner's exit code.
 *
 * `pnpm test:e2e` builds the api and the web app first. Chromium: $CHROMIUM_PATH or /usr/bin/chromium.
 * Arguments, if any, pick the files: `node scripts/e2e.mjs accounts vault` runs only the files whose
 * names contain one of them (no argument: all). `--shard=I/N` runs the I-th of N shares of those files
 * (shares of about equal cost, by FILE_SECONDS), each share on a server of its own: CI runs three shares
 * side by side.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BROWSER_TEST_SERVER_ENV, root, serverEntry, startBuiltApp } from './lib/built-app.mjs';

// The web build the server serves: apps/web/dist, or WEB_DIST_DIR (a build of one's own, beside others').
const webIndex = path.join(path.resolve(root, process.env.WEB_DIST_DIR ?? 'apps/web/dist'), 'index.html');
const testsDir = path.join(root, 'apps/web/e2e');

/**
 * What each file costs, in seconds: the wall time of its suites in CI's browser phase, three shares side by
 * side on the 2-core machine (28 Nov 2026, CI-C), plus 20 s for the two files that start a server of their
 * own (billing, verification). Only the shares use it; a file not listed counts as the median.
 */
const FILE_SECONDS = {
  'access-ledger': 16,
  accessibility: 139,
  'account-export': 17,
  'account-settings': 28,
  accounts: 80,
  'app-shell': 57,
  billing: 28,
  claims: 23,
  'close-account': 20,
  compliance: 38,
  'core-loop': 60,
  crawl: 57,
  'email-verification': 14,
  expiry: 34,
  'first-load': 15,
  maintenance: 26,
  'pack-chooser': 19,
  'password-reset': 37,
  policies: 29,
  portfolio: 40,
  'private-demo': 19,
  properties: 80,
  'property-uploads': 17,
  provenance: 10,
  reading: 28,
  registers: 7,
  reports: 31,
  'share-links': 14,
  'supplier-console': 37,
  teams: 37,
  'tenant-issues': 9,
  transfers: 12,
  vault: 35,
  vendors: 41,
  verification: 52,
};

/**
 * Splits the files into `count` shares of about equal cost (FILE_SECONDS): the costliest first, each to
 * the share that costs least so far. Each share is sorted by name; the same files always make the same
 * shares.
 */
function shares(names, count) {
  const seconds = Object.values(FILE_SECONDS).sort((a, b) => a - b);
  const median = seconds[Math.floor(seconds.length / 2)];
  const cost = (name) => FILE_SECONDS[name.replace(/\.e2e\.mjs$/, '')] ?? median;
  const result = Array.from({ length: count }, () => ({ names: [], total: 0 }));
  for (const name of [...names].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
    const cheapest = result.reduce((best, share) => (share.total < best.total ? share : best));
    cheapest.names.push(name);
    cheapest.total += cost(name);
  }
  return result.map((share) => share.names.sort());
}

/**
 * With E2E_DATABASE_URL (postgres://…; CI gives its PostgreSQL server) the share's server keeps its data in
 * a new database there, dropped again by drop(); without it, in PGlite in its data directory, as on a user's
 * machine. PostgreSQL does the same queries for a fraction of PGlite's CPU, which the two shares and the
 * PostgreSQL API suite beside them compete for on CI.
 */
async function scratchDatabase() {
  const serverUrl = process.env.E2E_DATABASE_URL;
  if (!serverUrl) return { env: {}, drop: async () => {} };
  const { Client } = createRequire(path.join(root, 'apps/api/package.json'))('pg');
  const admin = async (sql) => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const name = `pdna_e2e_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    // As the door's shedding is put at its maximum (main), a connection may be waited for up to a minute: on
    // a busy CI machine the pool's default 5 s ran out once under the jobs an upload queues (503, before: 500).
    env: { DATABASE_URL: url.toString(), DATABASE_CONNECT_TIMEOUT_MS: '60000' },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/**
 * Runs the test files with node's test runner. Its output is passed through as it comes, except the
 * closing summary (`# tests N` … `# duration_ms`), which is held back so that `beforeSummary` (the
 * server's log, when something failed) can be printed first and the summary stays the last lines.
 */
function runTests(files, env, beforeSummary) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--test', '--test-reporter=tap', '--test-concurrency=1', ...files],
      {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let pending = '';
    const summary = [];
    const emit = (line) => {
      if (summary.length > 0 || line.startsWith('# tests ')) summary.push(line);
      else process.stdout.write(`${line}\n`);
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) emit(line);
    });
    child.on('close', (code, signal) => {
      if (pending) emit(pending);
      const exitCode = code ?? (signal ? 1 : 0);
      if (exitCode !== 0) beforeSummary();
      for (const line of summary) process.stdout.write(`${line}\n`);
      resolve(exitCode);
    });
  });
}

async function main() {
  for (const [file, how] of [
    [serverEntry, 'pnpm --filter @propertydna/api build'],
    [webIndex, 'pnpm --filter @propertydna/web build'],
  ]) {
    if (!existsSync(file)) {
      console.error(`e2e: ${path.relative(root, file)} is missing; run \`${how}\` (or \`pnpm test:e2e\`).`);
      return 1;
    }
  }

  const args = process.argv.slice(2);
  const shardArg = args.find((arg) => arg.startsWith('--shard='));
  const only = args.filter((arg) => arg !== shardArg);
  const shard = /^--shard=(\d+)\/(\d+)$/.exec(shardArg ?? '--shard=1/1');
  const [index, count] = [Number(shard?.[1]), Number(shard?.[2])];
  if (!shard || count < 1 || index < 1 || index > count) {
    console.error(`e2e: ${shardArg} is not --shard=I/N with 1 ≤ I ≤ N`);
    return 1;
  }
  const chosen = (await readdir(testsDir))
    .filter((name) => name.endsWith('.e2e.mjs'))
    .filter((name) => only.length === 0 || only.some((part) => name.includes(part)));
  const files = shares(chosen, count)[index - 1].map((name) => path.join(testsDir, name));
  if (files.length === 0) {
    const which = `${only.length === 0 ? '' : ` matching ${only.join(', ')}`}${count > 1 ? ` in shard ${index}/${count}` : ''}`;
    console.error(`e2e: no *.e2e.mjs files${which} in ${path.relative(root, testsDir)}`);
    return 1;
  }

  let server;
  const database = await scratchDatabase();
  const stopServer = async () => {
    await server?.stop();
    await database.drop();
  };
  const onSignal = (signal) => {
    stopServer().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    // The bench-only seeding route fills a portfolio of a thousand properties in a moment (portfolio.e2e.mjs).
    server = await startBuiltApp({
      prefix: 'propertydna-e2e-',
      env: { ...BROWSER_TEST_SERVER_ENV, BENCH_ROUTES: 'true', ...database.env },
    });
  } catch (error) {
    await database.drop();
    console.error(`e2e: ${error.message}`);
    console.error('--- server output ---');
    console.error(error.output || '(none)');
    console.error('---------------------');
    return 1;
  }
  console.log(`e2e: server up at ${server.baseUrl} (data in ${server.dataDir})`);
  try {
    const env = { ...process.env, BASE_URL: server.baseUrl, DATA_DIR: server.dataDir };
    return await runTests(files, env, () => {
      process.stdout.write('# --- server output (tests failed) ---\n');
      for (const line of (server.output().trim() || '(none)').split('\n'))
        process.stdout.write(`# ${line}\n`);
      process.stdout.write('# -------------------------------------\n');
    });
  } finally {
    await stopServer();
  }
}

process.exitCode = await main();
