/**
 * Teams and the people around a property (issue 29, "How it is checked"): a property manager invites a
 * colleague as viewer from /account's Members section; the colleague opens the mailed link in a browser
 * of their own, logs in (their address confirmed) and joins, then sees the portfolio with every write
 * button disabled and the Company Dashboard's members panel, and on a property's Policy Check, Actions,
 * Vendors and Escalation tabs reads what is there while every write button is held back with the reason. The owner grants a conveyancer read access
 * to one of two properties (People with access); the conveyancer, new to PropertyDNA, signs up from the
 * mailed link, confirms the address (nothing to accept before that), accepts and finds that property's
 * vault and compliance check under Shared with me, and not the other property; once the owner revokes,
 * it is gone. Each new page passes axe at 1280 and 390 px and does not scroll sideways on a phone.
 * Screenshots go to TEAMS_SCREENSHOTS (default /tmp/shots) as teams-*.png.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  confirmationLink,
  mailsTo,
  newAccount,
  newContext,
  pdfBytes,
  screenshots,
  TEST_PASSWORD,
  toast,
  uniqueEmail,
  uploadDocument,
  useBrowser,
  VIEWPORTS,
  waitUntil,
  watchPage,
} from './browser.mjs';

process.env.TEAMS_SCREENSHOTS ??= '/tmp/shots';
const save = screenshots('TEAMS_SCREENSHOTS');

const OWNER = { firstName: 'Thandiwe', lastName: 'Mokoena' };
const OWNER_NAME = `${OWNER.firstName} ${OWNER.lastName}`;
const COMPANY = 'Mokoena Managed Homes';
const COTTAGE = { name: 'Kloof Street Cottage', address: '12 Kloof Street, Gardens, Cape Town, 8001' };
const FLAT = { name: 'Sea Point Flat', address: '9 Beach Road, Sea Point, 8005' };

/**
 * A property manager on the Premium trial with two properties (the cottage holding one document); its
 * pages start signed in when `context` is given.
 */
async function propertyManager(context) {
  const owner = await newAccount({
    label: 'teams-owner',
    context,
    ...OWNER,
    userType: 'property_manager',
    company: COMPANY,
  });
  assert.equal((await api('/trpc/plan.startTrial', { token: owner.token, body: {} })).status, 200);
  const create = async (fields, parcel) => {
    const created = await api('/api/properties', {
      token: owner.token,
      body: {
        property_type: 'residential',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: parcel,
        ...fields,
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body;
  };
  const cottage = await create(COTTAGE, 'KS12');
  const flat = await create(FLAT, 'SP9');
  const deed = await uploadDocument(owner.token, cottage.id, pdfBytes('deed'), {
    name: 'Title deed.pdf',
    kind: 'deed',
  });
  return { ...owner, cottage, flat, deed };
}

/** The newest mail to `to` with this subject (waits for the queue to send it), and the app link in it. */
async function mailedLink(to, subject, pattern) {
  const mail = await waitUntil(async () => (await mailsTo(to, subject)).at(-1), {
    what: `"${subject}" mail to ${to} in the outbox`,
  });
  const match = pattern.exec(mail.text);
  assert.ok(match, `a link matching ${pattern} in: ${mail.text}`);
  return match[0];
}

/** Checks the page as it is at both widths (axe; no sideways scroll on a phone) and saves it as teams-<name>. */
async function checkBothWidths(page, name) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await assertAccessible(page, `${name} (${viewport.name})`);
    await save(page, `teams-${name}-${viewport.name}`);
    if (viewport.name === 'phone') await assertNoSideScroll(page, `${name} on a phone`);
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

/** From a mailed link's page, signed out: Log in (the address filled in) brings the person back to it. */
async function logInFrom(page, email, backTo) {
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await page.waitForURL('**/login?**');
  const field = page.getByLabel('Email', { exact: true });
  if ((await field.inputValue()) !== email) await field.fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === backTo);
}

/**
 * Fails unless every button or link with one of these names is absent or disabled (aria-disabled, the
 * role guard's mark): the person can press no write button.
 */
async function assertNoWriteButton(page, names, label) {
  for (const name of names) {
    for (const role of ['button', 'link']) {
      for (const element of await page.getByRole(role, { name, exact: true }).all()) {
        const disabled =
          (await element.getAttribute('aria-disabled')) === 'true' || (await element.isDisabled());
        assert.ok(disabled, `${label}: the ${role} '${name}' can be pressed`);
      }
    }
  }
}

/** What the role guard says to a viewer of every write it holds back (the domain's whyNot). */
const VIEWER_REASON = 'Viewers can read but not change anything';

/**
 * The viewer on one of a property's tabs: once `shows` is there to read, every button of the tab but the
 * `reads` is held back (aria-disabled="true", described by the reason), `writes` among them, and the reads
 * are not.
 */
async function assertTabHeldBack(page, tab, { shows, reads = [], writes }) {
  const label = `the viewer on the ${tab} tab`;
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: tab });
  await panel.getByText(shows, { exact: true }).first().waitFor();
  const seen = [];
  for (const button of await panel.getByRole('button').all()) {
    const name = ((await button.getAttribute('aria-label')) ?? (await button.textContent()) ?? '').trim();
    seen.push(name);
    const disabled = (await button.getAttribute('aria-disabled')) === 'true';
    if (reads.includes(name)) {
      assert.ok(!disabled && !(await button.isDisabled()), `${label}: the read '${name}' is held back`);
      continue;
    }
    assert.ok(disabled, `${label}: the button '${name}' can be pressed`);
    const reasons = await button.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    );
    assert.ok(reasons.includes(VIEWER_REASON), `${label}: '${name}' does not say why (${reasons})`);
  }
  for (const name of [...writes, ...reads]) {
    assert.ok(seen.includes(name), `${label}: no '${name}' among ${JSON.stringify(seen)}`);
  }
  return panel;
}

