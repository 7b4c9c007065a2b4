/**
 * One provenance on every screen (issue 26 §3): a certificate an invited vendor uploaded shows the same
 * badge and provenance line in the property's vault, on /vault, on the share page and on /verify for the
 * same bytes — Self-declared, since nobody checked the vendor. axe at 1280×900 and 390×844, no sideways
 * scroll on the phone. PROVENANCE_SCREENSHOTS=<dir> keeps screenshots of each screen at both sizes.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, describe, it } from 'node:test';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  newAccount,
  newContext,
  pdfBytes,
  screenshots,
  sha256,
  signIn,
  uniqueEmail,
  useBrowser,
  VIEWPORTS,
  vaultRow,
  watchPage,
} from './browser.mjs';

const save = screenshots('PROVENANCE_SCREENSHOTS');
const FILE = 'Gas certificate of conformity.pdf';
const LINE = 'Uploaded by an invited vendor · Lerato Nkosi, Blue Flame Gas · Self-declared';

/** The upload sequence of an invite (sign, PUT, register), as the vendor's page runs it. */
async function vendorUpload(token, bytes) {
  const signed = await api(`/api/invites/${token}/sign`, {
    body: { contentType: 'application/pdf', sha256: sha256(bytes), bytes: bytes.length },
  });
  assert.equal(signed.status, 200, JSON.stringify(signed.body));
  const put = await fetch(signed.body.url, { method: 'PUT', headers: signed.body.headers, body: bytes });
  assert.equal(put.status, 200, await put.text());
  const registered = await api(`/api/invites/${token}/documents`, {
    body: {
      kind: 'certificate',
      name: FILE,
      storage_key: signed.body.storageKey,
      sha256: sha256(bytes),
      bytes: bytes.length,
      content_type: 'application/pdf',
      metadata: { certificate_type: 'gas_coc', issued_on: '2026-10-01' },
    },
  });
  assert.equal(registered.status, 201, JSON.stringify(registered.body));
  return registered.body;
}

describe('provenance: the vault, the share page and /verify say the same', () => {
  const session = useBrowser();
  let owner;
  let propertyId;
  let shareUrl;
  const bytes = pdfBytes('Gas CoC');

  before(async () => {
    owner = await newAccount({ label: 'provenance' });
    const created = await api('/api/properties', {
      token: owner.token,
      body: {
        name: 'Observatory Semi',
        address: '4 Lower Main Road, Observatory, Cape Town, 7925',
        property_type: 'residential',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: `ERF${randomBytes(2).toString('hex')}`,
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    propertyId = created.body.id;
    const invited = await api('/api/vendors/invite', {
      token: owner.token,
      body: { name: 'Lerato Nkosi', email: uniqueEmail('lerato'), company: 'Blue Flame Gas', propertyId },
    });
    assert.equal(invited.status, 201, JSON.stringify(invited.body));
    await vendorUpload(new URL(invited.body.invite.url).pathname.split('/').pop(), bytes);
    const [document] = (await api(`/api/properties/${propertyId}/documents`, { token: owner.token })).body;
    assert.equal(document.badge, 'Self-declared');
    const share = await api(`/api/properties/${propertyId}/share`, {
      token: owner.token,
      body: { password: null, documentIds: [document.id] },
    });
    assert.equal(share.status, 201, JSON.stringify(share.body));
    shareUrl = new URL(share.body.url).pathname;
  });

  it('shows one badge and one line for a vendor upload on every screen, on a laptop and a phone', async () => {
    const { browser, context, page } = session;
    await signIn(context, owner.token);
    const watch = await watchPage(page);
    const guest = await newContext(browser);
    const visitor = await guest.newPage();
    const visitorWatch = await watchPage(visitor);
    try {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await visitor.setViewportSize({ width: viewport.width, height: viewport.height });

        // The property's vault.
        await page.goto(`/properties/${propertyId}`);
        // On a phone a compact row: its badge shows at once, its line once it is opened.
        const vault = await vaultRow(page, 'Property documents', FILE, { open: true });
        await vault.getByText('Self-declared', { exact: true }).first().waitFor();
        await vault.getByText(LINE, { exact: true }).waitFor();
        assert.equal(await vault.getByText('Verified', { exact: true }).count(), 0);
        await assertAccessible(page, `property vault (${viewport.name})`);
        await assertNoSideScroll(page, `property vault (${viewport.name})`);
        await save(page, `vault-${viewport.name}`);

        // /vault.
        await page.goto('/vault');
        const listed = await vaultRow(page, 'Documents', FILE, { open: true });
        await listed.getByText('Self-declared', { exact: true }).first().waitFor();
        await listed.getByText(LINE, { exact: true }).waitFor();
        await assertAccessible(page, `/vault (${viewport.name})`);
        await assertNoSideScroll(page, `/vault (${viewport.name})`);
        await save(page, `all-vault-${viewport.name}`);

        // The share page, as anyone with the link sees it.
        await visitor.goto(shareUrl);
        const shared = visitor
          .getByRole('table', { name: 'Shared documents' })
          .locator('tbody tr')
          .filter({ hasText: FILE });
        await shared.getByText('Self-declared', { exact: true }).waitFor();
        await shared.getByText(LINE, { exact: true }).waitFor();
        await assertAccessible(visitor, `share page (${viewport.name})`);
        await assertNoSideScroll(visitor, `share page (${viewport.name})`);
        await save(visitor, `share-${viewport.name}`);

        // /verify for the same bytes: registered, self-declared, with the same line and the vendor's name.
        await visitor.goto('/verify');
        await visitor.locator('input[type="file"]').setInputFiles({
          name: FILE,
          mimeType: 'application/pdf',
          buffer: bytes,
        });
        await visitor.getByText('Registered, self-declared').waitFor();
        const match = visitor.getByTestId('verify-match');
        // The badge, and the issuer's level then among the facts.
        assert.equal(await match.getByText('Self-declared', { exact: true }).count(), 2);
        await match.getByText(LINE, { exact: true }).waitFor();
        await match.getByText('Lerato Nkosi, Blue Flame Gas', { exact: true }).waitFor();
        assert.equal(await visitor.getByText('Verified document').count(), 0);
        await assertAccessible(visitor, `/verify (${viewport.name})`);
        await assertNoSideScroll(visitor, `/verify (${viewport.name})`);
        await save(visitor, `verify-${viewport.name}`);
      }
      await assertClean(watch);
      await assertClean(visitorWatch);
    } finally {
      await guest.close();
    }
  });
});
