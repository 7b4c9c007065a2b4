/** Shared helpers of the browser tests (not a test file: only *.e2e.mjs are run). */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, afterEach, before, beforeEach } from 'node:test';
import { deflateSync } from 'node:zlib';
import { simpleParser } from 'mailparser';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/lib/chromium.mjs';

export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
}

/**
 * Registers, in the calling `describe`, one browser for the suite and a fresh context and page per
 * test. Read `session.browser`, `session.context` and `session.page` inside the tests.
 * `clipboard: true` grants clipboard access (Copy Link); `contextOptions` go to newContext.
 */
export function useBrowser({ clipboard = false, contextOptions = {} } = {}) {
  const session = { browser: undefined, context: undefined, page: undefined };
  before(async () => {
    session.browser = await launchBrowser();
  });
  after(async () => {
    await session.browser?.close();
  });
  beforeEach(async () => {
    session.context = await newContext(session.browser, { clipboard, ...contextOptions });
    session.page = await session.context.newPage();
  });
  afterEach(async () => {
    await session.context?.close();
  });
  return session;
}

/** A context on the app; `clipboard: true` grants clipboard access. */
export async function newContext(browser, { clipboard = false, ...options } = {}) {
  const context = await browser.newContext({ baseURL: BASE_URL, ...options });
  if (clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  return context;
}

/**
 * Collects what must never happen on a page: console errors, uncaught exceptions and CSP
 * violations (recorded by a listener installed before any of the page's scripts run).
 */
export async function watchPage(page) {
  const consoleErrors = [];
  const pageErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'}`);
    });
  });
  return {
    consoleErrors,
    pageErrors,
    cspViolations: () => page.evaluate(() => window.__cspViolations ?? []),
  };
}

/**
 * Asserts a watched page stayed clean. The browser logs a 'Failed to load resource' console error for
 * answers a test provokes on purpose: `allowStatus` (one status or a list) lets those through, and
 * `allowAborted` a request the page cancelled.
 */
export async function assertClean(watch, { allowStatus = [], allowAborted = false } = {}) {
  const statuses = [allowStatus].flat();
  const expected = (text) =>
    statuses.some((status) =>
      text.startsWith(`Failed to load resource: the server responded with a status of ${status}`),
    ) ||
    (allowAborted && text.startsWith('Failed to load resource: net::ERR_FAILED'));
  assert.deepEqual(await watch.cspViolations(), []);
  assert.deepEqual(
    watch.consoleErrors.filter((text) => !expected(text)),
    [],
  );
  assert.deepEqual(watch.pageErrors, []);
}

/** A toast (Mantine notification) with exactly this title or message. */
export const toast = (page, text) =>
  page.locator('.mantine-Notification-root').getByText(text, { exact: true });

