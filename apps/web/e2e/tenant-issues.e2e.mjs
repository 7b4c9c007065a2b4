/**
 * A tenant and the property they rent (issue 29 §3): the owner grants a tenant access to one property;
 * on the shared property the tenant sees its maintenance tasks (title, due, status, nothing to change)
 * and reports an issue, which the owner finds among the property's reminders, naming the tenant. The
 * shared page passes axe at 1280 and 390 px, before and after the report, and does not scroll sideways
 * on a phone. Screenshots go to TENANT_SCREENSHOTS (default /tmp/shots) as tenant-*.png.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  mailsTo,
  newAccount,
  screenshots,
  useBrowser,
  VIEWPORTS,
  waitUntil,
  watchPage,
} from './browser.mjs';

process.env.TENANT_SCREENSHOTS ??= '/tmp/shots';
const save = screenshots('TENANT_SCREENSHOTS');

const HOUSE = { name: 'Observatory House', address: '4 Station Road, Observatory, Cape Town, 7925' };

/** Checks the page at both widths (axe; no sideways scroll on a phone) and saves it as tenant-<name>. */
async function checkBothWidths(page, name) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await assertAccessible(page, `${name} (${viewport.name})`);
    await save(page, `tenant-${name}-${viewport.name}`);
    if (viewport.name === 'phone') await assertNoSideScroll(page, `${name} on a phone`);
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

describe('tenants', () => {
  const session = useBrowser();

  it('a tenant sees the maintenance tasks and reports an issue, which the owner gets as a reminder naming them', async () => {
    const { context, page } = session;
    const watch = await watchPage(page);
    const owner = await newAccount({ label: 'tenant-owner', firstName: 'Naledi', lastName: 'Mokoena' });
    const tenant = await newAccount({ label: 'tenant', context, firstName: 'Ayanda', lastName: 'Zulu' });

    const house = await api('/api/properties', {
      token: owner.token,
      body: { property_type: 'residential', country: 'ZA', municipality: 'CPT', parcel_id: 'OB4', ...HOUSE },
    });
    assert.equal(house.status, 201, JSON.stringify(house.body));
    const task = await api('/api/maintenance', {
      token: owner.token,
      body: {
        propertyId: house.body.id,
        title: 'Clear the gutters',
        frequency: 'annually',
        priority: 'medium',
        next_due: '2027-05-01',
      },
    });
    assert.equal(task.status, 201, JSON.stringify(task.body));
    const granted = await api(`/api/properties/${house.body.id}/access`, {
      token: owner.token,
      body: { email: tenant.email, role: 'tenant', scope: 'documents_only' },
    });
    assert.equal(granted.status, 201, JSON.stringify(granted.body));
    const mail = await waitUntil(
      async () =>
        (await mailsTo(tenant.email, `Naledi Mokoena shared ${HOUSE.name} with you on PropertyDNA`)).at(-1),
      { what: `the access mail to ${tenant.email}` },
    );
    const token = /\/access\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    assert.ok(token, mail.text);
    const accepted = await api(`/api/access/${token}/accept`, { token: tenant.token, body: {} });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));

    // The shared property: the maintenance tasks, read-only, and the form.
    await page.goto(`/shared-with-me/${granted.body.id}`);
    await page.getByRole('heading', { level: 1, name: HOUSE.name }).waitFor();
    const maintenance = page.getByRole('region', { name: 'Maintenance' });
    await maintenance.getByText('Clear the gutters').waitFor();
    await maintenance.getByText('Scheduled', { exact: true }).waitFor();
    assert.equal(await maintenance.getByRole('button').count(), 0, 'nothing to press on the tasks');
    const form = page.getByRole('region', { name: 'Report an issue' });
    await form.scrollIntoViewIfNeeded();
    await checkBothWidths(page, 'shared-property');

    // Sent empty: the form says what is missing, nothing is sent.
    await form.getByRole('button', { name: 'Report issue' }).click();
    await form.getByText('Give the issue a short title').waitFor();
    await form.getByText('Describe the issue: what is wrong, and where').waitFor();
    await checkBothWidths(page, 'report-errors');

    await form.getByRole('textbox', { name: /Title/ }).fill('Leaking kitchen tap');
    await form.getByRole('textbox', { name: /Description/ }).fill('The kitchen tap drips all night.');
    await form.getByRole('button', { name: 'Report issue' }).click();
    await form.getByRole('status').getByText('Issue reported').waitFor();
    await checkBothWidths(page, 'report-sent');

    // The owner's property now has the reminder, naming the tenant.
    const reminders = await api(`/api/properties/${house.body.id}/reminders`, { token: owner.token });
    assert.equal(reminders.status, 200);
    const reported = reminders.body.find((reminder) => reminder.title === 'Leaking kitchen tap');
    assert.ok(reported, JSON.stringify(reminders.body));
    assert.match(reported.message, /Reported by Ayanda Zulu \(tenant\)$/);
    await assertClean(watch);
  });
});
