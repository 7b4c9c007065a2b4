/**
 * The product's core loop in one go (issue 7): a supplier records its insurance, creates a job,
 * uploads a document, fills the Roofing Service Report and shares the job behind a password; an
 * anonymous visitor fails once, unlocks, downloads; the visitor logs in as the owner demo from the share
 * page, comes back to it, adopts into a new property and sees the documents with the same badge in its vault;
 * /verify recognises the downloaded file; the supplier reads the link's access log.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import {
  api,
  assertClean,
  BASE_URL,
  demoToken,
  newContext,
  openSupplierSection,
  pdfBytes,
  sha256,
  toast,
  uniqueEmail,
  useBrowser,
  watchPage,
} from './browser.mjs';

const SHARE_PASSWORD = 'ridge-tile-42';

async function unlock(page, password) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Unlock' }).click();
}

/** Chooses files through a Mantine FileButton (a hidden input behind a button). */
async function chooseFile(page, button, file) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
}

describe('core loop: supplier issues, owner receives and adopts', () => {
  const session = useBrowser({ clipboard: true, contextOptions: { acceptDownloads: true } });

  it('runs from the supplier console to the owner vault and /verify', async () => {
    const { browser, page } = session;
    const supplierWatch = await watchPage(page);
    const address = `${randomBytes(2).readUInt16BE()} Kloof Street, Gardens, Cape Town`;
    const photoSheet = {
      name: `Ridge photos ${randomBytes(3).toString('hex')}.pdf`,
      mimeType: 'application/pdf',
      buffer: pdfBytes('Ridge tile photo sheet'),
    };

    // The supplier demo: typed insurance first (self-declared: owners never see it as current).
    await page.goto('/login');
    await page.getByRole('button', { name: 'Access Demo Accounts' }).click();
    await page.getByRole('button', { name: /^Supplier demo/ }).click();
    await page.waitForURL('**/supplier');
    await openSupplierSection(page, 'Insurance');
    const insurance = page.getByRole('form', { name: 'Liability insurance' });
    await insurance.getByLabel(/^Insurer/).fill('');
    await insurance.getByRole('button', { name: 'Save insurance' }).click();
    await insurance.getByText('Insurer is required', { exact: true }).waitFor();
    await insurance.getByLabel(/^Insurer/).fill('Santam');
    await insurance.getByLabel(/^Policy number/).fill('LIA-2291');
    await insurance.getByLabel(/^Expiry date/).fill('2030-01-31');
    await insurance.getByRole('button', { name: 'Save insurance' }).click();
    await toast(page, 'Insurance updated').waitFor();
    await page.getByText('Self-declared cover until Jan 31, 2030', { exact: true }).waitFor();
    const certificate = {
      name: 'Liability certificate.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBytes('Cover'),
    };
    await chooseFile(page, page.getByRole('button', { name: /^(Upload|Replace) certificate$/ }), certificate);
    await toast(page, 'Insurance updated').waitFor();
    await page.getByRole('link', { name: 'View Liability certificate.pdf' }).waitFor();

    // A job, with the spec's messages for what is missing.
    await openSupplierSection(page, 'Jobs');
    const jobForm = page.getByRole('form', { name: 'Create Job' });
    await jobForm.getByRole('button', { name: 'Create Job' }).click();
    await page.getByText('Property address is required', { exact: true }).waitFor();
    await page.getByText('Client name is required', { exact: true }).waitFor();
    await page.getByText('Description is required', { exact: true }).waitFor();
    await jobForm.getByLabel('Property address').fill(address);
    await jobForm.getByLabel('Client name').fill('Thandi Mokoena');
    await jobForm.getByLabel('Description').fill('Re-bed and re-point the ridge tiles');
    await jobForm.getByRole('button', { name: 'Create Job' }).click();
    await toast(page, 'Job created').waitFor();
    // Creating a job opens it.
    await page.waitForURL('**/supplier/jobs/*');
    const jobHeading = page.getByRole('heading', { level: 1, name: /^JOB-/ });
    const jobRef = (await jobHeading.textContent())?.trim() ?? '';
    assert.match(jobRef, /^JOB-[0-9A-Z]+-[0-9A-Z]{4}$/);
    await page.getByText(address, { exact: true }).first().waitFor();
    await page.getByText('No documents yet').waitFor();

    // Upload a document to the job: issued by the supplier, self-declared (nobody has checked it yet).
    await page.locator('#job-upload-files').setInputFiles(photoSheet);
    await toast(page, 'Document uploaded').waitFor();
    const jobDocuments = page.getByRole('table', { name: 'Job documents' });
    const photoRow = jobDocuments.getByRole('row').filter({ hasText: photoSheet.name });
    await photoRow.getByText('Self-declared', { exact: true }).waitFor();

    // Fill the Roofing Service Report.
    const report = page.getByRole('form', { name: 'Fill report' });
    assert.equal(await report.getByLabel(/^Job reference/).inputValue(), jobRef);
    await report.getByRole('button', { name: 'Generate report' }).click();
    await report.getByText('Inspection date is required', { exact: true }).waitFor();
    await report.getByLabel(/^Inspection date/).fill('2026-11-20');
    await report.getByLabel(/^Roof type/).selectOption('Concrete tile');
    await report.getByLabel(/^Roof condition/).selectOption('Fair');
    await report
      .getByLabel('Work performed')
      .fill('Re-bedded 14 ridge tiles and sealed the valley flashing.');
    await report.getByRole('button', { name: 'Generate report' }).click();
    const reportRow = jobDocuments.getByRole('row').filter({ hasText: 'Roofing Service Report' });
    await reportRow.getByText('Self-declared', { exact: true }).waitFor();

    // Share the job behind a password: the link is copied.
    await page.getByRole('button', { name: 'Share job' }).click();
    const shareModal = page.getByRole('dialog', { name: 'Share job' });
    await shareModal.getByLabel('Password protect').check();
    await shareModal.getByLabel(/^Password\s*\*?$/).fill(SHARE_PASSWORD);
    await shareModal.getByRole('button', { name: 'Generate Share Link' }).click();
    await toast(page, 'Share link copied').waitFor();
    const link = await shareModal.getByLabel('Share link').inputValue();
    assert.ok(link.startsWith(`${new URL(BASE_URL).origin}/share/`), link);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    await shareModal.getByRole('button', { name: 'Close', exact: true }).click();
    await assertClean(supplierWatch);

    // An anonymous visitor in another browser context: the gate, one wrong password, then in.
    let ownerName = '';
    const visitor = await newContext(browser, { acceptDownloads: true });
    try {
      const guest = await visitor.newPage();
      const guestWatch = await watchPage(guest);
      await guest.goto(link);
      await guest.getByRole('heading', { name: 'This link is protected by a password' }).waitFor();
      await unlock(guest, 'not-the-password');
      await toast(guest, 'Invalid password').waitFor();
      await toast(guest, 'The password you entered is incorrect.').waitFor();
      await unlock(guest, SHARE_PASSWORD);
      await toast(guest, 'Access granted').waitFor();
      await guest.getByText(jobRef, { exact: true }).waitFor();
      // Typed insurance is self-declared: the share page names the level and calls nothing current.
      await guest.getByTestId('verification-level').getByText('Self-declared').waitFor();
      if ((await guest.getByText(/insurance current until/).count()) !== 0) {
        throw new Error('typed insurance shown as current on the share page');
      }
      const shared = guest.getByRole('table', { name: 'Shared documents' });
      const sharedPhoto = shared
        .getByRole('row')
        .filter({ has: guest.getByRole('cell', { name: photoSheet.name, exact: true }) });
      await sharedPhoto.getByText('Self-declared', { exact: true }).waitFor();
      assert.equal(await shared.getByRole('row').filter({ hasText: 'Roofing Service Report' }).count(), 1);
      assert.equal(await guest.getByRole('button', { name: 'Adopt to Property' }).count(), 0);

      const [download] = await Promise.all([
        guest.waitForEvent('download'),
        sharedPhoto.getByRole('button', { name: `Download ${photoSheet.name}` }).click(),
      ]);
      await toast(guest, 'Download started').waitFor();
      assert.equal(download.suggestedFilename(), photoSheet.name);
      const downloaded = await readFile(await download.path());
      assert.equal(sha256(downloaded), sha256(photoSheet.buffer));

      // Login from the share page returns to the share; the owner adopts into a new property.
      await guest.getByRole('link', { name: 'Login' }).click();
      await guest.waitForURL('**/login?redirect=*');
      await guest.getByRole('button', { name: 'Access Demo Accounts' }).click();
      await guest.getByRole('button', { name: /^Property owner demo/ }).click();
      await guest.waitForURL(`**/share/${link.slice(link.lastIndexOf('/') + 1)}`);
      await guest.getByRole('button', { name: 'Adopt to Property' }).click();
      const adopt = guest.getByRole('dialog', { name: 'Adopt to Property' });
      await adopt.getByLabel('Property', { exact: true }).click();
      await guest.getByRole('option', { name: 'Create New Property' }).click();
      await adopt.getByRole('button', { name: 'Adopt Documents' }).click();
      await adopt.getByText('ERF/Portion/Stand number is required').waitFor();
      await adopt.getByLabel('ERF/Portion/Stand number').fill(`ERF${Date.now() % 100000}`);
      await adopt.getByLabel('Township/Extension').fill('Gardens');
      // The municipality is chosen from the official list (searchable by name).
      await adopt.getByLabel('Municipality').fill('City of Cape Town');
      await guest.getByRole('option', { name: 'City of Cape Town (CPT)' }).click();
      await adopt.getByLabel('Property address').fill(address);
      await adopt.getByRole('button', { name: 'Adopt Documents' }).click();
      await toast(guest, 'Documents adopted').waitFor();
      await adopt.getByRole('link', { name: 'Open the property' }).click();
      await guest.waitForURL('**/properties/*');
      const propertyId = new URL(guest.url()).pathname.split('/').pop();
      const vault = guest.getByRole('table', { name: 'Property documents' });
      for (const name of [photoSheet.name, 'Roofing Service Report']) {
        await vault
          .getByRole('row')
          .filter({ hasText: name })
          .getByText('Self-declared', { exact: true })
          .waitFor();
      }

      // /verify recognises the downloaded file with the vault's words: the issuer, its level, the job; the
      // adopting property's DNA code only for a verified document.
      // The owner demo this visitor signed in to (each demo sign-in is a private demo of its own).
      const ownerToken = await guest.evaluate(() => localStorage.getItem('auth_token'));
      const property = await api(`/api/properties/${propertyId}`, { token: ownerToken });
      assert.equal(property.status, 200);
      const me = (await api('/api/auth/me', { token: ownerToken })).body.user;
      ownerName = `${me.firstName} ${me.lastName}`;
      await guest.goto('/verify');
      await guest.locator('input[type="file"]').setInputFiles({
        name: photoSheet.name,
        mimeType: 'application/pdf',
        buffer: downloaded,
      });
      await guest.getByText('Registered, self-declared').waitFor();
      await guest.getByText(jobRef, { exact: true }).waitFor();
      assert.equal(await guest.getByText(property.body.dnaCode, { exact: true }).count(), 0);
      // Text that is no hash, and a hash no document has.
      await guest.getByLabel('Or paste a SHA-256').fill('nope');
      await guest.getByRole('button', { name: 'Verify' }).click();
      await guest.getByText('SHA-256 must be 64 lower-case hexadecimal characters').waitFor();
      await guest.getByLabel('Or paste a SHA-256').fill('0'.repeat(64));
      await guest.getByRole('button', { name: 'Verify' }).click();
      await guest.getByText('Not verified — no document matches').waitFor();
      await assertClean(guestWatch, { allowStatus: [401] });
    } finally {
      await visitor.close();
    }

    // The supplier reads the link's access log: the wrong password, the unlock, the download, the adoption.
    await page.reload();
    const links = page.getByRole('table', { name: 'Share links' });
    await links.getByRole('button', { name: 'Access log' }).click();
    const log = page.getByRole('dialog', { name: 'Access log' });
    for (const event of ['Wrong password', 'Unlocked', 'Downloaded', 'Adopted']) {
      await log.getByText(event, { exact: true }).first().waitFor();
    }
    await log.getByRole('row').filter({ hasText: 'Downloaded' }).getByText(photoSheet.name).waitFor();
    await log.getByRole('row').filter({ hasText: 'Adopted' }).getByText(ownerName, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await log.waitFor({ state: 'hidden' });

    // Revoking the link ends it for everyone.
    await links.getByRole('button', { name: 'Revoke' }).click();
    await links.getByText('revoked', { exact: true }).waitFor();
    const token = decodeURIComponent(link.slice(link.lastIndexOf('/') + 1));
    const gone = await api(`/api/share/${encodeURIComponent(token)}`);
    assert.equal(gone.status, 404);
    assert.equal(gone.body.error, 'Share not found or expired.');
    await assertClean(supplierWatch);
  });

  it('signs a visitor up from an open share and brings them back to it once logged in', async () => {
    const { page } = session;
    const supplier = await demoToken('supplier');
    const [job] = (await api('/api/supplier/jobs', { token: supplier })).body;
    const created = await api(`/api/supplier/jobs/${job.id}/share`, {
      token: supplier,
      body: { password: null },
    });
    assert.equal(created.status, 201);
    const sharePath = `/share/${created.body.token}`;
    const watch = await watchPage(page);
    await page.goto(sharePath);
    await page.getByText(job.job_ref, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { name: 'Choose account type' }).waitFor();
    await page.getByRole('button', { name: /^Individual/ }).click();
    await page.getByRole('button', { name: /^Homeowner/ }).click();
    const email = uniqueEmail('from-share');
    await page.locator('#signup-firstName').fill('Ayanda');
    await page.locator('#signup-lastName').fill('Khumalo');
    await page.locator('#signup-email').fill(email);
    await page.locator('#signup-password').fill('Karoo-roof-2024');
    await page.locator('#signup-confirmPassword').fill('Karoo-roof-2024');
    await page.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Account created successfully!').waitFor();
    await page.waitForURL('**/login?redirect=*');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Karoo-roof-2024');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`**${sharePath}`);
    await page.getByRole('button', { name: 'Adopt to Property' }).waitFor();
    // A return path to another host is dropped: the login then goes home.
    await page.goto('/login?redirect=%2F%2Fevil.example%2F');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Karoo-roof-2024');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${BASE_URL}/app`);
    await assertClean(watch);
  });

  it("says 'Share not found or expired.' for an unknown link", async () => {
    const { page } = session;
    const watch = await watchPage(page);
    await page.goto('/share/unknown-token');
    await page.getByRole('heading', { name: 'Share not found or expired.' }).waitFor();
    await assertClean(watch, { allowStatus: 404 });
  });
});
