/**
 * Issue 12 §7 and §8: every page, at 1280×900 and at 390×844, has no axe-core violation of impact
 * serious or critical (WCAG 2.1 A/AA and best practices, colour contrast included), does not
 * scroll sideways and cuts no badge or button text short. Each page is one test; within it every
 * state (tab, step, dialog, toast) is checked, and all that fails is reported together.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import {
  api,
  assertAccessible,
  assertNoSideScroll,
  assertNothingCut,
  assertSupplierSection,
  demoToken,
  newContext,
  openSupplierSection,
  SUPPLIER_SECTIONS,
  signIn,
  supplierNavigation,
  toast,
  useBrowser,
  VIEWPORTS,
} from './browser.mjs';

const SHARE_PASSWORD = 'ridge-tile-42';

/** A11Y_SCREENSHOTS=<dir>: every checked state is also saved there as a full-page PNG, to look at. */
const screenshotDir = process.env.A11Y_SCREENSHOTS;
if (screenshotDir) mkdirSync(screenshotDir, { recursive: true });
const fileNameOf = (label) => `${label.replace(/[^A-Za-z0-9×]+/g, '-').replace(/^-|-$/g, '')}.png`;

/** Waits until the page has loaded its data and its transitions (tabs, dialogs) have ended. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  // Only what is shown counts: a tab panel not opened yet keeps its loading state, hidden, until it is.
  await page.waitForFunction(
    () =>
      ![...document.querySelectorAll('[aria-busy="true"], .mantine-Skeleton-root[data-visible]')].some(
        (element) => element.checkVisibility(),
      ),
  );
  // Mantine's transitions (modal, tabs, notifications) last 200 ms or less.
  await page.waitForTimeout(300);
}

/**
 * A checker for one test: each `check(label)` settles the page and records what fails (side scroll,
 * axe); `done()` fails the test with all of it.
 */
function checker(page) {
  const failures = [];
  return {
    async check(label) {
      await settle(page);
      if (screenshotDir) {
        await page.screenshot({ path: path.join(screenshotDir, fileNameOf(label)), fullPage: true });
      }
      for (const assertion of [assertNoSideScroll, assertNothingCut, assertAccessible]) {
        try {
          await assertion(page, label);
        } catch (error) {
          failures.push(error.message);
        }
      }
    },
    done() {
      assert.ok(failures.length === 0, `\n${failures.join('\n')}`);
    },
  };
}

const heading = (page, name) => page.getByRole('heading', { level: 1, name }).first().waitFor();
const anyHeading = (page) => page.getByRole('heading', { level: 1 }).first().waitFor();

/** Clicks through a tab list, checking each tab. */
async function checkEachTab(page, check, where, tabs) {
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await check(`${where}, ${tab} tab`);
  }
}

/** The accounts and records the pages need: demo sessions, a property, a job shared by password. */
async function makeFixtures() {
  const ownerToken = await demoToken('owner');
  const supplierToken = await demoToken('supplier');
  const properties = await api('/api/properties', { token: ownerToken });
  assert.equal(properties.status, 200);
  const property = [properties.body].flat().find((one) => one?.id);
  assert.ok(property, 'the owner demo has a property');

  // The supplier demo's job with its report (a table of documents), shared behind a password.
  const jobs = await api('/api/supplier/jobs', { token: supplierToken });
  assert.equal(jobs.status, 200);
  const job = jobs.body.find((one) => one.document_count > 0);
  assert.ok(job, 'the supplier demo has a job with documents');
  const share = await api(`/api/supplier/jobs/${job.id}/share`, {
    token: supplierToken,
    body: { password: SHARE_PASSWORD, expiresInDays: 7 },
  });
  assert.equal(share.status, 201, JSON.stringify(share.body));
  return {
    ownerToken,
    supplierToken,
    propertyId: property.id,
    jobId: job.id,
    shareToken: share.body.token,
  };
}

