/**
 * First load (issue 18 §4). The landing page loads its own chunks and nothing else: exactly the chunks
 * the build's manifest gives the entry, the app and the landing route (counted), none of which holds
 * the signup wizard, the login form, the app shell, the dashboard or zod (dist/.vite/chunks.json tells
 * which modules each chunk carries). The login page likewise has its form but no signup wizard and no
 * dashboard. What is sent is compressed (brotli) and cached as it should be: hashed assets immutable,
 * the page revalidated; robots.txt keeps crawlers to the public pages. Nothing shifts as the pages load.
 *
 * Screenshots of both pages on a laptop and a phone go to $FIRST_LOAD_SCREENSHOTS when it is set.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { assertClean, BASE_URL, screenshots, useBrowser, VIEWPORTS, watchPage } from './browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const distDir = path.resolve(root, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
const readBuildFile = (name) => JSON.parse(readFileSync(path.join(distDir, '.vite', name), 'utf8'));
/** Source module → chunk (Vite's manifest), and chunk file → the modules in it (the build's chunk map). */
const manifest = readBuildFile('manifest.json');
const chunkModules = readBuildFile('chunks.json');

const IMMUTABLE = 'public, max-age=31536000, immutable';
const save = screenshots('FIRST_LOAD_SCREENSHOTS');

/** Code a page must not carry unless it is that page's own: a module of each, as the chunk map names it. */
const CODE = {
  'the signup wizard': 'apps/web/src/routes/-components/signup-wizard.tsx',
  'the login form': 'apps/web/src/components/login-view.tsx',
  'the app shell': 'apps/web/src/components/app-shell/app-shell.tsx',
  'the dashboard': 'apps/web/src/routes/_authenticated/-components/dashboard-page.tsx',
  zod: 'zod/v4/classic/schemas.js',
};

/** The chunk files of manifest entries `keys` and everything they import statically: what a page must load. */
function staticClosure(keys) {
  const files = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    assert.ok(entry, `the manifest has ${key}`);
    if (files.has(entry.file)) return;
    files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].sort();
}

/** The manifest key of a route's component chunk (TanStack Router splits each route's component). */
const routeComponent = (file) => `src/routes/${file}?tsr-split=component`;

/**
 * Opens `pathname` with an empty cache and waits until `ready` is shown and the network is idle.
 * Answers the page's document response, its scripts and stylesheets (each with its response), and the
 * layout shift summed while it loaded (as the browser reports it: shifts without recent input).
 */
