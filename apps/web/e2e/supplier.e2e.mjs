import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, watchPage } from './browser.mjs';

const SHARE_PASSWORD = 'ridge-tile-42';

const toast = (page, text) => page.locator('.mantine-Notification-root').getByText(text, { exact: true });

async function assertClean(watch) {
  assert.deepEqual(await watch.cspViolations(), []);
  assert.deepEqual(watch.consoleErrors, []);
  assert.deepEqual(watch.pageErrors, []);
}

describe('supplier console', () => {
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
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  it('creates a job, fills the roofing report, and shares the job behind a password', async () => {
    const watch = await watchPage(page);
    const address = `${randomBytes(2).readUInt16BE()} Kloof Street, Gardens, Cape Town`;

    await page.goto('/login');
    await page.getByRole('button', { name: 'Access Demo Accounts' }).click();
    await page.getByRole('button', { name: /^Supplier demo/ }).click();
    await page.waitForURL('**/supplier');

    await page.getByRole('tab', { name: 'Jobs' }).click();
    const jobForm = page.getByRole('form', { name: 'Create Job' });
    await jobForm.getByRole('button', { name: 'Create Job' }).click();
    await page.getByText('Property address is required', { exact: true }).waitFor();
    await page.getByText('Client name is required', { exact: true }).waitFor();
    await page.getByText('Description is required', { exact: true }).waitFor();

    await jobForm.getByLabel('Property address').fill(address);
    await jobForm.getByLabel('Client name').fill('Thandi Mokoena');
    await jobForm.getByLabel('Description').fill('Re-bed and re-point the ridge tiles');
    await jobForm.getByRole('button', { name: 'Create Job' }).click();
    await toast(page, 'Job created').waitFor();

    const row = page.getByRole('table', { name: 'Jobs' }).getByRole('row').filter({ hasText: address });
    await row.waitFor();
    const jobRef = (await row.getByRole('link').textContent())?.trim() ?? '';
    assert.match(jobRef, /^JOB-[0-9A-Z]+-[0-9A-Z]{4}$/);
    await row.getByRole('link', { name: jobRef }).click();
    await page.waitForURL('**/supplier/jobs/*');
    await page.getByRole('heading', { name: jobRef }).waitFor();
    await page.getByText('No documents yet').waitFor();

    const report = page.getByRole('form', { name: 'Fill report' });
    assert.equal(await report.getByLabel(/^Job reference/).inputValue(), jobRef);
    await report.getByRole('button', { name: 'Fill report' }).click();
    await report.getByText('Inspection date is required', { exact: true }).waitFor();
    await report.getByLabel(/^Inspection date/).fill('2026-11-20');
    await report.getByLabel(/^Roof type/).selectOption('Concrete tile');
    await report.getByLabel(/^Roof condition/).selectOption('Fair');
    await report
      .getByLabel('Work performed')
      .fill('Re-bedded 14 ridge tiles and sealed the valley flashing.');
    await report.getByRole('button', { name: 'Fill report' }).click();

    const documents = page.getByRole('table', { name: 'Job documents' });
    const reportRow = documents.getByRole('row').filter({ hasText: 'Roofing Service Report' });
    await reportRow.waitFor();
    await reportRow.getByText('Verified', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Share job' }).click();
    const modal = page.getByRole('dialog', { name: 'Share job' });
    await modal.getByLabel('Password protect').check();
    await modal.getByLabel(/^Password\s*\*?$/).fill(SHARE_PASSWORD);
    await modal.getByRole('button', { name: 'Generate Share Link' }).click();
    await toast(page, 'Share link copied').waitFor();
    const link = await modal.getByLabel('Share link').inputValue();
    assert.ok(link.startsWith(`${new URL(BASE_URL).origin}/share/`), link);
    const token = decodeURIComponent(link.slice(link.lastIndexOf('/') + 1));

    const gate = await fetch(`${BASE_URL}/api/share/${encodeURIComponent(token)}`);
    assert.equal(gate.status, 401);

    await modal.getByRole('button', { name: 'Close' }).click();
    const links = page.getByRole('table', { name: 'Share links' });
    await links.getByText('active', { exact: true }).waitFor();
    await links.getByRole('button', { name: 'Revoke' }).click();
    await links.getByText('revoked', { exact: true }).waitFor();

    await assertClean(watch);
  });
});
