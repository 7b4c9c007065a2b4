import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  assertNothingCut,
  demoToken,
  newAccount,
  pdfBytes,
  pngBytes,
  screenshots,
  sha256,
  uploadDocument,
  useBrowser,
  VIEWPORTS,
  watchPage,
} from './browser.mjs';

const PROPERTY_NAME = 'Gardens Family Home';

/** Spec §5: the property detail shows sizes in KB and the hash as its first 16 characters. */
const sizeKb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const size = (bytes) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : sizeKb(bytes));

async function enterOwnerDemo(page) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Access Demo Accounts' }).click();
  await page.getByRole('button', { name: /^Property owner demo/ }).click();
  await page.waitForURL('**/app');
}

/** The demo owner's property, read through the API with the page's own session. */
async function demoPropertyId(page) {
  const properties = await page.evaluate(async () => {
    const response = await fetch('/trpc/properties.list', {
      headers: { authorization: `Bearer ${localStorage.getItem('auth_token')}` },
    });
    return (await response.json()).result.data;
  });
  const property = properties.find((candidate) => candidate.name === 'Gardens Family Home');
  assert.ok(property, 'the owner demo has Gardens Family Home');
  return property.id;
}

/** The supplier demo's organisation, which issued the Roofing Service Report seeded on its job. */
const DEMO_SUPPLIER = 'Demo Roofing (Pty) Ltd';

/** An owner's own upload in a Status cell: the badge, then the provenance line. */
const OWNER_STATUS = 'Self-declaredUploaded by the owner · Self-declared';

/**
 * A row's cells as text, without the reading's status that may follow the trust status ('Reading…',
 * 'Fields to confirm'): it comes and goes as the server reads the file (reading.e2e checks it).
 */
async function cellTexts(row) {
  // Not the row's checkbox (issue 32: select several), which has no text.
  const cells = await row.locator('td:not([data-label="Select"])').allTextContents();
  return cells.map((cell) => cell.replace(/(Reading…|Fields to confirm)$/, ''));
}

/**
 * The supplier demo's seeded job (its Roofing Service Report an issued document), shared by an open
 * link and adopted by a fresh homeowner into a property of theirs; `context` starts signed in as that owner.
 */
async function ownerWithAdoptedReport(context) {
  const supplier = await demoToken('supplier');
  const [job] = (await api('/api/supplier/jobs', { token: supplier })).body;
  assert.ok(job, 'the supplier demo has its seeded job');
  const [report] = (await api(`/api/supplier/jobs/${job.id}/documents`, { token: supplier })).body;
  assert.equal(report?.provenance.kind, 'supplier_issued');
  const share = await api(`/api/supplier/jobs/${job.id}/share`, { token: supplier, body: {} });
  assert.equal(share.status, 201, JSON.stringify(share.body));

  const owner = await newAccount({ label: 'vault-owner', context });
  const property = await api('/api/properties', {
    token: owner.token,
    body: {
      name: 'Oranjezicht House',
      address: '5 Upper Orange Street, Oranjezicht, 8001',
      property_type: 'residential',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: 'OZ5',
    },
  });
  assert.equal(property.status, 201, JSON.stringify(property.body));
  const adopted = await api(`/api/share/${share.body.token}/adopt`, {
    token: owner.token,
    body: { property_id: property.body.id, create_property: false },
  });
  assert.equal(adopted.status, 200, JSON.stringify(adopted.body));
  return { jobRef: job.job_ref, reportName: report.name, propertyName: property.body.name };
}

/**
 * The documents' rows of a vault list named `label`: the table's rows on a laptop, the compact list's
 * items on a phone (issue 32: a compact row per document).
 */
function vaultRows(page, viewport, label) {
  return viewport.name === 'phone'
    ? page.getByRole('list', { name: label }).getByRole('listitem')
    : page.getByRole('table', { name: label }).locator('tbody tr');
}

/** The names of the documents in `rows` (vaultRows), in their order. */
async function vaultNames(rows, viewport) {
  if (viewport.name === 'phone') {
    return rows.locator('button[aria-expanded] > p:first-child').allTextContents();
  }
  const cells = await rows.locator('td[data-label="Document"] > div > p:first-child').allTextContents();
  return cells;
}

