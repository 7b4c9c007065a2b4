import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  api,
  assertClean,
  BASE_URL,
  newAccount,
  pdfBytes,
  pngBytes,
  toast,
  useBrowser,
  watchPage,
} from './browser.mjs';

const SHARE_PASSWORD = 'fynbos-42';
const ADDRESS = '7 Protea Lane, Newlands, Cape Town, 7700';

function documentRow(page, name) {
  return page
    .getByRole('table', { name: 'Property documents' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
}

describe('add-property uploads and vault sharing', () => {
  const session = useBrowser({ clipboard: true });
  let dir;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'propertydna-property-uploads-e2e-'));
  });
  after(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('uploads the title deed and proof of residence with a new property, then shares one with a password', async () => {
    const { context, page } = session;
    // A fresh homeowner (Free plan: room for one property), signed in.
    const { token } = await newAccount({
      label: 'uploads',
      context,
      firstName: 'Lindiwe',
      lastName: 'Dlamini',
    });
    const watch = await watchPage(page);

    const run = randomBytes(3).toString('hex');
    const deed = { name: `title-deed-${run}.pdf`, bytes: pdfBytes('Title deed T1234/2019') };
    const huge = { name: `municipal-bill-large-${run}.png`, bytes: pngBytes(11 * 1024 * 1024) };
    const proof = { name: `municipal-bill-${run}.png`, bytes: pngBytes() };
    for (const file of [deed, huge, proof]) {
      file.path = path.join(dir, file.name);
      await writeFile(file.path, file.bytes);
    }
    assert.equal(deed.bytes.subarray(0, 8).toString('latin1'), '%PDF-1.7');
    assert.equal(huge.bytes.length, 11 * 1024 * 1024);

    await page.goto('/properties/new');
    await page.getByRole('heading', { level: 1, name: 'Add New Property' }).waitFor();
    await page.locator('#add-property-erfNumber').fill('ERF 5521');
    await page.locator('#add-property-township').fill('Newlands');
    await page.locator('#add-property-municipality').fill('City of Cape Town');
    await page.getByRole('option', { name: 'City of Cape Town (CPT)' }).click();
    await page.locator('#add-property-address').fill(ADDRESS);
    const deedInput = page.getByLabel('Title deed (Optional)');
    const proofInput = page.getByLabel('Proof of residence (Optional)');
    await deedInput.setInputFiles(deed.path);
    await proofInput.setInputFiles(huge.path);
    await page.getByText('File is larger than 10 MB', { exact: true }).waitFor();
    assert.equal(await proofInput.getAttribute('aria-invalid'), 'true');

    // Refused in the browser: submitting sends nothing.
    await page.getByRole('button', { name: 'Create Property' }).click();
    assert.equal(new URL(page.url()).pathname, '/properties/new');
    await proofInput.setInputFiles(proof.path);
    await page.getByText('File is larger than 10 MB', { exact: true }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Create Property' }).click();
    await page.waitForURL(/\/properties\/[0-9a-f-]{36}$/);
    const propertyId = new URL(page.url()).pathname.split('/').pop();
    await page.getByRole('heading', { level: 1, name: ADDRESS }).waitFor();
    // Toasts come one at a time and pause under the pointer: move it away so the queue goes on.
    await page.mouse.move(0, 0);
    await toast(page, 'Document uploaded').waitFor();

    await page.getByRole('tab', { name: 'Vault' }).click();
    for (const [file, kind] of [
      [deed, 'Deed'],
      [proof, 'Other'],
    ]) {
      const row = documentRow(page, file.name);
      await row.waitFor();
      // Not the row's checkbox (select several), which has no text.
      const cells = await row.locator('td:not([data-label="Select"])').allTextContents();
      assert.deepEqual(cells.slice(0, 2), [file.name, kind]);
    }
    const documents = await api(
      `/trpc/documents.byProperty?input=${encodeURIComponent(JSON.stringify({ propertyId }))}`,
      {
        token,
      },
    );
    assert.equal(documents.status, 200);
    const listed = documents.body.result.data;
    assert.equal(listed.length, 2);
    const deedDocument = listed.find((document) => document.name === deed.name);
    const proofDocument = listed.find((document) => document.name === proof.name);
    assert.equal(deedDocument.kind, 'deed');
    assert.equal(deedDocument.bytes, deed.bytes.length);
    assert.equal(proofDocument.kind, 'other');
    assert.deepEqual(proofDocument.metadata, { purpose: 'proof_of_residence' });

    // Share the deed with a password from its row.
    await documentRow(page, deed.name)
      .getByRole('button', { name: `Share ${deed.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Share document' });
    await dialog.getByRole('checkbox', { name: 'Password protect' }).check();
    await dialog.locator('input[type="password"]').fill(SHARE_PASSWORD);
    assert.equal(await dialog.getByLabel('Expires after (days)').inputValue(), '30');
    await dialog.getByRole('button', { name: 'Generate Share Link' }).click();
    await toast(page, 'Share link copied').waitFor();
    const link = await dialog.getByLabel('Share link').inputValue();
    const match = link.match(/^(.+)\/share\/([^/?#]+)$/);
    assert.ok(match, `a share link (${link})`);
    assert.equal(match[1], new URL(BASE_URL).origin);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    const shareToken = decodeURIComponent(match[2]);

    const locked = await api(`/api/share/${encodeURIComponent(shareToken)}`);
    assert.equal(locked.status, 401);
    const unlocked = await api(`/api/share/${encodeURIComponent(shareToken)}/unlock`, {
      body: { password: SHARE_PASSWORD },
    });
    assert.equal(unlocked.status, 200);
    const cookie = unlocked.cookies.map((value) => value.split(';')[0]).join('; ');
    assert.ok(cookie, 'the unlock sets a cookie');
    const view = await api(`/api/share/${encodeURIComponent(shareToken)}`, { cookie });
    assert.equal(view.status, 200);
    assert.deepEqual(
      view.body.documents.map((document) => document.name),
      [deed.name],
    );

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The owner sees the link under Share links, and its access log: the unlock and the view.
    const links = page.getByRole('table', { name: 'Share links' });
    await links.getByText('active', { exact: true }).waitFor();
    await links.getByRole('button', { name: 'Access log' }).click();
    const log = page.getByRole('dialog', { name: 'Access log' });
    await log.getByRole('row').filter({ hasText: 'Unlocked' }).getByText('Anonymous').waitFor();
    await log.getByRole('row').filter({ hasText: 'Viewed' }).first().waitFor();
    await page.keyboard.press('Escape');
    await log.waitFor({ state: 'hidden' });
    await assertClean(watch);
  });
});
