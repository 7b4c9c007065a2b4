import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  api,
  assertClean,
  assertNoSideScroll,
  demoToken,
  newAccount,
  newContext,
  signIn,
  TEST_PASSWORD,
  toast,
  useBrowser,
  watchPage,
} from './browser.mjs';

const PHONE = { width: 390, height: 844 };

/** The entry of the navigation marked as the current page (aria-current="page"), by its text. */
const currentEntries = (page) =>
  page
    .getByRole('navigation', { name: /^(Main|Supplier console)$/ })
    .locator('[aria-current="page"]')
    .allTextContents();

describe('app shell', () => {
  const session = useBrowser();

  it('renders the landing page without errors or CSP violations', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const response = await page.goto('/');
    assert.equal(response?.status(), 200);
    assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self'/);

    await page
      .getByRole('heading', { level: 1, name: 'A permanent DNA code for every South African property' })
      .waitFor();
    await page.getByRole('main').waitFor();

    await page.waitForLoadState('networkidle');
    await assertClean(watch);
  });

  it('answers the health check through tRPC', async () => {
    const response = await api('/trpc/system.health');
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.result.data, { status: 'ok', db: 'ok', storage: 'ok' });
  });

  it('answers an unknown deep link with the app, which shows its 404 page', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const response = await page.goto('/some/missing/page');
    assert.equal(response?.status(), 200);
    assert.match(response?.headers()['content-type'] ?? '', /text\/html/);

    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?', { exact: true }).waitFor();
    await assertClean(watch);
  });

  it('answers an unknown API path with a JSON 404, never the app', async () => {
    const response = await api('/api/nope');
    assert.equal(response.status, 404);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/);
    assert.equal(typeof response.body.error, 'string');
    assert.ok(response.body.error.length > 0);
  });

  it('renders the API docs UI from the OpenAPI document under the CSP', async () => {
    const { page } = session;
    const watch = await watchPage(page);
    const response = await page.goto('/api/docs');
    assert.equal(response?.status(), 200);
    await page.getByText('PropertyDNA API').first().waitFor();
    await page.getByText('/api/auth/signup').first().waitFor();
    // The list is long enough for the UI to draw only what is in view: the tag filter finds the rest.
    await page.getByPlaceholder('Filter by tag').fill('system');
    await page.getByText('/api/health').first().waitFor();
    assert.deepEqual(await watch.cspViolations(), []);
    assert.deepEqual(watch.pageErrors, []);
  });

  it('shows a signed-out visitor of a protected page the login screen alone, and that page after logging in', async () => {
    const { browser, page } = session;
    const watch = await watchPage(page);
    await page.goto('/vault');
    await page.getByRole('heading', { level: 1, name: 'Log in to PropertyDNA' }).waitFor();
    // The login screen's own title and one heading: nothing of the page it stands in for, no shell.
    await page.waitForFunction(() => document.title === 'Log in · PropertyDNA');
    assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1);
    assert.equal(await page.getByText('Document Vault').count(), 0);
    assert.equal(await page.getByRole('navigation').count(), 0);
    assert.equal(new URL(page.url()).pathname, '/vault');
    // Signing up from here comes back here too.
    assert.equal(
      await page.getByRole('link', { name: 'Sign up' }).getAttribute('href'),
      '/signup?redirect=%2Fvault',
    );

    await page.getByRole('button', { name: 'Access Demo Accounts' }).click();
    await page.getByRole('button', { name: /^Property owner demo/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Document Vault' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/vault');
    await page.waitForFunction(() => document.title === 'Vault · PropertyDNA');
    await assertClean(watch);

    // With email and password, on a property's page (the address asked for, search and all).
    const owner = await newAccount({ label: 'signed-out-visitor' });
    const property = await api('/api/properties', {
      token: owner.token,
      body: {
        name: 'Tamboerskloof Cottage',
        address: '7 Kloofnek Road, Tamboerskloof, 8001',
        property_type: 'residential',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: 'TK7',
      },
    });
    assert.equal(property.status, 201, JSON.stringify(property.body));
    const context = await newContext(browser);
    try {
      const visitor = await context.newPage();
      const visitorWatch = await watchPage(visitor);
      const asked = `/properties/${property.body.id}?from=bookmark`;
      await visitor.goto(asked);
      await visitor.getByRole('heading', { level: 1, name: 'Log in to PropertyDNA' }).waitFor();
      await visitor.waitForFunction(() => document.title === 'Log in · PropertyDNA');
      await visitor.getByLabel('Email', { exact: true }).fill(owner.email);
      await visitor.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await visitor.getByRole('button', { name: 'Log in', exact: true }).click();
      await toast(visitor, 'Welcome back!').waitFor();
      await visitor.getByRole('heading', { level: 1, name: 'Tamboerskloof Cottage' }).waitFor();
      const url = new URL(visitor.url());
      assert.equal(`${url.pathname}${url.search}`, asked);
      await visitor.waitForFunction(() => document.title === 'Property · PropertyDNA');
      await assertClean(visitorWatch);
    } finally {
      await context.close();
    }
  });

  it('moves keyboard focus to the "Log in" link first', async () => {
    const { page } = session;
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      return { tag: element?.tagName, text: element?.textContent, href: element?.getAttribute('href') };
    });
    assert.deepEqual(focused, { tag: 'A', text: 'Log in', href: '/login' });
  });
});

