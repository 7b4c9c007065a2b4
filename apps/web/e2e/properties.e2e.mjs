import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  api,
  assertAccessible,
  assertClean,
  assertNoSideScroll,
  BASE_URL,
  johannesburgDay,
  newAccount,
  pdfBytes,
  screenshots,
  signIn,
  toast,
  uploadDocument,
  useBrowser,
  VIEWPORTS,
  watchPage,
} from './browser.mjs';

const saveShown = screenshots('PROPERTIES_SCREENSHOTS');
const day = johannesburgDay;

/** The domain's FREE_PLAN_LIMIT_MESSAGE, as the server answers it. */
const FREE_PLAN_LIMIT_MESSAGE =
  'The Free plan includes 1 property. Upgrade to Premium (R99 per year) to add more properties.';
const PROPERTY_TABS = ['Vault', 'Policy Check', 'Actions', 'Vendors', 'Escalation'];

/** A fresh homeowner (Free plan, trial unused), signed up and logged in through the REST API. */
async function newHomeowner(label) {
  const { token, organization } = await newAccount({ label });
  assert.equal(organization.plan, 'free');
  return token;
}

/** Records the pathname of every request to the API (/api/* and /trpc/*) the page makes. */
function recordApiRequests(page) {
  const paths = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') || pathname.startsWith('/trpc/')) paths.push(pathname);
  });
  return paths;
}

