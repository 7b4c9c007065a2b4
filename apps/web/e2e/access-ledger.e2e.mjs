/**
 * Issue 31 §3 in the browser: a share link opened from outside shows in /account's Access ledger (who,
 * what, the address), filtered by kind; Revoke on its row asks first, then ends the link (it answers 404)
 * and the row stays without a Revoke button. The section and the dialog pass axe at 1280×900 and 390×844
 * without scrolling sideways.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  newAccount,
  pdfBytes,
  uploadDocument,
  useBrowser,
  VIEWPORTS,
  watchPage,
} from './browser.mjs';

describe('the access ledger', () => {
  const session = useBrowser();

  for (const viewport of VIEWPORTS) {
    it(`shows an outside view and revokes the link from its row (${viewport.name})`, async () => {
      const { context, page } = session;
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const watch = await watchPage(page);
      const { token } = await newAccount({ label: `ledger-${viewport.name}`, context });
      const property = await api('/api/properties', {
        token,
        body: {
          name: 'Karoo Farmhouse',
          address: '12 Church Street, Prince Albert',
          municipality: 'CPT',
          parcel_id: `ERF ${Date.now() % 100000}`,
        },
      });
      assert.equal(property.status, 201, JSON.stringify(property.body));
      const document = await uploadDocument(token, property.body.id, pdfBytes('Electrical CoC'), {
        kind: 'certificate',
        name: 'Electrical CoC.pdf',
      });
      const share = await api(`/api/properties/${property.body.id}/share`, {
        token,
        body: { documentIds: [document.id], expiresInDays: 7 },
      });
      assert.equal(share.status, 201, JSON.stringify(share.body));
      const opened = await api(`/api/share/${share.body.token}`, { from: '198.51.100.23' });
      assert.equal(opened.status, 200);

      await page.goto('/account');
      const section = page.getByRole('region', { name: 'Access ledger' });
      const table = section.getByRole('table', { name: 'Access ledger' });
      await table.getByText('198.51.100.23').waitFor();
      await section.getByLabel('Kind').selectOption('share_link');
      await table.getByText('198.51.100.23').waitFor();
      await assertAccessible(page, `access ledger (${viewport.name})`);
      await assertNoSideScroll(page, `access ledger (${viewport.name})`);

      await table
        .getByRole('button', { name: /^Revoke access: Share link/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Revoke access?' });
      await dialog.getByText('whoever holds it can no longer open it', { exact: false }).waitFor();
      await assertAccessible(page, `revoke dialog (${viewport.name})`);
      await assertNoSideScroll(page, `revoke dialog (${viewport.name})`);
      await dialog.getByRole('button', { name: 'Revoke access' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await table.getByText('198.51.100.23').waitFor();
      await table.getByRole('button', { name: /^Revoke access/ }).waitFor({ state: 'detached' });
      assert.equal((await api(`/api/share/${share.body.token}`)).status, 404, 'the link refuses at once');
      await assertClean(watch);
    });
  }
});
