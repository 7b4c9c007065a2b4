import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  assertSupplierSection,
  BASE_URL,
  mailsTo,
  openSupplierSection,
  uniqueEmail,
  useBrowser,
  VIEWPORTS,
  waitUntil,
  watchPage,
} from './browser.mjs';

const PASSWORD = 'Karoo-roof-2024';

async function fillPersonalDetails(page, { firstName, lastName, email }) {
  await page.locator('#signup-firstName').fill(firstName);
  await page.locator('#signup-lastName').fill(lastName);
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-phoneNumber').fill('082 123 4567');
  await page.locator('#signup-password').fill(PASSWORD);
  await page.locator('#signup-confirmPassword').fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
}

async function submitSignup(page) {
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByText('Account created successfully!').waitFor();
  await page.getByText('Welcome to PropertyDNA. You can now log in.').waitFor();
  await page.waitForURL('**/login');
  // The login page says the account was created, with its email filled in and kept out of the address bar.
  await page.getByRole('status').filter({ hasText: 'Account created' }).waitFor();
  assert.match(await page.getByLabel('Email', { exact: true }).inputValue(), /@/);
  assert.doesNotMatch(decodeURIComponent(page.url()), /@/);
}

async function logIn(page, email) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByText('Welcome back!').waitFor();
}

async function storedToken(page) {
  return page.evaluate(() => localStorage.getItem('auth_token'));
}

/** Asks the API who the token belongs to: 200 while its session lives, 401 once it has ended. */
async function meStatus(token) {
  return (await api('/trpc/auth.me', { token })).status;
}

/**
 * The supplier console as it opens: the sidebar, its one navigation, lists its sections and marks Jobs,
 * which the page's heading and title name (no tab bar of its own).
 */
const assertSupplierConsole = (page) => assertSupplierSection(page, 'Jobs');

