/**
 * /account's maintenance alerts and calendar feed: an owner on the Premium trial turns the daily digest
 * off and on, sends a test email, copies the private calendar link and resets it (the old link then
 * answers 404); the page passes axe at 1280×900 and 390×844 and does not scroll sideways on a phone.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  newAccount,
  screenshots,
  toast,
  useBrowser,
  VIEWPORTS,
  watchPage,
} from './browser.mjs';

/** ACCOUNT_SCREENSHOTS=<dir>: the page at both sizes is saved there, to look at. */
const save = screenshots('ACCOUNT_SCREENSHOTS');

describe('account settings', () => {
  const session = useBrowser({ clipboard: true });

  it('toggles alerts, sends a test email, copies and resets the calendar link', async () => {
    const { context, page } = session;
    const watch = await watchPage(page);
    const { email, token } = await newAccount({ label: 'alerts', context });
    const trial = await api('/trpc/plan.startTrial', { token, body: {} });
    assert.equal(trial.status, 200, JSON.stringify(trial.body));

    await page.goto('/account');
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    const alerts = page.getByRole('region', { name: 'Maintenance alerts' });
    const toggle = alerts.getByRole('switch', { name: 'Email me a daily digest of what is due' });
    await toggle.waitFor();
    assert.equal(await toggle.isChecked(), true, 'alerts are on by default');
    assert.equal(await toggle.isDisabled(), false);

    // Off, then on again: each saved.
    await toggle.click({ force: true });
    await toast(page, 'Alert settings saved').waitFor();
    await page.waitForFunction(() => !document.querySelector('[role="switch"]')?.checked, undefined, {
      timeout: 5000,
    });
    assert.equal((await api('/trpc/notifications.settings', { token })).body.result.data.emailAlerts, false);
    await toggle.click({ force: true });
    await page.waitForFunction(() => document.querySelector('[role="switch"]')?.checked, undefined, {
      timeout: 5000,
    });
    assert.equal((await api('/trpc/notifications.settings', { token })).body.result.data.emailAlerts, true);

    await alerts.getByRole('button', { name: 'Send me a test reminder email' }).click();
    await toast(page, `Test reminder email sent to ${email}`).waitFor();

    // The calendar feed: copied, then reset after the warning.
    const calendar = page.getByRole('region', { name: 'Calendar feed' });
    await calendar
      .getByText(
        'Subscribe in Google Calendar, Outlook or Apple Calendar to see your maintenance tasks and expiry dates',
        { exact: false },
      )
      .waitFor();
    const link = calendar.getByRole('textbox', { name: 'Calendar link' });
    await page.waitForFunction(() =>
      /\/api\/calendar\/.+\.ics$/.test(document.querySelector('input[readonly]')?.value ?? ''),
    );
    const oldUrl = await link.inputValue();
    assert.equal(await link.getAttribute('readonly'), '');
    assert.equal((await fetch(oldUrl)).status, 200);

    await calendar.getByRole('button', { name: 'Copy' }).click();
    await toast(page, 'Link copied').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), oldUrl);

    await calendar.getByRole('button', { name: 'Reset link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset the calendar link?' });
    await dialog.getByText('The old link stops working', { exact: false }).waitFor();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      await assertAccessible(page, `reset dialog (${viewport.name})`);
    }
    await dialog.getByRole('button', { name: 'Reset link' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction((old) => {
      const value = document.querySelector('input[readonly]')?.value ?? '';
      return value !== old && /\.ics$/.test(value);
    }, oldUrl);
    const newUrl = await link.inputValue();
    assert.notEqual(newUrl, oldUrl);
    assert.equal((await fetch(oldUrl)).status, 404);
    assert.equal((await fetch(newUrl)).status, 200);

    // The page at both sizes: accessible, and nothing wider than a phone.
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      await assertAccessible(page, `account (${viewport.name})`);
      await save(page, `account-${viewport.name}`);
      if (viewport.name === 'phone') await assertNoSideScroll(page, 'account on a phone');
    }
    await assertClean(watch);
  });

  it('on the Free plan says why alerts are off, with the trial, and the switch disabled', async () => {
    const { context, page } = session;
    const watch = await watchPage(page);
    await newAccount({ label: 'alerts-free', context });
    await page.goto('/account');
    const alerts = page.getByRole('region', { name: 'Maintenance alerts' });
    const toggle = alerts.getByRole('switch', { name: 'Email me a daily digest of what is due' });
    await toggle.waitFor();
    assert.equal(await toggle.isDisabled(), true);
    await alerts.getByText('Upgrade to Premium', { exact: true }).waitFor();
    assert.equal(
      await alerts.getByRole('button', { name: 'Send me a test reminder email' }).isDisabled(),
      true,
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await save(page, 'account-free-phone');
    await assertNoSideScroll(page, 'account on the Free plan, on a phone');
    // Starting the trial from there turns alerts on.
    await alerts.getByRole('button', { name: 'Start 14-day free trial' }).click();
    await toast(page, 'Premium trial started').waitFor();
    await page.waitForFunction(() => {
      const element = document.querySelector('[role="switch"]');
      return element && !element.disabled && element.checked;
    });
    await assertAccessible(page, 'account after the trial');
    await save(page, 'account-trial-started-phone');
    await assertClean(watch);
  });
});
