import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, watchPage } from './browser.mjs';

const SHARE_PASSWORD = 's3cret-pass';

async function api(path, { token, cookie, body, method = body ? 'POST' : 'GET' } = {}) {
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

async function demoToken(account) {
  const login = await api('/api/auth/demo', { body: { account } });
  assert.equal(login.status, 200);
  return login.body.token;
}

/**
 * A fresh password share of the supplier demo's job, and what it shares as the API answers it once
 * unlocked (the test's own cookie, not the browser's).
 */
async function newJobShare() {
  const supplier = await demoToken('supplier');
  const jobs = await api('/api/supplier/jobs', { token: supplier });
  assert.equal(jobs.status, 200);
  const job = jobs.body.find((candidate) => candidate.document_count > 0) ?? jobs.body[0];
  assert.ok(job, 'the supplier demo has a job');
  const created = await api(`/api/supplier/jobs/${job.id}/share`, {
    token: supplier,
    body: { password: SHARE_PASSWORD },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const { token } = created.body;
  const locked = await api(`/api/share/${token}`);
  assert.equal(locked.status, 401);
  const unlocked = await api(`/api/share/${token}/unlock`, { body: { password: SHARE_PASSWORD } });
  assert.equal(unlocked.status, 200);
  const cookie = unlocked.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const view = await api(`/api/share/${token}`, { cookie });
  assert.equal(view.status, 200);
  const report = view.body.documents.find((document) => document.verified);
  assert.ok(report, 'the shared job has a verified report');
  return { token, job, share: view.body, report };
}

/** What the browser logs for answers the test provokes on purpose (the locked share, a wrong password). */
const isExpectedHttpError = (text, statuses) =>
  statuses.some((status) =>
    text.startsWith(`Failed to load resource: the server responded with a status of ${status}`),
  );

async function assertClean(watch, allowStatuses = []) {
  assert.deepEqual(await watch.cspViolations(), []);
  assert.deepEqual(
    watch.consoleErrors.filter((text) => !isExpectedHttpError(text, allowStatuses)),
    [],
  );
  assert.deepEqual(watch.pageErrors, []);
}

const toast = (page, text) => page.locator('.mantine-Notification-root').getByText(text, { exact: true });

async function unlock(page, password) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Unlock' }).click();
}

describe('share page', () => {
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
    context = await browser.newContext({ baseURL: BASE_URL, acceptDownloads: true });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  it('unlocks a password share, downloads the report and verifies it', async () => {
    const { token, share, report } = await newJobShare();
    const watch = await watchPage(page);
    await page.goto(`/share/${token}`);
    await page.getByRole('heading', { name: 'This link is protected by a password' }).waitFor();

    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('Password is required').waitFor();

    await unlock(page, 'not-the-password');
    await toast(page, 'Invalid password').waitFor();
    await toast(page, 'The password you entered is incorrect.').waitFor();

    await unlock(page, SHARE_PASSWORD);
    await toast(page, 'Access granted').waitFor();
    await page.getByText(share.job.job_ref, { exact: true }).waitFor();
    await page.getByText(share.supplier.company_name, { exact: true }).waitFor();
    const row = page
      .getByRole('table', { name: 'Shared documents' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: report.name, exact: true }) });
    await row.getByText('Verified', { exact: true }).waitFor();
    await row.getByText(report.sha256.slice(0, 16), { exact: true }).waitFor();
    // Anonymous: Login and Sign Up, no adoption.
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await page.getByRole('link', { name: 'Sign Up' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Adopt to Property' }).count(), 0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download ${report.name}` }).click(),
    ]);
    await toast(page, 'Download started').waitFor();
    assert.equal(download.suggestedFilename(), report.name);
    const file = await download.path();
    const bytes = await readFile(file);
    assert.equal(createHash('sha256').update(bytes).digest('hex'), report.sha256);

    await page.goto('/verify');
    await page.getByRole('heading', { name: 'Verify a document' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: report.name,
      mimeType: report.content_type,
      buffer: bytes,
    });
    await page.getByText('Verified document').waitFor();
    await page.getByText(share.supplier.company_name, { exact: true }).waitFor();
    await page.getByText(share.job.job_ref, { exact: true }).waitFor();

    // A hash no document has, and text that is no hash.
    await page.getByLabel('Or paste a SHA-256').fill('nope');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('SHA-256 must be 64 lower-case hexadecimal characters').waitFor();
    await page.getByLabel('Or paste a SHA-256').fill('0'.repeat(64));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('No verified document matches this file.').waitFor();
    await assertClean(watch, [401]);
  });

  it('lets a signed-in owner adopt the shared report into a new property', async () => {
    const { token, report } = await newJobShare();
    const owner = await demoToken('owner');
    await context.addInitScript((value) => localStorage.setItem('auth_token', value), owner);
    const watch = await watchPage(page);
    await page.goto(`/share/${token}`);
    await unlock(page, SHARE_PASSWORD);
    await toast(page, 'Access granted').waitFor();
    await page.getByRole('button', { name: 'Adopt to Property' }).click();

    const dialog = page.getByRole('dialog', { name: 'Adopt to Property' });
    await dialog.getByLabel('Property', { exact: true }).click();
    await page.getByRole('option', { name: 'Create New Property' }).click();
    await dialog.getByRole('button', { name: 'Adopt Documents' }).click();
    await dialog.getByText('ERF/Portion/Stand number is required').waitFor();

    const erf = `ERF${Date.now() % 100000}`;
    await dialog.getByLabel('ERF/Portion/Stand number').fill(erf);
    await dialog.getByLabel('Township/Extension').fill('Gardens');
    await dialog.getByLabel('Municipality').fill('City of Cape Town');
    await dialog.getByLabel('Property address').fill('12 Kloof Nek Road, Gardens, Cape Town');
    await dialog.getByRole('button', { name: 'Adopt Documents' }).click();
    await toast(page, 'Documents adopted').waitFor();

    const link = dialog.getByRole('link', { name: 'Open the property' });
    const href = await link.getAttribute('href');
    const propertyId = href?.split('/').pop();
    assert.ok(propertyId, 'the dialog links to the new property');
    const vault = await api(`/api/properties/${propertyId}/documents`, { token: owner });
    assert.equal(vault.status, 200);
    const adopted = vault.body.find((document) => document.sha256 === report.sha256);
    assert.ok(adopted, "the report is in the new property's vault");
    assert.equal(adopted.status, 'Verified');
    await assertClean(watch, [401]);
  });

  it("says 'Share not found or expired.' for an unknown link", async () => {
    const watch = await watchPage(page);
    await page.goto('/share/unknown-token');
    await page.getByRole('heading', { name: 'Share not found or expired.' }).waitFor();
    await assertClean(watch, [404]);
  });
});
