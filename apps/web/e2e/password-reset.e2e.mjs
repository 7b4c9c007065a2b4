import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  api,
  assertClean,
  assertNoSideScroll,
  axeViolations,
  BASE_URL,
  describeViolations,
  mailsTo,
  toast,
  uniqueEmail,
  useBrowser,
  waitUntil,
  watchPage,
} from './browser.mjs';

// The domain's texts (packages/domain/src/schemas/auth.ts, PASSWORD_RESET_MESSAGES, LOGIN_MESSAGES).
const REQUESTED =
  'If an account exists for that email, we have sent it a link to reset the password. The link works once, for one hour.';
const INVALID_LINK = 'This reset link is invalid, has expired or was already used. Ask for a new one.';
const DONE = 'Your password has been reset. Log in with your new password.';
const TOKEN_REQUIRED = 'The reset link is incomplete. Open the link from the email again.';
const INVALID_CREDENTIALS = 'Invalid email or password';

const SUBJECT = 'Reset your PropertyDNA password';
const OLD_PASSWORD = 'Karoo-roof-2024';
const NEW_PASSWORD = 'Drakensberg-gutter-2026';
/** A token of the right shape that no link was ever issued with. */
const UNKNOWN_TOKEN = 'bm8tc3VjaC1yZXNldC1saW5rLWV2ZXItaXNzdWVkLWhlcmU';

/** Waits for the `count`-th reset mail to `to` (the queue sends it in the background) and answers it. */
function resetMail(to, count = 1) {
  return waitUntil(
    async () => {
      const mails = await mailsTo(to, SUBJECT);
      return mails.length >= count ? mails.at(-1) : undefined;
    },
    { what: `reset mail #${count} to ${to} in the outbox` },
  );
}