describe('teams', () => {
  const session = useBrowser();

  it('an owner invites a colleague as viewer, who joins and reads the portfolio without a write button', async () => {
    const { browser, context, page } = session;
    const watch = await watchPage(page);
    const owner = await propertyManager(context);
    const colleague = await newAccount({ label: 'teams-viewer', firstName: 'Sipho', lastName: 'Dlamini' });
    // Something to read, and to be held back from, on the cottage's Actions and Vendors tabs.
    const reminder = await api(`/api/properties/${owner.cottage.id}/reminders`, {
      token: owner.token,
      body: {
        title: 'Service the gate motor',
        due_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        priority: 'critical',
      },
    });
    assert.equal(reminder.status, 201, JSON.stringify(reminder.body));
    const vendor = await api('/api/vendors/invite', {
      token: owner.token,
      body: {
        name: 'Lerato Nkosi',
        email: uniqueEmail('teams-vendor'),
        company: 'Blue Flame Gas',
        propertyId: owner.cottage.id,
      },
    });
    assert.equal(vendor.status, 201, JSON.stringify(vendor.body));

    // The owner invites the colleague as viewer from /account's Members section.
    await page.goto('/account');
    const members = page.getByRole('region', { name: 'Members' });
    await members.getByText(`${OWNER_NAME} (you)`).waitFor();
    await members.getByRole('textbox', { name: 'Email' }).fill(colleague.email);
    await members.getByRole('combobox', { name: 'Role', exact: true }).selectOption('viewer');
    await members.getByRole('button', { name: 'Send invite' }).click();
    await toast(page, 'Invitation sent').waitFor();
    const pending = members.getByRole('region', { name: 'Pending invitations' });
    await pending.getByText(`${colleague.email} · Viewer`, { exact: false }).waitFor();
    await members.scrollIntoViewIfNeeded();
    await checkBothWidths(page, 'members-section');

    // The Company Dashboard: the portfolio and the members panel, one invitation waiting.
    await page.goto('/app/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Managed Properties' }).waitFor();
    const panel = page.getByRole('region', { name: 'Members' });
    await panel.getByText('1 invitation waiting').waitFor();
    assert.equal(
      await panel.getByRole('link', { name: 'Manage members and invitations' }).getAttribute('href'),
      '/account#account-members',
    );
    await page.getByText(COTTAGE.name).first().waitFor();
    await checkBothWidths(page, 'dashboard-owner');

    // The mailed link, opened by the colleague in a browser of their own, signed out.
    const invitationPath = await mailedLink(
      colleague.email,
      `${OWNER_NAME} invited you to ${COMPANY} on PropertyDNA`,
      /\/invitations\/[A-Za-z0-9_-]+/,
    );
    const theirs = await newContext(browser);
    try {
      const their = await theirs.newPage();
      const theirWatch = await watchPage(their);
      await their.goto(invitationPath);
      await their.getByRole('heading', { level: 1, name: COMPANY }).waitFor();
      await their.getByText(colleague.email, { exact: true }).first().waitFor();
      await their.getByRole('link', { name: 'Log in', exact: true }).waitFor();
      await checkBothWidths(their, 'invitation');

      await logInFrom(their, colleague.email, invitationPath);
      const join = their.getByRole('button', { name: `Join ${COMPANY}` });
      await join.waitFor();
      await checkBothWidths(their, 'invitation-signed-in');
      await join.click();
      await their.waitForURL((url) => url.pathname.startsWith('/app'));

      // The portfolio of the organisation joined: both properties, the members panel, nothing to press.
      await their.getByRole('heading', { level: 1, name: 'Managed Properties' }).waitFor();
      await their.getByText(COTTAGE.name).first().waitFor();
      await their.getByText(FLAT.name).first().waitFor();
      const theirPanel = their.getByRole('region', { name: 'Members' });
      await theirPanel.getByText('Sipho Dlamini').waitFor();
      await theirPanel.getByText('Viewers can read but not change anything.').waitFor();
      assert.equal(await theirPanel.getByRole('link').count(), 0);
      await assertNoWriteButton(their, ['Get Started', 'Add Property'], 'the viewer on the dashboard');
      assert.equal(
        await their.getByRole('link', { name: 'Get Started', exact: true }).getAttribute('aria-disabled'),
        'true',
      );
      await checkBothWidths(their, 'dashboard-viewer');

      await their.goto('/properties');
      await their.getByRole('heading', { level: 1, name: 'Properties' }).waitFor();
      await their.getByText(FLAT.name).first().waitFor();
      await assertNoWriteButton(their, ['Add Property'], 'the viewer on /properties');
      assert.equal(
        await their.getByRole('button', { name: 'Add Property', exact: true }).getAttribute('aria-disabled'),
        'true',
      );

      await their.goto(`/properties/${owner.cottage.id}`);
      await their.getByRole('heading', { level: 1, name: COTTAGE.name }).waitFor();
      await their.getByText('Title deed.pdf').first().waitFor();
      await assertNoWriteButton(
        their,
        ['Edit', 'Archive', 'Transfer ownership', 'Upload Documents', 'Delete', 'Upload'],
        'the viewer on the property page',
      );
      assert.equal(await their.getByRole('button', { name: 'Edit', exact: true }).count(), 1);
      assert.equal(await their.getByRole('button', { name: 'People with access' }).count(), 0);
      assert.equal(await their.locator('input[type="file"]').count(), 0, 'no upload field');
      await checkBothWidths(their, 'property-viewer');

      // The property's other tabs: what is there reads, and every write is held back with the reason.
      await assertTabHeldBack(their, 'Policy Check', {
        shows: 'Overall status',
        writes: ['Run Full Compliance Check'],
      });
      const actions = await assertTabHeldBack(their, 'Actions', {
        shows: 'Service the gate motor',
        writes: [
          'Add Custom Reminder',
          'Snooze: Service the gate motor',
          'Mark Complete: Service the gate motor',
        ],
      });
      // Pressed anyway, it opens nothing.
      await actions.getByRole('button', { name: 'Add Custom Reminder' }).dispatchEvent('click');
      await their.waitForTimeout(300);
      assert.equal(await their.getByRole('dialog').count(), 0, 'Add Custom Reminder opened a dialog');
      const vendors = await assertTabHeldBack(their, 'Vendors', {
        shows: 'Lerato Nkosi',
        writes: ['Invite Service Provider', 'Resend link to Lerato Nkosi', 'Revoke Lerato Nkosi'],
      });
      await vendors.getByText('Blue Flame Gas').waitFor();
      const escalation = await assertTabHeldBack(their, 'Escalation', {
        shows: 'No claims yet',
        reads: ['Find Provider', 'Learn More'],
        writes: ['Start Claim', 'Schedule Call'],
      });
      // Find Provider is a search: the viewer may run it.
      await escalation.getByRole('button', { name: 'Find Provider', exact: true }).click();
      const find = escalation.getByRole('region', { name: 'Find Provider' });
      const search = find.getByRole('button', { name: 'Search', exact: true });
      await search.waitFor();
      assert.equal(await search.getAttribute('aria-disabled'), null);
      await checkBothWidths(their, 'property-viewer-escalation');

      // The server agrees: the viewer's session may read, not write.
      const theirToken = await their.evaluate(() => localStorage.getItem('auth_token'));
      assert.equal((await api(`/api/properties/${owner.flat.id}`, { token: theirToken })).status, 200);
      const write = await api('/api/properties', {
        token: theirToken,
        body: { name: 'Not allowed', address: '1 Long Street', property_type: 'residential', country: 'ZA' },
      });
      assert.equal(write.status, 403, JSON.stringify(write.body));
      await assertClean(theirWatch);
    } finally {
      await theirs.close();
    }

    // The owner's Members section now lists the colleague as viewer, and no invitation waits.
    await page.goto('/account');
    await members.getByRole('combobox', { name: 'Role of Sipho Dlamini' }).waitFor();
    assert.equal(
      await members.getByRole('combobox', { name: 'Role of Sipho Dlamini' }).inputValue(),
      'viewer',
    );
    assert.equal(await members.getByRole('region', { name: 'Pending invitations' }).count(), 0);
    await assertClean(watch);
  });

  it('the owner grants a conveyancer one property, who reads its vault and compliance until revoked', async () => {
    const { browser, context, page } = session;
    const watch = await watchPage(page);
    const owner = await propertyManager(context);
    // The conveyancer has no account yet: they sign up from the mailed link.
    const conveyancer = { email: uniqueEmail('teams-conveyancer') };

    // People with access, on the cottage's page: grant the conveyancer documents and compliance.
    await page.goto(`/properties/${owner.cottage.id}`);
    await page.getByRole('heading', { level: 1, name: COTTAGE.name }).waitFor();
    await page.getByRole('button', { name: 'People with access' }).click();
    const access = page.getByRole('region', { name: 'People with access' });
    await access.getByText('Nobody outside your organisation has access to this property.').waitFor();
    await access.getByRole('textbox', { name: 'Email' }).fill(conveyancer.email);
    assert.equal(await access.getByRole('combobox', { name: 'Role' }).inputValue(), 'conveyancer');
    assert.equal(
      await access.getByRole('combobox', { name: 'Sees' }).inputValue(),
      'documents_and_compliance',
    );
    await access.getByRole('button', { name: 'Grant access' }).click();
    await toast(page, 'Access granted').waitFor();
    await access.getByText('Not accepted yet').waitFor();
    await access.scrollIntoViewIfNeeded();
    await checkBothWidths(page, 'people-with-access');

    const accessPath = await mailedLink(
      conveyancer.email,
      `${OWNER_NAME} shared ${COTTAGE.name} with you on PropertyDNA`,
      /\/access\/[A-Za-z0-9_-]+/,
    );
    const theirs = await newContext(browser);
    let grantPath;
    try {
      const their = await theirs.newPage();
      const theirWatch = await watchPage(their);
      await their.goto(accessPath);
      await their.getByRole('heading', { level: 1, name: COTTAGE.name }).waitFor();
      await checkBothWidths(their, 'access-offer');

      // Sign up (the address filled in), log in, and back to the offer: the address must be confirmed first.
      await their.getByRole('link', { name: 'Sign up', exact: true }).click();
      await their.getByRole('button', { name: /^Individual/ }).click();
      await their.getByRole('button', { name: /^Homeowner/ }).click();
      await their.getByRole('heading', { name: 'Your details' }).waitFor();
      assert.equal(
        await their.locator('#signup-email').inputValue(),
        conveyancer.email,
        'the address is filled in',
      );
      await their.locator('#signup-firstName').fill('Lerato');
      await their.locator('#signup-lastName').fill('Naidoo');
      await their.locator('#signup-password').fill(TEST_PASSWORD);
      await their.locator('#signup-confirmPassword').fill(TEST_PASSWORD);
      await their.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
      await their.getByRole('button', { name: 'Create Account' }).click();
      await their.waitForURL('**/login**');
      assert.equal(await their.getByLabel('Email', { exact: true }).inputValue(), conveyancer.email);
      await their.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await their.getByRole('button', { name: 'Log in', exact: true }).click();
      await their.waitForURL((url) => url.pathname === accessPath);
      await their.getByText('Confirm your email address first', { exact: true }).waitFor();
      assert.equal(await their.getByRole('button', { name: 'Accept', exact: true }).count(), 0);
      const confirmation = await confirmationLink(conveyancer.email);
      await their.goto(confirmation.path);
      await their
        .getByRole('status')
        .getByText('Your email address is confirmed.', { exact: true })
        .waitFor();
      await their.goto(accessPath);
      await their.getByRole('button', { name: 'Accept', exact: true }).click();
      await their.waitForURL('**/shared-with-me/*');
      grantPath = new URL(their.url()).pathname;

      // The shared property: read-only, its documents and its compliance check, no write button.
      await their.getByRole('heading', { level: 1, name: COTTAGE.name }).waitFor();
      await their.getByText('Read-only', { exact: true }).waitFor();
      await their.getByRole('heading', { level: 2, name: 'Documents' }).waitFor();
      await their.getByRole('link', { name: `View ${owner.deed.name}` }).waitFor();
      await their.getByRole('heading', { level: 2, name: 'Compliance check' }).waitFor();
      await assertNoWriteButton(
        their,
        ['Edit', 'Archive', 'Delete', 'Upload Documents', 'Transfer ownership', 'People with access'],
        'the conveyancer on the shared property',
      );
      assert.equal(await their.locator('input[type="file"]').count(), 0, 'no upload field');
      await checkBothWidths(their, 'shared-property');

      // Shared with me lists the cottage and not the flat.
      await their.goto('/shared-with-me');
      await their.getByRole('heading', { level: 1, name: 'Shared with me' }).waitFor();
      const cards = their.getByRole('article');
      await cards.filter({ hasText: COTTAGE.name }).waitFor();
      assert.equal(await cards.count(), 1);
      assert.equal(await their.getByText(FLAT.name).count(), 0);
      await checkBothWidths(their, 'shared-with-me');

      // The other property is not theirs to see, nor the organisation's list.
      const theirToken = await their.evaluate(() => localStorage.getItem('auth_token'));
      assert.equal((await api(`/api/properties/${owner.flat.id}`, { token: theirToken })).status, 404);
      assert.equal((await api(`/api/properties/${owner.cottage.id}`, { token: theirToken })).status, 404);

      // The owner revokes.
      // (Its panel, read before the conveyancer accepted, said 'Not accepted yet': read it again.)
      await page.reload();
      await page.getByRole('button', { name: 'People with access' }).click();
      await access.getByText('Active', { exact: true }).waitFor();
      await access.getByRole('button', { name: `Revoke access for ${conveyancer.email}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Revoke access' });
      await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
      await toast(page, `Access revoked for ${conveyancer.email}`).waitFor();
      await access.getByText('Revoked', { exact: true }).waitFor();

      // The conveyancer's view of it is gone at once.
      await their.goto(grantPath);
      await their.getByRole('heading', { level: 1, name: 'Access not found' }).waitFor();
      assert.equal(await their.getByRole('link', { name: `View ${owner.deed.name}` }).count(), 0);
      await their.goto('/shared-with-me');
      await their.getByRole('heading', { level: 1, name: 'Shared with me' }).waitFor();
      await their.getByText('Nothing is shared with you yet.', { exact: false }).waitFor();
      assert.equal(await their.getByText(COTTAGE.name).count(), 0);
      await assertClean(theirWatch, { allowStatus: 404 });
    } finally {
      await theirs.close();
    }
    await assertClean(watch);
  });
});
