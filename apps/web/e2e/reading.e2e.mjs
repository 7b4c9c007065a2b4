import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  assertNothingCut,
  newAccount,
  screenshots,
  toast,
  transitionsEnded,
  useBrowser,
  VIEWPORTS,
  vaultRow,
  waitUntil,
  watchPage,
} from './browser.mjs';

/**
 * Documents that read themselves (issue 27), in the browser: a photographed electrical certificate is
 * uploaded with nothing said about it, read on the server (OCR), its fields proposed beside the page
 * with their line outlined; Accept all, and the Policy Check's electrical CoC gap goes.
 *
 * The photo (fixtures/electrical-coc-photo-turned.jpg) was made once: a pdf-lib A4 page of the
 * certificate's text rendered by mupdf at 2.2× and saved by sharp as a JPEG (quality 80, a little
 * darker), then its pixels turned 90° clockwise with no EXIF orientation (a phone held sideways), like
 * apps/api/test/extraction.test.ts makes its own: the reading must find which way is up.
 */
const PHOTO = fileURLToPath(new URL('./fixtures/electrical-coc-photo-turned.jpg', import.meta.url));
const PROPERTY_NAME = 'Gardens Cottage';
const COC_LABEL = 'Electrical Certificate of Compliance';
/** OCR on a busy two-core machine: generous, and only ever waited for as a state. */
const READING_TIMEOUT = 240_000;
const save = screenshots('READING_SCREENSHOTS');

async function createProperty(token) {
  const created = await api('/api/properties', {
    token,
    body: {
      name: PROPERTY_NAME,
      // The certificate names 14 Kloof Street: the address read differs.
      address: '12 Kloof Street, Gardens, Cape Town, 8001',
      property_type: 'residential',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: `ERF${randomBytes(2).toString('hex')}`,
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.id;
}

/** A finding in order, in its context's list under 'In order' on the Policy Check tab. */
function findingCard(page, context, title) {
  return page
    .getByRole('list', { name: context, exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 5, name: title, exact: true }) });
}

/** An item of the Policy Check's 'What to do' list: one thing to do, however many contexts ask for it. */
function itemCard(page, title) {
  return page
    .getByRole('list', { name: 'What to do', exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 4, name: title, exact: true }) });
}

/** The row of a field in 'Read from the document'. */
const fieldRow = (dialog, label) =>
  dialog
    .getByRole('list', { name: 'Fields read' })
    .getByRole('listitem')
    .filter({ has: dialog.page().getByText(label, { exact: true }) });

