/**
 * The pack chooser (issue 26 §6): on the Reports page the owner opens "Choose what goes in" for the
 * insurance pack, unticks a document and ticks the compliance gaps (off by default for an insurer),
 * the preview list shows it, the pack generated holds exactly that, and reopened the chooser shows the
 * choice remembered. A claim's chooser keeps "what is missing" out by default. axe on the chooser at
 * 1280×900 and 390×844. PACK_SCREENSHOTS=<dir> keeps screenshots.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { before, describe, it } from 'node:test';
import yauzl from 'yauzl';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  newAccount,
  pdfBytes,
  screenshots,
  signIn,
  transitionsEnded,
  uploadDocument,
  useBrowser,
  VIEWPORTS,
  watchPage,
} from './browser.mjs';

const save = screenshots('PACK_SCREENSHOTS');
const [DESKTOP, PHONE] = VIEWPORTS;
const PROPERTY_NAME = 'Bo-Kaap Cottage';

/** Every file of a ZIP, by path. */
function unzip(buffer) {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map();
      zip.on('entry', (entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks = [];
          stream.on('data', (chunk) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function download(page, trigger) {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

describe('pack chooser', () => {
  const session = useBrowser();
  let owner;
  let propertyId;
  let certificate;
  let roof;

  before(async () => {
    owner = await newAccount({ label: 'packs' });
    const created = await api('/api/properties', {
      token: owner.token,
      body: {
        name: PROPERTY_NAME,
        address: '12 Wale Street, Bo-Kaap, Cape Town, 8001',
        property_type: 'residential',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: `ERF${randomBytes(2).toString('hex')}`,
        features: ['geyser'],
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    propertyId = created.body.id;
    certificate = await uploadDocument(owner.token, propertyId, pdfBytes('Electrical certificate'), {
      kind: 'certificate',
      name: 'Electrical CoC.pdf',
      metadata: { certificate_type: 'electrical_coc', issued_on: '2026-03-02' },
    });
    roof = await uploadDocument(owner.token, propertyId, pdfBytes('Roof inspection'), {
      kind: 'inspection',
      name: 'Roof inspection.pdf',
      metadata: { certificate_type: 'roof_inspection', issued_on: '2026-09-01' },
    });
  });

  it('unticks a document and puts the gaps in, previews it, generates it, and finds it remembered', async () => {
    const { page, context } = session;
    await signIn(context, owner.token);
    const watch = await watchPage(page);
    await page.setViewportSize(DESKTOP);
    await page.goto('/reports');
    const card = page.getByRole('article', { name: 'Insurance Pack Export' });
    // One property: it is chosen already. The card says what goes in before anything is generated.
    const summary = card.getByTestId('pack-summary');
    await summary.waitFor();
    assert.match(await summary.textContent(), /What is in order|Compliance summary/);
    assert.doesNotMatch(await summary.textContent(), /Compliance gaps/);
    assert.match(await summary.textContent(), /2 of 2 documents/);

    await card.getByRole('button', { name: 'Choose what goes in' }).click();
    const dialog = page.getByRole('dialog', { name: 'What goes in: Insurance pack' });
    await dialog.waitFor();
    const gaps = dialog.getByRole('checkbox', { name: /^Compliance gaps/ });
    await gaps.waitFor();
    assert.equal(await gaps.isChecked(), false, 'the gaps are out of an insurer-facing pack by default');
    const coc = dialog.getByRole('checkbox', { name: 'Electrical CoC.pdf' });
    assert.equal(await coc.isChecked(), true);
    const preview = dialog.getByTestId('pack-preview');
    assert.match(await preview.textContent(), /Electrical CoC\.pdf/);
    await transitionsEnded(page);
    await assertAccessible(page, 'pack chooser');
    await save(page, 'pack-chooser');

    await coc.uncheck();
    await gaps.check();
    await preview.getByText('Compliance gaps', { exact: true }).waitFor();
    assert.doesNotMatch(await preview.textContent(), /Electrical CoC\.pdf/);
    assert.match(await preview.textContent(), /Roof inspection\.pdf/);
    await save(page, 'pack-chooser-changed');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.match(await summary.textContent(), /Compliance gaps/);
    assert.match(await summary.textContent(), /1 of 2 documents/);

    await card.getByText('ZIP', { exact: true }).click();
    const zip = await download(page, () => card.getByRole('button', { name: 'Generate Report' }).click());
    const files = await unzip(zip.bytes);
    const manifest = JSON.parse(files.get('manifest.json').toString());
    const packed = manifest.files.filter((file) => file.document_id).map((file) => file.document_id);
    assert.deepEqual(packed, [roof.id]);
    const json = JSON.parse(files.get('insurance-pack.json').toString());
    assert.ok(json.compliance, 'the gaps the owner put in are in the pack');
    assert.ok(json.choice.sections.includes('compliance_gaps'));
    assert.ok(
      !JSON.stringify(json).includes(certificate.id),
      'the pack does not say a document was left out',
    );

    // Reopened on a fresh page: the choice is remembered.
    await page.reload();
    await summary.waitFor();
    assert.match(await summary.textContent(), /Compliance gaps/);
    assert.match(await summary.textContent(), /1 of 2 documents/);
    await card.getByRole('button', { name: 'Choose what goes in' }).click();
    await dialog.waitFor();
    await dialog.getByRole('checkbox', { name: /^Compliance gaps/ }).waitFor();
    assert.equal(await dialog.getByRole('checkbox', { name: /^Compliance gaps/ }).isChecked(), true);
    assert.equal(await dialog.getByRole('checkbox', { name: 'Electrical CoC.pdf' }).isChecked(), false);

    await page.setViewportSize(PHONE);
    await assertNoSideScroll(page, 'pack chooser on a phone');
    await transitionsEnded(page);
    await assertAccessible(page, 'pack chooser on a phone');
    await save(page, 'pack-chooser-phone');
    await dialog.getByRole('button', { name: 'Reset to defaults' }).click();
    assert.equal(await dialog.getByRole('checkbox', { name: /^Compliance gaps/ }).isChecked(), false);
    assert.equal(await dialog.getByRole('checkbox', { name: 'Electrical CoC.pdf' }).isChecked(), true);
    await assertClean(watch);
  });

  it("a claim's chooser keeps what is missing out by default", async () => {
    const { page, context } = session;
    const claim = await api(`/api/properties/${propertyId}/claims`, {
      token: owner.token,
      body: {
        incident_type: 'burst_geyser',
        incident_date: '2026-11-20',
        description: 'The geyser burst overnight.',
        document_ids: [],
      },
    });
    assert.equal(claim.status, 201, JSON.stringify(claim.body));
    await signIn(context, owner.token);
    const watch = await watchPage(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole('tab', { name: 'Escalation' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Escalation' });
    const card = panel.getByRole('article', { name: /Burst geyser/ });
    await card.getByTestId('pack-summary').waitFor();
    assert.doesNotMatch(await card.getByTestId('pack-summary').textContent(), /What is missing/);
    await card.getByRole('button', { name: 'Choose what goes in' }).click();
    const dialog = page.getByRole('dialog', { name: 'What goes in: Claim pack' });
    await dialog.waitFor();
    const gaps = dialog.getByRole('checkbox', { name: /^What is missing/ });
    await gaps.waitFor();
    assert.equal(await gaps.isChecked(), false);
    await transitionsEnded(page);
    await assertAccessible(page, 'claim pack chooser');
    await save(page, 'claim-pack-chooser');
    await dialog.getByRole('button', { name: 'Done' }).click();
    const pack = await download(page, () =>
      card.getByRole('button', { name: /Download claim pack/ }).click(),
    );
    const files = await unzip(pack.bytes);
    const claimJson = JSON.parse(files.get('claim.json').toString());
    assert.ok(
      claimJson.evidence.every((item) => !item.missing),
      'nothing missing is listed',
    );
    await assertClean(watch);
  });
});
