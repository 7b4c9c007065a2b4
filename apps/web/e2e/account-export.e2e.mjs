/**
 * Issue 31 §1 in the browser: an owner with documents in the vault asks for "Download all my data"
 * on /account, sees the export being prepared (progress bar), then the download link once the job is
 * done; the link gives the ZIP, its manifest lists every document with its SHA-256, and the ready mail
 * links to /account. The section passes axe at 1280×900 and 390×844 without scrolling sideways.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import yauzl from 'yauzl';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  mailsTo,
  newAccount,
  pdfBytes,
  sha256,
  uploadDocument,
  useBrowser,
  VIEWPORTS,
  waitUntil,
  watchPage,
} from './browser.mjs';

/** The manifest.json of a ZIP file. */
function manifestOf(file) {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('error', reject);
      zip.on('entry', (entry) => {
        if (entry.fileName !== 'manifest.json') return zip.readEntry();
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks = [];
          stream.on('data', (chunk) => chunks.push(chunk));
          stream.on('end', () => {
            zip.close();
            resolve(JSON.parse(Buffer.concat(chunks).toString()));
          });
        });
      });
      zip.on('end', () => reject(new Error('no manifest.json in the ZIP')));
      zip.readEntry();
    });
  });
}

describe('download all my data', () => {
  const session = useBrowser({ contextOptions: { acceptDownloads: true } });

  for (const viewport of VIEWPORTS) {
    it(`prepares the export with its progress and offers the ZIP (${viewport.name})`, async () => {
      const { context, page } = session;
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const watch = await watchPage(page);
      const { email, token } = await newAccount({ label: `export-${viewport.name}`, context });
      // The Free plan's one property, with two deeds of one name (told apart in the archive).
      const property = await api('/api/properties', {
        token,
        body: {
          name: 'Karoo Farmhouse',
          address: '12 Church Street, Prince Albert',
          municipality: 'CPT',
          parcel_id: `ERF ${Math.floor(Math.random() * 100000)}`,
        },
      });
      assert.equal(property.status, 201, JSON.stringify(property.body));
      const uploaded = [];
      for (const label of ['first', 'second']) {
        const bytes = pdfBytes(`deed ${label}`);
        const document = await uploadDocument(token, property.body.id, bytes, {
          kind: 'deed',
          name: 'Title deed.pdf',
        });
        uploaded.push({ id: document.id, sha256: sha256(bytes) });
      }

      await page.goto('/account');
      const section = page.getByRole('region', { name: 'Download all my data' });
      await section.getByRole('button', { name: 'Download all my data' }).click();
      // At 0 % the bar's filled part has no width: it is there, not visible.
      await section.getByRole('progressbar', { name: 'Export progress' }).waitFor({ state: 'attached' });
      await assertAccessible(page, `export in progress (${viewport.name})`);
      const link = section.getByRole('button', { name: 'Download your data (ZIP)' });
      await link.waitFor({ timeout: 60_000 });
      await section.getByText(/Available until/).waitFor();
      await assertAccessible(page, `export ready (${viewport.name})`);
      await assertNoSideScroll(page, `export section (${viewport.name})`);

      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      assert.match(download.suggestedFilename(), /^propertydna-export-\d{4}-\d{2}-\d{2}\.zip$/);
      const file = await download.path();
      assert.ok((await readFile(file)).length > 0);
      const manifest = await manifestOf(file);
      for (const document of uploaded) {
        const entry = manifest.files.find((f) => f.document_id === document.id);
        assert.ok(entry, `the manifest lists ${document.id}`);
        assert.equal(entry.sha256, document.sha256);
      }
      assert.deepEqual(
        manifest.files
          .filter((f) => f.document_id)
          .map((f) => f.path)
          .sort(),
        ['Karoo Farmhouse/deed/Title deed (2).pdf', 'Karoo Farmhouse/deed/Title deed.pdf'],
      );

      const mail = await waitUntil(
        async () => (await mailsTo(email, 'Your PropertyDNA data export is ready'))[0],
        { what: 'the export-ready mail' },
      );
      assert.match(mail.text ?? '', /\/account/);
      await assertClean(watch);
    });
  }
});
