/**
 * The crawl of issue 12 §2: signed in as the demo owner and as the demo supplier, every page the
 * navigation leads to and every /app/* route is visited, then every in-app link rendered on those pages
 * (each once). None may end on the 404 page, each has its own document title ('Vault · PropertyDNA'),
 * and none throws.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demoToken, newContext, signIn, useBrowser } from './browser.mjs';

const PRODUCT = 'PropertyDNA';
const NOT_FOUND = '404 Page Not Found';

/** The spec's /app/* routes (§2) and the pages they stand beside. */
const APP_ROUTES = [
  '/app',
  '/app/dashboard',
  '/app/properties',
  '/app/vault',
  '/app/policies',
  '/app/vendors',
  '/app/maintenance',
  '/app/reports',
  '/app/old',
  '/app/old/properties',
  '/app/old/vault',
  '/app/old/policies',
  '/app/old/vendors',
  '/app/old/maintenance',
  '/app/old/reports',
];
const SPEC_ROUTES = [
  '/dashboard',
  '/properties',
  '/vault',
  '/policies',
  '/vendors',
  '/maintenance',
  '/reports',
];

/**
 * Links that are not pages of the app (file views and downloads, the API docs), and the login page,
 * which ends the session it opens in (spec §2): it is checked signed out at the end.
 */
const skipped = (href) => /^\/(api|trpc|storage)(\/|$)/.test(href) || /^\/login(\?|$)/.test(href);

/**
 * Waits until the page has rendered its content (a level-1 heading) and named itself: the landing page
 * 'PropertyDNA', every other page '… · PropertyDNA' (a page that never does fails here, with its title).
 */
async function settle(page) {
  await page.locator('main h1, h1').first().waitFor({ timeout: 15_000 });
  const named = await page
    .waitForFunction(
      (product) =>
        window.location.pathname === '/'
          ? document.title === product
          : document.title.endsWith(` · ${product}`),
      PRODUCT,
      { timeout: 15_000 },
    )
    .then(
      () => true,
      () => false,
    );
  assert.ok(named, `${new URL(page.url()).pathname}: never named itself (title '${await page.title()}')`);
}

/** Visits `path`; asserts it is not the 404 page and has a page-specific title; answers its links. */
async function visit(page, path, errors, { titles }) {
  await page.goto(path);
  await settle(page);
  const finalPath = new URL(page.url()).pathname;
  const notFound = await page.getByRole('heading', { name: NOT_FOUND }).count();
  assert.equal(notFound, 0, `${path} (now ${finalPath}) shows the 404 page`);
  const title = await page.title();
  if (finalPath === '/') assert.equal(title, PRODUCT, `${path}: the landing page's title`);
  else assert.match(title, new RegExp(`^.+ · ${PRODUCT}$`), `${path} (now ${finalPath}): title '${title}'`);
  titles.set(path, title);
  assert.deepEqual(errors, [], `${path}: uncaught errors`);
  return page.$$eval('a[href^="/"]', (anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
}

/** The hrefs of the navigation's entries, read from the shell. */
async function navHrefs(page) {
  return page
    .getByRole('navigation')
    .first()
    .locator('a[href^="/"]')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
}

async function crawl(browser, account, startPages) {
  const context = await newContext(browser);
  await signIn(context, await demoToken(account));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  const titles = new Map();
  try {
    await page.goto(startPages[0]);
    await settle(page);
    const nav = await navHrefs(page);
    assert.ok(nav.length >= 5, `${account}: the navigation lists its entries (${nav.join(', ')})`);
    const first = [...new Set([...nav, ...startPages])];
    const found = new Set();
    for (const path of first) {
      for (const href of await visit(page, path, errors, { titles })) if (href) found.add(href);
    }
    const visited = new Set(first);
    for (const href of found) {
      if (visited.has(href) || skipped(href)) continue;
      visited.add(href);
      await visit(page, href, errors, { titles });
    }
    return { nav, titles, visited };
  } finally {
    await context.close();
  }
}

describe('crawl of every page and link', () => {
  const session = useBrowser();

  it('as the demo owner: every navigation page, every /app/* route and every link on them', async () => {
    const { nav, titles, visited } = await crawl(session.browser, 'owner', [
      '/app/dashboard',
      ...APP_ROUTES,
      ...SPEC_ROUTES,
      '/account',
    ]);
    assert.deepEqual(nav, [
      '/app/dashboard',
      '/app/properties',
      '/app/vault',
      '/app/policies',
      '/app/maintenance',
      '/app/vendors',
      '/app/reports',
    ]);
    // Links followed beyond the start pages: a property, the add form, the landing page at least.
    for (const path of ['/', '/properties/new'])
      assert.ok(visited.has(path), `${path} was linked and visited`);
    assert.ok(
      [...visited].some((path) => /^\/properties\/(?!new)[^/]+$/.test(path)),
      'a property page was linked and visited',
    );
    // Each section names itself.
    assert.equal(titles.get('/app/vault'), `Vault · ${PRODUCT}`);
    assert.equal(titles.get('/app/properties'), `Properties · ${PRODUCT}`);
    assert.equal(titles.get('/app/dashboard'), `Dashboard · ${PRODUCT}`);
    assert.equal(titles.get('/account'), `Account · ${PRODUCT}`);
    const sections = ['/app/vault', '/app/properties', '/app/policies', '/app/maintenance', '/app/vendors'];
    assert.equal(new Set(sections.map((path) => titles.get(path))).size, sections.length);
  });

  it('as the demo supplier: every section of the console and every link on them', async () => {
    const { nav, titles } = await crawl(session.browser, 'supplier', ['/supplier', '/supplier/dashboard']);
    assert.deepEqual(nav, [
      '/supplier?tab=jobs',
      '/supplier?tab=profile',
      '/supplier?tab=insurance',
      '/supplier?tab=verification',
      '/supplier?tab=templates',
      '/supplier?tab=settings',
    ]);
    // Each section names itself; the console opens on Jobs.
    assert.deepEqual(
      [...nav, '/supplier', '/supplier/dashboard'].map((path) => titles.get(path)),
      ['Jobs', 'Profile', 'Insurance', 'Verification', 'Templates', 'Settings', 'Jobs', 'Jobs'].map(
        (section) => `${section} · ${PRODUCT}`,
      ),
    );
  });

  it('signed out: the public pages and the links on them, the login page among them', async () => {
    const context = await newContext(session.browser);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const titles = new Map();
    try {
      const found = new Set();
      const start = ['/', '/login', '/signup', '/terms'];
      for (const path of start)
        for (const href of await visit(page, path, errors, { titles })) found.add(href);
      for (const href of found) {
        if (start.includes(href) || /^\/(api|trpc|storage)(\/|$)/.test(href)) continue;
        await visit(page, href, errors, { titles });
      }
      assert.equal(titles.get('/login'), `Log in · ${PRODUCT}`);
    } finally {
      await context.close();
    }
  });
});
