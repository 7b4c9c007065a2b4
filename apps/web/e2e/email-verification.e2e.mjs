/**
 * Email ownership: a new account sees the app shell's "Confirm your email address" banner, resends the
 * link with the keyboard, opens the mailed link (read from the server's outbox) and the banner is gone;
 * on /account it asks for a new address, which stays pending (the old one kept) until the link mailed
 * to the new address is opened. Every screen passes axe at 1280 px and 390 px and never scrolls sideways.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  confirmationLink,
  mailsTo,
  newAccount,
  screenshots,
  TEST_PASSWORD,
  toast,
  uniqueEmail,
  useBrowser,
  VIEWPORTS,
  waitUntil,
  watchPage,
} from './browser.mjs';

/** EMAIL_SCREENSHOTS=<dir>: the screens at both sizes are saved there, to look at. */
const save = screenshots('EMAIL_SCREENSHOTS');

/** Checks the page at both sizes (axe, no sideways scroll) and saves it as `name-desktop` / `name-phone`. */
async function atBothSizes(page, name) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForFunction((width) => window.innerWidth === width, viewport.width);
    await assertAccessible(page, `${name} (${viewport.name})`);
    await save(page, `${name}-${viewport.name}`);
    if (viewport.name === 'phone') await assertNoSideScroll(page, `${name} on a phone`);
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

describe('email verification', () => {
  const session = useBrowser();

  it('shows the banner until the mailed link is opened; Resend sends a new one', async () => {
    const { context, page } = session;
    const watch = await watchPage(page);
    const { email } = await newAccount({ label: 'confirm', context, verified: false });

    await page.goto('/app/dashboard');
    const banner = page.getByRole('region', {
      name: `Confirm your email address: we sent a link to ${email}.`,
    });
    await banner.waitFor();
    await atBothSizes(page, 'banner');

    // Resend, with the keyboard: a new link replaces the first.
    const first = await confirmationLink(email);
    await banner.getByRole('button', { name: 'Resend link' }).focus();
    await page.keyboard.press('Enter');
    await banner
      .getByText(`We sent a new confirmation link to ${email}. It works once, for 24 hours.`, { exact: true })
      .waitFor();
    const second = await waitUntil(
      async () => {
        const link = await confirmationLink(email);
        return link.token !== first.token ? link : undefined;
      },
      { what: 'the resent link' },
    );

    // The first link was revoked by the resend: the page says so and what to do.
    await page.goto(first.path);
    await page
      .getByRole('alert')
      .getByText('This confirmation link is invalid, has expired or was already used.', { exact: false })
      .waitFor();
    // The token leaves the address bar once read.
    await page.waitForURL((url) => url.pathname === '/verify-email' && url.search === '');

    await page.goto(second.path);
    await page.getByRole('status').getByText('Your email address is confirmed.', { exact: true }).waitFor();
    await atBothSizes(page, 'verify-email-done');
    await page.getByRole('link', { name: 'Continue to PropertyDNA' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    assert.equal(await page.getByText('Confirm your email address: we sent a link to').count(), 0);
    await assertClean(watch, { allowStatus: [400] });
  });

  it('changes the address on /account only when the new one is confirmed, telling the old one', async () => {
    const { context, page } = session;
    const watch = await watchPage(page);
    const { email } = await newAccount({ label: 'mover', context });
    const newEmail = uniqueEmail('moved');

    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Email address' });
    await section.getByText('Confirmed', { exact: true }).waitFor();
    await section.getByLabel('New email address').fill(newEmail);
    await section.getByLabel('Current password').fill(TEST_PASSWORD);
    await section.getByRole('button', { name: 'Change email address' }).click();
    await toast(
      page,
      `We sent a confirmation link to ${newEmail}. Your email address changes when you open it (within 24 hours).`,
    ).waitFor();
    await section.getByText('Waiting for confirmation', { exact: true }).waitFor();
    await section.getByText(email, { exact: true }).waitFor();
    await atBothSizes(page, 'account-email-pending');

    const notice = await waitUntil(
      async () => (await mailsTo(email, 'A new email address was asked for your PropertyDNA account')).at(-1),
      { what: 'the notice to the old address' },
    );
    assert.match(notice.text, new RegExp(newEmail.replace(/[.]/g, '\\.')));

    const link = await confirmationLink(newEmail, 'Confirm your new PropertyDNA email address');
    await page.goto(link.path);
    await page.getByRole('heading', { level: 1, name: 'Confirm your new email address' }).waitFor();
    await page
      .getByRole('status')
      .getByText(`Your email address is now ${newEmail}.`, { exact: true })
      .waitFor();

    await page.goto('/account');
    await section.getByText(newEmail, { exact: true }).waitFor();
    assert.equal(await section.getByText('Waiting for confirmation', { exact: true }).count(), 0);
    await assertClean(watch);
  });
});
