/**
 * The crawl of issue 12 §2: signed in as the demo owner and as the demo supplier, every page the
 * navigation leads to and every /app/* route is visited, then every in-app link rendered on those pages
 * (each once). None may end on the 404 page, each has its own document title ('Vault · PropertyDNA'),
 * and none throws. Issue 32 §3: so is every link of every mail the product sends.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { root } from '../../../scripts/lib/built-app.mjs';
import { api, BASE_URL, demoToken, johannesburgDay, newContext, signIn, useBrowser } from './browser.mjs';

const PRODUCT = 'PropertyDNA';
const NOT_FOUND = '404 Page Not Found';

/** The spec's /app/* routes (§2) and the pages they stand beside. */
const APP_ROUTES = [
  '/app',
  '/app/dashboard',
  '/app/properties',
  '/app/vault',
  '/app/policies',
  '/app/vendors',
  '/app/maintenance',
  '/app/reports',
  '/app/old',
  '/app/old/properties',
  '/app/old/vault',
  '/app/old/policies',
  '/app/old/vendors',
  '/app/old/maintenance',
  '/app/old/reports',
];
const SPEC_ROUTES = [
  '/dashboard',
  '/properties',
  '/vault',
  '/policies',
  '/vendors',
  '/maintenance',
  '/reports',
];

/**
 * Links that are not pages of the app (file views and downloads, the API docs), and the login page,
 * which ends the session it opens in (spec §2): it is checked signed out at the end.
 */
const skipped = (href) => /^\/(api|trpc|storage)(\/|$)/.test(href) || /^\/login(\?|$)/.test(href);

/**
 * Waits until the page has rendered its content (a level-1 heading) and named itself: the landing page
 * 'PropertyDNA', every other page '… · PropertyDNA' (a page that never does fails here, with its title).
 */
async function settle(page) {
  await page.locator('main h1, h1').first().waitFor({ timeout: 15_000 });
  const named = await page
    .waitForFunction(
      (product) =>
        window.location.pathname === '/'
          ? document.title === product
          : document.title.endsWith(` · ${product}`),
      PRODUCT,
      { timeout: 15_000 },
    )
    .then(
      () => true,
      () => false,
    );
  assert.ok(named, `${new URL(page.url()).pathname}: never named itself (title '${await page.title()}')`);
}