async function firstLoad(page, pathname, ready) {
  const responses = [];
  page.on('response', (response) => responses.push(response));
  await page.addInitScript(() => {
    // Once per document, however many times this script was added to the page.
    if (window.__layoutShift !== undefined) return;
    window.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const document = await page.goto(pathname);
  await ready.waitFor();
  await page.waitForLoadState('networkidle');
  const ofType = (type) => responses.filter((response) => response.request().resourceType() === type);
  return {
    document,
    scripts: ofType('script'),
    stylesheets: ofType('stylesheet'),
    layoutShift: await page.evaluate(() => window.__layoutShift),
  };
}

/** The build's chunk file ('assets/app-abc.js') a script response is. */
function chunkFile(response) {
  const file = new URL(response.url()).pathname.replace(/^\//, '');
  assert.ok(chunkModules[file], `${file} is a chunk of the build`);
  return file;
}

/** Which of CODE's parts the chunks carry. */
const codeIn = (files) =>
  Object.entries(CODE)
    .filter(([, module]) => files.some((file) => chunkModules[file].includes(module)))
    .map(([name]) => name);

/** Compressed (brotli) and cached as a hashed asset should be; a chunk too small to gain is sent as it is. */
async function assertServedWell(responses) {
  for (const response of responses) {
    const url = new URL(response.url()).pathname;
    const headers = response.headers();
    assert.equal(response.status(), 200, url);
    assert.equal(headers['cache-control'], IMMUTABLE, `${url} is cached for good`);
    if ((await response.body()).length > 1024)
      assert.equal(headers['content-encoding'], 'br', `${url} is brotli`);
  }
}

describe('first load', () => {
  const session = useBrowser();

  it('the chunk map knows every part a page may or may not carry', () => {
    for (const [name, module] of Object.entries(CODE))
      assert.ok(
        Object.values(chunkModules).some((modules) => modules.includes(module)),
        `${name} (${module}) is in a chunk of the build`,
      );
  });

  it('the landing page loads only its own chunks, compressed and cached for good, and does not shift', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const load = await firstLoad(page, '/', page.getByRole('heading', { level: 1 }));
    const loaded = load.scripts.map(chunkFile).sort();
    const own = staticClosure(['index.html', 'src/app.tsx', routeComponent('index.tsx')]);
    assert.deepEqual(loaded, own, `the landing page loads its ${own.length} chunks and no other`);
    assert.deepEqual(codeIn(loaded), [], 'the landing page carries none of these');

    assert.equal(load.document.headers()['content-encoding'], 'br', 'the page is brotli');
    assert.equal(load.document.headers()['cache-control'], 'no-cache', 'the page is revalidated');
    assert.match(load.document.headers().vary ?? '', /accept-encoding/i);
    assert.ok(load.stylesheets.length > 0, 'the landing page has its stylesheet');
    await assertServedWell([...load.scripts, ...load.stylesheets]);
    assert.ok(load.layoutShift < 0.1, `the landing page shifts by ${load.layoutShift} as it loads`);
    await assertClean(watch);
  });

  it('the login page has its form but neither the signup wizard nor the dashboard', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const load = await firstLoad(page, '/login', page.getByRole('button', { name: 'Log in', exact: true }));
    const loaded = load.scripts.map(chunkFile).sort();
    const own = staticClosure(['index.html', 'src/app.tsx', routeComponent('login.tsx')]);
    assert.deepEqual(loaded, own, `the login page loads its ${own.length} chunks and no other`);
    // The login form's own code is found where it is: the check above cannot pass by finding nothing.
    assert.deepEqual(
      codeIn(loaded),
      ['the login form', 'zod'],
      'the login page carries only its form (and zod)',
    );
    await assertServedWell([...load.scripts, ...load.stylesheets]);
    assert.equal(load.document.headers()['cache-control'], 'no-cache');
    assert.ok(load.layoutShift < 0.1, `the login page shifts by ${load.layoutShift} as it loads`);
    await assertClean(watch);
  });

  it('robots.txt lets crawlers see the public pages only', async () => {
    const res = await fetch(`${BASE_URL}/robots.txt`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    const rules = (await res.text()).split('\n').map((line) => line.trim());
    assert.ok(rules.includes('User-agent: *'));
    for (const prefix of [
      '/api/',
      '/trpc/',
      '/storage/',
      '/share/',
      '/invite/',
      '/transfers/',
      '/app',
      '/supplier',
    ])
      assert.ok(rules.includes(`Disallow: ${prefix}`), `robots.txt disallows ${prefix}`);
    const disallowed = rules.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice(10));
    for (const publicPage of ['/', '/login', '/signup', '/terms', '/privacy'])
      assert.ok(!disallowed.some((prefix) => publicPage.startsWith(prefix)), `${publicPage} may be crawled`);
  });

  it('a missing chunk is a 404, not the page', async () => {
    const res = await fetch(`${BASE_URL}/assets/no-such-chunk-00000000.js`);
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
  });

  for (const viewport of VIEWPORTS) {
    it(`the landing and login pages on a ${viewport.name}: screenshots, nothing shifting`, async () => {
      const { page } = session;
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const landing = await firstLoad(page, '/', page.getByRole('heading', { level: 1 }));
      assert.ok(landing.layoutShift < 0.1, `the landing page shifts by ${landing.layoutShift}`);
      await save(page, `landing-${viewport.name}`);
      const login = await firstLoad(
        page,
        '/login',
        page.getByRole('button', { name: 'Log in', exact: true }),
      );
      assert.ok(login.layoutShift < 0.1, `the login page shifts by ${login.layoutShift}`);
      await save(page, `login-${viewport.name}`);
    });
  }
});
