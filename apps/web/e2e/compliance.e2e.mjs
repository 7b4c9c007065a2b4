import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  assertNothingCut,
  johannesburgDay,
  newAccount,
  pdfBytes,
  toast,
  transitionsEnded,
  uploadDocument,
  useBrowser,
  VIEWPORTS,
  vaultRow as vaultRowShown,
  watchPage,
} from './browser.mjs';

/** Set to a directory to keep screenshots of the Policy Check tab, the upload form and the features editor. */
const screenshotDir = process.env.COMPLIANCE_SCREENSHOTS;
if (screenshotDir) mkdirSync(screenshotDir, { recursive: true });

async function screenshot(page, name) {
  if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Creates a Cape Town property of the account's through the API; answers its id. */
async function createProperty(token) {
  const created = await api('/api/properties', {
    token,
    body: {
      name: PROPERTY_NAME,
      address: '3 Belmont Road, Rondebosch, Cape Town, 7700',
      property_type: 'residential',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: `ERF${randomBytes(2).toString('hex')}`,
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.id;
}

const PROPERTY_NAME = 'Rondebosch Family Home';
const COC_LABEL = 'Electrical Certificate of Compliance';

/** The date `days` before today, as the date input takes it ('YYYY-MM-DD', South African time). */
function daysAgo(days) {
  return johannesburgDay(-days);
}

/** A finding in order, in its context's list under 'In order' on the Policy Check tab. */
function findingCard(page, context, title) {
  return page
    .getByRole('list', { name: context, exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 5, name: title, exact: true }) });
}

/** An item of the Policy Check's 'What to do' list (issue 32): one thing to do, naming its contexts. */
function itemCard(page, title) {
  return page
    .getByRole('list', { name: 'What to do', exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 4, name: title, exact: true }) });
}

const LEVELS = ['critical', 'high', 'medium', 'low'];

/**
 * The 'What to do' list is in severity order (critical first), each item once; `title` names its contexts
 * in words (the same certificate asked for in several contexts is one item). Answers the levels shown.
 */
async function assertWhatToDo(page, title, contexts, label) {
  const item = itemCard(page, title);
  await item.getByTestId('item-contexts').getByText(`Asked for in: ${contexts}`, { exact: true }).waitFor();
  assert.equal(await item.count(), 1, `${label}: "${title}" is listed once`);
  assert.equal(await page.getByRole('heading', { name: title, exact: true }).count(), 1, label);
  const levels = await page
    .getByRole('list', { name: 'What to do', exact: true })
    .locator('[data-item]')
    .evaluateAll((items) => items.map((element) => element.getAttribute('data-level')));
  assert.ok(levels.length > 1, `${label}: ${levels}`);
  assert.deepEqual(
    levels,
    [...levels].sort((a, b) => LEVELS.indexOf(a) - LEVELS.indexOf(b)),
    `${label}: most severe first`,
  );
  // Each badge says its level in the cards' words.
  const badge = levels[0].charAt(0).toUpperCase() + levels[0].slice(1);
  await page
    .getByRole('list', { name: 'What to do', exact: true })
    .locator('[data-item]')
    .first()
    .getByText(badge, { exact: true })
    .waitFor();
  return levels;
}

