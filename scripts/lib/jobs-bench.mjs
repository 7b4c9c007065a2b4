/**
 * The job and mail rows of `pnpm bench` (issue 25 §1), each beside its target, on a built server of
 * their own (its outbox is counted) on PGlite, and with BENCH_DATABASE_URL again on a fresh PostgreSQL
 * database created for the run and dropped after it:
 * - mails written to the outbox a second: 2,000 bulk mails queued at once, and a password reset asked
 *   for right after them; how long that reset took to land in the outbox is the urgent row;
 * - no-op jobs a second through one queue (bench.noop, fetch to settle);
 * - the daily alert round for BENCH_ALERT_USERS (default 10,000) seeded users, from the round's start to
 *   the last digest in the outbox, with GET /api/health's latency measured all the while.
 * Alone: BENCH_ONLY=jobs pnpm bench.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, startBuiltApp } from './built-app.mjs';
import { positiveInt } from './env-int.mjs';

const MAILS = positiveInt('BENCH_MAILS', 2000);
const NOOPS = positiveInt('BENCH_NOOP_JOBS', 2000);
const ALERT_USERS = positiveInt('BENCH_ALERT_USERS', 10_000);
/** Health probes while the round runs: a monitor's few connections, not a load test of their own. */
const HEALTH = { connections: 2, overallRate: 50 };
/** A bound for a broken run, far above any target. */
const GIVE_UP_MS = 20 * 60_000;

const TARGETS = {
  mails: { min: 100, unit: 'mails/s', before: '0.51 mails/s' },
  urgent: { max: 5000, unit: 'ms', before: '82 s behind 40 welcome mails' },
  noops: { min: 50, unit: 'jobs/s', before: '≈ 0.5 jobs/s (one job per 2 s poll)' },
  round: { max: 5 * 60_000, unit: 'ms', before: '≈ 5.5 h (one mail per 2 s poll)' },
  health: { max: 100, unit: 'ms p99', before: '—' },
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(check, what, intervalMs = 50) {
  const deadline = Date.now() + GIVE_UP_MS;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(intervalMs);
  }
}

