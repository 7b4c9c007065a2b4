/**
 * The first-load scenario of `pnpm bench` and `pnpm lighthouse`: what the landing, login and dashboard
 * pages of the built app cost a browser with an empty cache. For each page, the scripts and
 * stylesheets it fetches (requests, bytes on the wire as the server sent them, bytes decoded), then
 * Lighthouse's desktop performance score and metrics, each page in a fresh Chromium profile.
 *
 * The dashboard is the demo owner's (/app), signed in as the app keeps a session: its token in
 * localStorage, set on a page of the origin that loads no assets (/api/health), so the cache stays cold.
 * Lighthouse drives the system Chromium ($CHROMIUM_PATH or /usr/bin/chromium) and never downloads one.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

/** The issue's targets, and what was measured before the work on them (issue 18). */
export const LANDING_JS_BUDGET_KB = 170;
export const LIGHTHOUSE_TARGET = 98;
export const TODAY = {
  landingJs: '715 KB uncompressed',
  lighthouse: { landing: 92, login: 91, dashboard: '—' },
};

export const FIRST_LOAD_PAGES = [
  { name: 'landing', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'dashboard', path: '/app', signedIn: true },
];

const kb = (bytes) => bytes / 1024;

/** The demo owner's session token. */
async function demoOwnerToken(baseUrl) {
  const res = await fetch(`${baseUrl}/api/auth/demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'owner' }),
  });
  if (!res.ok) throw new Error(`demo login failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** Runs `use(port)` with a Chromium of its own (fresh profile, DevTools on a free port), then ends it. */
async function withChromium(use) {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'propertydna-chromium-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    // Chromium writes the port it chose to DevToolsActivePort in its profile.
    const deadline = Date.now() + 30_000;
    let port;
    while (!port) {
      port = Number(
        (await readFile(path.join(profile, 'DevToolsActivePort'), 'utf8').catch(() => '')).split('\n')[0],
      );
      if (!port && (Date.now() > deadline || child.exitCode !== null))
        throw new Error('Chromium did not start');
      if (!port) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return await use(port);
  } finally {
    child.kill();
    await exited;
    await rm(profile, { recursive: true, force: true });
  }
}

/** Stores the session token in the default profile of the Chromium on `port`, as the app does. */
async function signIn(port, baseUrl, token) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  await page.close();
  return browser;
}

/**
 * The scripts and stylesheets a page fetches until the network is idle, in a fresh context:
 * `{ js, css }`, each `{ requests, wire, decoded, files }` (bytes; `files` with path and encoding).
 */
export async function measurePageAssets(browser, url, { token } = {}) {
  const context = await browser.newContext();
  if (token) await context.addInitScript((value) => localStorage.setItem('auth_token', value), token);
  const page = await context.newPage();
  const responses = [];
  page.on('response', (response) => responses.push(response));
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    const totals = { js: emptyTotal(), css: emptyTotal() };
    for (const response of responses) {
      const type = response.request().resourceType();
      const total = type === 'script' ? totals.js : type === 'stylesheet' ? totals.css : undefined;
      if (!total) continue;
      const { responseBodySize } = await response.request().sizes();
      const decoded = (await response.body()).length;
      total.requests += 1;
      total.wire += responseBodySize;
      total.decoded += decoded;
      total.files.push({
        path: new URL(response.url()).pathname,
        encoding: response.headers()['content-encoding'] ?? 'identity',
        wire: responseBodySize,
        decoded,
      });
    }
    return totals;
  } finally {
    await context.close();
  }
}

function emptyTotal() {
  return { requests: 0, wire: 0, decoded: 0, files: [] };
}

/** Lighthouse (desktop preset, performance only) on one page: score, metrics and script bytes. */
async function lighthousePage(baseUrl, { name, path: pagePath, signedIn }, token) {
  return withChromium(async (port) => {
    const connection = signedIn ? await signIn(port, baseUrl, token) : undefined;
    try {
      const result = await lighthouse(
        `${baseUrl}${pagePath}`,
        {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          // Signed in, the stored session must survive (the cache is cold all the same: see above).
          disableStorageReset: Boolean(signedIn),
        },
        desktopConfig,
      );
      const { lhr } = result;
      if (process.env.LIGHTHOUSE_REPORT_DIR)
        await writeFile(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${name}.json`), JSON.stringify(lhr));
      // A run that failed (the page never painted, Chromium crashed) has no score: say why.
      if (lhr.runtimeError) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
      const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const requests = lhr.audits['network-requests']?.details?.items ?? [];
      const scripts = requests.filter((item) => item.resourceType === 'Script');
      return {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        siMs: metric('speed-index'),
        scriptRequests: scripts.length,
        scriptTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
        finalUrl: lhr.finalDisplayedUrl,
        warnings: lhr.runWarnings,
      };
    } finally {
      await connection?.close();
    }
  });
}

/** Measures every page of FIRST_LOAD_PAGES on the built app at `baseUrl`. */
export async function benchFirstLoad(baseUrl, { pages = FIRST_LOAD_PAGES } = {}) {
  const token = await demoOwnerToken(baseUrl);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const results = [];
  try {
    for (const page of pages) {
      const assets = await measurePageAssets(browser, `${baseUrl}${page.path}`, {
        token: page.signedIn ? token : undefined,
      });
      results.push({ ...page, assets });
    }
  } finally {
    await browser.close();
  }
  for (const result of results) result.lighthouse = await lighthousePage(baseUrl, result, token);
  return results;
}

/** The first-load table: per page, its scripts and stylesheets and its Lighthouse figures. */
export function printFirstLoad(results) {
  const landing = results.find((result) => result.name === 'landing');
  const rows = results.map(({ name, path: pagePath, assets, lighthouse: lh }) => [
    `${name} (${pagePath})`,
    String(assets.js.requests),
    `${kb(assets.js.wire).toFixed(1)} KB`,
    `${kb(assets.js.decoded).toFixed(1)} KB`,
    `${kb(assets.css.wire).toFixed(1)} KB`,
    `${lh.error ? 'failed' : lh.score} (today ${TODAY.lighthouse[name] ?? '—'})`,
    lh.error
      ? lh.error
      : `${Math.round(lh.fcpMs)} / ${Math.round(lh.lcpMs)} / ${Math.round(lh.tbtMs)} ms, CLS ${lh.cls.toFixed(3)}`,
  ]);
  const header = [
    'page',
    'JS requests',
    'JS on the wire',
    'JS decoded',
    'CSS on the wire',
    'Lighthouse',
    'FCP / LCP / TBT',
  ];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  console.log('First load (empty cache; Lighthouse desktop preset, performance, simulated throttling):');
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  if (landing) {
    const wire = kb(landing.assets.js.wire);
    console.log(
      `  landing JS: ${wire.toFixed(1)} KB on the wire (target ≤ ${LANDING_JS_BUDGET_KB} KB compressed; today ${TODAY.landingJs}) — ${wire <= LANDING_JS_BUDGET_KB ? 'met' : 'NOT met'}`,
    );
  }
  const low = results.filter((result) => !(result.lighthouse.score >= LIGHTHOUSE_TARGET));
  console.log(
    `  Lighthouse ≥ ${LIGHTHOUSE_TARGET} on every page: ${low.length === 0 ? 'met' : `NOT met (${low.map((r) => r.name).join(', ')})`}`,
  );
  for (const result of results)
    for (const warning of result.lighthouse.warnings ?? [])
      console.log(`  ${result.name}: Lighthouse warns: ${warning}`);
}