describe('compliance: the Policy Check tab', () => {
  const session = useBrowser();
  let dir;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'propertydna-compliance-e2e-'));
  });
  after(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('turns the electrical CoC gap compliant once a typed certificate is uploaded, and follows the features', async () => {
    const { context, page } = session;
    const { token } = await newAccount({ label: 'compliance', context });
    const propertyId = await createProperty(token);
    const watch = await watchPage(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // 1. A fresh property: no electrical CoC, a gap; nothing ready for a sale.
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole('heading', { level: 1, name: PROPERTY_NAME }).waitFor();
    await page.getByText('None recorded', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Policy Check' }).click();
    await page.getByTestId('policy-status').getByText('Gaps detected', { exact: true }).waitFor();
    await page
      .getByText(/^Last checked (a few seconds|a minute|\d+ minutes) ago \(\w{3} \d{2}, \d{4} \d{2}:\d{2}\)$/)
      .waitFor();
    const readiness = page.getByRole('heading', { level: 3, name: /^Ready for transfer: 0 of \d+$/ });
    await readiness.waitFor();
    // What to do: the missing CoC is one item for owning and selling, critical (a sale cannot go without).
    const missingCoc = itemCard(page, `No ${COC_LABEL}`);
    await missingCoc.getByText('Gap', { exact: true }).waitFor();
    await missingCoc.getByText('Critical', { exact: true }).waitFor();
    await missingCoc.getByText(/^Next step: /).waitFor();
    await missingCoc
      .getByText(/\(Source: Electrical Installation Regulations 2009/)
      .first()
      .waitFor();
    const levels = await assertWhatToDo(page, `No ${COC_LABEL}`, 'Ongoing and Transfer', 'desktop');
    assert.equal(levels[0], 'critical');
    assert.equal(levels.at(-1), 'low');
    assert.deepEqual(
      (await page.getByRole('tabpanel').getByRole('heading', { level: 3 }).allTextContents()).slice(0, 2),
      [await readiness.textContent(), 'What to do'],
    );
    await assertAccessible(page, 'Policy Check, desktop');
    await screenshot(page, 'policy-check-gaps-desktop');

    // 2. Upload the CoC as a certificate of that type, issued a month ago.
    const run = randomBytes(3).toString('hex');
    const coc = { name: `electrical-coc-${run}.pdf`, bytes: pdfBytes('Certificate of Compliance', 4000) };
    coc.path = path.join(dir, coc.name);
    await writeFile(coc.path, coc.bytes);
    await page.getByRole('tab', { name: 'Vault' }).click();
    const upload = page.getByRole('region', { name: 'Upload documents' });
    await upload.getByLabel('Type', { exact: true }).selectOption('certificate');
    const certificateType = upload.getByRole('combobox', { name: 'Certificate type', exact: true });
    await certificateType.fill('electrical');
    await page.getByRole('option', { name: COC_LABEL, exact: true }).click();
    assert.equal(await certificateType.inputValue(), COC_LABEL);
    const issued = upload.getByLabel('Issued on');
    // No issue date is ever defaulted: the form starts empty and the owner types it.
    assert.equal(await issued.inputValue(), '');
    await issued.fill(daysAgo(30));
    // An electrical CoC has no expiry of its own.
    assert.equal(await upload.getByLabel('Expiry date').inputValue(), '');
    // A beetle certificate's expiry follows its 3 months' validity; back to the CoC afterwards.
    await certificateType.fill('beetle');
    await page.getByRole('option', { name: 'Entomologist (beetle) certificate', exact: true }).click();
    await upload.getByText('3 months after issue; change or clear it', { exact: true }).waitFor();
    assert.notEqual(await upload.getByLabel('Expiry date').inputValue(), '');
    await assertAccessible(page, 'Upload form with certificate fields, desktop');
    await screenshot(page, 'upload-certificate-desktop');
    await certificateType.fill('electrical');
    await page.getByRole('option', { name: COC_LABEL, exact: true }).click();
    assert.equal(await upload.getByLabel('Expiry date').inputValue(), '');

    await page.locator('#vault-tab-upload-files').setInputFiles(coc.path);
    await toast(page, 'Document uploaded').waitFor();
    const documents = await api(
      `/trpc/documents.byProperty?input=${encodeURIComponent(JSON.stringify({ propertyId }))}`,
      { token },
    );
    const [document] = documents.body.result.data;
    assert.equal(document.name, coc.name);
    assert.deepEqual(document.metadata, { certificate_type: 'electrical_coc', issued_on: daysAgo(30) });

    // 3. Run the check: the CoC is in order, with the document as its evidence.
    await page.getByRole('tab', { name: 'Policy Check' }).click();
    await page.getByRole('button', { name: 'Run Full Compliance Check' }).click();
    await toast(page, /^Compliance check complete: (\d+ gaps? found|no gaps)$/)
      .first()
      .waitFor();
    const cocInOrder = findingCard(page, 'Ongoing', `${COC_LABEL} in order`);
    await cocInOrder.getByText('Compliant', { exact: true }).waitFor();
    const evidence = cocInOrder.getByRole('link', { name: new RegExp(`^${coc.name}`) });
    assert.equal(await evidence.getAttribute('href'), `/api/documents/${document.id}/view`);
    assert.equal(await evidence.getAttribute('target'), '_blank');
    assert.equal(await itemCard(page, `No ${COC_LABEL}`).count(), 0);
    await findingCard(page, 'Transfer', `${COC_LABEL} in order`).waitFor();
    await page.getByRole('heading', { level: 3, name: /^Ready for transfer: 1 of \d+$/ }).waitFor();

    // 4. Add gas: its certificate's finding appears.
    assert.equal(await itemCard(page, 'No Gas Certificate of Conformity').count(), 0);
    await page.getByRole('button', { name: 'Change features' }).click();
    const features = page.getByRole('dialog', { name: 'Property features' });
    await features.getByLabel('Gas installation').check();
    await assertAccessible(page, 'Features editor, desktop');
    await screenshot(page, 'features-editor-desktop');
    await features.getByRole('button', { name: 'Save features' }).click();
    await toast(page, 'Features saved').waitFor();
    await features.waitFor({ state: 'detached' });
    await page
      .getByRole('list', { name: 'Features' })
      .getByText('Gas installation', { exact: true })
      .waitFor();
    // Gas, missing for owning (medium) and for a sale (high): one item, high, naming both contexts.
    const gas = itemCard(page, 'No Gas Certificate of Conformity');
    await gas.getByText('Gap', { exact: true }).waitFor();
    await gas.getByText('High', { exact: true }).waitFor();
    await assertWhatToDo(page, 'No Gas Certificate of Conformity', 'Ongoing and Transfer', 'desktop, gas');
    await assertNothingCut(page, 'Policy Check, desktop');
    await screenshot(page, 'policy-check-desktop');

    // 5. The dashboard card reads the stored check.
    const listed = await api('/api/properties', { token });
    const card = listed.body.find((property) => property.id === propertyId);
    assert.ok(['warning', 'critical'].includes(card.complianceStatus), card.complianceStatus);

    // 6. On a phone: no sideways scroll, nothing cut, accessible; the upload form and the editor too.
    const phone = VIEWPORTS.find((viewport) => viewport.name === 'phone');
    await page.setViewportSize({ width: phone.width, height: phone.height });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: PROPERTY_NAME }).waitFor();
    await page.getByRole('tab', { name: 'Policy Check' }).click();
    await findingCard(page, 'Ongoing', `${COC_LABEL} in order`).waitFor();
    await assertWhatToDo(page, 'No Gas Certificate of Conformity', 'Ongoing and Transfer', 'phone');
    await assertNoSideScroll(page, 'Policy Check, phone');
    await assertNothingCut(page, 'Policy Check, phone');
    await assertAccessible(page, 'Policy Check, phone');
    await screenshot(page, 'policy-check-phone');

    await page.getByRole('tab', { name: 'Vault' }).click();
    await upload.getByLabel('Type', { exact: true }).selectOption('certificate');
    await certificateType.fill('beetle');
    await page.getByRole('option', { name: 'Entomologist (beetle) certificate', exact: true }).click();
    await assertNoSideScroll(page, 'Upload form, phone');
    await assertAccessible(page, 'Upload form with certificate fields, phone');
    await screenshot(page, 'upload-certificate-phone');

    await page.getByRole('button', { name: 'Change features' }).click();
    await features.getByLabel('Gas installation').waitFor();
    await assertNoSideScroll(page, 'Features editor, phone');
    await assertAccessible(page, 'Features editor, phone');
    await screenshot(page, 'features-editor-phone');
    await features.getByRole('button', { name: 'Cancel' }).click();

    await assertClean(watch);
  });

  it("settles an old upload's 'Expired certificates' gap by saying which certificate it is, from the Policy Check tab", async () => {
    const { context, page } = session;
    const { token } = await newAccount({ label: 'compliance-details', context });
    const propertyId = await createProperty(token);
    // An upload from before certificate types: no type, no issue date, an expiry ten days ago.
    const name = `old-certificate-${randomBytes(3).toString('hex')}.pdf`;
    const old = await uploadDocument(token, propertyId, pdfBytes('Old certificate'), {
      kind: 'certificate',
      name,
      expires_at: daysAgo(10),
    });
    const watch = await watchPage(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // 1. The check cannot tell what it is: an expired certificate of no type, and no electrical CoC.
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole('heading', { level: 1, name: PROPERTY_NAME }).waitFor();
    await page.getByRole('tab', { name: 'Policy Check' }).click();
    const expired = itemCard(page, 'Expired certificates');
    await expired.getByText(/Say which certificate each one is/).waitFor();
    await itemCard(page, `No ${COC_LABEL}`).waitFor();

    // 2. 'Edit details' of the certificate it names opens the details editor.
    await expired.getByRole('button', { name: `Edit details of ${name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Document details' });
    await dialog.getByText(name, { exact: true }).waitFor();
    const expiry = dialog.getByLabel('Expiry date');
    assert.equal(await expiry.inputValue(), daysAgo(10));
    assert.equal(await dialog.getByLabel('Issued on').inputValue(), '');
    await transitionsEnded(page);
    await assertAccessible(page, 'Details editor, desktop');
    await assertNothingCut(page, 'Details editor, desktop');
    await screenshot(page, 'details-editor-desktop');

    const certificateType = dialog.getByRole('combobox', { name: 'Certificate type', exact: true });
    await certificateType.fill('electrical');
    await page.getByRole('option', { name: COC_LABEL, exact: true }).click();
    assert.equal(await certificateType.inputValue(), COC_LABEL);
    await dialog.getByLabel('Issued on').fill(daysAgo(30));
    // An electrical CoC has no expiry of its own: the old date stays until it is cleared.
    assert.equal(await expiry.inputValue(), daysAgo(10));
    await expiry.fill('');
    await screenshot(page, 'details-editor-filled-desktop');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Document updated').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // 3. The server reran the check: the gap is gone, the certificate is the electrical CoC in order.
    const cocInOrder = findingCard(page, 'Ongoing', `${COC_LABEL} in order`);
    await cocInOrder.getByText('Compliant', { exact: true }).waitFor();
    await cocInOrder.getByRole('link', { name: new RegExp(`^${name}`) }).waitFor();
    assert.equal(await itemCard(page, 'Expired certificates').count(), 0);
    assert.equal(await itemCard(page, `No ${COC_LABEL}`).count(), 0);
    const stored = await api(
      `/trpc/documents.byProperty?input=${encodeURIComponent(JSON.stringify({ propertyId }))}`,
      {
        token,
      },
    );
    const [document] = stored.body.result.data;
    assert.equal(document.id, old.id);
    assert.deepEqual(document.metadata, { certificate_type: 'electrical_coc', issued_on: daysAgo(30) });
    assert.equal(document.expires_at, null);

    // 4. The vault shows what the check sees, under the name; Details opens the same editor.
    const summary = new RegExp(`^${COC_LABEL} · issued \\w{3} \\d{2}, \\d{4}$`);
    await page.getByRole('tab', { name: 'Vault' }).click();
    const vaultRow = page
      .getByRole('table', { name: 'Property documents' })
      .getByRole('row')
      .filter({ hasText: name });
    await vaultRow.getByText(summary).waitFor();
    await screenshot(page, 'vault-tab-rows-desktop');
    await page.goto('/vault');
    const allRow = page.getByRole('table', { name: 'Documents' }).getByRole('row').filter({ hasText: name });
    await allRow.getByText(summary).waitFor();
    await allRow.getByRole('button', { name: `Details of ${name}`, exact: true }).click();
    await dialog.getByText(name, { exact: true }).waitFor();
    assert.equal(await certificateType.inputValue(), COC_LABEL);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await assertNothingCut(page, 'Document Vault, desktop');
    await screenshot(page, 'vault-rows-desktop');

    // 5. On a phone: the cards show the same line and Details; the editor fits and is accessible.
    const phone = VIEWPORTS.find((viewport) => viewport.name === 'phone');
    await page.setViewportSize({ width: phone.width, height: phone.height });
    await page.reload();
    // On a phone each document is a compact row; its line shows once the row is opened.
    const allItem = await vaultRowShown(page, 'Documents', name, { open: true });
    await allItem.getByText(summary).waitFor();
    await assertNoSideScroll(page, 'Document Vault, phone');
    await assertNothingCut(page, 'Document Vault, phone');
    await screenshot(page, 'vault-rows-phone');
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole('tab', { name: 'Vault' }).click();
    const vaultItem = await vaultRowShown(page, 'Property documents', name, { open: true });
    await vaultItem.getByText(summary).waitFor();
    await assertNoSideScroll(page, 'Vault tab, phone');
    await screenshot(page, 'vault-tab-rows-phone');
    await vaultItem.getByRole('button', { name: `Details of ${name}`, exact: true }).click();
    await dialog.getByText(name, { exact: true }).waitFor();
    await transitionsEnded(page);
    await assertNoSideScroll(page, 'Details editor, phone');
    await assertNothingCut(page, 'Details editor, phone');
    await assertAccessible(page, 'Details editor, phone');
    await screenshot(page, 'details-editor-phone');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();

    await assertClean(watch);
  });
});
