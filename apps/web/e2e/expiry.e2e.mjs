import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  isPhone,
  johannesburgDay,
  newAccount,
  newContext,
  pdfBytes,
  screenshots,
  signIn,
  uploadDocument,
  useBrowser,
  VIEWPORTS,
  watchPage,
} from './browser.mjs';

/** The South African date `days` from today (negative: ago), 'YYYY-MM-DD'. */
const day = johannesburgDay;

const save = screenshots('EXPIRY_SHOTS');

/**
 * An owner whose vault holds a policy that expired yesterday, a beetle certificate that expires in 20
 * days and an electrical CoC nobody dated; `context` starts signed in as them.
 */
async function ownerWithDatedVault(context) {
  const owner = await newAccount({ label: 'expiry-owner', context });
  const property = await api('/api/properties', {
    token: owner.token,
    body: {
      name: 'Tamboerskloof House',
      address: '12 Upper Kloof Street, Tamboerskloof, 8001',
      property_type: 'residential',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: `TK${Date.now() % 100000}`,
    },
  });
  assert.equal(property.status, 201, JSON.stringify(property.body));
  const propertyId = property.body.id;
  const policy = await uploadDocument(owner.token, propertyId, pdfBytes('Lapsed policy'), {
    kind: 'policy',
    name: 'Lapsed home policy.pdf',
    expires_at: day(-1),
  });
  assert.equal(policy.expired, true);
  const beetle = await uploadDocument(owner.token, propertyId, pdfBytes('Beetle certificate'), {
    kind: 'certificate',
    name: 'Beetle certificate.pdf',
    expires_at: day(20),
    metadata: { certificate_type: 'beetle_clearance', issued_on: day(-70) },
  });
  const undated = await uploadDocument(owner.token, propertyId, pdfBytes('Electrical CoC'), {
    kind: 'certificate',
    name: 'Electrical CoC.pdf',
    metadata: { certificate_type: 'electrical_coc' },
  });
  assert.equal(undated.issue_date, 'unknown');
  return { owner, propertyId, policy, beetle };
}

/** The table row naming `name`. */
/**
 * A document's row: the table's on a laptop; a vault's compact list's item on a phone (its badges and
 * certificate line show unopened).
 */
const rowOf = (page, table, name) =>
  isPhone(page) && (table === 'Documents' || table === 'Property documents')
    ? page.getByRole('list', { name: table }).getByRole('listitem').filter({ hasText: name })
    : page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: name });