/** The pages of issue 12 §7, each a list of states to check. */
const PAGES = [
  {
    name: 'landing',
    async visit(page, check) {
      await page.goto('/');
      await anyHeading(page);
      await check('landing');
    },
  },
  {
    name: 'signup, each step of the wizard',
    async visit(page, check) {
      await page.goto('/signup');
      await page.locator('#signup-step-1').waitFor();
      await check('signup step 1 (account type)');
      await page.goto('/signup?type=developer');
      await page.locator('#signup-step-2').waitFor();
      await check('signup step 2 (role)');
      await page.goto('/signup?type=homeowner');
      await page.locator('#signup-step-3').waitFor();
      await check('signup step 3 (homeowner form)');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await check('signup step 3 with field errors');
      await page.goto('/signup?type=supplier');
      await page.locator('#signup-step-3').waitFor();
      await check('signup step 3 (supplier form)');
    },
  },
  {
    name: 'login',
    async visit(page, check) {
      await page.goto('/login');
      await anyHeading(page);
      await check('login');
      await page.getByRole('button', { name: 'Access Demo Accounts' }).click();
      await page.getByRole('button', { name: /^Property owner demo/ }).waitFor();
      await check('login with the demo accounts open');
    },
  },
  {
    name: 'forgot password',
    async visit(page, check) {
      await page.goto('/forgot-password');
      await heading(page, 'Forgot your password?');
      await check('forgot password');
    },
  },
  {
    name: 'dashboard',
    owner: true,
    async visit(page, check) {
      await page.goto('/app');
      await anyHeading(page);
      await check('dashboard');
    },
  },
  {
    name: 'properties',
    owner: true,
    async visit(page, check) {
      await page.goto('/properties');
      await anyHeading(page);
      await check('properties');
    },
  },
  {
    name: 'property detail, each tab',
    owner: true,
    async visit(page, check, fixtures) {
      await page.goto(`/properties/${fixtures.propertyId}`);
      await anyHeading(page);
      const tabs = await page.getByRole('tab').allTextContents();
      assert.ok(tabs.length > 0, 'the property detail has tabs');
      await checkEachTab(page, check, 'property detail', tabs);
    },
  },
  {
    name: 'vault',
    owner: true,
    async visit(page, check) {
      await page.goto('/vault');
      await anyHeading(page);
      await check('vault');
    },
  },
  {
    name: 'supplier console, each section from the sidebar',
    supplier: true,
    async visit(page, check) {
      await page.goto('/supplier');
      await assertSupplierSection(page, 'Jobs');
      // On a phone the sidebar is a drawer behind the burger: opened for each section, checked open once.
      const burger = page.getByRole('button', { name: 'Open navigation' });
      for (const section of SUPPLIER_SECTIONS) {
        if (await burger.isVisible()) {
          await burger.click();
          await supplierNavigation(page).getByRole('link', { name: section, exact: true }).waitFor();
          if (section === SUPPLIER_SECTIONS[0]) await check('supplier console, navigation drawer open');
        }
        await openSupplierSection(page, section);
        await check(`supplier console, ${section}`);
      }
    },
  },
  {
    name: 'job page and its share dialog',
    supplier: true,
    async visit(page, check, fixtures) {
      await page.goto(`/supplier/jobs/${fixtures.jobId}`);
      await anyHeading(page);
      await check('job page');
      await page.getByRole('button', { name: 'Share job' }).click();
      await page.getByRole('dialog', { name: 'Share job' }).waitFor();
      await check('job page, share dialog');
    },
  },
  {
    name: 'share page, gate and unlocked',
    async visit(page, check, fixtures) {
      await page.goto(`/share/${fixtures.shareToken}`);
      await page.getByRole('heading', { name: 'This link is protected by a password' }).waitFor();
      await check('share gate');
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Unlock' }).click();
      await toast(page, 'Invalid password').waitFor();
      await check('share gate, wrong password (with its toast)');
      await page.getByLabel('Password', { exact: true }).fill(SHARE_PASSWORD);
      await page.getByRole('button', { name: 'Unlock' }).click();
      await page
        .getByRole('heading', { name: 'This link is protected by a password' })
        .waitFor({ state: 'detached' });
      await check('share page, unlocked');
    },
  },
  {
    name: 'verify',
    async visit(page, check) {
      await page.goto('/verify');
      await anyHeading(page);
      await check('verify');
    },
  },
  {
    name: '404',
    async visit(page, check) {
      await page.goto('/no-such-page');
      await anyHeading(page);
      await check('404');
    },
  },
];

/**
 * Tabs through the first `presses` stops of the page and fails on any focused element that shows no
 * focus ring (an outline of 2px or more, the theme's, or a box shadow).
 */
async function assertFocusVisible(page, label, presses = 12) {
  const unseen = [];
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const ring =
        (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) ||
        style.boxShadow !== 'none';
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      return { ring, what: `${element.tagName.toLowerCase()} '${name}'` };
    });
    if (focused && !focused.ring) unseen.push(focused.what);
  }
  assert.deepEqual(unseen, [], `${label}: keyboard focus without a visible ring`);
}

describe('accessibility (axe, serious and critical) and no sideways scroll', () => {
  let fixtures;
  before(async () => {
    fixtures = await makeFixtures();
  });

  for (const { name: screen, width, height } of VIEWPORTS) {
    describe(`${screen} ${width}×${height}`, () => {
      const session = useBrowser({ contextOptions: { viewport: { width, height } } });
      it('shows where keyboard focus is (login, dashboard, share gate)', async () => {
        const { browser, page } = session;
        await page.goto('/login');
        await anyHeading(page);
        await assertFocusVisible(page, 'login');
        await page.goto(`/share/${fixtures.shareToken}`);
        await page.getByRole('heading', { name: 'This link is protected by a password' }).waitFor();
        await assertFocusVisible(page, 'share gate', 6);
        const owner = await newContext(browser, { viewport: { width, height } });
        try {
          await signIn(owner, fixtures.ownerToken);
          const ownerPage = await owner.newPage();
          await ownerPage.goto('/app');
          await anyHeading(ownerPage);
          await assertFocusVisible(ownerPage, 'dashboard');
        } finally {
          await owner.close();
        }
      });

      for (const { name, owner, supplier, visit } of PAGES) {
        it(name, async () => {
          const { context, page } = session;
          if (owner) await signIn(context, fixtures.ownerToken);
          if (supplier) await signIn(context, fixtures.supplierToken);
          const { check, done } = checker(page);
          await visit(page, (label) => check(`${label} (${width}×${height})`), fixtures);
          done();
        });
      }
    });
  }
});
