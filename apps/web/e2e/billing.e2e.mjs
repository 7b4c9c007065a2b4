/**
 * Premium bought through PayFast (issue 31 §5), in the browser: an app of its own, started with the
 * settings of a local PayFast sandbox running in this test process (payfast-sandbox.mjs: the hosted page,
 * the ITN signed as PayFast signs it, the validation endpoint). The owner presses Upgrade on /account,
 * lands on the sandbox's hosted page, pays, comes back to the return page, which waits for PayFast's
 * confirmation (the ITN), and /account then shows Premium paid for a year and the tax invoice, which
 * downloads as a PDF. /account passes axe at 1280×900 and 390×844 and does not scroll sideways.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BROWSER_TEST_SERVER_ENV, startBuiltApp } from '../../../scripts/lib/built-app.mjs';
import { startPayfastSandbox } from './payfast-sandbox.mjs';

const sandbox = await startPayfastSandbox();
const app = await startBuiltApp({
  prefix: 'propertydna-billing-e2e-',
  env: {
    ...BROWSER_TEST_SERVER_ENV,
    PAYFAST_MERCHANT_ID: sandbox.merchantId,
    PAYFAST_MERCHANT_KEY: sandbox.merchantKey,
    PAYFAST_PASSPHRASE: sandbox.passphrase,
    PAYFAST_PROCESS_URL: sandbox.processUrl,
    PAYFAST_VALIDATE_URL: sandbox.validateUrl,
    PAYFAST_API_URL: sandbox.apiUrl,
    // The sandbox posts its ITN from this machine.
    PAYFAST_VALID_RANGES: '127.0.0.1/32',
    INVOICE_SELLER_NAME: 'PropertyDNA (Pty) Ltd',
    INVOICE_SELLER_VAT_NUMBER: '4123456789',
  },
});
// The shared helpers read the server's address and data directory when loaded: this file's app.
process.env.BASE_URL = app.baseUrl;
process.env.DATA_DIR = app.dataDir;
const { assertAccessible, assertClean, assertNoSideScroll, newAccount, useBrowser, VIEWPORTS, watchPage } =
  await import('./browser.mjs');

describe('Premium through PayFast (local sandbox)', () => {
  const session = useBrowser();
  before(() => {
    assert.equal(typeof app.baseUrl, 'string');
  });
  after(async () => {
    await app.stop();
    await sandbox.close();
  });

  it("upgrades from /account through the sandbox's hosted page and shows Premium and the tax invoice", async () => {
    const { context, page } = session;
    const watch = await watchPage(page);
    const { token } = await newAccount({ label: 'billing', context });

    await page.goto('/account');
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    const billing = page.getByRole('region', { name: 'Premium subscription' });
    await billing.getByText('R99.00 per year including VAT', { exact: false }).waitFor();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await assertAccessible(page, `/account before the upgrade at ${viewport.name}`);
      await assertNoSideScroll(page, `/account at ${viewport.name}`);
    }
    await page.setViewportSize(VIEWPORTS[0]);

    const upgrade = billing.getByRole('button', { name: 'Upgrade for R99 per year' });
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('button')].some(
          (button) => button.textContent === 'Upgrade for R99 per year' && !button.disabled,
        ),
      undefined,
      { timeout: 10_000 },
    );
    await Promise.all([page.waitForURL(`${sandbox.url}/eng/process`), upgrade.click()]);
    await page.getByRole('heading', { level: 1, name: 'PayFast sandbox' }).waitFor();
    await page.getByText('R99.00 — PropertyDNA Premium (1 year)').waitFor();
    assert.equal(sandbox.orders.length, 1, 'the hosted page accepted the signed form');
    assert.deepEqual(sandbox.refused, []);

    await Promise.all([
      page.waitForURL(`${app.baseUrl}/account/payment/return`),
      page.getByRole('button', { name: 'Complete payment' }).click(),
    ]);
    assert.equal(sandbox.itns.length, 1);
    assert.equal(sandbox.itns[0].status, 200, sandbox.itns[0].body);
    await page.getByRole('heading', { level: 1, name: 'Premium is active' }).waitFor({ timeout: 15_000 });
    await page.getByText('PayFast confirmed your payment. Premium is paid until', { exact: false }).waitFor();

    await page.getByRole('link', { name: 'Back to your account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    await billing.getByText('Premium is paid until', { exact: false }).waitFor();
    await billing.getByText('It renews every year through PayFast.', { exact: false }).waitFor();
    const invoice = billing.getByRole('link', { name: /^Invoice PDNA-\d{6}$/ });
    await invoice.waitFor();
    assert.equal(await billing.getByRole('button', { name: 'Cancel subscription' }).count(), 1);

    // The tax invoice is a PDF for the signed-in owner. A browser signed in through the form sends its
    // session cookie; this one holds its token (newAccount), so it is sent as a bearer.
    const href = await invoice.getAttribute('href');
    assert.match(href ?? '', /^\/api\/plan\/invoices\/.+/);
    const pdf = await context.request.get(href, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(pdf.status(), 200);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    assert.match(pdf.headers()['content-disposition'] ?? '', /propertydna-tax-invoice-PDNA-\d{6}\.pdf/);
    assert.equal((await pdf.body()).subarray(0, 5).toString(), '%PDF-');

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await assertAccessible(page, `/account on Premium at ${viewport.name}`);
      await assertNoSideScroll(page, `/account on Premium at ${viewport.name}`);
    }
    await assertClean(watch);
  });
});
