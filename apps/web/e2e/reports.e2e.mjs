/**
 * Reports and escalation (issue 16): an owner chooses a property on the Reports page and exports the
 * insurance pack as PDF and as ZIP (the ZIP's manifest names every file with its SHA-256, and each
 * document is the vault's); on the property's Escalation tab starts a claim with a photo and downloads
 * its pack. axe at 1280×900 and 390×844. REPORTS_SCREENSHOTS=<dir> keeps screenshots.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { before, describe, it } from 'node:test';
import yauzl from 'yauzl';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  assertToastClear,
  newAccount,
  pdfBytes,
  pngBytes,
  screenshots,
  signIn,
  toast,
  uploadDocument,
  useBrowser,
  VIEWPORTS,
  watchPage,
} from './browser.mjs';

const save = screenshots('REPORTS_SCREENSHOTS');
const [DESKTOP, PHONE] = VIEWPORTS;
const PROPERTY_NAME = 'Tamboerskloof Terrace';
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

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

/** Clicks `trigger` and answers the downloaded file's name and bytes. */
async function download(page, trigger) {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

describe('reports and escalation', () => {
  const session = useBrowser();
  let owner;
  let propertyId;
  let certificate;

  before(async () => {
    owner = await newAccount({ label: 'reports' });
    const created = await api('/api/properties', {
      token: owner.token,
      body: {
        name: PROPERTY_NAME,
        address: '9 Upper Kloof Street, Tamboerskloof, Cape Town, 8001',
        property_type: 'residential',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: `ERF${randomBytes(2).toString('hex')}`,
        features: ['geyser'],
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    propertyId = created.body.id;
    // A second property (on the Premium trial): the page has to be told which one.
    const trial = await api('/trpc/plan.startTrial', { token: owner.token, body: {} });
    assert.equal(trial.status, 200, JSON.stringify(trial.body));
    const other = await api('/api/properties', {
      token: owner.token,
      body: {
        name: 'Another House',
        address: '3 Other Road, Observatory, Cape Town, 7925',
        municipality: 'CPT',
        parcel_id: `ERF${randomBytes(2).toString('hex')}`,
      },
    });
    assert.equal(other.status, 201, JSON.stringify(other.body));
    certificate = await uploadDocument(owner.token, propertyId, pdfBytes('Geyser certificate'), {
      kind: 'certificate',
      name: 'Geyser CoC.pdf',
      metadata: { certificate_type: 'geyser_coc', issued_on: '2026-01-15' },
    });
  });

  it('exports the insurance pack as PDF and as ZIP from the Reports page', async () => {
    const { page, context } = session;
    await signIn(context, owner.token);
    const watch = await watchPage(page);
    await page.setViewportSize(DESKTOP);
    await page.goto('/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    assert.equal(await page.title(), 'Reports · PropertyDNA');
    const card = page.getByRole('article', { name: 'Insurance Pack Export' });
    const generate = card.getByRole('button', { name: 'Generate Report' });
    // Spec §5: Quick Export and Generate Report are disabled until a property is chosen.
    await generate.waitFor();
    assert.equal(await generate.isDisabled(), true);
    assert.equal(await page.getByRole('button', { name: 'Quick Export' }).isDisabled(), true);
    await page.getByRole('combobox', { name: 'Property' }).click();
    await page.getByRole('option', { name: PROPERTY_NAME }).click();
    assert.equal(await generate.isDisabled(), false);
    await assertAccessible(page, '/reports');
    await save(page, 'reports');

    await card.getByText('PDF', { exact: true }).click();
    const pdf = await download(page, () => generate.click());
    // Issue 32: downloads are named <property>-<report>-<date>.<ext>.
    assert.match(pdf.name, /^tamboerskloof-terrace-insurance-pack-\d{4}-\d{2}-\d{2}\.pdf$/);
    assert.equal(pdf.bytes.subarray(0, 5).toString(), '%PDF-');

    await card.getByText('ZIP', { exact: true }).click();
    const zip = await download(page, () => generate.click());
    assert.match(zip.name, /^tamboerskloof-terrace-insurance-pack-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await unzip(zip.bytes);
    const manifest = JSON.parse(files.get('manifest.json').toString());
    for (const file of manifest.files) assert.equal(sha256(files.get(file.path)), file.sha256, file.path);
    const packed = manifest.files.find((file) => file.document_id === certificate.id);
    assert.ok(packed, 'the certificate is in the pack');
    assert.equal(packed.sha256, certificate.sha256);

    await page.setViewportSize(PHONE);
    await assertNoSideScroll(page, '/reports on a phone');
    await assertAccessible(page, '/reports on a phone');
    await save(page, 'reports-phone');

    // Issue 32: the toast that says a download started never covers the button just pressed (at the
    // bottom right it covered the Compliance Report's Generate Report for 4.5 s).
    const compliance = page.getByRole('article', { name: 'Compliance Report' });
    const again = compliance.getByRole('button', { name: 'Generate Report' });
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.mouse.move(0, 0);
      await page
        .locator('.mantine-Notification-root')
        .first()
        .waitFor({ state: 'detached', timeout: 15_000 });
      await again.scrollIntoViewIfNeeded();
      await download(page, () => again.click());
      await assertToastClear(page, again, `Compliance Report at ${viewport.width} px`);
    }
    await assertClean(watch);
  });

  it('starts a claim with a photo on the Escalation tab and downloads its pack', async () => {
    const { page, context } = session;
    await signIn(context, owner.token);
    const watch = await watchPage(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole('tab', { name: 'Escalation' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Escalation' });
    await panel.getByText('No claims yet').waitFor();
    await panel.getByRole('button', { name: 'Start Claim' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start Claim' });
    await dialog.waitFor();
    await dialog.getByLabel(/^Incident type/).click();
    await page.getByRole('option', { name: 'Burst geyser' }).click();
    await dialog.getByLabel(/^Description/).fill('The geyser burst overnight and flooded the main bedroom.');
    await dialog
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: 'bedroom-ceiling.png',
        mimeType: 'image/png',
        buffer: pngBytes(4000),
      });
    await assertAccessible(page, 'Start Claim dialog');
    await save(page, 'start-claim');
    await dialog.getByRole('button', { name: 'Start Claim' }).click();
    await toast(page, 'Claim started').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const claim = panel.getByRole('article', { name: /Burst geyser/ });
    await claim.getByText('Geyser CoC.pdf').first().waitFor();
    await claim.getByText('Missing').first().waitFor();
    await save(page, 'escalation-tab');
    const pack = await download(page, () =>
      claim.getByRole('button', { name: /Download claim pack/ }).click(),
    );
    assert.match(pack.name, /^tamboerskloof-terrace-claim-pack-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await unzip(pack.bytes);
    assert.ok(files.has('cover-letter.pdf'));
    assert.ok(
      [...files.keys()].some((path) => path.startsWith('photos/')),
      `a photo in ${[...files.keys()].join(', ')}`,
    );
    assert.ok([...files.keys()].some((path) => path.endsWith('Geyser CoC.pdf')));
    await assertAccessible(page, 'Escalation tab with a claim');
    await page.setViewportSize(PHONE);
    await assertNoSideScroll(page, 'Escalation tab on a phone');
    await assertClean(watch);
  });
});
