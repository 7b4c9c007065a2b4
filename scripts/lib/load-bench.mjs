/**
 * The overload scenario of issue 18 (`pnpm load`) and the restart measurement (`pnpm bench`): many
 * connections of several signed-in owners mixing reads and writes against the built server, on loopback
 * only, bounded in time; and how long the built app takes from start to healthy on an existing data dir.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, startBuiltApp } from './built-app.mjs';

// pg is the API's dependency, not the workspace root's.
const pg = createRequire(path.join(root, 'apps/api/package.json'))('pg');

/** A request that takes longer than this has hung (the bound); autocannon gives up at twice it. */
export const HANG_BOUND_MS = 5000;

/** The figures before this work (PGlite, 200 connections, mixed). */
export const TODAY = {
  pglite: 'some connections waited up to 31 s before they were read',
  postgres: 'no long waits',
  startToHealthyMs: 1800,
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const json = { 'content-type': 'application/json' };

/** A distinct client address per sign-up (one address may sign up 20 accounts an hour; TRUST_PROXY is on). */
const clientAddress = (n) => `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;

async function call(base, method, url, { headers = {}, body, from } = {}) {
  const res = await fetch(base + url, {
    method,
    headers: { ...headers, ...(body ? json : {}), ...(from ? { 'x-forwarded-for': from } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

const propertyBody = (n) => ({
  name: `Load test house ${n}`,
  address: `${n} Kloof Street, Gardens, Cape Town`,
  property_type: 'residential',
  country: 'ZA',
  municipality: 'CPT',
  parcel_id: `LOAD-${n}`,
});

/**
 * Signs up `count` owners (each on a Premium trial so they may add properties), each with two
 * properties, plus the owner demo account; answers their Bearer headers and property ids.
 */
async function prepareOwners(base, count) {
  const run = randomBytes(3).toString('hex');
  const owners = [];
  for (let i = 0; i < count; i++) {
    const email = `load-${run}-${i}@example.co.za`;
    const password = 'a long load-test password';
    await call(base, 'POST', '/api/auth/signup', {
      from: clientAddress(i),
      body: { firstName: 'Load', lastName: `Owner ${i}`, email, password, userType: 'homeowner' },
    });
    const { token } = await call(base, 'POST', '/api/auth/login', {
      from: clientAddress(i),
      body: { email, password },
    });
    const headers = { authorization: `Bearer ${token}` };
    await call(base, 'POST', '/api/plan/trial', { headers });
    const ids = [];
    for (let p = 0; p < 2; p++) {
      ids.push(
        (await call(base, 'POST', '/api/properties', { headers, body: propertyBody(`${i}-${p}`) })).id,
      );
    }
    owners.push({ headers, ids });
  }
  const demo = await call(base, 'POST', '/api/auth/demo', { body: { account: 'owner' } });
  const demoHeaders = { authorization: `Bearer ${demo.token}` };
  const demoIds = (await call(base, 'GET', '/api/properties', { headers: demoHeaders })).map((p) => p.id);
  owners.push({ headers: demoHeaders, ids: demoIds });
  return owners;
}

/**
 * The mix each connection cycles through: 14 reads and 6 writes in 20 requests, each for an owner and
 * one of that owner's properties picked per request.
 */
function requestMix(owners) {
  let n = 0;
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const as =
    (build) =>
    (req = {}) => {
      const owner = pick(owners);
      const id = pick(owner.ids);
      n += 1;
      return { ...req, headers: { ...req.headers, ...owner.headers, ...json }, ...build(id, n) };
    };
  const get = (url) => as((id) => ({ method: 'GET', path: url(id), body: undefined }));
  const send = (method, url, body) =>
    as((id, i) => ({ method, path: url(id), body: JSON.stringify(body(i)) }));
  const reads = [
    get(() => '/api/properties'),
    get((id) => `/api/properties/${id}`),
    get(() => '/api/dashboard/stats'),
    get((id) => `/api/properties/${id}/documents`),
    get((id) => `/api/properties/${id}/reminders`),
    get(() => '/api/auth/me'),
    get((id) => `/api/properties/${id}`),
  ];
  const writes = [
    send(
      'PATCH',
      (id) => `/api/properties/${id}`,
      (i) => ({ description: `Checked by load run ${i}` }),
    ),
    send(
      'POST',
      (id) => `/api/properties/${id}/reminders`,
      (i) => ({
        title: `Load reminder ${i}`,
        message: 'Written by pnpm load',
        due_date: '2030-01-01',
        priority: 'low',
      }),
    ),
    send(
      'POST',
      () => '/api/properties',
      (i) => propertyBody(`c${i}`),
    ),
  ];
  const cycle = [...reads, ...writes, ...reads, ...writes];
  return cycle.map((setupRequest) => ({ setupRequest }));
}

/** Peak resident memory of a process, sampled every 100 ms from /proc (Linux) until stop(). */
function sampleRss(pid) {
  let peakKb = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peakKb = Math.max(peakKb, kb);
      await sleep(100);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return peakKb / 1024;
  };
}

/**
 * Runs the mixed scenario against an already started built server; answers the counts and latencies.
 * Every 503 must carry Retry-After (counted otherwise).
 */
export async function runMixedLoad(server, { duration, connections, owners: ownerCount }) {
  const owners = await prepareOwners(server.baseUrl, ownerCount);
  const stopRss = sampleRss(server.pid);
  let without = 0;
  const requests = requestMix(owners).map((r) => ({
    ...r,
    onResponse: (status, _body, _context, headers) => {
      if (status === 503 && !headers?.['retry-after']) without += 1;
    },
  }));
  const run = autocannon({
    url: server.baseUrl,
    connections,
    duration,
    requests,
    // A request still unanswered at twice the bound has hung: counted as a timeout.
    timeout: (2 * HANG_BOUND_MS) / 1000,
  });
  const timeline = recordTimeline(run);
  const result = await run;
  const peakRssMb = await stopRss();
  const byStatus = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
  );
  const shed = byStatus['503'] ?? 0;
  return {
    requests: result.requests.total,
    reqPerSec: result.requests.average,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    shed,
    otherNon2xx: result.non2xx - shed,
    byStatus,
    shedWithoutRetryAfter: without,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    peakRssMb,
    timeline: timeline.rows(),
  };
}

/**
 * Per second of the run: answers by kind, timeouts, and the slowest answer given in that second; shows
 * when trouble starts and whether it comes in bursts (a stall of the whole server) or spreads out.
 */
function recordTimeline(run) {
  const started = performance.now();
  const seconds = [];
  const quietSecond = () => ({ ok: 0, shed: 0, other: 0, timeouts: 0, maxMs: 0 });
  const at = () => {
    const s = Math.floor((performance.now() - started) / 1000);
    seconds[s] ??= quietSecond();
    return seconds[s];
  };
  run.on('response', (_client, status, _bytes, ms) => {
    const row = at();
    if (status >= 200 && status < 300) row.ok += 1;
    else if (status === 503) row.shed += 1;
    else row.other += 1;
    row.maxMs = Math.max(row.maxMs, Math.round(ms));
  });
  run.on('reqError', (error) => {
    if (error.message === 'request timed out') at().timeouts += 1;
  });
  return {
    rows: () =>
      Array.from(seconds, (row, second) => ({
        second,
        ...(row ?? quietSecond()),
      })),
  };
}

/** The timeline as a table, one line per second. */
export function formatTimeline(rows) {
  const lines = ['| s | 2xx | 503 | other | timeouts | slowest ms |', '|---:|---:|---:|---:|---:|---:|'];
  for (const r of rows)
    lines.push(`| ${r.second} | ${r.ok} | ${r.shed} | ${r.other} | ${r.timeouts} | ${r.maxMs} |`);
  return lines.join('\n');
}

/** What makes a load run fail: hangs, errors, or refusals other than a 503 with Retry-After. */
export function loadProblems(r) {
  const problems = [];
  if (r.timeouts) problems.push(`${r.timeouts} requests timed out`);
  if (r.errors) problems.push(`${r.errors} connection errors`);
  if (r.otherNon2xx)
    problems.push(`${r.otherNon2xx} non-2xx answers other than 503 (${JSON.stringify(r.byStatus)})`);
  if (r.shedWithoutRetryAfter) problems.push(`${r.shedWithoutRetryAfter} 503s without Retry-After`);
  if (r.max > HANG_BOUND_MS) problems.push(`a request took ${r.max} ms (bound ${HANG_BOUND_MS} ms)`);
  return problems;
}

/**
 * A fresh database on the PostgreSQL server of `adminUrl`, dropped by drop(); null (with the reason)
 * when the server cannot be reached.
 */
export async function scratchPostgres(adminUrl) {
  const name = `pdna_load_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    await admin.end().catch(() => {});
    return { skipped: error.code ?? error.message };
  }
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Starts the built app on a fresh data dir (which creates and seeds it), stops it, then starts it again on
 * the same dir: answers how long the second start took until GET /api/health answered 200.
 */
export async function measureStartToHealthy(env = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'propertydna-restart-'));
  try {
    const first = await startBuiltApp({ env, dataDir });
    await first.stop();
    const started = performance.now();
    const second = await startBuiltApp({ env, dataDir, pollMs: 20 });
    const ms = performance.now() - started;
    await second.stop();
    return ms;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
