/**
 * The portfolio scenarios of `pnpm bench` (issue 18): an owner with 1,000 properties and 20,000
 * documents, read as the whole list (GET /api/properties, what scripts use) and as one page of 50
 * through the UI's procedure (GET /trpc/properties.page). On PGlite in the main server, and with
 * BENCH_DATABASE_URL (an admin URL of a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres)
 * once more on a fresh database created there for the run and dropped after it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { root, startBuiltApp } from './built-app.mjs';

/** The portfolio scenario's size (spec'd by the properties issue): 1,000 properties, 20,000 documents. */
export const PORTFOLIO = { properties: 1000, documentsPerProperty: 20 };
const PAGE = { limit: 50 };
const EXPECTED = PORTFOLIO.properties + 1; // plus the demo's own property

/** Issue 18's targets and the figures measured before it (same machine, same scenario). */
const TARGETS = {
  list: { reqPerSec: 100, p99: 150, today: { PGlite: '10 req/s, p99 4,800 ms', PostgreSQL: '23 req/s' } },
  page: { reqPerSec: 1000, p99: 30, today: { PGlite: '— (no paging)', PostgreSQL: '— (no paging)' } },
};

/**
 * Signs in to the owner demo and fills its organisation through the bench-only seeding route
 * (two bulk statements; the triggers on documents keep each property's figures as they go):
 * answers the session's headers.
 */
export async function seedPortfolio(base) {
  const login = await fetch(`${base}/api/auth/demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'owner' }),
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
  const { token } = await login.json();
  const headers = { authorization: `Bearer ${token}` };
  const seed = await fetch(`${base}/__bench/seed-portfolio`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(PORTFOLIO),
  });
  if (!seed.ok) throw new Error(`seeding failed: ${seed.status} ${await seed.text()}`);
  return headers;
}

/** Every seeded property shows its 20 documents (the stored figures are right after the bulk load). */
function wrongCounts(items) {
  const seeded = items.filter((item) => String(item.dnaCode).startsWith('BENCH-'));
  const wrong = seeded.filter((item) => item.documentsCount !== PORTFOLIO.documentsPerProperty);
  return seeded.length === 0 || wrong.length > 0
    ? `${wrong.length} of ${seeded.length} seeded properties without ${PORTFOLIO.documentsPerProperty} documents`
    : null;
}

/** The two portfolio rows of the table; `db` names the database in their names. */
export function portfolioScenarios(headers, db = 'PGlite') {
  const size = `${PORTFOLIO.properties.toLocaleString('en')} properties, ${(PORTFOLIO.properties * PORTFOLIO.documentsPerProperty).toLocaleString('en')} docs`;
  return [
    {
      name: `properties list (${size}; ${db})`,
      path: '/api/properties',
      headers,
      target: 'list',
      db,
      check: (json) =>
        Array.isArray(json) && json.length === EXPECTED
          ? wrongCounts(json)
          : `expected ${EXPECTED} properties`,
    },
    {
      name: `one page of ${PAGE.limit}, properties.page (${size}; ${db})`,
      path: `/trpc/properties.page?input=${encodeURIComponent(JSON.stringify(PAGE))}`,
      headers,
      target: 'page',
      db,
      check: (json) => {
        const page = json?.result?.data;
        if (
          page?.items?.length !== PAGE.limit ||
          page.total !== EXPECTED ||
          typeof page.nextCursor !== 'string'
        ) {
          return `expected ${PAGE.limit} of ${EXPECTED} properties and a next cursor`;
        }
        return wrongCounts(page.items);
      },
    },
  ];
}

/**
 * With BENCH_DATABASE_URL: the same two rows against the built server on PostgreSQL (a database of
 * its own, created here and dropped after), each beside the bare route of that server. `measure`
 * and `checkResponse` are the bench's own. Answers the rows (none without the variable).
 */
export async function benchPortfolioOnPostgres({ measure, checkResponse, bare }) {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return [];
  // pg is the API's dependency; resolved from there (the scripts have no database client of their own).
  const pg = createRequire(path.join(root, 'apps/api/package.json'))('pg');
  const database = `propertydna_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let server;
  try {
    await admin.query(`create database ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    server = await startBuiltApp({
      env: { BENCH_ROUTES: 'true', DATABASE_URL: url.toString() },
      prefix: 'propertydna-bench-pg-',
    });
    const base = server.baseUrl;
    process.stdout.write('  seeding the portfolio scenario on PostgreSQL … ');
    const scenarios = portfolioScenarios(await seedPortfolio(base), 'PostgreSQL');
    console.log('done');
    const wrong = (await Promise.all(scenarios.map((s) => checkResponse(base, s)))).filter(Boolean);
    if (wrong.length) throw new Error(`Unexpected responses on PostgreSQL:\n  ${wrong.join('\n  ')}`);
    const rows = [];
    for (const scenario of scenarios) {
      process.stdout.write(`  measuring ${scenario.path} on PostgreSQL (vs ${bare}) … `);
      const bareResult = await measure(base + bare);
      const result = await measure(base + scenario.path, scenario.headers);
      console.log('done');
      rows.push({ ...scenario, bare: bareResult, result });
    }
    return rows;
  } finally {
    if (server) await server.stop();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}

/** The portfolio rows against issue 18's targets, with the figures before it; answers whether all are met. */
export function printPortfolioTargets(rows) {
  const portfolio = rows.filter((row) => row.target);
  if (portfolio.length === 0) return true;
  console.log('\nPortfolio targets (issue 18; 10 connections):');
  let met = true;
  for (const row of portfolio) {
    const target = TARGETS[row.target];
    const ok = row.result.reqPerSec >= target.reqPerSec && row.result.p99 <= target.p99;
    met &&= ok;
    console.log(
      `| ${row.name} | ${row.result.reqPerSec.toFixed(0)} req/s, p99 ${row.result.p99} ms | target ≥ ${target.reqPerSec} req/s, p99 ≤ ${target.p99} ms | ${ok ? 'met' : 'NOT met'} | before: ${target.today[row.db]} |`,
    );
  }
  return met;
}
