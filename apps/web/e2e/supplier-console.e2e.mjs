/** The supplier console's own tabs for a fresh supplier: Templates (create, edit) and Settings (password). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api, assertClean, signIn, toast, uniqueEmail, useBrowser, watchPage } from './browser.mjs';

const PASSWORD = 'Karoo-roof-2024';
const NEW_PASSWORD = 'Fynbos-gutter-2025';

/** A fresh supplier signed up through the REST API, logged in twice (two sessions). */
async function newSupplier() {
  const email = uniqueEmail('console');
  const signup = await api('/api/auth/signup', {
    body: {
      firstName: 'Sipho',
      lastName: 'Ndlovu',
      email,
      password: PASSWORD,
      userType: 'supplier',
      company: 'Berea Gutters (Pty) Ltd',
      registrationNumber: '2015/222222/07',
      specialties: 'Gutters, Roofing',
      businessAddress: '3 Musgrave Road, Durban',
    },
  });
  assert.equal(signup.status, 201, JSON.stringify(signup.body));
  const login = async () => {
    const answer = await api('/api/auth/login', { body: { email, password: PASSWORD } });
    assert.equal(answer.status, 200);
    return answer.body.token;
  };
  return { email, browserToken: await login(), otherToken: await login() };
}

describe('supplier console tabs', () => {
  const session = useBrowser();

  it('creates and edits a template, and changes the password ending the other sessions', async () => {
    const { context, page } = session;
    const supplier = await newSupplier();
    await signIn(context, supplier.browserToken);
    const watch = await watchPage(page);
    await page.goto('/supplier');

    await page.getByRole('tab', { name: 'Templates' }).click();
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
    const saved = await api('/api/supplier/templates', { token: supplier.browserToken });
    const own = saved.body.find((template) => template.name === 'Gutter Inspection v2');
    assert.deepEqual(
      own.fields.map((field) => [field.name, field.type, field.required, field.options ?? null]),
      [
        ['gutter_condition', 'text', true, null],
        ['downpipes_clear', 'select', false, ['Yes', 'No']],
      ],
    );

    await page.getByRole('tab', { name: 'Settings' }).click();
    const password = page.getByRole('form', { name: 'Change password' });
    await password.getByLabel(/^Current password/).fill('not-my-password');
    await password.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await password.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Error').waitFor();
    assert.equal((await api('/api/auth/me', { token: supplier.otherToken })).status, 200);

    await password.getByLabel(/^Current password/).fill(PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Password changed').waitFor();
    // This session goes on; the other one ended; the new password logs in.
    assert.equal((await api('/api/auth/me', { token: supplier.browserToken })).status, 200);
    assert.equal((await api('/api/auth/me', { token: supplier.otherToken })).status, 401);
    const relogin = await api('/api/auth/login', { body: { email: supplier.email, password: NEW_PASSWORD } });
    assert.equal(relogin.status, 200);
    await assertClean(watch, { allowStatus: [400, 401] });
  });
});
