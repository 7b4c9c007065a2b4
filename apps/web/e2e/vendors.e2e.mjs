/**
 * Vendors and upload invites (issue 15): an owner invites a service provider from the property's Vendors
 * tab; the provider — a fresh browser with no account, on a phone — opens the link from the e-mail in
 * the outbox and uploads a certificate; the owner sees it in the vault as uploaded by that provider and
 * under the provider on the Vendors tab. Revoking ends the link (the page says so). The Vendors page
 * lists the provider. Find Provider (issue 32 §6) on the Cape Town property: no solar provider in Cape
 * Town, so it says so and shows the Western Cape's (a Stellenbosch supplier, with the contact details it
 * published), the owner's own vendor first, marked as theirs. axe at 1280×900 and 390×844, no sideways
 * scroll on the phone.
 * VENDORS_SCREENSHOTS=<dir> keeps screenshots of the tab, the invite dialog, the upload page and /vendors.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, describe, it } from 'node:test';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  mailsTo,
  newAccount,
  newContext,
  pdfBytes,
  screenshots,
  signIn,
  toast,
  uniqueEmail,
  uploadDocument,
  useBrowser,
  VIEWPORTS,
  waitUntil,
  watchPage,
} from './browser.mjs';

const save = screenshots('VENDORS_SCREENSHOTS');
const [DESKTOP, PHONE] = VIEWPORTS;
const PROPERTY_NAME = 'Rondebosch Cottage';
const ADDRESS = '22 Belmont Road, Rondebosch, Cape Town, 7700';
const VENDOR = 'Sipho Dlamini';
const COMPANY = 'Sparks Electrical';
const FILE = 'electrical-coc-2026.pdf';
const NOT_VALID = 'This upload link is not valid any more. Ask the property owner for a new one.';

/** The invite link of the latest mail to `to` (the same one in the text and the HTML). */
async function inviteLink(to) {
  const mail = await waitUntil(
    async () =>
      (
        await mailsTo(
          to,
          `Thandiwe Mokoena asks you to upload certificates and inspection reports for ${ADDRESS}`,
        )
      ).at(-1),
    { what: `the invite mail to ${to}` },
  );
  const links = [
    ...new Set(`${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+\/invite\/[A-Za-z0-9_-]+/g)),
  ];
  assert.equal(links.length, 1, `one invite link in the mail: ${links.join(', ')}`);
  return links[0];
}

describe('vendors and upload invites', () => {
  const session = useBrowser();
  let owner;
  let propertyId;
  const vendorEmail = uniqueEmail('sipho');

  before(async () => {
    owner = await newAccount({ label: 'vendors' });
    const created = await api('/api/properties', {
      token: owner.token,
      body: {
        name: PROPERTY_NAME,
        address: ADDRESS,
        property_type: 'residential',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: `ERF${randomBytes(2).toString('hex')}`,
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    propertyId = created.body.id;
    // The owner's own document: the provider's page must never show it.
    await uploadDocument(owner.token, propertyId, pdfBytes('Title deed'), {
      kind: 'deed',
      name: 'Secret title deed.pdf',
    });
  });

  it('the owner invites a provider; the provider uploads a certificate from the e-mailed link on a phone; the owner sees it uploaded by them', async () => {
    const { browser, page, context } = session;
    await signIn(context, owner.token);
    const watch = await watchPage(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole('tab', { name: 'Vendors' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Vendors' });
    await panel.getByText('No vendors yet').waitFor();
    await assertAccessible(page, 'Vendors tab, empty');

    await panel.getByRole('button', { name: 'Invite Service Provider' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Invite Service Provider' });
    await dialog.waitFor();
    // Spec §5: name, email and property required (the property is this one).
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Email is required').waitFor();
    await dialog.getByLabel(/^Name/).fill(VENDOR);
    await dialog.getByLabel(/^Email/).fill(vendorEmail);
    await dialog.getByLabel('Company (Optional)').fill(COMPANY);
    assert.equal(await dialog.getByRole('checkbox', { name: 'Certificate' }).isChecked(), true);
    assert.equal(await dialog.getByRole('checkbox', { name: 'Inspection' }).isChecked(), true);
    await assertAccessible(page, 'Invite Service Provider dialog');
    await save(page, 'invite-dialog');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await toast(page, 'Invite sent').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const row = panel.getByRole('listitem', { name: VENDOR });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('Certificate Upload').waitFor();
    await row.getByText(/^May upload certificates and inspection reports until /).waitFor();
    assert.equal(
      await row.getByRole('link', { name: `Email ${VENDOR}` }).getAttribute('href'),
      `mailto:${vendorEmail}`,
    );
    await save(page, 'vendors-tab');

    // The provider: no account, a phone, the link from the mail.
    const link = await inviteLink(vendorEmail);
    const vendorContext = await newContext(browser, { viewport: PHONE, hasTouch: true, isMobile: true });
    try {
      const phone = await vendorContext.newPage();
      const phoneWatch = await watchPage(phone);
      await phone.goto(link);
      await phone.getByRole('heading', { level: 1, name: `Hi ${VENDOR}` }).waitFor();
      assert.equal(await phone.title(), 'Upload documents · PropertyDNA');
      await phone.getByText(ADDRESS, { exact: false }).first().waitFor();
      await phone.getByRole('heading', { name: 'Uploaded' }).waitFor();
      assert.equal(await phone.getByText('Secret title deed').count(), 0);
      assert.equal((await phone.content()).includes('Secret title deed'), false);
      await assertAccessible(phone, 'invite page');
      await assertNoSideScroll(phone, 'invite page');

      await phone.locator('#invite-files').setInputFiles({
        name: FILE,
        mimeType: 'application/pdf',
        buffer: pdfBytes('Certificate of Compliance'),
      });
      const card = phone.getByRole('group', { name: FILE });
      await card.getByLabel('Document type').selectOption('certificate');
      await card.getByRole('combobox', { name: /Certificate type/ }).click();
      await phone.getByRole('option', { name: /^Electrical Certificate of Compliance/ }).click();
      await assertAccessible(phone, 'invite page, file chosen');
      await assertNoSideScroll(phone, 'invite page, file chosen');
      await save(phone, 'invite-page-chosen');
      await phone.getByRole('button', { name: 'Upload 1 file' }).click();
      const uploaded = phone.getByRole('region', { name: 'Uploaded' });
      await uploaded.getByText(FILE, { exact: true }).waitFor();
      await save(phone, 'invite-page-uploaded');
      await assertClean(phoneWatch);
    } finally {
      await vendorContext.close();
    }

    // The owner: in the vault, uploaded by the provider (self-declared: nobody checked them); under the
    // provider on the tab.
    await page.reload();
    await page.getByRole('tab', { name: 'Vendors' }).click();
    await panel.getByRole('listitem', { name: VENDOR }).getByText(FILE).waitFor();
    const documents = await api(`/api/properties/${propertyId}/documents`, { token: owner.token });
    assert.deepEqual(
      documents.body.map((d) => [d.name, d.source, d.badge, d.provenance.issuer_name]),
      [
        [FILE, 'vendor_upload', 'Self-declared', `${VENDOR}, ${COMPANY}`],
        ['Secret title deed.pdf', 'owner_upload', 'Self-declared', null],
      ],
    );
    await page.goto('/vault');
    await page
      .getByText(`Uploaded by an invited vendor · ${VENDOR}, ${COMPANY} · Self-declared`)
      .first()
      .waitFor();
    await assertClean(watch);
  });

  it('Revoke ends the link: the provider page says it is not valid any more', async () => {
    const { browser, page, context } = session;
    await signIn(context, owner.token);
    const watch = await watchPage(page);
    await page.setViewportSize(PHONE);
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole('tab', { name: 'Vendors' }).click();
    const row = page.getByRole('tabpanel', { name: 'Vendors' }).getByRole('listitem', { name: VENDOR });
    await row.getByText('Active', { exact: true }).waitFor();
    await assertAccessible(page, 'Vendors tab on a phone');
    await assertNoSideScroll(page, 'Vendors tab on a phone');
    await row.getByRole('button', { name: `Revoke ${VENDOR}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked', { exact: true }).waitFor();

    const link = await inviteLink(vendorEmail);
    const vendorContext = await newContext(browser, { viewport: PHONE });
    try {
      const phone = await vendorContext.newPage();
      await phone.goto(link);
      await phone.getByRole('heading', { name: NOT_VALID }).waitFor();
      await assertAccessible(phone, 'revoked invite page');
    } finally {
      await vendorContext.close();
    }
    await assertClean(watch);
  });

  it('the Vendors page lists the provider with its property; keyboard and axe on desktop and phone', async () => {
    const { page, context } = session;
    await signIn(context, owner.token);
    const watch = await watchPage(page);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto('/vendors');
      await page.getByRole('heading', { level: 1, name: 'Vendors' }).waitFor();
      const card = page.getByRole('article', { name: VENDOR });
      await card.getByText(COMPANY).waitFor();
      await card.getByText(PROPERTY_NAME).waitFor();
      await card.getByText('1 document').waitFor();
      await assertAccessible(page, `/vendors at ${viewport.width}`);
      await assertNoSideScroll(page, `/vendors at ${viewport.width}`);
      await save(page, `vendors-page-${viewport.width}`);
    }
    assert.equal(await page.title(), 'Vendors · PropertyDNA');
    await assertClean(watch);
  });

  it('Find Provider falls back to the province and shows the own vendor first, at 1280 and 390 px', async () => {
    const { page, context } = session;
    // The owner's vendor does solar too; a solar supplier in Stellenbosch publishes its contact details.
    const vendors = await api('/api/vendors', { token: owner.token });
    const sipho = vendors.body.find((vendor) => vendor.name === VENDOR);
    const patched = await api(`/api/vendors/${sipho.id}`, {
      token: owner.token,
      method: 'PATCH',
      body: { specialties: ['Electrical', 'Solar'] },
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    const winelands = await newAccount({
      label: 'winelands-solar',
      userType: 'supplier',
      company: 'Winelands Solar (Pty) Ltd',
      registrationNumber: '2018/654321/07',
      specialties: 'Solar',
      businessAddress: '14 Dorp Street, Stellenbosch, 7600',
    });
    const profile = await api('/api/supplier/profile', {
      token: winelands.token,
      method: 'PUT',
      body: {
        company_name: 'Winelands Solar (Pty) Ltd',
        registration_number: '2018/654321/07',
        specialties: 'Solar',
        email: 'info@winelandssolar.example',
        phone: '021 555 0177',
      },
    });
    assert.equal(profile.status, 200, JSON.stringify(profile.body));

    await signIn(context, owner.token);
    const watch = await watchPage(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole('tab', { name: 'Escalation' }).click();
    await page.getByRole('button', { name: 'Find Provider' }).click();
    const section = page.getByRole('region', { name: 'Find Provider' });
    await section.getByLabel(/^Specialty/).fill('Solar');
    await section.getByRole('button', { name: 'Search' }).click();
    await section
      .getByText('No Solar providers in City of Cape Town; showing providers in Western Cape')
      .waitFor();
    const results = section.getByRole('list', { name: 'Providers' }).locator(':scope > li');
    await results.nth(1).waitFor();
    assert.equal(await results.count(), 2);
    const own = results.nth(0);
    assert.equal(await own.getAttribute('data-testid'), 'own-vendor');
    await own.getByRole('heading', { name: VENDOR }).waitFor();
    await own.getByText('Your vendor', { exact: true }).waitFor();
    const provider = results.nth(1);
    await provider.getByRole('heading', { name: 'Winelands Solar (Pty) Ltd' }).waitFor();
    await provider.getByText('Stellenbosch').waitFor();
    assert.equal(
      await provider.getByRole('link', { name: 'Email Winelands Solar (Pty) Ltd' }).getAttribute('href'),
      'mailto:info@winelandssolar.example',
    );
    assert.equal(
      await provider.getByRole('link', { name: 'Call Winelands Solar (Pty) Ltd' }).getAttribute('href'),
      'tel:+27215550177',
    );
    await assertAccessible(page, 'Find Provider, widened to the province');
    await save(page, 'find-provider-province-1280');
    await page.setViewportSize(PHONE);
    await own.getByText('Your vendor', { exact: true }).waitFor();
    await assertAccessible(page, 'Find Provider on a phone');
    await assertNoSideScroll(page, 'Find Provider on a phone');
    await save(page, 'find-provider-province-390');
    await assertClean(watch);
  });
});