describe('accounts', () => {
  const session = useBrowser();

  it('shows the plans, the statistics and the signup links on the landing page', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();

    const plans = page.locator('section[aria-labelledby="plans"]');
    await plans.getByRole('heading', { name: 'Free', exact: true }).waitFor();
    await plans.getByRole('heading', { name: 'Premium', exact: true }).waitFor();
    await plans.getByText('From R99 per year').waitFor();
    await plans.getByText('14-day free trial', { exact: true }).waitFor();

    const statistics = page.locator('section[aria-labelledby="statistics"]');
    for (const value of ['70%', 'R2.5M', '45%', '89%', '2,000+']) {
      await statistics.getByText(value, { exact: true }).waitFor();
    }
    assert.equal(await page.locator('section[aria-labelledby="testimonials"] figure').count(), 3);

    const hrefs = await page
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const href of [
      '/login',
      '/signup',
      '/signup?type=homeowner',
      '/signup?type=developer',
      '/signup?type=supplier',
      '/signup?type=homeowner&scenario=existing',
      '/terms',
      '/privacy',
    ]) {
      assert.ok(hrefs.includes(href), `the landing page links to ${href}`);
    }
    await page.waitForLoadState('networkidle');
    await assertClean(watch);
  });

  it('signs up a homeowner through the wizard, who then logs in to /app', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const email = uniqueEmail('homeowner');
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Choose account type' }).waitFor();
    await page.getByRole('button', { name: /^Individual/ }).click();
    await page.getByRole('heading', { name: 'Choose your role' }).waitFor();
    await page.getByRole('button', { name: /^Homeowner/ }).click();
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await fillPersonalDetails(page, { firstName: 'Thandiwe', lastName: 'Mokoena', email });
    await submitSignup(page);

    await logIn(page, email);
    await page.waitForURL('**/app');
    await page.getByRole('heading', { level: 1, name: 'Your Properties' }).waitFor();
    await page.getByText('Manage your property files and documentation').waitFor();
    await page.getByRole('heading', { name: 'Add New Property' }).waitFor();
    assert.equal(
      await page.getByRole('link', { name: 'Get Started' }).getAttribute('href'),
      '/properties/new',
    );
    await page.getByRole('button', { name: /Thandiwe Mokoena/ }).waitFor();
    await assertClean(watch);
  });

  it('signs up a company investor with the company fields, who then logs in to /app', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const email = uniqueEmail('company-investor');
    await page.goto('/signup');
    await page.getByRole('button', { name: /^Company/ }).click();
    await page.getByRole('button', { name: /^Company Investor/ }).click();
    await page.getByRole('heading', { name: 'Company details' }).waitFor();
    await page.locator('#signup-company').fill('Highveld Holdings (Pty) Ltd');
    await page.locator('#signup-registrationNumber').fill('2015/987654/07');
    await page.locator('#signup-vatNumber').fill('4123456789');
    await page.locator('#signup-companyType').selectOption('Private company (Pty) Ltd');
    await fillPersonalDetails(page, { firstName: 'Sipho', lastName: 'Ndlovu', email });
    await submitSignup(page);

    await logIn(page, email);
    await page.waitForURL('**/app');
    await page.getByRole('heading', { level: 1, name: 'Corporate Property Portfolio' }).waitFor();
    await page.getByText("Manage your company's property investments and documentation").waitFor();
    await assertClean(watch);
  });

  it('signs up a supplier from ?type=supplier, who then logs in to /supplier', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const email = uniqueEmail('supplier');
    await page.goto('/signup?type=supplier');
    await page.getByText('Signing up as: Supplier / Service Provider').waitFor();
    await page.locator('#signup-company').fill('Karoo Roofing (Pty) Ltd');
    await page.locator('#signup-tradingAs').fill('Karoo Roofing');
    await page.locator('#signup-registrationNumber').fill('2019/123456/07');
    await page.locator('#signup-businessAddress').fill('12 Bree Street, Cape Town, 8001');
    await page.locator('#signup-specialties').fill('Roofing, Waterproofing');
    await fillPersonalDetails(page, { firstName: 'Lerato', lastName: 'Dlamini', email });
    await submitSignup(page);

    await logIn(page, email);
    await page.waitForURL('**/supplier');
    await assertSupplierConsole(page);
    // The console opens on Jobs; the company's service categories are in its Profile section.
    await openSupplierSection(page, 'Profile');
    await page.getByText('Roofing, Waterproofing').waitFor();
    await assertClean(watch);
  });

  it('signs up with an address that already has an account as with a new one, and mails its owner instead', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const email = uniqueEmail('taken');
    const original = 'Original-karoo-2023';
    const existing = await api('/trpc/auth.signup', {
      body: { firstName: 'Ayesha', lastName: 'Naidoo', email, password: original, userType: 'homeowner' },
    });
    assert.equal(existing.status, 200);

    await page.goto('/signup?type=homeowner');
    await fillPersonalDetails(page, { firstName: 'Someone', lastName: 'Else', email });
    // Nothing on the page tells a taken address from a free one: the same success and the way to /login.
    await submitSignup(page);
    const notice = await waitUntil(
      async () => (await mailsTo(email, 'Someone tried to sign up with your PropertyDNA address')).at(0),
      { what: `the sign-up notice to ${email} in the outbox` },
    );
    assert.match(notice.text, /^Hi Ayesha,/);
    assert.match(notice.text, /\/forgot-password/);
    // The account is the owner's as before: the wizard's password does not open it, the owner's does.
    const signIn = (password) => api('/api/auth/login', { body: { email, password } });
    assert.equal((await signIn(PASSWORD)).status, 401);
    assert.equal((await signIn(original)).status, 200);
    await assertClean(watch);
  });

  it('keeps the wizard from sending a form whose passwords differ or whose Terms are not agreed', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const signups = [];
    page.on('request', (request) => {
      if (request.url().includes('auth.signup')) signups.push(request.url());
    });
    await page.goto('/signup?type=homeowner&scenario=existing');
    await page.getByText('Already own a property?').waitFor();
    await page.locator('#signup-firstName').fill('Pieter');
    await page.locator('#signup-lastName').fill('van der Merwe');
    await page.locator('#signup-email').fill(uniqueEmail('mismatch'));
    await page.locator('#signup-password').fill(PASSWORD);
    await page.locator('#signup-confirmPassword').fill(`${PASSWORD}!`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Password mismatch', { exact: true }).waitFor();

    await page.locator('#signup-confirmPassword').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Terms required', { exact: true }).waitFor();
    assert.deepEqual(signups, []);
    await assertClean(watch);
  });

  it('walks through the wizard steps with the keyboard, focus following each step', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Choose account type' }).waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');

    await page.keyboard.press('Tab'); // the logo
    await page.keyboard.press('Tab');
    assert.match(await focused(), /^Individual/);
    await page.keyboard.press('Enter');
    assert.equal(await focused(), 'Choose your role');
    await page.keyboard.press('Tab');
    assert.match(await focused(), /^Homeowner/);
    await page.keyboard.press('Space');
    assert.equal(await focused(), 'Your details');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'signup-firstName');
    await assertClean(watch);
  });

  it('cannot choose the Coming Soon roles, and ?type=developer shows the company roles', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    await page.goto('/signup?type=developer');
    await page.getByRole('heading', { name: 'Choose your role' }).waitFor();
    for (const role of ['Main Contractor', 'Developer', 'Insurance Agent']) {
      assert.equal(await page.getByRole('button', { name: new RegExp(`^${role}`) }).isDisabled(), true);
    }
    assert.equal(await page.getByRole('button', { name: /^Company Investor/ }).isDisabled(), false);
    await assertClean(watch);
  });

  it('enters the owner demo, lands on /app, and logs out from the user menu', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Access Demo Accounts' }).click();
    await page.getByRole('button', { name: 'Back to login' }).waitFor();
    await page.getByRole('button', { name: /^Property owner demo/ }).click();
    await page.waitForURL('**/app');
    await page.getByRole('heading', { level: 1, name: 'Your Properties' }).waitFor();
    const token = await storedToken(page);
    assert.ok(token);
    assert.equal(await meStatus(token), 200);

    await page.getByRole('button', { name: /Demo Owner/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Log in to PropertyDNA' }).waitFor();
    assert.equal(await storedToken(page), null);
    assert.equal(await meStatus(token), 401);
    await assertClean(watch);
  });

  it('enters the supplier demo and lands on the supplier console', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Access Demo Accounts' }).click();
    await page.getByRole('button', { name: /^Supplier demo/ }).click();
    await page.waitForURL('**/supplier');
    await assertSupplierConsole(page);
    await openSupplierSection(page, 'Settings');
    await page.getByText(/^supplier-[0-9a-f]+@demo\.propertydna\.co\.za$/).waitFor();
    await assertClean(watch);
  });

  it('sends a supplier who opens /app to /supplier, and tells an owner the console is for suppliers', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Access Demo Accounts' }).click();
    await page.getByRole('button', { name: /^Supplier demo/ }).click();
    await page.waitForURL('**/supplier');
    await page.getByRole('link', { name: 'PropertyDNA home' }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await page.goto('/app');
    await page.waitForURL('**/supplier');
    await assertSupplierConsole(page);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Access Demo Accounts' }).click();
    await page.getByRole('button', { name: /^Property owner demo/ }).click();
    await page.waitForURL('**/app');
    await page.goto('/supplier');
    await page.getByText('The supplier console is for supplier accounts.').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Templates' }).count(), 0);
    await assertClean(watch);
  });

  it('ends the session when the login page opens', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Access Demo Accounts' }).click();
    await page.getByRole('button', { name: /^Property owner demo/ }).click();
    await page.waitForURL('**/app');
    const token = await storedToken(page);

    await page.goto('/login');
    await page.waitForFunction(() => localStorage.getItem('auth_token') === null);
    assert.equal(await meStatus(token), 401);
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Log in to PropertyDNA' }).waitFor();
    await assertClean(watch);
  });

  it('shows the login screen on a protected route while logged out, then logs in there', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    await page.goto('/properties');
    await page.getByRole('heading', { name: 'Log in to PropertyDNA' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/properties');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText('Missing credentials: Please enter email and password or use demo accounts')
      .waitFor();

    await page.getByRole('button', { name: 'Access Demo Accounts' }).click();
    await page.getByRole('button', { name: /^Property owner demo/ }).click();
    // Logging in there continues to the page that was asked for.
    await page.getByRole('heading', { level: 1, name: 'Properties' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/properties');
    await assertClean(watch);
  });

  it('drops a stored token the server no longer knows, showing Loading... and then the login screen', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('auth_token', 'no-such-session');
      }
    });
    // The server's answer is held back until the Loading indicator has been seen (then it is the server's own).
    let release = () => {};
    const seen = new Promise((resolve) => {
      release = resolve;
    });
    await page.route('**/trpc/auth.me*', async (route) => {
      await seen;
      await route.continue();
    });
    await page.goto('/vault');
    await page.getByRole('status').getByText('Loading...').waitFor();
    release();
    await page.getByRole('heading', { name: 'Log in to PropertyDNA' }).waitFor();
    assert.equal(await storedToken(page), null);
    await assertClean(watch, { allowStatus: 401 });
  });

  it('says Invalid email or password for a wrong password', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('nobody'));
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('alert').getByText('Invalid email or password', { exact: true }).waitFor();
    assert.equal(await storedToken(page), null);
    await assertClean(watch, { allowStatus: 401 });
  });

  it('shows the 404 texts for an unknown path', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?', { exact: true }).waitFor();
    await assertClean(watch);
  });

  it('shows the Terms of Service with the POPIA section', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await page.getByRole('heading', { name: /POPIA/ }).waitFor();
    await assertClean(watch);
  });

  it("shows the privacy notice with this deployment's operators and retention, accessible on a phone too", async () => {
    const { page } = session;
    const watch = await watchPage(page);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto('/privacy');
      await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor();
      // The e2e server keeps files on its disk and writes mail to its outbox: the notice says so.
      await page
        .getByText('Nobody outside: emails are written to a folder on this server, not sent')
        .waitFor();
      await page.getByRole('cell', { name: '2 years' }).waitFor();
      await assertNoSideScroll(page, `/privacy at ${viewport.width}px`);
      await assertAccessible(page, `/privacy at ${viewport.width}px`);
    }
    await assertClean(watch);
  });
});