/** Visits `path`; asserts it is not the 404 page and has a page-specific title; answers its links. */
async function visit(page, path, errors, { titles }) {
  await page.goto(path);
  await settle(page);
  const finalPath = new URL(page.url()).pathname;
  const notFound = await page.getByRole('heading', { name: NOT_FOUND }).count();
  assert.equal(notFound, 0, `${path} (now ${finalPath}) shows the 404 page`);
  const title = await page.title();
  if (finalPath === '/') assert.equal(title, PRODUCT, `${path}: the landing page's title`);
  else assert.match(title, new RegExp(`^.+ · ${PRODUCT}$`), `${path} (now ${finalPath}): title '${title}'`);
  titles.set(path, title);
  assert.deepEqual(errors, [], `${path}: uncaught errors`);
  return page.$$eval('a[href^="/"]', (anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
}

/** The hrefs of the navigation's entries, read from the shell. */
async function navHrefs(page) {
  return page
    .getByRole('navigation')
    .first()
    .locator('a[href^="/"]')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
}

async function crawl(browser, account, startPages) {
  const context = await newContext(browser);
  await signIn(context, await demoToken(account));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  const titles = new Map();
  try {
    await page.goto(startPages[0]);
    await settle(page);
    const nav = await navHrefs(page);
    assert.ok(nav.length >= 5, `${account}: the navigation lists its entries (${nav.join(', ')})`);
    const first = [...new Set([...nav, ...startPages])];
    const found = new Set();
    for (const path of first) {
      for (const href of await visit(page, path, errors, { titles })) if (href) found.add(href);
    }
    const visited = new Set(first);
    for (const href of found) {
      if (visited.has(href) || skipped(href)) continue;
      visited.add(href);
      await visit(page, href, errors, { titles });
    }
    return { nav, titles, visited };
  } finally {
    await context.close();
  }
}

describe('crawl of every page and link', () => {
  const session = useBrowser();

  it('as the demo owner: every navigation page, every /app/* route and every link on them', async () => {
    const { nav, titles, visited } = await crawl(session.browser, 'owner', [
      '/app/dashboard',
      ...APP_ROUTES,
      ...SPEC_ROUTES,
      '/account',
      '/transfers',
    ]);
    assert.deepEqual(nav, [
      '/app/dashboard',
      '/app/properties',
      '/app/vault',
      '/app/policies',
      '/app/maintenance',
      '/app/vendors',
      '/app/reports',
      '/shared-with-me',
    ]);
    // Links followed beyond the start pages: a property, the add form, the landing page at least.
    for (const path of ['/', '/properties/new'])
      assert.ok(visited.has(path), `${path} was linked and visited`);
    assert.ok(
      [...visited].some((path) => /^\/properties\/(?!new)[^/]+$/.test(path)),
      'a property page was linked and visited',
    );
    // Each section names itself.
    assert.equal(titles.get('/app/vault'), `Vault · ${PRODUCT}`);
    assert.equal(titles.get('/app/properties'), `Properties · ${PRODUCT}`);
    assert.equal(titles.get('/app/dashboard'), `Dashboard · ${PRODUCT}`);
    assert.equal(titles.get('/account'), `Account · ${PRODUCT}`);
    assert.equal(titles.get('/transfers'), `Transfers · ${PRODUCT}`);
    assert.equal(titles.get('/shared-with-me'), `Shared with me · ${PRODUCT}`);
    const sections = ['/app/vault', '/app/properties', '/app/policies', '/app/maintenance', '/app/vendors'];
    assert.equal(new Set(sections.map((path) => titles.get(path))).size, sections.length);
  });

  it('as the demo supplier: every section of the console and every link on them', async () => {
    const { nav, titles } = await crawl(session.browser, 'supplier', ['/supplier', '/supplier/dashboard']);
    assert.deepEqual(nav, [
      '/supplier?tab=jobs',
      '/supplier?tab=profile',
      '/supplier?tab=insurance',
      '/supplier?tab=verification',
      '/supplier?tab=templates',
      '/supplier?tab=settings',
    ]);
    // Each section names itself; the console opens on Jobs.
    assert.deepEqual(
      [...nav, '/supplier', '/supplier/dashboard'].map((path) => titles.get(path)),
      ['Jobs', 'Profile', 'Insurance', 'Verification', 'Templates', 'Settings', 'Jobs', 'Jobs'].map(
        (section) => `${section} · ${PRODUCT}`,
      ),
    );
  });

  it('signed out: the public pages and the links on them, the login page among them', async () => {
    const context = await newContext(session.browser);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const titles = new Map();
    try {
      const found = new Set();
      const start = ['/', '/login', '/signup', '/terms'];
      for (const path of start)
        for (const href of await visit(page, path, errors, { titles })) found.add(href);
      for (const href of found) {
        if (start.includes(href) || /^\/(api|trpc|storage)(\/|$)/.test(href)) continue;
        await visit(page, href, errors, { titles });
      }
      assert.equal(titles.get('/login'), `Log in · ${PRODUCT}`);
    } finally {
      await context.close();
    }
  });
});

/** The API's TypeScript sources, loaded as they are (tsx, the API's own dev runner): no build of their own. */
async function apiSource(file) {
  const { tsImport } = await import(
    createRequire(path.join(root, 'apps/api/package.json')).resolve('tsx/esm/api')
  );
  return tsImport(path.join(root, file), import.meta.url);
}

/** A customer's webhook endpoint, as the disabled-endpoint mail names it. */
const webhookEndpoint = 'https://hooks.example.co.za/propertydna';

/**
 * Every mail template (apps/api/src/mail/templates.ts), each rendered through its own function with the
 * demo owner's property and reminders as read from the server, its links built as the services build
 * them (mailLinks). Answers each mail's subject with the URLs in its HTML and text.
 */
async function renderedMails(token) {
  const templates = await apiSource('apps/api/src/mail/templates.ts');
  const { mailLinks } = await apiSource('apps/api/src/mail/links.ts');
  const { alertDigest } = await apiSource('packages/domain/src/alert-digest.ts');
  const properties = await api('/api/properties', { token });
  assert.equal(properties.status, 200);
  const [property] = properties.body;
  const reminders = await api(`/api/properties/${property.id}/reminders`, { token });
  assert.equal(reminders.status, 200);
  // The digest lists the property's Policy Check items too (issue 32), linking to that tab.
  const check = await api(`/api/properties/${property.id}/policy-check`, { token });
  assert.equal(check.status, 200);
  const base = BASE_URL;
  const person = { firstName: 'Thandiwe', appUrl: base };
  const about = { propertyName: property.name, address: property.address, dnaCode: property.dna_code };
  const cases = {
    welcomeMail: [person],
    signupAttemptMail: [person],
    verifyEmailMail: [
      { ...person, link: mailLinks.confirmEmail(base, 'verify_email', 'token'), validHours: 24 },
      {
        ...person,
        link: mailLinks.confirmEmail(base, 'change_email', 'token'),
        validHours: 24,
        change: true,
      },
    ],
    emailChangeNoticeMail: [
      { ...person, newEmail: 'new@example.co.za', done: false },
      { ...person, newEmail: 'new@example.co.za', done: true },
    ],
    passwordResetMail: [{ ...person, link: mailLinks.resetPassword(base, 'token'), validMinutes: 30 }],
    passwordChangedMail: [
      { ...person, how: 'changed' },
      { ...person, how: 'reset' },
    ],
    signInFailuresMail: [{ ...person, failures: 5 }],
    shareLockedMail: [{ ...person, failures: 5, what: property.name, lockedMinutes: 15 }],
    reminderDigestMail: [false, true].map((test) => ({
      ...person,
      today: johannesburgDay(),
      digest: alertDigest([
        { id: property.id, name: property.name, reminders: reminders.body, findings: check.body.findings },
      ]),
      test,
    })),
    vendorInviteMail: [
      {
        vendorName: 'Karoo Roofing',
        ownerName: 'Thandiwe Mokoena',
        address: property.address,
        dnaCode: property.dna_code,
        what: 'certificates and inspection reports',
        url: mailLinks.vendorInvite(base, 'token'),
        expiresOn: 'Dec 31, 2026',
      },
    ],
    vendorUploadMail: [
      {
        firstName: 'Thandiwe',
        vendor: 'Karoo Roofing',
        document: 'Roof inspection.pdf',
        property: property.name,
        provenance: 'Uploaded by an invited vendor',
        url: mailLinks.property(base, property.id),
      },
    ],
    callbackRequestMail: [
      {
        ownerName: 'Thandiwe Mokoena',
        ownerEmail: 'owner@example.co.za',
        ...about,
        phone: '082 555 0101',
        preferredTime: 'Morning (08:00–12:00)',
        topic: 'Insurance claim',
        requestedAt: 'Nov 27, 2026',
      },
    ],
    transferOfferMail: [
      {
        sellerName: 'Thandiwe Mokoena',
        organizationName: 'Mokoena Family',
        ...about,
        included: ['The title deed'],
        message: null,
        url: mailLinks.transferOffer(base, 'token'),
        expiresOn: 'Dec 31, 2026',
        toEmail: 'buyer@example.co.za',
      },
    ],
    memberInviteMail: [
      {
        inviterName: 'Thandiwe Mokoena',
        organizationName: 'Mokoena Family',
        roleLabel: 'Viewer',
        url: mailLinks.memberInvite(base, 'token'),
        expiresOn: 'Dec 31, 2026',
        toEmail: 'colleague@example.co.za',
      },
    ],
    propertyGrantMail: [
      {
        granterName: 'Thandiwe Mokoena',
        organizationName: 'Mokoena Family',
        ...about,
        roleLabel: 'Conveyancer',
        what: 'its documents and its compliance check',
        url: mailLinks.propertyGrant(base, 'token'),
        expiresOn: 'Dec 31, 2026',
        toEmail: 'conveyancer@example.co.za',
      },
    ],
    transferDecidedMail: ['accepted', 'declined'].map((decision) => ({
      firstName: 'Thandiwe',
      ...about,
      decision,
      buyer: 'Sipho Dlamini',
      url: mailLinks.transfers(base),
    })),
    evidenceRejectedMail: [
      {
        firstName: 'Sipho',
        what: 'insurance',
        document: 'Liability cover.pdf',
        reason: 'The policy has expired.',
        url: mailLinks.supplierVerification(base),
      },
    ],
    evidenceApprovedMail: [
      {
        firstName: 'Sipho',
        what: 'insurance',
        document: 'Liability cover.pdf',
        validUntil: '2027-12-31',
        level: 'Verified',
        url: mailLinks.supplierVerification(base),
      },
    ],
    invoiceMail: [
      {
        firstName: 'Thandiwe',
        invoiceNumber: 'PDNA-000001',
        amount: 'R99.00',
        paidUntil: new Date('2027-11-28T00:00:00Z'),
        accountUrl: mailLinks.account(base),
      },
    ],
    accountClosedMail: [true, false].map((isOwner) => ({
      firstName: 'Sipho',
      organizationName: 'Mokoena Family',
      closedBy: 'Thandiwe Mokoena',
      deleteAfter: new Date('2026-12-28T00:00:00Z'),
      isOwner,
      appUrl: base,
    })),
    accountDeletedMail: [{ firstName: 'Thandiwe', organizationName: 'Mokoena Family' }],
    accountExportReadyMail: [
      {
        firstName: 'Thandiwe',
        accountUrl: mailLinks.account(base),
        expiresAt: new Date('2026-12-05T00:00:00Z'),
      },
    ],
    webhookDisabledMail: [
      {
        firstName: 'Thandiwe',
        url: webhookEndpoint,
        event: 'document.created',
        attempts: 12,
        lastAnswer: 'HTTP 503',
        accountUrl: mailLinks.account(base),
      },
    ],
  };
  // A template added without a case here fails, until it has one.
  assert.deepEqual(Object.keys(templates).sort(), Object.keys(cases).sort());
  return Object.entries(cases).flatMap(([name, inputs]) =>
    inputs.map((input) => {
      const mail = templates[name](input);
      const urls = [...`${mail.html}\n${mail.text}`.matchAll(/https?:\/\/[^\s"'<>()]+/g)]
        .map(([url]) => url.replace(/[.,;:]+$/, '').replaceAll('&amp;', '&'))
        // The customer's own webhook endpoint is named in the text, not a link of ours.
        .filter((url) => url !== webhookEndpoint);
      return { subject: mail.subject, urls };
    }),
  );
}

describe('every link in every mail', () => {
  const session = useBrowser();

  it('lands on a page of the app, not the 404 page (each address opened once, as the demo owner)', async () => {
    const token = await demoToken('owner');
    const mails = await renderedMails(token);
    const paths = new Map();
    // Only the support team's callback request, the locked share's notice and the deleted account's last mail
    // link nowhere.
    assert.deepEqual(
      mails
        .filter(({ urls }) => urls.length === 0)
        .map(({ subject }) => subject.split(':')[0])
        .sort(),
      [
        'A PropertyDNA share link was locked',
        'Callback request',
        'Your PropertyDNA account has been deleted',
      ],
    );
    for (const { subject, urls } of mails) {
      for (const url of urls) {
        assert.ok(url.startsWith(`${BASE_URL}/`), `${subject}: ${url} is an address of the app`);
        const { pathname, search } = new URL(url);
        if (!paths.has(pathname + search)) paths.set(pathname + search, subject);
      }
    }
    const property = [...paths.keys()].find((at) => /^\/properties\/[^/?]+$/.test(at));
    assert.ok(property, 'the reminder digest links to the property');
    assert.ok(
      paths.has(`${property}?tab=policy-check`),
      "the reminder digest links to the property's Policy Check (its items)",
    );
    for (const at of ['/transfers', '/maintenance', '/account', '/login', '/forgot-password'])
      assert.ok(paths.has(at), `a mail links to ${at}`);
    const signedIn = await newContext(session.browser);
    await signIn(signedIn, token);
    const page = await signedIn.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    try {
      // The login page ends the session it opens in (spec §2): the signed-out pages come last.
      const order = [...paths.keys()].sort(
        (a, b) => Number(/^\/(login|forgot|reset)/.test(a)) - Number(/^\/(login|forgot|reset)/.test(b)),
      );
      for (const at of order) {
        await page.goto(at);
        // A page of the router names itself ('Property transfer · PropertyDNA'); the 404 page does not
        // (it is 'PropertyDNA'). A link with a token that is no longer valid lands on its page all the same.
        const named = await page
          .waitForFunction((product) => document.title.endsWith(` · ${product}`), PRODUCT, {
            timeout: 15_000,
          })
          .then(
            () => true,
            () => false,
          );
        const notFound = await page.getByRole('heading', { name: NOT_FOUND }).count();
        assert.ok(
          named && notFound === 0,
          `${at} (in "${paths.get(at)}") shows the 404 page ('${await page.title()}')`,
        );
      }
      assert.deepEqual(errors, []);
    } finally {
      await signedIn.close();
    }
  });
});