async function call(base, method, url, body) {
  const res = await fetch(base + url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** The outbox's .eml files, and a reader of the subjects of those not read before. */
function outbox(dataDir) {
  const dir = path.join(dataDir, 'outbox');
  const seen = new Set();
  const names = async () => (await fs.readdir(dir).catch(() => [])).filter((name) => name.endsWith('.eml'));
  return {
    count: async () => (await names()).length,
    /** Subjects of the files written since the last call. */
    async newSubjects() {
      const subjects = [];
      for (const name of await names()) {
        if (seen.has(name)) continue;
        seen.add(name);
        const head = (await fs.readFile(path.join(dir, name), 'utf8')).slice(0, 4000);
        subjects.push(/^Subject: (.*)$/m.exec(head)?.[1] ?? '');
      }
      return subjects;
    },
  };
}

/** 2,000 bulk mails, then a password reset: the rate at which the outbox fills, and how soon the reset lands. */
async function benchMail(base, box) {
  const email = `bench-reset-${process.pid}@example.co.za`;
  await call(base, 'POST', '/api/auth/signup', {
    firstName: 'Bench',
    lastName: 'Owner',
    email,
    password: 'a long bench password',
    userType: 'homeowner',
  });
  // Its welcome (bulk) first, so the count below starts from a quiet outbox.
  await waitUntil(async () => (await box.count()) >= 1, 'the welcome mail');
  await box.newSubjects();
  const before = await box.count();
  const started = performance.now();
  await call(base, 'POST', '/__bench/mail', { count: MAILS, lane: 'bulk' });
  const asked = performance.now();
  await call(base, 'POST', '/api/auth/forgot-password', { email });
  let bulkAhead = 0;
  await waitUntil(async () => {
    const subjects = await box.newSubjects();
    const at = subjects.indexOf('Reset your PropertyDNA password');
    if (at === -1) {
      bulkAhead += subjects.length;
      return false;
    }
    bulkAhead += at;
    return true;
  }, 'the reset mail');
  const urgentMs = performance.now() - asked;
  const total = MAILS + 1;
  await waitUntil(async () => (await box.count()) >= before + total, 'the bulk mails', 100);
  // From the moment they were all queued (the bench's one request that seals and queues 2,000).
  const seconds = (performance.now() - asked) / 1000;
  const queueSeconds = (asked - started) / 1000;
  return { mailsPerSec: total / seconds, seconds, queueSeconds, total, urgentMs, bulkAhead };
}

async function benchNoops(base) {
  const { done: before } = await call(base, 'GET', '/__bench/jobs/noop');
  const started = performance.now();
  await call(base, 'POST', '/__bench/jobs/noop', { count: NOOPS });
  await waitUntil(
    async () => (await call(base, 'GET', '/__bench/jobs/noop')).done >= before + NOOPS,
    'no-ops',
  );
  const seconds = (performance.now() - started) / 1000;
  return { jobsPerSec: NOOPS / seconds, seconds };
}

/** Seeds the users, starts the round as its schedule does, and probes GET /api/health until the last digest is out. */
async function benchRound(base, box) {
  const seeding = performance.now();
  await call(base, 'POST', '/__bench/seed-alert-users', { users: ALERT_USERS });
  const seedSeconds = (performance.now() - seeding) / 1000;
  // The same probe on the idle server first: what the machine gives without a round.
  const idle = await autocannon({ url: `${base}/api/health`, ...HEALTH, duration: 5 });
  const before = await box.count();
  let probe;
  const probed = new Promise((resolve, reject) => {
    probe = autocannon(
      { url: `${base}/api/health`, ...HEALTH, duration: GIVE_UP_MS / 1000 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  const started = performance.now();
  const { id } = await call(base, 'POST', '/__bench/jobs/daily-alerts');
  await waitUntil(
    async () => (await call(base, 'GET', `/__bench/jobs/daily-alerts/${id}`)).state === 'completed',
    'the round',
    200,
  );
  const queuedMs = performance.now() - started;
  await waitUntil(async () => (await box.count()) >= before + ALERT_USERS, 'the digests', 200);
  const deliveredMs = performance.now() - started;
  probe.stop();
  const health = await probed;
  return {
    seedSeconds,
    queuedMs,
    deliveredMs,
    idle: { p50: idle.latency.p50, p99: idle.latency.p99 },
    health: {
      p50: health.latency.p50,
      p99: health.latency.p99,
      requests: health.requests.total,
      failed: health.non2xx + health.errors + health.timeouts,
    },
  };
}

/** Every row on one built server (PGlite, or PostgreSQL with `databaseUrl`). */
async function benchServer(db, env) {
  const server = await startBuiltApp({
    env: { BENCH_ROUTES: 'true', ...env },
    prefix: 'propertydna-bench-jobs-',
  });
  try {
    const box = outbox(server.dataDir);
    process.stdout.write(`  jobs (${db}): ${MAILS} bulk mails and a reset … `);
    const mail = await benchMail(server.baseUrl, box);
    process.stdout.write(`${NOOPS} no-op jobs … `);
    const noops = await benchNoops(server.baseUrl);
    process.stdout.write(`the daily alert round for ${ALERT_USERS.toLocaleString('en')} users … `);
    const round = await benchRound(server.baseUrl, box);
    console.log('done');
    return { db, mail, noops, round, output: server.output() };
  } finally {
    await server.stop();
  }
}

/** The jobs rows on PGlite, and on a fresh PostgreSQL database with BENCH_DATABASE_URL. */
export async function benchJobs() {
  const results = [await benchServer('PGlite', {})];
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    // pg is the API's dependency; resolved from there (the scripts have no database client of their own).
    const pg = createRequire(path.join(root, 'apps/api/package.json'))('pg');
    const database = `propertydna_bench_jobs_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${database}`);
      const url = new URL(adminUrl);
      url.pathname = `/${database}`;
      results.push(await benchServer('PostgreSQL', { DATABASE_URL: url.toString() }));
    } finally {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  }
  return results;
}

const fmt = (n, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function row(name, value, shown, target) {
  const met = target.min !== undefined ? value >= target.min : value <= target.max;
  const bound = target.min !== undefined ? `≥ ${fmt(target.min)}` : `≤ ${fmt(target.max)}`;
  console.log(
    `| ${name} | ${shown} | target ${bound} ${target.unit} | ${met ? 'met' : 'NOT met'} | before: ${target.before} |`,
  );
  return met;
}

/** The rows beside their targets; answers whether every target is met. */
export function printJobs(results) {
  console.log('\nJobs and mail (issue 25 §1):');
  const met = results.flatMap(({ db, mail, noops, round }) => [
    row(
      `mail written to the outbox (${fmt(mail.total)} mails, bulk lane; ${db})`,
      mail.mailsPerSec,
      `${fmt(mail.mailsPerSec, 1)} mails/s (${fmt(mail.seconds, 1)} s once queued; queueing them took ${fmt(mail.queueSeconds, 1)} s)`,
      TARGETS.mails,
    ),
    row(
      `a password reset asked for behind ${fmt(MAILS)} queued bulk mails (${db})`,
      mail.urgentMs,
      `${fmt(mail.urgentMs)} ms (${fmt(mail.bulkAhead)} bulk mails written before it)`,
      TARGETS.urgent,
    ),
    row(
      `no-op jobs through one queue (${fmt(NOOPS)} jobs; ${db})`,
      noops.jobsPerSec,
      `${fmt(noops.jobsPerSec, 1)} jobs/s`,
      TARGETS.noops,
    ),
    row(
      `daily alert round, ${fmt(ALERT_USERS)} users: start to the last digest in the outbox (${db})`,
      round.deliveredMs,
      `${fmt(round.deliveredMs / 1000, 1)} s (digests queued after ${fmt(round.queuedMs / 1000, 1)} s; seeding ${fmt(round.seedSeconds, 1)} s)`,
      TARGETS.round,
    ),
    row(
      `GET /api/health while the round runs (${HEALTH.connections} connections, ${HEALTH.overallRate} req/s; ${db})`,
      round.health.p99,
      `p99 ${round.health.p99} ms, p50 ${round.health.p50} ms (${fmt(round.health.requests)} requests, ${round.health.failed} failed; the idle server before the round: p99 ${round.idle.p99} ms, p50 ${round.idle.p50} ms)`,
      TARGETS.health,
    ),
  ]);
  return met.every(Boolean);
}

/** Requests or mails that went wrong (not a missed target, which the rows show): for the bench's exit code. */
export function jobsFailures(results) {
  return results.flatMap(({ db, round, output }) => [
    ...(round.health.failed ? [`${db}: ${round.health.failed} health requests failed during the round`] : []),
    ...(/"level":(50|60)/.test(output) ? [`${db}: the server logged errors:\n${output.slice(-2000)}`] : []),
  ]);
}