const LINK = /https?:\/\/[^\s"'<>]+\/reset-password\?token=[A-Za-z0-9_-]+/g;

/** The reset link of a mail: the same one in the HTML and in the text part. */
function resetLinkOf(mail) {
  const inText = [...new Set(mail.text.match(LINK))];
  const inHtml = [...new Set(String(mail.html).match(LINK))];
  assert.equal(inText.length, 1, 'the text part holds one reset link');
  assert.deepEqual(inHtml, inText, 'the HTML part holds the same link');
  const link = new URL(inText[0]);
  assert.equal(link.pathname, '/reset-password');
  assert.equal(link.port, new URL(BASE_URL).port, 'the link leads to this server');
  return link;
}

async function signUp(email) {
  const signup = await api('/trpc/auth.signup', {
    body: { firstName: 'Naledi', lastName: 'Khumalo', email, password: OLD_PASSWORD, userType: 'homeowner' },
  });
  assert.equal(signup.status, 200);
}

async function logIn(page, email, password) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

const focusedId = (page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('password reset', () => {
  const session = useBrowser();

  it('resets a forgotten password through the emailed link, once; the old password stops working', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const email = uniqueEmail('reset');
    await signUp(email);

    // From the login page, with the keyboard: focus starts in the email field, Enter sends.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'forgot-password-email');
    await page.keyboard.type(email.toUpperCase());
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    await page.getByRole('status').getByText(REQUESTED, { exact: true }).waitFor();

    const link = resetLinkOf(await resetMail(email));
    // Opened on this test's address: the mail names the server by APP_URL (localhost by default).
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    // The token leaves the address bar once read.
    await page.waitForURL((url) => url.pathname === '/reset-password' && url.search === '');
    await page.waitForFunction(() => document.activeElement?.id === 'reset-password-new');

    // The confirmation must match; nothing is sent until it does.
    const resets = [];
    page.on('request', (request) => {
      if (request.url().includes('auth.resetPassword')) resets.push(request);
    });
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press('Tab');
    assert.equal(await focusedId(page), 'reset-password-confirm');
    await page.keyboard.type(`${NEW_PASSWORD}!`);
    await page.keyboard.press('Enter');
    await page.getByText('Passwords do not match. Please check and try again.').waitFor();
    assert.equal(await focusedId(page), 'reset-password-confirm');
    assert.equal(resets.length, 0);

    await page.locator('#reset-password-confirm').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await toast(page, 'Password reset').waitFor();
    await toast(page, DONE).waitFor();
    // The token went in the request's body, never in its address.
    assert.equal(resets.length, 1);
    assert.ok(!resets[0].url().includes(link.searchParams.get('token')));
    assert.ok(resets[0].postData()?.includes(link.searchParams.get('token')));

    await logIn(page, email, OLD_PASSWORD);
    await page.getByRole('alert').getByText(INVALID_CREDENTIALS, { exact: true }).waitFor();
    await logIn(page, email, NEW_PASSWORD);
    await toast(page, 'Welcome back!').waitFor();
    await page.waitForURL('**/app');

    // The same link a second time: refused, with the way to a new one.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    await page.locator('#reset-password-new').fill('Another-new-password-1');
    await page.locator('#reset-password-confirm').fill('Another-new-password-1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alert').getByText(INVALID_LINK, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await assertClean(watch, { allowStatus: [400, 401] });
  });

  it('gives the same answer for an email without an account, and sends no mail', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const email = uniqueEmail('nobody');
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').getByText(REQUESTED, { exact: true }).waitFor();

    // Mail goes out through the job queue: a request made after this one, for an account, has its
    // mail written first, so a mail for the address without an account would be there by then.
    const known = uniqueEmail('known');
    await signUp(known);
    assert.equal((await api('/trpc/auth.forgotPassword', { body: { email: known } })).status, 200);
    await resetMail(known);
    assert.deepEqual(await mailsTo(email, SUBJECT), []);
    await assertClean(watch);
  });

  it('keeps the token across a reload once it has left the address bar', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const email = uniqueEmail('reload');
    await signUp(email);
    await api('/trpc/auth.forgotPassword', { body: { email } });
    const link = resetLinkOf(await resetMail(email));
    await page.goto(`${link.pathname}${link.search}`);
    await page.waitForURL((url) => url.pathname === '/reset-password' && url.search === '');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    await page.locator('#reset-password-new').fill(NEW_PASSWORD);
    await page.locator('#reset-password-confirm').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await toast(page, DONE).waitFor();
    await logIn(page, email, NEW_PASSWORD);
    await page.waitForURL('**/app');
    await assertClean(watch);
  });

  it('says a link without its token is incomplete, and an unknown one invalid', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    await page.goto('/reset-password');
    await page.getByRole('alert').getByText(TOKEN_REQUIRED, { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Reset password' }).count(), 0);
    assert.equal(
      await page.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href'),
      '/forgot-password',
    );
    assert.equal(await page.getByRole('link', { name: 'Back to log in' }).getAttribute('href'), '/login');

    await page.goto(`/reset-password?token=${UNKNOWN_TOKEN}`);
    await page.locator('#reset-password-new').fill(NEW_PASSWORD);
    await page.locator('#reset-password-confirm').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alert').getByText(INVALID_LINK, { exact: true }).waitFor();
    await assertClean(watch, { allowStatus: 400 });
  });
});

/**
 * Asserts the page fits the screen and that axe-core finds nothing on it, of any impact (WCAG 2.1
 * A/AA and best practices, colour contrast included: the theme meets AA since issue 12).
 */
async function assertAccessible(page, what) {
  await assertNoSideScroll(page, what);
  const violations = await axeViolations(page, { impacts: ['minor', 'moderate', 'serious', 'critical'] });
  assert.ok(violations.length === 0, `${what}: axe violations\n${describeViolations(violations)}`);
}

describe('password reset pages: axe and the phone layout', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    describe(`${viewport.width}×${viewport.height}`, () => {
      const session = useBrowser({ contextOptions: { viewport } });

      it('passes axe and fits the screen on every state of both pages', async () => {
        const { page } = session;
        const watch = await watchPage(page);
        await page.goto('/forgot-password');
        await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
        await page.getByRole('button', { name: 'Send reset link' }).click();
        await page.locator('#forgot-password-email[aria-invalid="true"]').waitFor();
        await assertAccessible(page, 'forgot password, with a field error');
        await page.getByLabel('Email').fill(uniqueEmail('axe'));
        await page.getByRole('button', { name: 'Send reset link' }).click();
        await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
        await assertAccessible(page, 'forgot password, answered');

        await page.goto('/reset-password');
        await page.getByRole('alert').getByText(TOKEN_REQUIRED, { exact: true }).waitFor();
        await assertAccessible(page, 'reset password, no token');

        await page.goto(`/reset-password?token=${UNKNOWN_TOKEN}`);
        await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
        await assertAccessible(page, 'reset password');
        await page.getByRole('button', { name: 'Reset password' }).click();
        await page.locator('#reset-password-new[aria-invalid="true"]').waitFor();
        await assertAccessible(page, 'reset password, with field errors');
        await page.locator('#reset-password-new').fill(NEW_PASSWORD);
        await page.locator('#reset-password-confirm').fill(NEW_PASSWORD);
        await page.getByRole('button', { name: 'Reset password' }).click();
        await page.getByRole('alert').getByText(INVALID_LINK, { exact: true }).waitFor();
        await assertAccessible(page, 'reset password, link refused');

        await page.goto('/login');
        await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
        await assertAccessible(page, 'login with its Forgot password? link');
        await assertClean(watch, { allowStatus: 400 });
      });
    });
  }
});