/** A call to the REST API; the answer's JSON (or null), status, headers and the cookies it sets. */
export async function api(pathname, { token, cookie, body, from, method = body ? 'POST' : 'GET' } = {}) {
  const response = await fetch(`${BASE_URL}${pathname}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { cookie } : {}),
      // The e2e server trusts its proxy (TRUST_PROXY): `from` is the client address the request comes from.
      ...(from ? { 'x-forwarded-for': from } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : null,
    cookies: response.headers.getSetCookie(),
  };
}

let demos = 0;
/**
 * A session token of a private demo of its own ('owner', 'supplier'): each call is a new demo organisation,
 * from an address of its own (20 demos an hour from one address).
 */
export async function demoToken(account) {
  demos += 1;
  const login = await api('/api/auth/demo', {
    body: { account },
    from: `10.99.${Math.floor(demos / 250)}.${(demos % 250) + 1}`,
  });
  assert.equal(login.status, 200);
  return login.body.token;
}

/** Makes every page of the context start signed in with this token (as the app stores it). */
export async function signIn(context, token) {
  await context.addInitScript((value) => localStorage.setItem('auth_token', value), token);
}

export const uniqueEmail = (label) =>
  `${label}-${Date.now()}-${randomBytes(3).toString('hex')}@example.co.za`;

/** The password of the accounts the browser tests sign up. */
export const TEST_PASSWORD = 'Karoo-roof-2024';

/**
 * A fresh account signed up through the REST API (an email made from `label`, TEST_PASSWORD) and logged
 * in: a homeowner unless `userType` says otherwise; a supplier also needs its company (`company`,
 * `registrationNumber`, `specialties`, `businessAddress`), and any other signup field goes in as given.
 * Its address is confirmed with the link mailed to it (from the outbox) unless `verified: false`.
 * With `context`, every page of that context starts signed in as it. Answers the email, the session
 * token, the organisation the signup made, and `logIn()` for another session of the same account.
 */
let accounts = 0;

export async function newAccount({ label = 'account', context, verified = true, ...details } = {}) {
  const email = uniqueEmail(label);
  accounts += 1;
  const signup = await api('/api/auth/signup', {
    // Each from an address of its own, like owners signing up from their homes: the server allows 20
    // sign-ups an hour from one address, and the suite makes more than that.
    from: `10.${process.pid % 250}.${Math.floor(accounts / 250) % 250}.${(accounts % 250) + 1}`,
    body: {
      firstName: 'Thandiwe',
      lastName: 'Mokoena',
      userType: 'homeowner',
      ...details,
      email,
      password: TEST_PASSWORD,
    },
  });
  assert.equal(signup.status, 201, JSON.stringify(signup.body));
  if (verified) await confirmEmail(email);
  const logIn = async () => {
    const login = await api('/api/auth/login', { body: { email, password: TEST_PASSWORD } });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    return login.body;
  };
  // Sign-up answers alike for every address; the organisation comes with the first session.
  const { token, organization } = await logIn();
  if (context) await signIn(context, token);
  return { email, token, organization, logIn: async () => (await logIn()).token };
}

/** The supplier console's sections, as its one navigation (the app shell's sidebar) lists them. */
export const SUPPLIER_SECTIONS = ['Jobs', 'Profile', 'Insurance', 'Verification', 'Templates', 'Settings'];

/**
 * The app shell's sidebar of a signed-in supplier; on a phone a drawer behind the burger, hidden while
 * closed (found all the same, to read; to click in it, open it first).
 */
export const supplierNavigation = (page) =>
  page.getByRole('navigation', { name: 'Supplier console', includeHidden: true });

/**
 * Waits until the supplier console shows `section` ('Jobs', …): its level-1 heading and the document
 * title ('Jobs · PropertyDNA') name it; then asserts the sidebar lists the sections and marks it (and
 * only it) as the current page, and the console has no tab bar of its own (the sidebar is its one
 * navigation).
 */
export async function assertSupplierSection(page, section) {
  await page.getByRole('heading', { level: 1, name: section, exact: true }).waitFor();
  const title = `${section} · PropertyDNA`;
  const titled = await page
    .waitForFunction((expected) => document.title === expected, title)
    .then(
      () => true,
      () => false,
    );
  assert.ok(titled, `the console shows ${section}, titled '${await page.title()}' rather than '${title}'`);
  const navigation = supplierNavigation(page);
  assert.deepEqual(
    await navigation.getByRole('link', { includeHidden: true }).allTextContents(),
    SUPPLIER_SECTIONS,
  );
  assert.deepEqual(await navigation.locator('a[aria-current="page"]').allTextContents(), [section]);
  assert.equal(await page.getByRole('tablist').count(), 0, 'the console has no tab bar');
  assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1, 'one level-1 heading');
}

/** Opens a section of the supplier console from the sidebar and waits until the console shows it. */
export async function openSupplierSection(page, section) {
  await supplierNavigation(page).getByRole('link', { name: section, exact: true }).click();
  await assertSupplierSection(page, section);
}

export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * Uploads a PDF to a property's vault through the API as the app does: sign, PUT the bytes, register.
 * `fields` go into the registration as they are (kind, name, expires_at, metadata, …). Answers the
 * registered document.
 */
export async function uploadDocument(token, propertyId, bytes, fields) {
  const signed = await api('/api/documents/sign', {
    token,
    body: { contentType: 'application/pdf', sha256: sha256(bytes), bytes: bytes.length },
  });
  assert.equal(signed.status, 200, JSON.stringify(signed.body));
  const put = await fetch(signed.body.url, { method: 'PUT', headers: signed.body.headers, body: bytes });
  assert.equal(put.status, 200, await put.text());
  const registered = await api('/api/documents', {
    token,
    body: {
      property_id: propertyId,
      storage_key: signed.body.storageKey,
      sha256: sha256(bytes),
      bytes: bytes.length,
      content_type: 'application/pdf',
      ...fields,
    },
  });
  assert.equal(registered.status, 201, JSON.stringify(registered.body));
  return registered.body;
}

/** A small but well-formed PDF 1.7, padded with random bytes so every one is different. */
export function pdfBytes(title, padding = 2000) {
  return Buffer.from(
    [
      '%PDF-1.7',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
      `% ${title}`,
      `% ${randomBytes(padding).toString('base64')}`,
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid small RGB PNG of noise, padded with a private chunk to `padTo` bytes when given. */
export function pngBytes(padTo = 0) {
  const width = 32;
  const height = 24;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.concat(
    Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)])),
  );
  const head = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
  ]);
  const end = pngChunk('IEND', Buffer.alloc(0));
  const padding = padTo - head.length - end.length - 12;
  return padding > 0
    ? Buffer.concat([head, pngChunk('prVt', Buffer.alloc(padding, 7)), end])
    : Buffer.concat([head, end]);
}

/**
 * The date `days` from today in Johannesburg (UTC+2, no daylight saving), 'YYYY-MM-DD': the day the
 * server counts in (johannesburgToday). A UTC date is the day before between 22:00 and 24:00 UTC, which
 * makes 'overdue by 5 days' read 6.
 */
export const johannesburgDay = (days = 0) =>
  new Date(Date.now() + 2 * 60 * 60 * 1000 + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** The two screens every page is checked at: a laptop and a phone. */
/** Below Mantine's sm breakpoint (48em): the vault shows a compact list instead of its table. */
export const isPhone = (page) => (page.viewportSize()?.width ?? 1280) < 768;

/**
 * A document's row in the vault list named `label` ('Documents', 'Property documents'): the table's row
 * on a laptop; on a phone the compact list's item (name, kind and badges), with `open` tapped so its
 * details and actions show below it.
 */
export async function vaultRow(page, label, name, { open = false } = {}) {
  if (!isPhone(page)) {
    return page.getByRole('table', { name: label }).locator('tbody tr').filter({ hasText: name });
  }
  const item = page.getByRole('list', { name: label }).getByRole('listitem').filter({ hasText: name });
  if (open) {
    const toggle = item.locator('button[aria-expanded]');
    await toggle.waitFor();
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await item.locator('[id^="compact-details-"]').waitFor();
  }
  return item;
}

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

let axeSource;
/** axe-core's browser build (a root devDependency), read once. */
function axeScript() {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/**
 * What axe-core finds on the page as it is now, against WCAG 2.1 A/AA and its best practices, colour
 * contrast included: one entry per rule with the impact, the rule's summary and each offending
 * element (its selector and axe's account of what is wrong). `impacts` keeps only those impacts.
 */
export async function axeViolations(page, { impacts = ['serious', 'critical'] } = {}) {
  // Evaluated through the DevTools protocol, which the page's CSP (script-src 'self') does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeScript());
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target.join(' '),
        summary: node.failureSummary?.replace(/\s+/g, ' ').trim() ?? '',
      })),
    }));
  });
  return violations.filter((violation) => impacts.includes(violation.impact));
}

/** One line per offending element: `rule (impact) target — summary`. */
export function describeViolations(violations) {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `  ${violation.id} (${violation.impact}) ${node.target} — ${violation.help}: ${node.summary}`,
      ),
    )
    .join('\n');
}

/** Waits until no CSS transition or animation is running (a dialog has finished fading in or out). */
export async function transitionsEnded(page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/**
 * Fails when axe-core finds a violation of impact serious or critical on the page (WCAG 2.1 A/AA and
 * best practices, colour contrast included); the message lists rule, impact, element and summary.
 * Wait for the page's content before calling it: axe checks what is rendered.
 */
export async function assertAccessible(page, label) {
  // A dialog fading in has its text at part opacity, which axe reads as too little contrast.
  await transitionsEnded(page);
  const violations = await axeViolations(page);
  assert.ok(
    violations.length === 0,
    `${label}: ${violations.length} serious or critical axe violation(s)\n${describeViolations(violations)}`,
  );
}

/** Fails when the toast shown (once its transition has ended) covers `button`, the one just pressed. */
export async function assertToastClear(page, button, label) {
  const shown = page.locator('.mantine-Notification-root').first();
  await shown.waitFor();
  await transitionsEnded(page);
  const [a, b] = [await button.boundingBox(), await shown.boundingBox()];
  assert.ok(a && b, `${label}: the button and the toast are on screen`);
  const apart =
    a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
  assert.ok(apart, `${label}: the toast ${JSON.stringify(b)} covers the button ${JSON.stringify(a)}`);
}

/** Fails when the page is wider than the window (it would scroll sideways). */
export async function assertNoSideScroll(page, label = page.url()) {
  const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
    const innerWidth = window.innerWidth;
    // The element reaching furthest right, to name the culprit.
    let widest = '';
    let right = innerWidth;
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right > right + 0.5 && getComputedStyle(element).position !== 'fixed') {
        right = box.right;
        const id = element.id ? `#${element.id}` : '';
        const classes = [...element.classList]
          .slice(0, 2)
          .map((name) => `.${name}`)
          .join('');
        widest = `${element.tagName.toLowerCase()}${id}${classes} (right edge ${Math.round(right)}px)`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, widest };
  });
  assert.ok(
    scrollWidth <= innerWidth,
    `${label}: the page is ${scrollWidth - innerWidth}px wider than the ${innerWidth}px window${widest ? `; widest: ${widest}` : ''}`,
  );
}