describe('properties', () => {
  const session = useBrowser();

  it('creates a property in the dialog; Free meets its limit, starts the trial, then /properties/new creates', async () => {
    const { context, page } = session;
    const watch = await watchPage(page);
    await signIn(context, await newHomeowner('portfolio'));

    await page.goto('/properties');
    await page.getByRole('heading', { level: 1, name: 'Properties' }).waitFor();
    await page.getByText('Manage your property portfolio').waitFor();
    await page.getByText('No properties yet').waitFor();
    await page.getByText('Get started by adding your first property').waitFor();

    // The dialog, with the live preview following what is typed.
    await page.getByRole('button', { name: 'Add Property', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Property' });
    const preview = dialog.getByRole('status', { name: 'Generated DNA ID Preview' });
    assert.equal(await preview.textContent(), 'PDNA-ZA-{MUNICIPALITY}-{PARCEL}-2024-XXXXXX');
    await dialog.locator('#property-dialog-name').fill('Bree Street Flat');
    await dialog.locator('#property-dialog-address').fill('4 Bree Street, Cape Town, 8001');
    // The address suggests its municipality from the official list (issue 32), shown in words.
    await dialog
      .getByTestId('municipality-words')
      .getByText('City of Cape Town (CPT), Western Cape')
      .waitFor();
    assert.equal(await preview.textContent(), 'PDNA-ZA-CPT-{PARCEL}-2024-XXXXXX');
    await dialog.locator('#property-dialog-parcel_id').pressSequentially('a123');
    assert.equal(await preview.textContent(), 'PDNA-ZA-CPT-A123-2024-XXXXXX');
    await dialog.locator('#property-dialog-unit').pressSequentially('12a');
    assert.equal(await preview.textContent(), 'PDNA-ZA-CPT-A123-12A-2024-XXXXXX');
    await dialog.locator('#property-dialog-deed_number').fill('T1234/2020');
    await dialog.getByRole('button', { name: 'Create Property' }).click();
    await toast(page, 'Property created').waitFor();
    await toast(page, 'Property has been successfully added to your portfolio.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Its card on the Properties screen, with the DNA code the server issued.
    const listCard = page.getByRole('link', { name: /Bree Street Flat/ });
    await listCard.waitFor();
    const dnaCode = (await listCard.textContent()).match(/PDNA-ZA-CPT-A123-12A-\d{4}-[A-Z0-9]{6}/)?.[0];
    assert.ok(dnaCode, 'the card shows the issued DNA code');
    await listCard.getByText('Residential').waitFor();
    await listCard.getByText(/^Added [A-Z][a-z]{2} \d{2}, \d{4}$/).waitFor();

    // The dashboard: the card, the plan and the figures.
    await page.goto('/app');
    const dashboardCard = page.getByRole('link', { name: new RegExp(dnaCode) });
    await dashboardCard.waitFor();
    for (const text of [
      '4 Bree Street, Cape Town, 8001',
      'ERF number: a123',
      '0 docs',
      // No insurance policy yet: as severe as an expired one (the severity scale, issue 32).
      'Compliance: Critical',
    ]) {
      await dashboardCard.getByText(text, { exact: true }).waitFor();
    }
    await dashboardCard.getByText(/^Last activity: [A-Z][a-z]{2} \d{2}, \d{4}$/).waitFor();
    assert.equal(await dashboardCard.getByText('DEMO', { exact: true }).count(), 0);
    await page.getByRole('region', { name: 'Your plan' }).getByText('Plan: Free').waitFor();
    const stats = page.getByRole('region', { name: 'Portfolio statistics' });
    await stats.getByText('Properties').waitFor();
    assert.match(await stats.textContent(), /Properties1Documents0Compliance0 good0 warning1 critical/);

    // Its detail.
    await dashboardCard.click();
    await page.waitForURL(/\/properties\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Bree Street Flat' }).waitFor();
    await page.getByText('4 Bree Street, Cape Town, 8001').waitFor();
    assert.equal(await page.getByTestId('dna-id').textContent(), dnaCode);
    assert.deepEqual(await page.getByRole('tab').allTextContents(), PROPERTY_TABS);
    assert.equal(await page.getByText('Demo Property').count(), 0);

    // A second property: at the Free plan's limit, Add Property offers the trial before any form.
    await page.goto('/properties');
    // The button knows the plan's limit once the list has loaded: on a busy machine a click before that
    // opened the form (CI, 12:40).
    await page.getByRole('link', { name: 'Bree Street Flat' }).first().waitFor();
    await page.getByRole('button', { name: 'Add Property', exact: true }).click();
    const offer = page.getByRole('dialog', { name: 'Add another property' });
    const offerPrompt = offer.getByTestId('upgrade-prompt');
    await offerPrompt.getByText(FREE_PLAN_LIMIT_MESSAGE).waitFor();
    await offerPrompt.getByRole('button', { name: 'Start 14-day free trial' }).waitFor();
    assert.equal(await dialog.count(), 0);
    await offer.getByRole('button', { name: 'Not now' }).click();
    await offer.waitFor({ state: 'hidden' });

    // /properties/new opened directly (typed, bookmarked, reloaded): the same offer in place of the form.
    await page.goto('/properties/new');
    await page.getByRole('heading', { level: 1, name: 'Add New Property' }).waitFor();
    const pageOffer = page.getByRole('region', { name: 'Add another property' });
    const pagePrompt = pageOffer.getByTestId('upgrade-prompt');
    await pagePrompt.getByText(FREE_PLAN_LIMIT_MESSAGE).waitFor();
    assert.equal(await page.locator('#add-property-erfNumber').count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Create Property' }).count(), 0);
    assert.equal(
      await pageOffer.getByRole('link', { name: 'Back to Properties' }).getAttribute('href'),
      '/properties',
    );
    await page.reload();
    await pagePrompt.getByText(FREE_PLAN_LIMIT_MESSAGE).waitFor();
    assert.equal(await page.locator('#add-property-erfNumber').count(), 0);

    // Starting the trial there opens the form on the same page.
    await pagePrompt.getByRole('button', { name: 'Start 14-day free trial' }).click();
    await toast(page, 'Premium trial started').waitFor();
    await pageOffer.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).pathname, '/properties/new');
    await page.locator('#add-property-erfNumber').fill('ERF 1234');
    await page.locator('#add-property-township').fill('Gardens');
    await page.locator('#add-property-municipality').fill('City of Cape Town');
    await page.getByRole('option', { name: 'City of Cape Town (CPT)' }).click();
    await page.locator('#add-property-address').fill('12 Kloof Street, Gardens, Cape Town, 8001');
    await page.getByRole('button', { name: 'Create Property' }).click();
    await toast(page, 'Property Added Successfully!').waitFor();
    const added = await page
      .locator('.mantine-Notification-root', { hasText: 'Property Added Successfully!' })
      .textContent();
    const newCode = added.match(/PDNA-ZA-CPT-ERF1234-\d{4}-[A-Z0-9]{6}/)?.[0];
    assert.ok(newCode, `the toast names the issued DNA code (${added})`);
    await page.waitForURL(/\/properties\/[0-9a-f-]{36}$/);
    await page
      .getByRole('heading', { level: 1, name: '12 Kloof Street, Gardens, Cape Town, 8001' })
      .waitFor();
    assert.equal(await page.getByTestId('dna-id').textContent(), newCode);

    // Back on the dashboard: both properties, the trial and the new figures.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/app');
    await page
      .getByRole('link', { name: new RegExp(newCode) })
      .getByText('Area: Gardens')
      .waitFor();
    await page.getByRole('link', { name: new RegExp(dnaCode) }).waitFor();
    await page.getByRole('region', { name: 'Your plan' }).getByText('Plan: Premium (free trial)').waitFor();
    await page
      .getByRole('region', { name: 'Your plan' })
      .getByText(/^Your trial ends on /)
      .waitFor();
    await stats.getByText('2', { exact: true }).waitFor();
    await assertClean(watch, { allowStatus: 403 });
  });

  it('edits the descriptive fields of a property, never its DNA code, and archives it', async () => {
    const { context, page } = session;
    const watch = await watchPage(page);
    const token = await newHomeowner('edit');
    const created = await api('/api/properties', {
      token,
      body: {
        name: 'Sea Point Flat',
        address: '9 Beach Road, Sea Point, 8005',
        property_type: 'residential',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: 'SP9',
      },
    });
    assert.equal(created.status, 201);
    await signIn(context, token);

    await page.goto(`/properties/${created.body.id}`);
    await page.getByRole('heading', { level: 1, name: 'Sea Point Flat' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit property' });
    await edit.getByLabel('Property Name').fill('Sea Point Apartment');
    await edit.getByLabel('Township/Extension').fill('Sea Point');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Property updated').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Sea Point Apartment' }).waitFor();
    assert.equal(await page.getByTestId('dna-id').textContent(), created.body.dnaCode);

    await page.getByRole('button', { name: 'Archive' }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive property' });
    await confirm.getByText(/Archive Sea Point Apartment\?/).waitFor();
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await page.waitForURL('**/properties');
    await toast(page, 'Property archived').waitFor();
    await page.getByText('No properties yet').waitFor();
    assert.equal((await api('/api/properties', { token })).body.length, 0);
    await assertClean(watch);
  });

  it('shows the demo property from built-in data, without a single request of its own', async () => {
    const { context, page } = session;
    const watch = await watchPage(page);
    await signIn(context, await newHomeowner('demo'));
    const requests = recordApiRequests(page);

    // 1. Opened directly: the only API request is the layout's session lookup (auth.me), made for every
    //    protected page before it renders; the demo page itself adds none, whatever is clicked.
    await page.goto('/properties/demo');
    await page.getByRole('heading', { level: 1, name: 'Gardens Family Home' }).waitFor();
    await page.getByText('Demo Property', { exact: true }).waitFor();
    assert.equal(await page.getByTestId('dna-id').textContent(), 'RES-DEMO-CT');
    await page.getByText('12 Kloof Street, Gardens, Cape Town, 8001').waitFor();
    assert.deepEqual(await page.getByRole('tab').allTextContents(), PROPERTY_TABS);

    const documents = page.getByRole('table', { name: 'Sample documents' });
    assert.equal(await documents.locator('tbody tr').count(), 5);
    await documents.getByText('240.0 KB').waitFor();
    await documents.getByText('66567dbaa5adde2b').waitFor();
    // The sample follows the vault's trust rule: the owner's uploads are Self-declared; only the report of
    // the sample supplier the sample register matched is Verified, and the tab says it is all sample data.
    await page
      .getByRole('tabpanel')
      .getByText(/^Sample data: /)
      .waitFor();
    assert.equal(await documents.getByText('Verified', { exact: true }).count(), 1);
    await documents
      .getByRole('row')
      .filter({ hasText: 'Roof Inspection Report' })
      .getByText('Verified', { exact: true })
      .waitFor();
    assert.equal(await documents.getByText('Self-declared', { exact: true }).count(), 4);
    await documents
      .getByRole('row')
      .filter({ hasText: 'Title Deed T12345/2019' })
      .getByText('Uploaded by the owner · Self-declared')
      .waitFor();
    const view = documents.getByRole('button', { name: 'View Title Deed T12345/2019' });
    assert.equal(await view.getAttribute('aria-disabled'), 'true');
    await view.hover();
    await page.getByRole('tooltip').getByText('Sample document').waitFor();

    await page.getByRole('tab', { name: 'Policy Check' }).click();
    await page.getByTestId('policy-status').getByText('Compliant').waitFor();
    await page.getByText(/^Last checked at \d{2}:\d{2}$/).waitFor();
    await page.getByRole('button', { name: 'Run Full Compliance Check' }).click();
    await toast(page, 'Compliance check').waitFor();

    await page.getByRole('tab', { name: 'Actions' }).click();
    assert.equal(await page.getByRole('button', { name: /^Mark Complete: / }).count(), 4);
    await page.getByRole('button', { name: 'Mark Complete: Geyser service' }).click();
    assert.equal(await page.getByRole('button', { name: /^Mark Complete: / }).count(), 3);

    await page.getByRole('tab', { name: 'Vendors' }).click();
    await page.getByRole('link', { name: 'Contact Johan Pretorius' }).waitFor();
    // Each sample vendor with the level badge Find Provider shows; the sample is never called Verified.
    const levels = page.getByRole('tabpanel').getByTestId('verification-level');
    assert.equal(await levels.count(), 3);
    assert.match((await levels.first().textContent()) ?? '', /^Register matched/);
    assert.equal(await page.getByRole('tabpanel').getByText('Verified', { exact: true }).count(), 0);
    await page
      .getByRole('tabpanel')
      .getByText(/^Sample data: /)
      .waitFor();

    await page.getByRole('tab', { name: 'Escalation' }).click();
    await page.getByRole('button', { name: 'Schedule Call' }).click();
    const prompt = page.getByRole('dialog', { name: 'Schedule Call' });
    await prompt.getByLabel('When would suit you for a call?').fill('Weekday mornings');
    await prompt.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Call request noted').waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(requests, ['/trpc/auth.me']);

    // 2. Reached in the app: with the portfolio list failing, the dashboard shows the demo card; from
    //    the click on, the page makes no request at all.
    await page.route(/\/trpc\/[^?]*properties\.page/, (route) => route.abort());
    await page.goto('/app');
    const demoCard = page.getByRole('link', { name: /RES-DEMO-CT/ });
    await demoCard.getByText('DEMO', { exact: true }).waitFor();
    for (const text of ['ERF number: ERF123', 'Area: Gardens', '5 docs', 'Compliance: Good']) {
      await demoCard.getByText(text, { exact: true }).waitFor();
    }
    await page.getByText('Your properties could not be loaded').waitFor();
    await page.waitForLoadState('networkidle');
    requests.length = 0;
    await demoCard.click();
    await page.waitForURL('**/properties/demo');
    await page.getByRole('heading', { level: 1, name: 'Gardens Family Home' }).waitFor();
    for (const tab of PROPERTY_TABS) await page.getByRole('tab', { name: tab }).click();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(requests, []);
    await assertClean(watch, { allowAborted: true });
  });

  it("says 'Property not found' for an unknown, a malformed and another owner's property id", async () => {
    const { context, page } = session;
    const watch = await watchPage(page);
    const outsider = await newHomeowner('outsider');
    const foreign = await api('/api/properties', {
      token: outsider,
      body: {
        erfNumber: 'ERF 555',
        township: 'Observatory',
        municipality: 'City of Cape Town',
        address: '3 Lower Main Road, Observatory, 7925',
      },
    });
    assert.equal(foreign.status, 201);
    await signIn(context, await newHomeowner('owner'));

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-property', foreign.body.id]) {
      await page.goto(`/properties/${id}`);
      await page.getByRole('heading', { level: 1, name: 'Property not found' }).waitFor();
      await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
    }
    assert.equal(await page.getByText('Observatory').count(), 0);
    await assertClean(watch, { allowStatus: 404 });
  });
  it("the dashboard's 'What to do next' puts the expired policy and the overdue task first, each with its action, at 1280 and 390 px", async () => {
    const { context, page } = session;
    const watch = await watchPage(page);
    const token = await newHomeowner('next-actions');
    assert.equal((await api('/api/plan/trial', { token, method: 'POST' })).status, 200);
    const add = async (name, parcel) => {
      const res = await api('/api/properties', {
        token,
        body: { name, address: `${parcel} Long Street, Cape Town`, municipality: 'CPT', parcel_id: parcel },
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body.id;
    };
    const vault = async (id, policyEnds) => {
      await uploadDocument(token, id, pdfBytes('CoC'), {
        kind: 'certificate',
        metadata: {
          filename: 'Electrical CoC.pdf',
          certificate_type: 'electrical_coc',
          issued_on: day(-100),
        },
      });
      await uploadDocument(token, id, pdfBytes('Roof'), {
        kind: 'certificate',
        metadata: {
          filename: 'Roof inspection.pdf',
          certificate_type: 'roof_inspection',
          issued_on: day(-30),
        },
      });
      await uploadDocument(token, id, pdfBytes('Policy'), {
        kind: 'policy',
        expires_at: day(policyEnds),
        metadata: { filename: 'Policy schedule.pdf' },
      });
    };
    const beach = await add('Beach house', 'NA1');
    const flat = await add('Flat', 'NA2');
    const healthy = await add('Healthy home', 'NA3');
    await vault(beach, -10);
    await vault(flat, 300);
    await vault(healthy, 300);
    const task = await api('/api/maintenance', {
      token,
      body: {
        propertyId: flat,
        title: 'Service the geyser',
        frequency: 'annually',
        priority: 'low',
        next_due: day(-5),
      },
    });
    assert.equal(task.status, 201, JSON.stringify(task.body));
    await signIn(context, token);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto('/app');
      const list = page.getByRole('region', { name: 'What to do next' });
      const rows = list.getByRole('listitem');
      await rows.first().waitFor();
      const texts = await rows.allTextContents();
      assert.match(texts[0], /^CriticalExpired insurance policyBeach house.*Upload$/);
      assert.match(texts[1], /^HighService the geyserFlatOverdue by 5 days\..*Mark done$/);
      assert.ok(!texts.some((text) => text.includes('Healthy home')), texts.join('\n'));
      const upload = list.getByRole('link', { name: 'Upload: Expired insurance policy, Beach house' });
      assert.equal(await upload.getAttribute('href'), `/properties/${beach}?tab=vault`);
      const done = list.getByRole('link', { name: 'Mark done: Service the geyser, Flat' });
      assert.equal(await done.getAttribute('href'), `/properties/${flat}?tab=actions`);
      const stats = page.getByRole('region', { name: 'Portfolio statistics' });
      await stats.getByText('Upcoming expiries').waitFor();
      await assertAccessible(page, `dashboard ${viewport.name}`);
      await assertNoSideScroll(page, `dashboard ${viewport.name}`);
      await saveShown(page, `next-actions-${viewport.name}`);
      // The action goes where it says: the property opens on its Actions tab.
      await done.click();
      await page.getByRole('tab', { name: 'Actions', selected: true }).waitFor();
      await page.getByText('Service the geyser').first().waitFor();
    }
    await assertClean(watch);
  });
  it('the address suggests its municipality, confirmed in words; Edit corrects it and the DNA code stays, at 1280 and 390 px', async () => {
    const { context, page } = session;
    const watch = await watchPage(page);
    const token = await newHomeowner('municipality');
    assert.equal((await api('/api/plan/trial', { token, method: 'POST' })).status, 200);
    await signIn(context, token);
    for (const [n, viewport] of VIEWPORTS.entries()) {
      await page.setViewportSize(viewport);
      await page.goto('/properties/new');
      await page.locator('#add-property-erfNumber').fill(`ERF 77${n}`);
      await page.locator('#add-property-township').fill('Gardens');
      await page.locator('#add-property-address').pressSequentially('12 Long Street, Cape Town, 8001');
      const words = page.getByTestId('municipality-words');
      await words.getByText('City of Cape Town (CPT), Western Cape', { exact: true }).waitFor();
      await page.getByText(/suggested from the address \(Cape Town, 8001\)/).waitFor();
      // Half-typed text + Enter is never taken (it picked Cape Agulhas): the suggestion stands.
      const municipality = page.locator('#add-property-municipality');
      await municipality.fill('');
      await municipality.pressSequentially('Cape');
      await municipality.press('Enter');
      await page
        .getByText('"Cape" is not one municipality: choose it from the list', { exact: false })
        .waitFor();
      assert.equal(new URL(page.url()).pathname, '/properties/new');
      await municipality.press('Escape');
      await municipality.blur();
      assert.equal(await municipality.inputValue(), 'City of Cape Town (CPT)');
      await words.getByText('City of Cape Town (CPT), Western Cape', { exact: true }).waitFor();
      await assertAccessible(page, `add property ${viewport.name}`);
      await assertNoSideScroll(page, `add property ${viewport.name}`);
      await saveShown(page, `municipality-suggested-${viewport.name}`);

      await page.getByRole('button', { name: 'Create Property' }).click();
      await page.waitForURL(/\/properties\/[0-9a-f-]{36}$/);
      const id = new URL(page.url()).pathname.split('/').at(-1);
      const dnaCode = await page.getByTestId('dna-id').textContent();
      assert.match(dnaCode, new RegExp(`^PDNA-ZA-CPT-ERF77${n}-\\d{4}-[A-Z0-9]{6}$`));
      await page
        .getByTestId('property-municipality')
        .getByText('Municipality: City of Cape Town (CPT), Western Cape')
        .waitFor();

      // Edit: the municipality is corrected, in words before saving; the DNA code stays as issued.
      await page.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit property' });
      await edit.getByText('The DNA code stays as issued').waitFor();
      const editMunicipality = edit.locator('#edit-property-municipality');
      await editMunicipality.fill('');
      await editMunicipality.pressSequentially('Stellen');
      await page.getByRole('option', { name: 'Stellenbosch (WC024)' }).click();
      await edit.getByTestId('municipality-words').getByText('Stellenbosch (WC024), Western Cape').waitFor();
      await edit
        .getByRole('status')
        .getByText(`Corrected from City of Cape Town (CPT), Western Cape. The DNA code stays ${dnaCode}.`)
        .waitFor();
      await assertAccessible(page, `edit municipality ${viewport.name}`);
      await saveShown(page, `municipality-corrected-${viewport.name}`);
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await toast(page, `Municipality corrected; the DNA code stays ${dnaCode}.`).waitFor();
      await edit.waitFor({ state: 'hidden' });
      await page
        .getByTestId('property-municipality')
        .getByText('Municipality: Stellenbosch (WC024), Western Cape')
        .waitFor();
      assert.equal(await page.getByTestId('dna-id').textContent(), dnaCode);
      await assertAccessible(page, `property page ${viewport.name}`);
      await assertNoSideScroll(page, `property page ${viewport.name}`);

      // The correction is in the property's history: its audit trail.
      const trail = await fetch(`${BASE_URL}/api/reports/audit-trail?propertyId=${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(trail.status, 200);
      assert.match(
        await trail.text(),
        new RegExp(
          `Municipality corrected.*From City of Cape Town \\(CPT\\) to Stellenbosch \\(WC024\\); the DNA code ${dnaCode} is unchanged`,
        ),
      );
    }
    await assertClean(watch);
  });
});
