/**
 * Supplier verification end to end (issue 26 §2): a supplier submits its evidence on the Verification
 * tab; a reviewer made staff by `admin:create-staff` (the command, on this run's own data directory,
 * before its server starts: the role has no other door) approves it in the back office, the document
 * open in place; the owner's Find Provider card then shows "Documents checked" with what was checked and
 * until when. axe on the back office; screenshots at 1280 and 390 px when SHOTS_VERIFICATION is set.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BROWSER_TEST_SERVER_ENV, root, startBuiltApp } from '../../../scripts/lib/built-app.mjs';

const STAFF_EMAIL = `reviewer-${Date.now()}@propertydna.test`;
const STAFF_PASSWORD = 'Reviewer-password-2026';

/** Runs the built admin:create-staff command on `dataDir`, the password on standard input. */
async function createStaff(dataDir) {
  const child = spawn(
    process.execPath,
    [path.join(root, 'apps/api/dist/create-staff-cli.js'), STAFF_EMAIL, '--password-stdin'],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.stdin.end(`${STAFF_PASSWORD}\n`);
  const code = await new Promise((resolve) => child.once('exit', resolve));
  assert.equal(code, 0, output);
  assert.match(output, /created staff account/);
}

// This file runs its own server: the staff account must exist before it starts (PGlite has one writer).
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'propertydna-verification-'));
await createStaff(dataDir);
const server = await startBuiltApp({ dataDir, env: BROWSER_TEST_SERVER_ENV });
process.env.BASE_URL = server.baseUrl;
process.env.DATA_DIR = dataDir;
const {
  api,
  assertAccessible,
  describeViolations,
  newAccount,
  newContext,
  openSupplierSection,
  pdfBytes,
  screenshots,
  signIn,
  toast,
  useBrowser,
} = await import('./browser.mjs');

const shot = screenshots('SHOTS_VERIFICATION');
const EXPIRY = '2027-03-31';

