/**
 * Share links (issue 12 §5): the share modal makes one link however often it is pressed and copies it;
 * the list names what each link shares and copies the links made in this tab (the server keeps only a
 * hash, so another tab can only say why it cannot); a wrong password shows on the gate's field and as
 * the spec's toast, and the right one clears both; the share page explains its badge and leads to /verify.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api, assertClean, newAccount, newContext, toast, useBrowser, watchPage } from './browser.mjs';

const SHARE_PASSWORD = 'gutter-guard-7';
const COMPANY = 'Umhlanga Roofing (Pty) Ltd';

/** A fresh supplier with one job holding one generated (verified) report; `context` starts signed in as it. */
async function supplierWithJob(context) {
  const { token } = await newAccount({
    label: 'share-links',
    context,
    firstName: 'Nomsa',
    lastName: 'Khumalo',
    userType: 'supplier',
    company: COMPANY,
    registrationNumber: '2016/333333/07',
    specialties: 'Roofing',
    businessAddress: '1 Lighthouse Road, Umhlanga',
  });
  const job = await api('/api/supplier/jobs', {
    token,
    body: {
      property_address: '8 Chartwell Drive, Umhlanga',
      client_name: 'L. Pillay',
      description: 'Re-roof',
    },
  });
  assert.equal(job.status, 201, JSON.stringify(job.body));
  const templates = (await api('/api/supplier/templates', { token })).body;
  const roofing = templates.find((template) => template.builtIn);
  const option = (name) => roofing.fields.find((field) => field.name === name).options[0];
  const report = await api(`/api/supplier/jobs/${job.body.id}/reports`, {
    token,
    body: {
      templateId: roofing.id,
      answers: {
        job_ref: job.body.job_ref,
        inspection_date: '2026-11-20',
        roof_type: option('roof_type'),
        condition: option('condition'),
        work_performed: 'New sheeting and flashing.',
      },
    },
  });
  assert.equal(report.status, 201, JSON.stringify(report.body));
  return { token, job: job.body };
}

describe('share links', () => {
  const session = useBrowser({ clipboard: true });

  it('makes one link per press of Generate, copies it, and names it in the list', async () => {
    const { browser, context, page } = session;
    const { token, job } = await supplierWithJob(context);
    const watch = await watchPage(page);
    await page.goto(`/supplier/jobs/${job.id}`);
    await page.getByRole('heading', { level: 1, name: job.job_ref }).waitFor();

    // Generate pressed three times in a row: one link.
    await page.getByRole('button', { name: 'Share job' }).click();
    const modal = page.getByRole('dialog', { name: 'Share job' });
    await modal.getByLabel('Password protect').check();
    await modal.getByLabel(/^Password\s*\*?$/).fill(SHARE_PASSWORD);
    const generate = modal.getByRole('button', { name: 'Generate Share Link' });
    await generate.click({ clickCount: 3 });
    await toast(page, 'Share link copied').waitFor();
    const link = await modal.getByLabel('Share link').inputValue();
    assert.match(link, /\/share\/[A-Za-z0-9_-]+$/);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    // The modal now offers only Copy link and Close: no second link from it.
    assert.equal(await generate.count(), 0);
    assert.equal(await modal.getByLabel('Password protect').isDisabled(), true);
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await modal.getByRole('button', { name: 'Copy link' }).click();
    await toast(page, 'Link copied').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });

    const links = (await api(`/api/supplier/jobs/${job.id}/shares`, { token })).body;
    assert.equal(links.length, 1, 'exactly one link was made');

    // The list names the link by the job and copies it in this tab.
    const table = page.getByRole('table', { name: 'Share links' });
    const row = table.getByRole('row').filter({ hasText: `Job ${job.job_ref}` });
    await row.waitFor();
    assert.equal(await table.getByRole('row').count(), 2, 'a heading row and one link');
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await row.getByRole('button', { name: `Copy link: Job ${job.job_ref}` }).click();
    await toast(page, 'Link copied').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);

    // Another tab never saw the link: it says why it cannot copy it.
    const other = await context.newPage();
    await other.goto(`/supplier/jobs/${job.id}`);
    const otherRow = other
      .getByRole('table', { name: 'Share links' })
      .getByRole('row')
      .filter({ hasText: `Job ${job.job_ref}` });
    await otherRow.waitFor();
    assert.equal(await otherRow.getByRole('button', { name: /^Copy link/ }).isDisabled(), true);
    await other.getByText(/can be copied only in the browser tab that made it/).waitFor();
    await other.close();
    await assertClean(watch);

    // The gate: a wrong password on the field and as the toast; the right one clears both.
    const visitor = await newContext(browser);
    try {
      const guest = await visitor.newPage();
      const guestWatch = await watchPage(guest);
      await guest.goto(link);
      await guest.getByRole('heading', { name: 'This link is protected by a password' }).waitFor();
      await guest.waitForFunction((title) => document.title === title, 'Shared documents · PropertyDNA');
      const field = guest.getByLabel('Password', { exact: true });
      await field.fill('not-the-password');
      await guest.getByRole('button', { name: 'Unlock' }).click();
      await toast(guest, 'Invalid password').waitFor();
      await guest.getByText('The password you entered is incorrect.').first().waitFor();
      assert.equal(await field.getAttribute('aria-invalid'), 'true');
      const describedBy = await field.getAttribute('aria-describedby');
      assert.ok(describedBy, 'the field names its error');
      assert.equal(
        (await guest.locator(`[id="${describedBy.split(' ').pop()}"]`).textContent())?.trim(),
        'The password you entered is incorrect.',
      );
      await field.fill(SHARE_PASSWORD);
      assert.equal(await field.getAttribute('aria-invalid'), null, 'editing clears the refusal');
      await guest.getByRole('button', { name: 'Unlock' }).click();
      // The stale refusal goes at once (long before it would close by itself), and Access granted shows.
      await toast(guest, 'Invalid password').waitFor({ state: 'detached', timeout: 2000 });
      await toast(guest, 'Access granted').waitFor();

      // Unlocked: the report is issued by the supplier on this job; nobody checked this supplier, so it is
      // self-declared, and the page says so and leads to /verify.
      const shared = guest.getByRole('table', { name: 'Shared documents' });
      await shared
        .getByText(`Issued by a supplier on a job · ${COMPANY} · Self-declared · ${job.job_ref}`)
        .waitFor();
      const badge = shared.getByText('Self-declared', { exact: true });
      await badge.hover();
      await guest
        .getByRole('tooltip')
        .getByText(`Self-declared: issued by a supplier on a job (job ${job.job_ref}) by ${COMPANY}`, {
          exact: false,
        })
        .waitFor();
      await guest.getByRole('link', { name: 'Check it at /verify' }).click();
      await guest.waitForURL('**/verify');
      await guest.waitForFunction((title) => document.title === title, 'Verify a document · PropertyDNA');
      await assertClean(guestWatch, { allowStatus: [401] });
    } finally {
      await visitor.close();
    }
  });
});
