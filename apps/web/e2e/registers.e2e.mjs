/**
 * Entry formats on the forms (issue 26 §2): the supplier's Profile tab and the signup wizard show what
 * to type for a company registration number, a trade registration number, a VAT number and a phone
 * number, and keep the normalised form once saved. Axe and both screen sizes on the profile.
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

const save = screenshots('REGISTERS_SHOTS');
const REGISTRATION_MESSAGE = 'Enter the company registration number as YYYY/NNNNNN/NN, e.g. 2015/123456/07';
const TRADE_MESSAGE =
  'Enter the trade registration number as it appears on your registration certificate (letters, digits, / and -)';

describe('entry formats', () => {
  const session = useBrowser();

  it('the Profile tab shows each format message on its field, saves nothing, then stores the normalised numbers', async () => {
    const { context, page } = session;
    const supplier = await newAccount({
      label: 'formats',
      context,
      userType: 'supplier',
      company: 'Umhlanga Plumbing (Pty) Ltd',
      registrationNumber: '2016/444444/07',
      specialties: 'Plumbing, Geysers',
      businessAddress: '9 Lagoon Drive, Umhlanga',
    });
    const watch = await watchPage(page);
    await page.goto('/supplier?tab=profile');
    const form = page.getByRole('form', { name: 'Supplier profile' });
    const registration = form.getByLabel('Company registration number');
    await registration.waitFor();
    // The profile loads into the form: the number signed up with.
    await page.waitForFunction(
      (input) => input.value === '2016/444444/07',
      await registration.elementHandle(),
    );

    await registration.fill('1234');
    await form.getByLabel('Trade registration number').fill('#!');
    await form.getByLabel('Phone').fill('555');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await form.getByText(REGISTRATION_MESSAGE).waitFor();
    await form.getByText(TRADE_MESSAGE).waitFor();
    await form.getByText('Enter a valid phone number').waitFor();
    assert.equal(await registration.getAttribute('aria-invalid'), 'true');
    // Nothing was sent: the server still has the number the supplier signed up with.
    const stored = await api('/api/supplier/profile', { token: supplier.token });
    assert.equal(stored.body.registration_number, '2016/444444/07');
    await assertAccessible(page, 'profile with format messages');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await assertNoSideScroll(page, `profile (${viewport.name})`);
      await save(page, `profile-formats-${viewport.name}`);
    }
    await page.setViewportSize(VIEWPORTS[0]);

    await registration.fill(' 2016 / 444444 / 07 ');
    await form.getByLabel('Trade registration number').fill('pirb  55012');
    await form.getByLabel('Phone').fill('031 555 0101');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await toast(page, 'Profile updated').waitFor();
    // The form shows what was stored: compact, upper case, E.164.
    await page.waitForFunction(() => document.querySelector('input[type="tel"]')?.value === '+27315550101');
    assert.equal(await registration.inputValue(), '2016/444444/07');
    assert.equal(await form.getByLabel('Trade registration number').inputValue(), 'PIRB 55012');
    const saved = await api('/api/supplier/profile', { token: supplier.token });
    assert.equal(saved.body.trade_registration_number, 'PIRB 55012');
    assert.equal(saved.body.phone, '+27315550101');
    await save(page, 'profile-saved-desktop');
    await assertClean(watch);
  });

  it('the signup wizard shows the registration and VAT number formats on their fields', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    await page.goto('/signup');
    await page
      .getByRole('button', { name: /^Company/ })
      .first()
      .click();
    await page.getByRole('button', { name: /^Company Investor/ }).click();
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await page.locator('#signup-company').fill('Karoo Holdings');
    await page.locator('#signup-registrationNumber').fill('15/1234/7');
    await page.locator('#signup-vatNumber').fill('5123456789');
    await page.locator('#signup-companyType').selectOption({ index: 1 });
    await page.locator('#signup-firstName').fill('Thabo');
    await page.locator('#signup-lastName').fill('Nkosi');
    await page.locator('#signup-email').fill('thabo.formats@example.co.za');
    await page.locator('#signup-password').fill('Karoo-roof-2024');
    await page.locator('#signup-confirmPassword').fill('Karoo-roof-2024');
    await page.locator('#signup-agreeToTerms').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(REGISTRATION_MESSAGE).waitFor();
    await page.getByText('Enter the VAT number as 10 digits starting with 4, e.g. 4123456789').waitFor();
    await assertAccessible(page, 'signup with format messages');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.locator('#signup-registrationNumber').scrollIntoViewIfNeeded();
      await assertNoSideScroll(page, `signup (${viewport.name})`);
      await save(page, `signup-formats-${viewport.name}`);
    }
    await assertClean(watch);
  });
});