describe('honest dates: Expired and Expires in N days, and no invented issue date', () => {
  const session = useBrowser();

  it('an expired policy shows Expired in the vault, /vault and the share page; an undated certificate says Date unknown', async () => {
    const { page, context } = session;
    const watch = await watchPage(page);
    const { owner, propertyId, policy, beetle } = await ownerWithDatedVault(context);

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });

      // The property's Vault tab.
      await page.goto(`/properties/${propertyId}`);
      await page.getByRole('tab', { name: 'Vault' }).click();
      const lapsed = rowOf(page, 'Property documents', 'Lapsed home policy.pdf');
      await lapsed.getByText('Expired', { exact: true }).waitFor();
      await rowOf(page, 'Property documents', 'Beetle certificate.pdf')
        .getByText('Expires in 20 days', { exact: true })
        .waitFor();
      await rowOf(page, 'Property documents', 'Electrical CoC.pdf')
        .getByText('Date unknown', { exact: true })
        .waitFor();
      await assertAccessible(page, `vault tab (${viewport.name})`);
      await assertNoSideScroll(page, `vault tab (${viewport.name})`);
      await save(page, `vault-tab-${viewport.name}`);

      // /vault: every document of every property.
      await page.goto('/vault');
      await rowOf(page, 'Documents', 'Lapsed home policy.pdf')
        .getByText('Expired', { exact: true })
        .waitFor();
      await rowOf(page, 'Documents', 'Beetle certificate.pdf')
        .getByText('Expires in 20 days', { exact: true })
        .waitFor();
      await rowOf(page, 'Documents', 'Electrical CoC.pdf')
        .getByText('Date unknown', { exact: true })
        .waitFor();
      await assertAccessible(page, `/vault (${viewport.name})`);
      await assertNoSideScroll(page, `/vault (${viewport.name})`);
      await save(page, `all-vault-${viewport.name}`);
    }

    // The share page says the same of the same documents.
    const shared = await api(`/api/properties/${propertyId}/share`, {
      token: owner.token,
      body: { password: 'pw-1234', documentIds: [policy.id, beetle.id] },
    });
    assert.equal(shared.status, 201, JSON.stringify(shared.body));
    const visitor = await newContext(session.browser);
    try {
      const sharePage = await visitor.newPage();
      for (const viewport of VIEWPORTS) {
        await sharePage.setViewportSize({ width: viewport.width, height: viewport.height });
        await sharePage.goto(`/share/${shared.body.token}`);
        if (viewport === VIEWPORTS[0]) {
          await sharePage.getByRole('textbox', { name: 'Password' }).fill('pw-1234');
          await sharePage.getByRole('button', { name: 'Unlock' }).click();
        }
        await rowOf(sharePage, 'Shared documents', 'Lapsed home policy.pdf')
          .getByText('Expired', { exact: true })
          .waitFor();
        await rowOf(sharePage, 'Shared documents', 'Beetle certificate.pdf')
          .getByText('Expires in 20 days', { exact: true })
          .waitFor();
        await assertAccessible(sharePage, `share page (${viewport.name})`);
        await assertNoSideScroll(sharePage, `share page (${viewport.name})`);
        await save(sharePage, `share-page-${viewport.name}`);
      }
    } finally {
      await visitor.close();
    }
    await assertClean(watch);
  });

  it("an adopted Roofing Service Report says what it is and when it was issued, counts for the roof rule, and takes the owner's notes apart", async () => {
    const { page, context } = session;
    const watch = await watchPage(page);
    const supplier = await newAccount({
      label: 'expiry-roofer',
      firstName: 'Nomsa',
      lastName: 'Khumalo',
      userType: 'supplier',
      company: 'Kloof Roofing (Pty) Ltd',
      registrationNumber: '2016/444444/07',
      specialties: 'Roofing',
      businessAddress: '1 Kloof Nek Road, Cape Town',
    });
    const job = await api('/api/supplier/jobs', {
      token: supplier.token,
      body: { property_address: '12 Upper Kloof Street', client_name: 'T. Mokoena', description: 'Roof' },
    });
    assert.equal(job.status, 201, JSON.stringify(job.body));
    const report = await api(`/api/supplier/jobs/${job.body.id}/reports`, {
      token: supplier.token,
      body: {
        templateId: 'roofing-service-report-v1',
        answers: {
          job_ref: job.body.job_ref,
          inspection_date: day(-30),
          roof_type: 'Clay tile',
          condition: 'Good',
          work_performed: 'Inspected the roof and resealed the ridge.',
        },
      },
    });
    assert.equal(report.status, 201, JSON.stringify(report.body));
    const share = await api(`/api/supplier/jobs/${job.body.id}/share`, { token: supplier.token, body: {} });
    assert.equal(share.status, 201, JSON.stringify(share.body));
    const { owner, propertyId } = await ownerWithDatedVault(context);
    const adopted = await api(`/api/share/${share.body.token}/adopt`, {
      token: owner.token,
      body: { property_id: propertyId, create_property: false },
    });
    assert.equal(adopted.status, 200, JSON.stringify(adopted.body));

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole('tab', { name: 'Vault' }).click();
    const name = report.body.name;
    const row = rowOf(page, 'Property documents', name);
    await row.getByText(/Roof inspection report/).waitFor();
    assert.match(await row.getByText(/Roof inspection report/).textContent(), /issued/);
    await row.getByRole('button', { name: `Notes on ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Your notes' });
    await dialog.getByText(/As issued by Kloof Roofing/).waitFor();
    await assertAccessible(page, 'owner notes dialog');
    await save(page, 'owner-notes-dialog-desktop');
    await dialog.getByLabel('Your notes').fill('Ask about the gutters next time.');
    await dialog.getByRole('button', { name: 'Save notes' }).click();
    await row.getByText('Ask about the gutters next time.').waitFor();
    await save(page, 'owner-notes-row-desktop');

    await page.getByRole('tab', { name: 'Policy Check' }).click();
    await page.getByText('Roof inspection report in order').first().waitFor();
    await assertClean(watch);

    // The supplier's job page shows Expired on an expired certificate of the job.
    await uploadDocument(supplier.token, null, pdfBytes('Old roof certificate'), {
      job_id: job.body.id,
      kind: 'certificate',
      name: 'Old roof certificate.pdf',
      expires_at: day(-3),
    });
    const roofer = await newContext(session.browser);
    try {
      await signIn(roofer, supplier.token);
      const jobPage = await roofer.newPage();
      for (const viewport of VIEWPORTS) {
        await jobPage.setViewportSize({ width: viewport.width, height: viewport.height });
        await jobPage.goto(`/supplier/jobs/${job.body.id}`);
        await rowOf(jobPage, 'Job documents', 'Old roof certificate.pdf')
          .getByText('Expired', { exact: true })
          .waitFor();
        await assertAccessible(jobPage, `job page (${viewport.name})`);
        await save(jobPage, `job-page-${viewport.name}`);
      }
    } finally {
      await roofer.close();
    }
  });

  it("the upload form's Issued on starts empty, and so does the expiry it would work out from it", async () => {
    const { page, context } = session;
    const watch = await watchPage(page);
    const { propertyId } = await ownerWithDatedVault(context);
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole('tab', { name: 'Vault' }).click();
    const upload = page.getByRole('region', { name: 'Upload documents' });
    await upload.getByLabel('Type').selectOption('certificate');
    assert.equal(await upload.getByLabel('Issued on').inputValue(), '');
    assert.equal(await upload.getByLabel('Expiry date').inputValue(), '');
    await save(page, 'upload-form-desktop');
    await assertClean(watch);
  });
});