/** Fails when a badge's or a button's text is cut short ('Pen…', 'DE…', 'Cop') on the page as shown. */
export async function assertNothingCut(page, label = page.url()) {
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Badge-label, .mantine-Button-label')]
      .filter(
        (element) => element.getClientRects().length > 0 && element.scrollWidth > element.clientWidth + 1,
      )
      .map((element) => element.textContent?.trim() ?? ''),
  );
  assert.deepEqual(cut, [], `${label}: text cut short`);
}

/**
 * Screenshots to look at, kept in the directory the environment variable `variable` names (made when
 * missing); without it, nothing is written. Each `save(page, name)` writes the whole page as
 * `<name>.png` and the window as it shows it as `<name>-window.png` (the top of a long page, readable
 * at full size).
 */
export function screenshots(variable) {
  const dir = process.env[variable];
  if (dir) mkdirSync(dir, { recursive: true });
  return async function save(page, name) {
    if (!dir) return;
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
    await page.screenshot({ path: path.join(dir, `${name}-window.png`) });
  };
}

/** The server's outbox (mail written as .eml files: the default transport). */
export const outbox = () => {
  assert.ok(process.env.DATA_DIR, 'DATA_DIR (the server data directory) is set by scripts/e2e.mjs');
  return path.join(process.env.DATA_DIR, 'outbox');
};

