import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, watchPage } from './browser.mjs';

describe('app shell', () => {
  let browser;
  let context;
  let page;

  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ baseURL: BASE_URL });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  it('renders the landing page without errors or CSP violations', async () => {
    const watch = await watchPage(page);
    const response = await page.goto('/');
    assert.equal(response?.status(), 200);
    assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self'/);

    await page
      .getByRole('heading', { level: 1, name: 'A permanent DNA code for every South African property' })
      .waitFor();
    await page.getByRole('main').waitFor();

    await page.waitForLoadState('networkidle');
    assert.deepEqual(await watch.cspViolations(), []);
    assert.deepEqual(watch.consoleErrors, []);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('answers the health check through tRPC', async () => {
    const response = await fetch(`${BASE_URL}/trpc/system.health`);
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.deepEqual(body.result.data, { status: 'ok', db: 'ok', storage: 'ok' });
  });

  it('answers an unknown deep link with the app, which shows its 404 page', async () => {
    const watch = await watchPage(page);
    const response = await page.goto('/some/missing/page');
    assert.equal(response?.status(), 200);
    assert.match(response?.headers()['content-type'] ?? '', /text\/html/);

    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?', { exact: true }).waitFor();

    assert.deepEqual(await watch.cspViolations(), []);
    assert.deepEqual(watch.consoleErrors, []);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('answers an unknown API path with a JSON 404, never the app', async () => {
    const response = await fetch(`${BASE_URL}/api/nope`);
    assert.equal(response.status, 404);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/);
    const body = await response.json();
    assert.equal(typeof body.error, 'string');
    assert.ok(body.error.length > 0);
  });

  it('renders the API docs UI from the OpenAPI document under the CSP', async () => {
    const watch = await watchPage(page);
    const response = await page.goto('/api/docs');
    assert.equal(response?.status(), 200);
    await page.getByText('PropertyDNA API').first().waitFor();
    await page.getByText('/api/health').first().waitFor();
    assert.deepEqual(await watch.cspViolations(), []);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('moves keyboard focus to the "Log in" link first', async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      return { tag: element?.tagName, text: element?.textContent, href: element?.getAttribute('href') };
    });
    assert.deepEqual(focused, { tag: 'A', text: 'Log in', href: '/login' });
  });
});
