/**
 * The supplier console's sections for a fresh supplier, each chosen in the app shell's sidebar (the
 * console has no tab bar of its own): Jobs, Templates (create, edit) and Settings (password).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import {
  api,
  assertClean,
  assertSupplierSection,
  BASE_URL,
  newAccount,
  openSupplierSection,
  sha256,
  TEST_PASSWORD,
  toast,
  useBrowser,
  watchPage,
} from './browser.mjs';

const NEW_PASSWORD = 'Fynbos-gutter-2025';

/** A fresh supplier signed up through the REST API; `context` starts signed in as it; a second session. */
async function newSupplier(context) {
  const supplier = await newAccount({
    label: 'console',
    context,
    firstName: 'Sipho',
    lastName: 'Ndlovu',
    userType: 'supplier',
    company: 'Berea Gutters (Pty) Ltd',
    registrationNumber: '2015/222222/07',
    specialties: 'Gutters, Roofing',
    businessAddress: '3 Musgrave Road, Durban',
  });
  return { ...supplier, otherToken: await supplier.logIn() };
}

describe('supplier console sections', () => {
  const session = useBrowser({ contextOptions: { acceptDownloads: true } });

  it('keeps the section in the URL through reload and Back; a new job opens; an issued report is viewed and downloaded', async () => {
    const { context, page } = session;
    const supplier = await newSupplier(context);
    // View and Download are plain links: they go with the session cookie a login sets.
    await context.addCookies([{ name: 'auth_session', value: supplier.token, url: BASE_URL }]);
    const watch = await watchPage(page);

    // It opens on Jobs, headed and titled so; the sidebar lists the sections and there is no tab bar.
    await page.goto('/supplier');
    await page.getByRole('form', { name: 'Create Job' }).waitFor();
    await assertSupplierSection(page, 'Jobs');
    assert.equal(new URL(page.url()).searchParams.get('tab'), null);

    // Each section is a URL: chosen in the sidebar, reloaded, gone back to.
    await openSupplierSection(page, 'Insurance');
    assert.equal(new URL(page.url()).search, '?tab=insurance');
    await openSupplierSection(page, 'Templates');
    assert.equal(new URL(page.url()).search, '?tab=templates');
    await page.getByRole('table', { name: 'Templates' }).waitFor();
    await page.reload();
    await page.getByRole('table', { name: 'Templates' }).waitFor();
    await assertSupplierSection(page, 'Templates');
    await page.goBack();
    await page.waitForURL('**/supplier?tab=insurance');
    await assertSupplierSection(page, 'Insurance');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/supplier' && !url.searchParams.has('tab'));
    await assertSupplierSection(page, 'Jobs');
    for (const [tab, section] of [
      ['profile', 'Profile'],
      ['settings', 'Settings'],
      ['jobs', 'Jobs'],
    ]) {
      await page.goto(`/supplier?tab=${tab}`);
      await assertSupplierSection(page, section);
    }
    // /supplier/dashboard is the same console; an unknown tab is Jobs.
    await page.goto('/supplier/dashboard?tab=insurance');
    await assertSupplierSection(page, 'Insurance');
    await page.goto('/supplier?tab=nonsense');
    await assertSupplierSection(page, 'Jobs');

    // Creating a job opens it.
    const jobForm = page.getByRole('form', { name: 'Create Job' });
    await jobForm.getByLabel('Property address').fill('3 Musgrave Road, Durban');
    await jobForm.getByLabel('Client name').fill('Ayanda Zulu');
    await jobForm.getByLabel('Description').fill('Clear and reseal the gutters');
    await jobForm.getByRole('button', { name: 'Create Job' }).click();
    await page.waitForURL('**/supplier/jobs/*');
    const jobRef = (
      (await page.getByRole('heading', { level: 1, name: /^JOB-/ }).textContent()) ?? ''
    ).trim();
    assert.match(jobRef, /^JOB-[0-9A-Z]+-[0-9A-Z]{4}$/);
    await page.waitForFunction((title) => document.title === title, `Job ${jobRef} · PropertyDNA`);

    // The report form's button says what it does; the report it makes can be viewed and downloaded.
    const report = page.getByRole('form', { name: 'Fill report' });
    await report.getByLabel(/^Inspection date/).fill('2026-11-20');
    await report.getByLabel(/^Roof type/).selectOption('Concrete tile');
    await report.getByLabel(/^Roof condition/).selectOption('Good');
    await report.getByLabel('Work performed').fill('Cleared and resealed the gutters.');
    await report.getByRole('button', { name: 'Generate report' }).click();
    const documents = page.getByRole('table', { name: 'Job documents' });
    const row = documents.getByRole('row').filter({ hasText: 'Roofing Service Report' });
    // A new supplier nobody has checked issues self-declared documents.
    await row.getByText('Self-declared', { exact: true }).waitFor();
    // The name cell's first line is the name; the certificate's type and issue date follow under it.
    const name = ((await row.getByRole('cell').first().locator('p').first().textContent()) ?? '').trim();
    const issued = (
      await api(`/api/supplier/jobs/${page.url().split('/').pop()}/documents`, {
        token: supplier.token,
      })
    ).body.find((document) => document.name === name);
    assert.ok(issued, 'the report is one of the job documents');

    const view = row.getByRole('link', { name: `View ${name}` });
    assert.equal(await view.getAttribute('href'), `/api/documents/${issued.id}/view`);
    assert.equal(await view.getAttribute('target'), '_blank');
    const [tab] = await Promise.all([context.waitForEvent('page'), view.click()]);
    await tab.waitForURL(`**/api/documents/${issued.id}/view`);
    await tab.close();
    // What the tab was sent: the PDF itself, inline, through the session cookie.
    const opened = await context.request.get(`/api/documents/${issued.id}/view`);
    assert.equal(opened.status(), 200);
    assert.equal(opened.headers()['content-type'], 'application/pdf');
    assert.match(opened.headers()['content-disposition'] ?? '', /^inline/);
    assert.equal(sha256(await opened.body()), issued.sha256);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: `Download ${name}` }).click(),
    ]);
    assert.equal(download.suggestedFilename(), name);
    assert.equal(sha256(await readFile(await download.path())), issued.sha256);
    await toast(page, 'Download started').waitFor();

    // Back leads to the Jobs tab, where the new job is listed.
    await page.getByRole('link', { name: 'Back to Jobs' }).click();
    await page.waitForURL('**/supplier?tab=jobs');
    await page.getByRole('table', { name: 'Jobs' }).getByRole('link', { name: jobRef }).waitFor();
    await assertSupplierSection(page, 'Jobs');
    await assertClean(watch);
  });

  it('creates and edits a template, and changes the password ending the other sessions', async () => {
    const { context, page } = session;
    const supplier = await newSupplier(context);
    const watch = await watchPage(page);
    await page.goto('/supplier');
    await assertSupplierSection(page, 'Jobs');

    await openSupplierSection(page, 'Templates');
    const templates = page.getByRole('table', { name: 'Templates' });
    await templates
      .getByRole('row')
      .filter({ hasText: 'Roofing Service Report' })
      .getByText('Built-in', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'New template' }).click();
    const form = page.getByRole('form', { name: 'New template' });
    await form.getByLabel(/^Name/).first().fill('Gutter Inspection');
    await form.getByLabel(/^Category/).fill('gutters');
    await form.getByLabel('Field 1 name').fill('Gutter condition');
    await form.getByLabel('Field 1 label').fill('Gutter condition');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Field names must be snake_case, such as roof_type', { exact: true }).waitFor();
    await form.getByLabel('Field 1 name').fill('gutter_condition');
    await form.getByRole('button', { name: 'Add field' }).click();
    await form.getByLabel('Field 2 name').fill('downpipes_clear');
    await form.getByLabel('Field 2 label').fill('Downpipes clear');
    await form.getByLabel('Field 2 type').selectOption('select');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Select fields need at least one option', { exact: true }).waitFor();
    await form.getByLabel('Field 2 options').fill('Yes');
    await form.getByLabel('Field 2 options').press('Enter');
    await form.getByLabel('Field 2 options').fill('No');
    await form.getByLabel('Field 2 options').press('Enter');
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Template created').waitFor();
    const row = templates.getByRole('row').filter({ hasText: 'Gutter Inspection' });
    await row.getByText('2 fields, 0 required').waitFor();

    await row.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('form', { name: 'Edit template' });
    assert.equal(await edit.getByLabel('Field 2 name').inputValue(), 'downpipes_clear');
    await edit.getByLabel(/^Name/).first().fill('Gutter Inspection v2');
    await edit.getByLabel('Field 1 required').check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Template updated').waitFor();
    await templates
      .getByRole('row')
      .filter({ hasText: 'Gutter Inspection v2' })
      .getByText('2 fields, 1 required')
      .waitFor();
    const saved = await api('/api/supplier/templates', { token: supplier.token });
    const own = saved.body.find((template) => template.name === 'Gutter Inspection v2');
    assert.deepEqual(
      own.fields.map((field) => [field.name, field.type, field.required, field.options ?? null]),
      [
        ['gutter_condition', 'text', true, null],
        ['downpipes_clear', 'select', false, ['Yes', 'No']],
      ],
    );

    await openSupplierSection(page, 'Settings');
    const password = page.getByRole('form', { name: 'Change password' });
    await password.getByLabel(/^Current password/).fill('not-my-password');
    await password.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await password.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Error').waitFor();
    assert.equal((await api('/api/auth/me', { token: supplier.otherToken })).status, 200);

    await password.getByLabel(/^Current password/).fill(TEST_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Password changed').waitFor();
    // This session goes on; the other one ended; the new password logs in.
    assert.equal((await api('/api/auth/me', { token: supplier.token })).status, 200);
    assert.equal((await api('/api/auth/me', { token: supplier.otherToken })).status, 401);
    const relogin = await api('/api/auth/login', { body: { email: supplier.email, password: NEW_PASSWORD } });
    assert.equal(relogin.status, 200);
    await assertClean(watch, { allowStatus: [400, 401] });
  });
});