/** Waits until /vault lists exactly the documents `names`, in that order. */
async function namesShown(page, viewport, names) {
  const selector =
    viewport.name === 'phone'
      ? 'ul[aria-label="Documents"] button[aria-expanded] > p:first-child'
      : 'table[aria-label="Documents"] td[data-label="Document"] > div > p:first-child';
  await page.waitForFunction(
    ([css, expected]) =>
      JSON.stringify([...document.querySelectorAll(css)].map((name) => name.textContent)) === expected,
    [selector, JSON.stringify(names)],
  );
}

/** The row of a table (found by its accessible name) whose first cell is the file's name. */
function documentRow(page, tableName, name) {
  return page
    .getByRole('table', { name: tableName })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
}

describe('document vault', () => {
  const session = useBrowser({ contextOptions: { acceptDownloads: true } });
  let dir;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'propertydna-vault-e2e-'));
  });
  after(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("uploads a PDF and a PNG on the property's Vault tab, lists them, downloads one byte for byte", async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const run = randomBytes(3).toString('hex');
    const pdf = { name: `electrical-coc-${run}.pdf`, bytes: pdfBytes('Certificate of Compliance', 6000) };
    const png = { name: `floor-plan-${run}.png`, bytes: pngBytes() };
    for (const file of [pdf, png]) {
      file.path = path.join(dir, file.name);
      await writeFile(file.path, file.bytes);
    }
    assert.equal(pdf.bytes.subarray(0, 8).toString('latin1'), '%PDF-1.7');

    await enterOwnerDemo(page);
    const propertyId = await demoPropertyId(page);
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole('heading', { level: 1, name: PROPERTY_NAME }).waitFor();
    await page.getByRole('tab', { name: 'Vault' }).click();
    const upload = page.getByRole('region', { name: 'Upload documents' });
    await upload.getByRole('button', { name: 'Choose files' }).waitFor();
    assert.equal(await upload.getByLabel('Type').inputValue(), 'other');
    assert.equal(await upload.getByLabel('Expiry date').isDisabled(), true);

    // Registration is held back a moment, so the progress of both files can be seen on the way.
    let releaseRegister;
    const registerHeld = new Promise((resolve) => {
      releaseRegister = resolve;
    });
    await page.route('**/trpc/documents.register*', async (route) => {
      await registerHeld;
      await route.continue();
    });
    await page.locator('#vault-tab-upload-files').setInputFiles([pdf.path, png.path]);
    for (const file of [pdf, png]) {
      await upload.getByRole('progressbar', { name: `Upload of ${file.name}` }).waitFor();
    }
    await upload.getByText('Registering').first().waitFor();
    assert.equal(await upload.getByText('Registering').count(), 2);
    releaseRegister();

    await page.getByText('Document uploaded', { exact: true }).waitFor();
    for (const file of [pdf, png]) {
      const bar = upload.getByRole('progressbar', { name: `Upload of ${file.name}` });
      assert.equal(await bar.getAttribute('aria-valuenow'), '100');
    }
    assert.equal(await upload.getByText('Uploaded', { exact: true }).count(), 2);

    for (const file of [pdf, png]) {
      const row = documentRow(page, 'Property documents', file.name);
      await row.waitFor();
      const cells = await cellTexts(row);
      assert.deepEqual(cells.slice(0, 6), [
        file.name,
        'Other',
        sizeKb(file.bytes.length),
        sha256(file.bytes).slice(0, 16),
        OWNER_STATUS,
        '—',
      ]);
      const view = row.getByRole('link', { name: `View ${file.name}` });
      assert.equal(await view.getAttribute('target'), '_blank');
      assert.equal(await row.getByRole('button', { name: `Share ${file.name}` }).isEnabled(), true);
    }

    const row = documentRow(page, 'Property documents', pdf.name);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: `Download ${pdf.name}` }).click(),
    ]);
    assert.equal(download.suggestedFilename(), pdf.name);
    const downloaded = await readFile(await download.path());
    assert.ok(downloaded.equals(pdf.bytes), 'the download is the uploaded file, byte for byte');
    await page.getByText('Download started', { exact: true }).waitFor();

    await page.goto('/vault');
    await page.getByRole('heading', { level: 1, name: 'Document Vault' }).waitFor();
    const table = page.getByRole('table', { name: 'Documents' });
    // After the checkbox that chooses every document.
    await table.getByRole('checkbox', { name: 'Select all documents' }).waitFor();
    assert.deepEqual((await table.getByRole('columnheader').allTextContents()).slice(1), [
      'Document',
      'Property',
      'Type',
      'Status',
      'Upload Date',
      'Size',
      'Actions',
    ]);
    for (const file of [pdf, png]) {
      const listed = documentRow(page, 'Documents', file.name);
      await listed.waitFor();
      const cells = await cellTexts(listed);
      assert.deepEqual(
        [cells[1], cells[2], cells[3], cells[5]],
        [PROPERTY_NAME, 'Other', OWNER_STATUS, size(file.bytes.length)],
      );
    }
    await assertClean(watch);
  });

  it('uploads from the older-layout vault with the property chosen, and keeps a bad file to its own row', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const run = randomBytes(3).toString('hex');
    const policy = { name: `home-policy-${run}.pdf`, bytes: pdfBytes('Homeowners policy schedule', 6000) };
    // A PNG named and declared as a PDF: the server sniffs the stored bytes and refuses it.
    const disguised = { name: `disguised-${run}.pdf`, bytes: pngBytes() };
    for (const file of [policy, disguised]) {
      file.path = path.join(dir, file.name);
      await writeFile(file.path, file.bytes);
    }

    await enterOwnerDemo(page);
    await page.goto('/app/old/vault');
    await page.getByRole('heading', { level: 1, name: 'Document Vault' }).waitFor();
    await page.getByRole('button', { name: 'Upload Documents' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Documents' });
    await dialog.getByText('Choose the property first.').waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Choose files' }).isDisabled(), true);
    await dialog.getByLabel('Property').selectOption({ label: PROPERTY_NAME });
    await dialog.getByLabel('Type').selectOption('policy');
    await dialog.getByLabel('Expiry date').fill('2027-03-31');

    // More than 5 files: refused in the browser, nothing is sent.
    const many = [];
    for (let index = 0; index < 6; index++) {
      const file = path.join(dir, `many-${run}-${index}.pdf`);
      await writeFile(file, pdfBytes(`page ${index}`, 6000));
      many.push(file);
    }
    await page.locator('#vault-upload-files').setInputFiles(many);
    await dialog.getByRole('alert').getByText('You can upload at most 5 files at a time').waitFor();
    assert.equal(await dialog.getByRole('progressbar').count(), 0);

    await page.locator('#vault-upload-files').setInputFiles([policy.path, disguised.path]);
    const failed = dialog.getByRole('listitem').filter({ hasText: disguised.name });
    await failed
      .getByRole('alert')
      .getByText("The file's content does not match its declared type")
      .waitFor();
    await page.getByText('Document uploaded', { exact: true }).waitFor();
    await dialog.getByRole('listitem').filter({ hasText: policy.name }).getByText('Uploaded').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const listed = documentRow(page, 'Documents', policy.name);
    await listed.waitFor();
    const cells = await cellTexts(listed);
    assert.deepEqual(cells.slice(1, 4), [PROPERTY_NAME, 'Policy', OWNER_STATUS]);
    assert.equal(await documentRow(page, 'Documents', disguised.name).count(), 0);

    // The expiry set at upload shows on the property's Vault tab; the owner changes it in Details.
    const propertyId = await demoPropertyId(page);
    await page.goto(`/properties/${propertyId}`);
    const row = documentRow(page, 'Property documents', policy.name);
    await row.waitFor();
    assert.equal((await cellTexts(row))[5], 'Mar 31, 2027');
    await row.getByRole('button', { name: `Details of ${policy.name}` }).click();
    const details = page.getByRole('dialog', { name: 'Document details' });
    // A policy has an expiry, but no certificate type or issue date.
    assert.equal(await details.getByRole('combobox', { name: 'Certificate type' }).count(), 0);
    const expiry = details.getByLabel('Expiry date');
    assert.equal(await expiry.inputValue(), '2027-03-31');
    await expiry.fill('2027-04-30');
    await details.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Document updated', { exact: true }).waitFor();
    await row.getByText('Apr 30, 2027').waitFor();

    // Deleting asks first.
    await row.getByRole('button', { name: `Delete ${policy.name}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete document' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await row.waitFor({ state: 'detached' });
    await assertClean(watch, { allowStatus: 415 });
  });

  it('says on /vault who issued an adopted document, at which level and on which job, on a laptop and a phone', async () => {
    const { context, page } = session;
    const watch = await watchPage(page);
    const { jobRef, reportName, propertyName } = await ownerWithAdoptedReport(context);
    // The demo supplier was never checked: its report is self-declared, wherever it is shown.
    const verifiedBy = `Adopted from a share · ${DEMO_SUPPLIER} · Self-declared · ${jobRef}`;

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto('/vault');
      await page.getByRole('heading', { level: 1, name: 'Document Vault' }).waitFor();
      // The table on a laptop; on a phone a compact row (name, kind, badge) whose details open on a tap.
      let row;
      let status;
      if (viewport.name === 'phone') {
        row = page
          .getByRole('list', { name: 'Documents' })
          .getByRole('listitem')
          .filter({ hasText: reportName });
        await row.waitFor();
        await row.getByText('Self-declared', { exact: true }).first().waitFor();
        await row.getByRole('button', { expanded: false }).click();
        status = row;
        await row.getByText(propertyName).waitFor();
      } else {
        row = page
          .getByRole('table', { name: 'Documents' })
          .locator('tbody tr')
          .filter({ has: page.locator('td[data-label="Document"]', { hasText: reportName }) });
        await row.waitFor();
        status = row.locator('td[data-label="Status"]');
        assert.equal(await row.locator('td[data-label="Property"]').textContent(), propertyName);
      }
      await status.getByText('Self-declared', { exact: true }).first().waitFor();
      await status.getByText(verifiedBy, { exact: true }).waitFor();
      assert.equal(await status.getByText(verifiedBy, { exact: true }).isVisible(), true);
      await row.getByRole('link', { name: `View ${reportName}` }).waitFor();
      await row.getByRole('link', { name: `Download ${reportName}` }).waitFor();
      await assertNoSideScroll(page, `/vault (${viewport.name})`);
      await assertNothingCut(page, `/vault (${viewport.name})`);
    }

    await assertClean(watch);
  });

  it('finds documents by name and by a field on /vault and on the Vault tab, and says when none match, on a laptop and a phone', async () => {
    const { context, page } = session;
    const watch = await watchPage(page);
    const save = screenshots('VAULT_SEARCH_SCREENSHOTS');
    const owner = await newAccount({ label: 'vault-search', context });
    const property = await api('/api/properties', {
      token: owner.token,
      body: {
        name: 'Kloof Street Flat',
        address: '12 Kloof Street, Gardens, 8001',
        property_type: 'residential',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: 'KS12',
      },
    });
    assert.equal(property.status, 201, JSON.stringify(property.body));
    const propertyId = property.body.id;
    await uploadDocument(owner.token, propertyId, pdfBytes('Scan'), {
      kind: 'certificate',
      name: 'Scan 0042.pdf',
      metadata: {
        certificate_type: 'electrical_coc',
        issued_on: '2025-03-14',
        certificate_number: 'EC-7781',
      },
    });
    await uploadDocument(owner.token, propertyId, pdfBytes('Deed'), { kind: 'deed', name: 'Title deed.pdf' });

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto('/vault');
      await page.getByRole('heading', { level: 1, name: 'Document Vault' }).waitFor();
      const rows = vaultRows(page, viewport, 'Documents');
      await rows.filter({ hasText: 'Title deed.pdf' }).waitFor();
      const box = page.getByRole('searchbox', { name: /Search documents/ });
      // By a field the name does not hold: the certificate's number.
      await box.fill('ec-7781');
      await rows.filter({ hasText: 'Title deed.pdf' }).waitFor({ state: 'detached' });
      assert.deepEqual(await vaultNames(rows, viewport), ['Scan 0042.pdf']);
      await assertAccessible(page, `/vault searched (${viewport.name})`);
      await assertNoSideScroll(page, `/vault searched (${viewport.name})`);
      await save(page, `vault-search-${viewport.width}`);
      await box.fill('no such thing');
      await page.getByText('No documents match', { exact: true }).waitFor();

      // The property's Vault tab: by name, and nothing of another property's.
      await page.goto(`/properties/${propertyId}`);
      await page.getByRole('tab', { name: 'Vault' }).click();
      const tabRows = vaultRows(page, viewport, 'Property documents');
      await tabRows.filter({ hasText: 'Scan 0042.pdf' }).waitFor();
      const tabBox = page.getByRole('searchbox', { name: /Search documents/ });
      await tabBox.fill('TITLE');
      await tabRows.filter({ hasText: 'Scan 0042.pdf' }).waitFor({ state: 'detached' });
      assert.equal(await tabRows.count(), 1);
      await tabRows.filter({ hasText: 'Title deed.pdf' }).waitFor();
      await tabBox.fill('electrical');
      await tabRows.filter({ hasText: 'Scan 0042.pdf' }).waitFor();
      await tabBox.fill('zzz');
      await page.getByText('No documents match', { exact: true }).waitFor();
      await assertAccessible(page, `Vault tab searched (${viewport.name})`);
      await assertNoSideScroll(page, `Vault tab searched (${viewport.name})`);
      await save(page, `vault-tab-search-${viewport.width}`);
    }
    await assertClean(watch);
  });

  it("filters, sorts, renames and downloads a property's documents as one ZIP on /vault, and a share link downloads all, on a laptop and a phone", async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const save = screenshots('VAULT_TOOL_SCREENSHOTS');
    // The owner demo (its own private organisation, on Premium: a second property is allowed).
    await enterOwnerDemo(page);
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const created = await api('/api/properties', {
      token,
      body: {
        name: 'Kloof Flat',
        address: '12 Kloof Street, Gardens, 8001',
        property_type: 'residential',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: 'KF12',
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const kloof = created.body.id;
    const deed = await uploadDocument(token, kloof, pdfBytes('Deed'), {
      kind: 'deed',
      name: 'Title deed.pdf',
    });
    const lapsed = await uploadDocument(token, kloof, pdfBytes('Old cover'), {
      kind: 'policy',
      name: 'Old cover.pdf',
      expires_at: '2024-01-31',
    });
    await uploadDocument(token, kloof, pdfBytes('Plan'), { kind: 'other', name: 'Attic plan.pdf' });

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto('/vault');
      await page.getByRole('heading', { level: 1, name: 'Document Vault' }).waitFor();
      const rows = vaultRows(page, viewport, 'Documents');
      await rows.filter({ hasText: 'Attic plan.pdf' }).waitFor();
      const pick = async (label, option) => {
        await page.getByRole('combobox', { name: label }).click();
        await page.getByRole('option', { name: option }).click();
      };
      // One property's documents, sorted by name; then only the expired, then any status again.
      await pick('Property', 'Kloof Flat');
      await pick('Sort by', 'Name (A–Z)');
      await namesShown(page, viewport, ['Attic plan.pdf', 'Old cover.pdf', 'Title deed.pdf']);
      await pick('Status', 'Expired');
      await namesShown(page, viewport, ['Old cover.pdf']);
      await pick('Status', 'Any status');
      await namesShown(page, viewport, ['Attic plan.pdf', 'Old cover.pdf', 'Title deed.pdf']);

      // Select both → one ZIP named for the property.
      await page.getByRole('checkbox', { name: 'Select all documents' }).check();
      const bar = page.getByRole('region', { name: 'Selected documents' });
      await bar.getByText('3 documents selected').waitFor();
      const [zip] = await Promise.all([
        page.waitForEvent('download'),
        bar.getByRole('link', { name: 'Download as ZIP' }).click(),
      ]);
      assert.match(zip.suggestedFilename(), /^kloof-flat-documents-\d{4}-\d{2}-\d{2}\.zip$/);
      const archive = await readFile(await zip.path());
      assert.equal(archive.subarray(0, 2).toString('latin1'), 'PK');
      await assertAccessible(page, `/vault with documents chosen (${viewport.name})`);
      await assertNoSideScroll(page, `/vault with documents chosen (${viewport.name})`);
      await save(page, `vault-tool-${viewport.width}`);
      await bar.getByRole('button', { name: 'Clear selection' }).click();
    }

    // Rename (laptop): the list shows the new name; the file stays the same.
    await page.setViewportSize({ width: 1280, height: 900 });
    const row = documentRow(page, 'Documents', 'Title deed.pdf');
    await row.getByRole('button', { name: 'Rename Title deed.pdf' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename document' });
    await rename.getByRole('textbox', { name: 'Name' }).fill('Deed of transfer 2019.pdf');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await page.getByText('Document renamed', { exact: true }).waitFor();
    await documentRow(page, 'Documents', 'Deed of transfer 2019.pdf').waitFor();

    // A link to both of Kloof Flat's documents: its page downloads them all as one ZIP.
    const share = await api(`/api/properties/${kloof}/share`, {
      token,
      body: { password: null, documentIds: [deed.id, lapsed.id] },
    });
    assert.equal(share.status, 201, JSON.stringify(share.body));
    await page.goto(`/share/${share.body.token}`);
    const all = page.getByRole('link', { name: 'Download all (2) as ZIP' });
    await all.waitFor();
    const [shared] = await Promise.all([page.waitForEvent('download'), all.click()]);
    assert.match(shared.suggestedFilename(), /^kloof-flat-documents-\d{4}-\d{2}-\d{2}\.zip$/);
    await assertAccessible(page, 'share page with Download all');
    await assertClean(watch);
  });
});