/** Waits for `find` to answer something other than undefined (it is asked again every 100 ms). */
export async function waitUntil(find, { timeout = 20_000, what = 'the condition' } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) assert.fail(`timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The parsed .eml files of the outbox addressed to `to` with this subject, oldest first. */
export async function mailsTo(to, subject) {
  let names;
  try {
    names = (await readdir(outbox())).filter((name) => name.endsWith('.eml')).sort();
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw error;
  }
  const mails = [];
  for (const name of names) {
    const mail = await simpleParser(await readFile(path.join(outbox(), name)));
    const recipients = [mail.to ?? []].flat().flatMap((address) => address.value.map((one) => one.address));
    if (mail.subject === subject && recipients.includes(to)) mails.push(mail);
  }
  return mails;
}

export const CONFIRM_SUBJECT = 'Confirm your PropertyDNA email address';
const CONFIRM_LINK = /\/(verify-email|confirm-email)\?token=([A-Za-z0-9_-]+)/;

/** The newest confirmation link mailed to `to` (waits for the queue to send it): its path and token. */
export async function confirmationLink(to, subject = CONFIRM_SUBJECT) {
  const mail = await waitUntil(async () => (await mailsTo(to, subject)).at(-1), {
    what: `"${subject}" mail to ${to} in the outbox`,
  });
  const match = CONFIRM_LINK.exec(mail.text);
  assert.ok(match, `a confirmation link in: ${mail.text}`);
  return { path: `/${match[1]}?token=${match[2]}`, token: match[2] };
}

/** Confirms `email` as its owner would, with the link mailed to it (POST /api/auth/verify-email). */
export async function confirmEmail(email) {
  const { token } = await confirmationLink(email);
  const verified = await api('/api/auth/verify-email', { body: { token } });
  assert.equal(verified.status, 200, JSON.stringify(verified.body));
}