describe('supplier verification', () => {
  const session = useBrowser();
  const browser = () => session.browser;
  after(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  let supplier;
  before(async () => {
    supplier = await newAccount({
      label: 'verified-roofer',
      userType: 'supplier',
      company: 'Karoo Checked Roofing (Pty) Ltd',
      registrationNumber: '2019/123456/07',
      specialties: 'Roofing',
      businessAddress: '12 Bree Street, Cape Town',
    });
  });

  it('a supplier submits evidence, staff approve it in the back office, the owner sees Documents checked', async () => {
    // The supplier: company registration, then the insurance certificate with its expiry.
    const supplierContext = await newContext(browser());
    await signIn(supplierContext, supplier.token);
    const page = await supplierContext.newPage();
    await page.goto('/supplier');
    await openSupplierSection(page, 'Verification');
    await page.getByTestId('verification-level').getByText('Self-declared').waitFor();
    for (const [kind, file, expiry] of [
      ['Company registration document', 'CIPC certificate', null],
      ['Liability insurance certificate', 'Certificate of insurance', EXPIRY],
    ]) {
      await page
        .getByLabel(/^What it is/)
        .first()
        .click();
      await page.getByRole('option', { name: kind }).click();
      if (expiry) await page.getByLabel(/^Expiry date/).fill(expiry);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload and submit for review' }).click();
      await (await chooser).setFiles({
        name: `${file}.pdf`,
        mimeType: 'application/pdf',
        buffer: pdfBytes(file),
      });
      await toast(page, 'Submitted for review').waitFor();
      await page.getByRole('table', { name: 'Your submissions' }).getByText(`${file}.pdf`).waitFor();
    }
    assert.equal((await page.getByText('Pending review', { exact: true }).count()) >= 2, true);
    await shot(page, 'supplier-verification-1280');

    // The reviewer logs in with the staff account the command made (the session cookie opens the
    // document in place, as for any signed-in reader).
    const staffContext = await newContext(browser());
    const office = await staffContext.newPage();
    await office.goto('/login');
    await office.getByLabel('Email', { exact: true }).fill(STAFF_EMAIL);
    await office.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
    await office.getByRole('button', { name: 'Log in', exact: true }).click();
    await office.getByText('Welcome back!').waitFor();
    await office.getByRole('button', { name: /account menu/ }).click();
    await office.getByRole('menuitem', { name: 'Back office' }).click();
    await office.getByRole('heading', { level: 1, name: 'Back office' }).waitFor();
    const submissions = office.getByRole('list', { name: 'Submissions' });
    for (const what of ['Company registration document', 'Liability insurance certificate']) {
      await submissions.getByRole('button', { name: new RegExp(`Karoo Checked Roofing.*${what}`) }).click();
      const detail = office.getByRole('region', { name: new RegExp(`^${what}`) });
      // The document in place, through the staff-only route.
      const frame = detail.locator('iframe');
      await frame.waitFor();
      const src = await frame.getAttribute('src');
      assert.match(src, /^\/api\/backoffice\/evidence\/[0-9a-f-]+\/view$/);
      const file = await staffContext.request.get(src);
      assert.equal(file.status(), 200);
      assert.equal(file.headers()['content-type'], 'application/pdf');
      // The supplier (not staff) gets 403 for the same file.
      assert.equal((await api(src, { token: supplier.token })).status, 403);
      const approve = detail.getByRole('form', { name: 'Approve' });
      if (what.startsWith('Liability')) {
        // Valid until defaults to the certificate's expiry.
        assert.equal(await approve.getByLabel(/^Valid until/).inputValue(), EXPIRY);
        await assertAccessible(office, 'the back office with a submission open');
        await shot(office, 'backoffice-1280');
        await office.setViewportSize({ width: 390, height: 844 });
        await shot(office, 'backoffice-390');
        await office.setViewportSize({ width: 1280, height: 900 });
      }
      await approve.getByLabel(/^What you checked/).fill(`${what}: name and number match the profile`);
      await approve.getByRole('button', { name: 'Approve' }).click();
      await toast(office, 'Approved').waitFor();
    }
    await office.getByText('Nothing is waiting for review.').waitFor();
    await office.getByText('History', { exact: true }).click();
    await office
      .getByRole('list', { name: 'Submissions' })
      .getByText(/Liability insurance certificate/)
      .waitFor();

    // The supplier sees its level.
    await page.reload();
    await page.getByTestId('verification-level').getByText('Documents checked').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'supplier-verification-390');

    // The owner: Find Provider on a Cape Town property lists the supplier, checked, with what and until when.
    const ownerContext = await newContext(browser());
    const owner = await newAccount({ label: 'owner-finds', context: ownerContext });
    const property = await api('/api/properties', {
      token: owner.token,
      body: {
        name: 'Bree Street flat',
        address: '4 Bree Street, Cape Town',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: `ERF-${Date.now()}`,
      },
    });
    assert.equal(property.status, 201, JSON.stringify(property.body));
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(`/properties/${property.body.id}`);
    await ownerPage.getByRole('tab', { name: 'Escalation' }).click();
    await ownerPage.getByRole('button', { name: 'Find Provider' }).click();
    const card = ownerPage.getByRole('listitem', { name: 'Karoo Checked Roofing (Pty) Ltd' });
    await card.getByTestId('verification-level').getByText('Documents checked').waitFor();
    await card.getByText('Liability insurance current until Mar 31, 2027').waitFor();
    const checked = card.getByRole('list', { name: 'What was checked for Karoo Checked Roofing (Pty) Ltd' });
    await checked
      .getByText(/^Liability insurance certificate · checked .* · valid until Mar 31, 2027$/)
      .waitFor();
    await checked.getByText(/^Company registration document · checked .* · no end date$/).waitFor();
    await shot(ownerPage, 'find-provider-1280');
    await ownerPage.setViewportSize({ width: 390, height: 844 });
    await shot(ownerPage, 'find-provider-390');
    assert.ok(describeViolations);

    // The supplier then changes its company name: nobody checked the new one, so the checks are outdated,
    // the level drops and the Verification tab says to submit again.
    const renamed = await api('/api/supplier/profile', {
      token: supplier.token,
      method: 'PUT',
      body: {
        company_name: 'Someone Else Roofing (Pty) Ltd',
        registration_number: '2019/123456/07',
        specialties: 'Roofing',
      },
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await page.getByTestId('verification-level').getByText('Self-declared').waitFor();
    await page
      .getByText('Your company details changed since they were checked: submit again')
      .first()
      .waitFor();
    await assertAccessible(page, 'the Verification tab with outdated checks');
    await shot(page, 'supplier-outdated-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'supplier-outdated-390');
  });

  it('answers 403 to a non-staff account on the back office, and shows it nothing', async () => {
    const answer = await api('/api/backoffice/evidence', { token: supplier.token });
    assert.equal(answer.status, 403);
    const context = await newContext(browser());
    await signIn(context, supplier.token);
    const page = await context.newPage();
    await page.goto('/backoffice');
    await page.getByText('The back office is for PropertyDNA staff.').waitFor();
  });
});
