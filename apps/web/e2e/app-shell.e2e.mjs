import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api, assertClean, useBrowser, watchPage } from './browser.mjs';

describe('app shell', () => {
  const session = useBrowser();

  it('renders the landing page without errors or CSP violations', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const response = await page.goto('/');
    assert.equal(response?.status(), 200);
    assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self'/);

    await page
      .getByRole('heading', { level: 1, name: 'A permanent DNA code for every South African property' })
      .waitFor();
    await page.getByRole('main').waitFor();

    await page.waitForLoadState('networkidle');
    await assertClean(watch);
  });

  it('answers the health check through tRPC', async () => {
    const response = await api('/trpc/system.health');
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.result.data, { status: 'ok', db: 'ok', storage: 'ok' });
  });

  it('answers an unknown deep link with the app, which shows its 404 page', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const response = await page.goto('/some/missing/page');
    assert.equal(response?.status(), 200);
    assert.match(response?.headers()['content-type'] ?? '', /text\/html/);

    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?', { exact: true }).waitFor();
    await assertClean(watch);
  });

  it('answers an unknown API path with a JSON 404, never the app', async () => {
    const response = await api('/api/nope');
    assert.equal(response.status, 404);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/);
    assert.equal(typeof response.body.error, 'string');
    assert.ok(response.body.error.length > 0);
  });

  it('renders the API docs UI from the OpenAPI document under the CSP', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const response = await page.goto('/api/docs');
    assert.equal(response?.status(), 200);
    await page.getByText('PropertyDNA API').first().waitFor();
    await page.getByText('/api/health').first().waitFor();
    assert.deepEqual(await watch.cspViolations(), []);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('moves keyboard focus to the "Log in" link first', async () => {
    const { page } = session;
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
