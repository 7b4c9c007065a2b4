/**
 * Private demos (issue 26 §7): two visitors who both use 'Access Demo Accounts' each get a demo of their
 * own. What one renames and archives, the other never sees.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import {
  api,
  assertAccessible,
  assertClean,
  launchBrowser,
  newContext,
  toast,
  watchPage,
} from './browser.mjs';

const SHOTS = '/tmp/shots-demo';

/** A visitor in a browser of their own, from an address of their own (20 demos an hour per address). */
async function visitor(browser, from, viewport = { width: 1280, height: 900 }) {
  const context = await newContext(browser, { viewport, extraHTTPHeaders: { 'x-forwarded-for': from } });
  const page = await context.newPage();
  const watch = await watchPage(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Access Demo Accounts' }).click();
  await page.getByRole('button', { name: /^Property owner demo/ }).click();
  await page.waitForURL('**/app');
  await page.getByRole('heading', { level: 1, name: 'Your Properties' }).waitFor();
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  return { context, page, watch, token };
}

describe('private demos in the browser', () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
  });

  it('gives two visitors two demos: a rename and an archive in one never show in the other', async () => {
    const one = await visitor(browser, '10.88.0.1');
    const other = await visitor(browser, '10.88.0.2');
    try {
      const [meOne, meOther] = await Promise.all(
        [one, other].map((v) => api('/api/auth/me', { token: v.token }).then((r) => r.body)),
      );
      assert.notEqual(meOne.organization.id, meOther.organization.id);
      assert.equal(meOne.organization.isDemo, true);
      await one.page.screenshot({ path: `${SHOTS}/demo-dashboard-1280.png`, fullPage: true });

      // The first visitor renames their property, then archives it.
      const property = (await api('/api/properties', { token: one.token })).body[0];
      await one.page.goto(`/properties/${property.id}`);
      await one.page.getByRole('heading', { level: 1, name: 'Gardens Family Home' }).waitFor();
      await one.page.getByRole('button', { name: 'Edit' }).click();
      const edit = one.page.getByRole('dialog', { name: 'Edit property' });
      await edit.getByLabel('Property Name').fill('Renamed by visitor one');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await toast(one.page, 'Property updated').waitFor();
      await one.page.getByRole('heading', { level: 1, name: 'Renamed by visitor one' }).waitFor();

      // The second visitor still sees the sample as it was.
      await other.page.goto('/properties');
      await other.page.getByText('Gardens Family Home').first().waitFor();
      assert.equal(await other.page.getByText('Renamed by visitor one').count(), 0);

      await one.page.getByRole('button', { name: 'Archive' }).click();
      const confirm = one.page.getByRole('dialog', { name: 'Archive property' });
      await confirm.getByRole('button', { name: 'Archive' }).click();
      await one.page.waitForURL('**/properties');
      await toast(one.page, 'Property archived').waitFor();
      await one.page.getByText('No properties yet').waitFor();

      await other.page.reload();
      await other.page.getByText('Gardens Family Home').first().waitFor();
      const theirs = (await api('/api/properties', { token: other.token })).body;
      assert.equal(theirs.length, 1);
      assert.equal(theirs[0].name, 'Gardens Family Home');
      await assertAccessible(other.page, 'a demo visitor’s properties');

      // A demo cannot invite a real address: the message says so.
      const refused = await api('/api/vendors/invite', {
        token: other.token,
        body: { name: 'Real Plumber', email: 'plumber@example.co.za', propertyId: theirs[0].id },
      });
      assert.equal(refused.status, 403);
      assert.equal(
        refused.body.error,
        'Demo accounts cannot send invites or transfers to real addresses. Create a free account to do this.',
      );
      await assertClean(one.watch);
      await assertClean(other.watch);
    } finally {
      await one.context.close();
      await other.context.close();
    }
  });

  it('opens a demo on a phone', async () => {
    const phone = await visitor(browser, '10.88.0.3', { width: 390, height: 844 });
    try {
      await phone.page.getByText('Gardens Family Home').first().waitFor();
      await phone.page.screenshot({ path: `${SHOTS}/demo-dashboard-390.png`, fullPage: true });
      await assertAccessible(phone.page, 'a demo on a phone');
      await assertClean(phone.watch);
    } finally {
      await phone.context.close();
    }
  });
});