describe('the app shell of a signed-in owner', () => {
  const session = useBrowser();

  async function ownerPage(viewport) {
    const context = await newContext(session.browser, viewport ? { viewport } : {});
    await signIn(context, await demoToken('owner'));
    const page = await context.newPage();
    return { context, page, watch: await watchPage(page) };
  }

  it('has one banner, one labelled navigation and one main, and marks the current section', async () => {
    const { context, page, watch } = await ownerPage();
    try {
      await page.goto('/app/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Your Properties' }).waitFor();
      assert.equal(await page.getByRole('banner').count(), 1);
      assert.equal(await page.getByRole('navigation').count(), 1);
      assert.equal(await page.getByRole('main').count(), 1);
      const nav = page.getByRole('navigation', { name: 'Main' });
      assert.deepEqual(await nav.getByRole('link').allTextContents(), [
        'Dashboard',
        'Properties',
        'Vault',
        'Policies',
        'Maintenance',
        'Vendors',
        'Reports',
        'Shared with me',
      ]);
      assert.deepEqual(await currentEntries(page), ['Dashboard']);
      assert.equal(await page.title(), 'Dashboard · PropertyDNA');

      await nav.getByRole('link', { name: 'Vault' }).click();
      await page.waitForURL('**/app/vault');
      await page.getByRole('heading', { level: 1, name: 'Document Vault' }).waitFor();
      assert.deepEqual(await currentEntries(page), ['Vault']);
      await page.waitForFunction(() => document.title === 'Vault · PropertyDNA');

      await nav.getByRole('link', { name: 'Policies' }).click();
      await page.waitForURL('**/app/policies');
      await page.getByRole('heading', { level: 1, name: 'Policy Analysis' }).waitFor();
      assert.deepEqual(await currentEntries(page), ['Policies']);

      await nav.getByRole('link', { name: 'Maintenance' }).click();
      await page.waitForURL('**/app/maintenance');
      await page.getByRole('heading', { level: 1, name: 'Maintenance' }).waitFor();
      assert.deepEqual(await currentEntries(page), ['Maintenance']);

      await nav.getByRole('link', { name: 'Vendors' }).click();
      await page.waitForURL('**/app/vendors');
      await page.getByRole('heading', { level: 1, name: 'Vendors' }).waitFor();
      assert.deepEqual(await currentEntries(page), ['Vendors']);

      // The spec's other address of a section marks the same entry.
      await page.goto('/properties');
      await page.getByRole('heading', { level: 1, name: 'Properties' }).waitFor();
      assert.deepEqual(await currentEntries(page), ['Properties']);
      await assertClean(watch);
    } finally {
      await context.close();
    }
  });

  it('is usable by keyboard: skip link first, then the entries, with a visible focus', async () => {
    const { context, page } = await ownerPage();
    try {
      await page.goto('/app/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Your Properties' }).waitFor();
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'main-content');

      await page.getByRole('link', { name: 'Properties' }).focus();
      const outline = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement);
        return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
      });
      assert.notEqual(outline.style, 'none');
      assert.ok(outline.width >= 1, `focus outline ${outline.width}px`);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/app/properties');
    } finally {
      await context.close();
    }
  });

  it('on a phone: the burger opens the navigation as a drawer, an entry leads there and closes it', async () => {
    const { context, page, watch } = await ownerPage(PHONE);
    try {
      await page.goto('/app/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Your Properties' }).waitFor();
      const vault = page.getByRole('link', { name: 'Vault', exact: true });
      assert.equal(await vault.isVisible(), false);
      await assertNoSideScroll(page, 'dashboard on a phone');

      const burger = page.getByRole('button', { name: 'Open navigation' });
      assert.equal(await burger.getAttribute('aria-expanded'), 'false');
      await burger.click();
      await vault.waitFor({ state: 'visible' });
      assert.equal(
        await page.getByRole('button', { name: 'Close navigation' }).getAttribute('aria-expanded'),
        'true',
      );
      // The open drawer has the focus on its first entry; Escape closes it.
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Dashboard');
      await page.keyboard.press('Escape');
      await vault.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Open navigation' }).click();
      await vault.click();
      await page.waitForURL('**/app/vault');
      await page.getByRole('heading', { level: 1, name: 'Document Vault' }).waitFor();
      await vault.waitFor({ state: 'hidden' });
      // The closed drawer is hidden from assistive technology, so it is read by its id here.
      assert.deepEqual(await page.locator('#app-navigation [aria-current="page"]').allTextContents(), [
        'Vault',
      ]);
      await assertNoSideScroll(page, 'vault on a phone');
      await assertClean(watch);
    } finally {
      await context.close();
    }
  });

  it("leads the user menu's Account settings to the Account page, with the plan and the password form", async () => {
    const { context, page, watch } = await ownerPage();
    try {
      await page.goto('/app/dashboard');
      await page.getByRole('button', { name: 'Demo Owner, account menu' }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
      await page
        .getByText(/^Plan: /)
        .first()
        .waitFor();
      await page.getByRole('menuitem', { name: 'Account settings' }).click();
      await page.waitForURL('**/account');
      await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
      await page
        .getByText(/^owner-[0-9a-f]+@demo\.propertydna\.co\.za$/)
        .first()
        .waitFor();
      await page.getByRole('region', { name: 'Your plan' }).waitFor();
      await page.getByRole('form', { name: 'Change password' }).waitFor();
      assert.equal(await page.title(), 'Account · PropertyDNA');
      await assertClean(watch);
    } finally {
      await context.close();
    }
  });

  it('shows the 404 page inside the shell, with the way back to the dashboard', async () => {
    const { context, page, watch } = await ownerPage();
    try {
      await page.goto('/app/no-such-page');
      await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
      await page.getByText('Did you forget to add the page to the router?', { exact: true }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      assert.equal(await page.title(), 'Page not found · PropertyDNA');
      await page.getByRole('link', { name: 'Go to your dashboard' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your Properties' }).waitFor();
      await assertClean(watch);
    } finally {
      await context.close();
    }
  });

  it('draws the line between the sidebar and the page down to the foot of a page taller than the window', async () => {
    const { context, page, watch } = await ownerPage({ width: 1280, height: 500 });
    /** Where the line beside the sidebar runs (the page column's left edge), in page coordinates. */
    const line = () =>
      page.evaluate(() => {
        const main = document.getElementById('main-content');
        const navbar = document.getElementById('app-navigation');
        const box = main.getBoundingClientRect();
        const style = getComputedStyle(main);
        return {
          documentHeight: document.documentElement.scrollHeight,
          x: box.left,
          top: box.top + window.scrollY,
          bottom: box.bottom + window.scrollY,
          width: style.borderInlineStartWidth,
          style: style.borderInlineStartStyle,
          navbarWidth: navbar.getBoundingClientRect().width,
          navbarBorder: getComputedStyle(navbar).borderInlineEndWidth,
        };
      });
    try {
      await page.goto('/account');
      await page.getByRole('form', { name: 'Change password' }).waitFor();
      const drawn = await line();
      assert.ok(drawn.documentHeight > 500, `the page (${drawn.documentHeight}px) is taller than the window`);
      assert.deepEqual([drawn.width, drawn.style, drawn.x], ['1px', 'solid', drawn.navbarWidth]);
      // From the top of the page to its foot, not only the first screenful; one line, not two.
      assert.equal(drawn.top, 0);
      assert.ok(Math.abs(drawn.bottom - drawn.documentHeight) <= 1, JSON.stringify(drawn));
      assert.equal(drawn.navbarBorder, '0px');
      // Scrolled to the foot, the line is still there beside the sidebar.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      assert.equal(
        await page.evaluate((x) => document.elementFromPoint(x, window.innerHeight - 2)?.id, drawn.x + 0.5),
        'main-content',
      );

      // On a phone the sidebar is a drawer: no line, and the page takes the whole width.
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: 'Open navigation' }).waitFor();
      const phone = await line();
      assert.deepEqual([phone.width, phone.x], ['0px', 0]);
      await assertNoSideScroll(page, 'account on a phone');
      await assertClean(watch);
    } finally {
      await context.close();
    }
  });

  it('keeps the older layout at /app/old with its sidebar, its Properties a real list', async () => {
    const { context, page, watch } = await ownerPage();
    try {
      await page.goto('/app/old/properties');
      await page.getByRole('heading', { level: 1, name: 'Properties' }).waitFor();
      const sidebar = page.getByRole('navigation', { name: 'Sections' });
      await sidebar.waitFor();
      assert.equal(await sidebar.locator('[aria-current="page"]').textContent(), 'Properties');
      await page.getByRole('button', { name: 'Add Property' }).first().waitFor();
      await sidebar.getByRole('link', { name: 'Document Vault' }).click();
      await page.waitForURL('**/app/old/vault');
      await page.getByRole('heading', { level: 1, name: 'Document Vault' }).waitFor();
      await assertClean(watch);
    } finally {
      await context.close();
    }
  });
});

describe('the app shell of a signed-in supplier', () => {
  const session = useBrowser();

  it("lists the console's tabs by their addresses and marks the one shown", async () => {
    const { page, context } = session;
    await signIn(context, await demoToken('supplier'));
    const watch = await watchPage(page);
    await page.goto('/supplier');
    const nav = page.getByRole('navigation', { name: 'Supplier console' });
    await nav.waitFor();
    assert.deepEqual(
      await nav.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      [
        '/supplier?tab=jobs',
        '/supplier?tab=profile',
        '/supplier?tab=insurance',
        '/supplier?tab=verification',
        '/supplier?tab=templates',
        '/supplier?tab=settings',
      ],
    );
    assert.deepEqual(await currentEntries(page), ['Jobs']);
    await nav.getByRole('link', { name: 'Templates' }).click();
    await page.waitForURL('**/supplier?tab=templates');
    assert.deepEqual(await currentEntries(page), ['Templates']);

    await page.getByRole('button', { name: /, account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    await page.waitForURL('**/supplier?tab=settings');
    assert.deepEqual(await currentEntries(page), ['Settings']);
    await assertClean(watch);
  });
});
