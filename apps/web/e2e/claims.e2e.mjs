/**
 * Claims and alerts that protect the owner (issue 26 §5): Start Claim on an incident after the policy's
 * expiry says plainly that the policy had lapsed (when, and what to do) and never calls it Found; Mark
 * Complete on an expired policy's reminder asks for the replacement document or a reason, refuses
 * neither, and is done with an uploaded replacement; a critical certificate reminder is snoozed (still
 * listed, marked) and then done with 'We no longer have: Electric fence', which leaves the property's
 * features. axe at 1280×900 and 390×844, no sideways scroll on the phone. CLAIMS_SCREENSHOTS=<dir> keeps
 * screenshots.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, describe, it } from 'node:test';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  johannesburgDay,
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

const save = screenshots('CLAIMS_SCREENSHOTS');
const [DESKTOP, PHONE] = VIEWPORTS;
const POLICY = 'Home policy 2025.pdf';
const FENCE = 'Electric fence certificate.pdf';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'YYYY-MM-DD' as the app shows it ('Nov 23, 2026'). */
const shown = (date) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(8, 10)}, ${date.slice(0, 4)}`;
/** Today's date in Johannesburg (UTC+2), `days` on. */
const dateIn = johannesburgDay;

describe('claims and reminders that protect the owner', () => {
  const session = useBrowser();
  let owner;
  let propertyId;
  let policyId;

  before(async () => {
    owner = await newAccount({ label: 'claims' });
    const created = await api('/api/properties', {
      token: owner.token,
      body: {
        name: 'Tokai Family Home',
        address: '3 Orpen Road, Tokai, Cape Town, 7945',
        property_type: 'residential',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: `ERF${randomBytes(2).toString('hex')}`,
        features: ['geyser', 'electric_fence'],
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    propertyId = created.body.id;
    const policy = await uploadDocument(owner.token, propertyId, pdfBytes('Home policy 2025'), {
      kind: 'policy',
      name: POLICY,
      expires_at: dateIn(-30),
      metadata: { issued_on: dateIn(-395), insurer: 'Santam', policy_number: 'HP-20250' },
    });
    policyId = policy.id;
    await uploadDocument(owner.token, propertyId, pdfBytes('Electric fence CoC'), {
      kind: 'certificate',
      name: FENCE,
      expires_at: dateIn(-3),
      metadata: { certificate_type: 'electric_fence_coc', issued_on: dateIn(-800) },
    });
  });

  it('Start Claim after the policy lapsed says it had lapsed, when, and what to do', async () => {
    const { page, context } = session;
    await signIn(context, owner.token);
    const watch = await watchPage(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole('tab', { name: 'Escalation' }).click();
    await page.getByRole('button', { name: 'Start Claim' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Start Claim' });
    await dialog.waitFor();
    await transitionsEnded(page);
    await dialog.getByRole('combobox', { name: /^Incident type/ }).click();
    await page.getByRole('option', { name: 'Burst geyser', exact: true }).click();
    await dialog.getByLabel(/^Date of the incident/).fill(dateIn(-2));
    await dialog.getByLabel(/^Description/).fill('The geyser burst overnight and flooded the main bedroom.');
    await dialog.getByRole('button', { name: 'Start Claim' }).click();
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByRole('article', { name: `Burst geyser on ${shown(dateIn(-2))}` });
    const cover = card.getByTestId('claim-cover');
    await cover.getByText('Your policy had lapsed before the incident').waitFor();
    const text = await cover.textContent();
    assert.match(text, new RegExp(`${POLICY} expired on ${shown(dateIn(-30))}, before the incident`));
    assert.match(text, /Contact your insurer or broker/);
    assert.equal(await cover.getAttribute('data-status'), 'lapsed');
    const policyRow = card.getByTestId('evidence-policy');
    await policyRow.getByText('Lapsed', { exact: true }).waitFor();
    assert.equal(
      await policyRow.getByText('Found', { exact: true }).count(),
      0,
      'a lapsed policy is not Found',
    );

    const [claim] = (await api(`/api/properties/${propertyId}/claims`, { token: owner.token })).body;
    const detail = await api(`/api/claims/${claim.id}`, { token: owner.token });
    assert.deepEqual(
      {
        in_force: detail.body.cover.in_force,
        expired_on: detail.body.cover.expired_on,
        policy: detail.body.cover.policy_document_id,
      },
      { in_force: false, expired_on: dateIn(-30), policy: policyId },
    );
    await card.scrollIntoViewIfNeeded();
    await assertAccessible(page, 'a claim on a lapsed policy (desktop)');
    await save(page, 'claim-lapsed-desktop');
    await page.setViewportSize(PHONE);
    await cover.waitFor();
    await assertAccessible(page, 'a claim on a lapsed policy (phone)');
    await assertNoSideScroll(page, 'a claim on a lapsed policy (phone)');
    await cover.scrollIntoViewIfNeeded();
    await save(page, 'claim-lapsed-phone');
    await assertClean(watch);
  });

  it('Mark Complete on the expired policy asks for the replacement or a reason; an upload completes it', async () => {
    const { page, context } = session;
    await signIn(context, owner.token);
    const watch = await watchPage(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole('tab', { name: 'Actions' }).click();
    const list = page.getByRole('list', { name: 'Reminders' });
    const title = `Insurance policy expired: ${POLICY}`;
    await list.getByText(title, { exact: true }).waitFor();

    await list.getByRole('button', { name: `Mark Complete: ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Mark Complete: ${title}` });
    await dialog.waitFor();
    await transitionsEnded(page);
    await dialog.getByText('Add the replacement document or say why it is no longer needed.').waitFor();
    await dialog.getByRole('button', { name: 'Mark Complete' }).click();
    await dialog
      .getByRole('alert')
      .getByText('Choose the replacement, or say why it is no longer needed')
      .waitFor();
    await dialog.getByRole('radio', { name: 'It is no longer needed' }).check();
    await dialog.getByRole('button', { name: 'Mark Complete' }).click();
    await dialog
      .getByRole('alert')
      .getByText('Add the replacement document or say why it is no longer needed', { exact: true })
      .waitFor();
    // Nothing was sent that could hide it: the reminder is still there behind the dialog.
    const still = await api(`/api/properties/${propertyId}/reminders`, { token: owner.token });
    assert.ok(still.body.some((reminder) => reminder.id === `document:${policyId}`));

    await dialog.getByRole('radio', { name: 'I have the replacement document' }).check();
    await dialog
      .getByText(/No current document of the same kind that expires after this one is in the vault yet/)
      .waitFor();
    await assertAccessible(page, 'the Mark Complete dialog of an expiry (desktop)');
    await save(page, 'complete-expiry-desktop');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Or upload it now' }).click();
    await (await chooser).setFiles({
      name: 'Home policy 2026.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBytes('Home policy 2026'),
    });
    await dialog.getByLabel('Its expiry date').fill(dateIn(335));
    await page.setViewportSize(PHONE);
    await assertAccessible(page, 'the Mark Complete dialog of an expiry (phone)');
    await save(page, 'complete-expiry-phone');
    await page.setViewportSize(DESKTOP);
    // The new policy expires later, so it supersedes the old one as soon as it is in the vault: the
    // server answers Mark Complete with it as done all the same.
    await dialog.getByRole('button', { name: 'Mark Complete' }).click();
    await page
      .locator('.mantine-Notification-root')
      .getByText('Reminder completed', { exact: true })
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    await list.getByText(title, { exact: true }).waitFor({ state: 'detached' });
    const vault = await api(`/api/properties/${propertyId}/documents`, { token: owner.token });
    assert.ok(
      vault.body.some((document) => document.name === 'Home policy 2026.pdf' && document.kind === 'policy'),
    );
    await assertClean(watch, { allowStatus: [400] });
  });

  it('a critical reminder is snoozed (still listed, marked), then done with "We no longer have: Electric fence"', async () => {
    const { page, context } = session;
    await signIn(context, owner.token);
    const watch = await watchPage(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole('tab', { name: 'Actions' }).click();
    const list = page.getByRole('list', { name: 'Reminders' });
    const title = `Certificate expired: ${FENCE}`;
    await list.getByText(title, { exact: true }).waitFor();

    await list.getByRole('button', { name: `Snooze: ${title}` }).click();
    const snooze = page.getByRole('dialog', { name: `Snooze: ${title}` });
    await snooze.waitFor();
    await transitionsEnded(page);
    await snooze.getByLabel(/^Snooze until/).fill(dateIn(5));
    await snooze.getByRole('button', { name: 'Snooze' }).click();
    await snooze.waitFor({ state: 'detached' });
    await list.getByText(`Snoozed until ${shown(dateIn(5))}`).waitFor();
    await list.getByText(title, { exact: true }).waitFor();
    await assertAccessible(page, 'the Actions tab with a snoozed reminder (desktop)');
    await save(page, 'actions-snoozed-desktop');
    await page.setViewportSize(PHONE);
    await assertNoSideScroll(page, 'the Actions tab (phone)');
    await save(page, 'actions-snoozed-phone');
    await page.setViewportSize(DESKTOP);

    await list.getByRole('button', { name: `Mark Complete: ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Mark Complete: ${title}` });
    await dialog.waitFor();
    await transitionsEnded(page);
    await dialog.getByRole('radio', { name: 'It is no longer needed' }).check();
    await dialog.getByRole('combobox', { name: /We no longer have/ }).click();
    await page.getByRole('option', { name: 'Electric fence', exact: true }).click();
    await dialog.getByRole('button', { name: 'Mark Complete' }).click();
    await page
      .locator('.mantine-Notification-root')
      .getByText('Reminder completed. Electric fence is no longer listed on the property.')
      .waitFor();
    await list.getByText(title, { exact: true }).waitFor({ state: 'detached' });
    const property = await api(`/api/properties/${propertyId}`, { token: owner.token });
    assert.deepEqual(property.body.features, ['geyser']);
    await assertClean(watch);
  });
});