describe('reading: a certificate photographed sideways read upright, confirmed, and the Policy Check follows', () => {
  const session = useBrowser();
  let dir;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'propertydna-reading-e2e-'));
  });
  after(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('proposes the fields beside the outlined page, and Accept all clears the electrical CoC gap', async () => {
    const { context, page } = session;
    const { token } = await newAccount({ label: 'reading', context });
    const propertyId = await createProperty(token);
    const watch = await watchPage(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // 1. A fresh property: no electrical CoC, a gap.
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole('heading', { level: 1, name: PROPERTY_NAME }).waitFor();
    await page.getByRole('tab', { name: 'Policy Check' }).click();
    await itemCard(page, `No ${COC_LABEL}`).getByText('Gap', { exact: true }).waitFor();

    // 2. Upload the photo as a certificate, saying nothing else about it.
    const name = `coc-photo-${randomBytes(3).toString('hex')}.jpg`;
    const file = path.join(dir, name);
    await copyFile(PHOTO, file);
    await page.getByRole('tab', { name: 'Vault' }).click();
    const upload = page.getByRole('region', { name: 'Upload documents' });
    await upload.getByLabel('Type', { exact: true }).selectOption('certificate');
    await page.locator('#vault-tab-upload-files').setInputFiles(file);
    await toast(page, 'Document uploaded').waitFor();
    const row = upload.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: name });
    // Read on the server: 'Reading…' (unless it was already done), then what waits for the owner.
    await row.getByText(/^(Reading…|Read: \d+ fields? to confirm)$/).waitFor({ timeout: 30_000 });
    await row.getByText(/^Read: \d+ fields? to confirm$/).waitFor({ timeout: READING_TIMEOUT });

    // 3. The vault row offers the fields to confirm; they open beside the page.
    const documents = page.getByRole('table', { name: 'Property documents' });
    const toConfirm = documents.getByRole('button', { name: `Fields to confirm in ${name}` });
    await toConfirm.waitFor();
    await assertAccessible(page, 'Vault with a reading done, desktop');
    await save(page, 'vault-read-desktop');
    const phone = VIEWPORTS.find((viewport) => viewport.name === 'phone');
    await page.setViewportSize({ width: phone.width, height: phone.height });
    // On a phone the document is a compact row: the fields to confirm show once it is opened.
    await (await vaultRow(page, 'Property documents', name, { open: true }))
      .getByRole('button', { name: `Fields to confirm in ${name}` })
      .scrollIntoViewIfNeeded();
    await assertNoSideScroll(page, 'Vault with a reading done, phone');
    await assertNothingCut(page, 'Vault with a reading done, phone');
    await assertAccessible(page, 'Vault with a reading done, phone');
    await save(page, 'vault-read-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await toConfirm.click();
    const dialog = page.getByRole('dialog', { name: 'Document details' });
    await dialog.getByRole('heading', { name: 'Read from the document' }).waitFor();
    const type = fieldRow(dialog, 'Certificate type');
    await type.getByText(COC_LABEL, { exact: true }).waitFor();
    const issued = fieldRow(dialog, 'Issue date');
    await issued.getByText('Mar 14, 2025', { exact: true }).waitFor();
    await fieldRow(dialog, 'Certificate number').getByText('EC-2025-00871', { exact: true }).waitFor();
    await dialog.getByRole('alert').filter({ hasText: 'Address differs' }).waitFor();

    const preview = dialog.getByRole('img', {
      name: new RegExp(`^Page 1 of 1 of ${name.replace('.', '\\.')}, as read$`),
    });
    await preview.waitFor();
    assert.ok(
      await preview.evaluate((image) => image.complete && image.naturalWidth > 0),
      'the picture of the page loads',
    );
    // The photo was sideways (wider than tall); the page is shown upright, as it was read.
    const [width, height] = await preview.evaluate((image) => [image.naturalWidth, image.naturalHeight]);
    assert.ok(height > width, `the page is upright (${width} × ${height})`);
    const highlight = dialog.getByTestId('read-highlight');
    // The outline sits on the page, and follows the field hovered: the issue date's line is lower down.
    // Each outline is measured against the page as it is then (hovering a row may scroll the dialog),
    // once the page says which field it outlines (the hover has been handled).
    const outlineOnPage = async () => {
      await transitionsEnded(page);
      const [box, imageBox] = [await highlight.boundingBox(), await preview.boundingBox()];
      assert.ok(box && imageBox);
      const top = box.y - imageBox.y;
      assert.ok(
        top >= 0 && top + box.height <= imageBox.height + 1,
        `the outline (${top} + ${box.height}) lies on the page (${imageBox.height} high)`,
      );
      return top;
    };
    await type.hover();
    await dialog.getByText('Page 1 of 1 · outlined: Certificate type', { exact: true }).waitFor();
    const typeTop = await outlineOnPage();
    await issued.hover();
    await dialog.getByText('Page 1 of 1 · outlined: Issue date', { exact: true }).waitFor();
    const issuedTop = await outlineOnPage();
    assert.ok(issuedTop > typeTop, `the outline moved down (${typeTop} → ${issuedTop})`);
    // Keyboard: focus moves the outline too.
    await fieldRow(dialog, 'Certificate type')
      .getByRole('button', { name: 'Accept Certificate type' })
      .focus();
    await dialog.getByText('Page 1 of 1 · outlined: Certificate type', { exact: true }).waitFor();
    await assertAccessible(page, 'Read from the document, desktop');
    await assertNothingCut(page, 'Read from the document, desktop');
    await save(page, 'read-fields-desktop');

    // On a phone: the page above the fields, nothing sideways, accessible.
    await page.setViewportSize({ width: phone.width, height: phone.height });
    await transitionsEnded(page);
    const phonePreview = await preview.boundingBox();
    const phoneFields = await dialog.getByRole('list', { name: 'Fields read' }).boundingBox();
    assert.ok(
      phonePreview && phoneFields && phonePreview.y < phoneFields.y,
      'the page comes first on a phone',
    );
    await assertNoSideScroll(page, 'Read from the document, phone');
    await assertAccessible(page, 'Read from the document, phone');
    await save(page, 'read-fields-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // 4. Accept all: every field confirmed, the details editor shows what was taken.
    await dialog.getByRole('button', { name: 'Accept all' }).click();
    await dialog.getByRole('button', { name: 'Accept all' }).waitFor({ state: 'detached' });
    await type.getByText('Confirmed', { exact: true }).waitFor();
    await issued.getByText('Confirmed', { exact: true }).waitFor();
    const issuedOn = dialog.getByLabel('Issued on');
    await waitUntil(async () => ((await issuedOn.inputValue()) === '2025-03-14' ? true : undefined), {
      what: 'the details editor to take the issue date accepted',
    });
    assert.equal(
      await dialog.getByRole('combobox', { name: 'Certificate type', exact: true }).inputValue(),
      COC_LABEL,
    );
    await save(page, 'read-fields-confirmed-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Nothing left to confirm on the row.
    await documents
      .getByRole('button', { name: `Fields to confirm in ${name}` })
      .waitFor({ state: 'detached' });

    // 5. The Policy Check follows: the CoC is in order, the gap gone.
    await page.getByRole('tab', { name: 'Policy Check' }).click();
    const inOrder = findingCard(page, 'Ongoing', `${COC_LABEL} in order`);
    await inOrder.getByText('Compliant', { exact: true }).waitFor({ timeout: 30_000 });
    assert.equal(await itemCard(page, `No ${COC_LABEL}`).count(), 0);
    await save(page, 'policy-check-after-reading-desktop');

    // 6. The owner's setting, on /account.
    await page.goto('/account');
    const auto = page.getByRole('switch', { name: 'Accept high-confidence fields automatically' });
    await auto.waitFor();
    assert.equal(await auto.isChecked(), false);
    await auto.click({ force: true });
    await toast(page, 'Reading settings saved').waitFor();
    assert.equal(await auto.isChecked(), true);
    const settings = await api('/api/extraction/settings', { token });
    assert.equal(settings.body.auto_accept, true);
    await auto.scrollIntoViewIfNeeded();
    await assertAccessible(page, 'Account with reading settings, desktop');
    await save(page, 'account-reading-desktop');

    await assertClean(watch);
  });
});
