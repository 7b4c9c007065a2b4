import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { deflateSync } from 'node:zlib';
import { BASE_URL, launchBrowser, watchPage } from './browser.mjs';

const PASSWORD = 'Karoo-roof-2024';
const SHARE_PASSWORD = 'fynbos-42';
const ADDRESS = '7 Protea Lane, Newlands, Cape Town, 7700';

const uniqueEmail = (label) => `${label}-${Date.now()}-${randomBytes(3).toString('hex')}@example.co.za`;

async function api(pathname, { token, body, cookie, method = body ? 'POST' : 'GET' } = {}) {
  const response = await fetch(`${BASE_URL}${pathname}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    cookies: response.headers.getSetCookie(),
  };
}

/** A fresh homeowner (Free plan: room for one property), signed up and logged in through the REST API. */
async function newHomeowner() {
  const email = uniqueEmail('uploads');
  const signup = await api('/api/auth/signup', {
    body: { firstName: 'Lindiwe', lastName: 'Dlamini', email, password: PASSWORD, userType: 'homeowner' },
  });
  assert.equal(signup.status, 201);
  const login = await api('/api/auth/login', { body: { email, password: PASSWORD } });
  assert.equal(login.status, 200);
  return login.body.token;
}

/** A small but well-formed PDF 1.7. */
function pdfBytes(title) {
  return Buffer.from(
    [
      '%PDF-1.7',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
      `% ${title} ${randomBytes(2000).toString('base64')}`,
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
function pngBytes(padTo = 0) {
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

async function assertClean(watch) {
  assert.deepEqual(await watch.cspViolations(), []);
  assert.deepEqual(watch.consoleErrors, []);
  assert.deepEqual(watch.pageErrors, []);
}

const toast = (page, text) => page.locator('.mantine-Notification-root').getByText(text, { exact: true });

function documentRow(page, name) {
  return page
    .getByRole('table', { name: 'Property documents' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
}

describe('add-property uploads and vault sharing', () => {
  let browser;
  let context;
  let page;
  let dir;

  before(async () => {
    browser = await launchBrowser();
    dir = await mkdtemp(path.join(os.tmpdir(), 'propertydna-property-uploads-e2e-'));
  });
  after(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    context = await browser.newContext({ baseURL: BASE_URL });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  it('uploads the title deed and proof of residence with a new property, then shares one with a password', async () => {
    const token = await newHomeowner();
    await context.addInitScript((value) => localStorage.setItem('auth_token', value), token);
    const watch = await watchPage(page);

    const run = randomBytes(3).toString('hex');
    const deed = { name: `title-deed-${run}.pdf`, bytes: pdfBytes('Title deed T1234/2019') };
    const huge = { name: `municipal-bill-large-${run}.png`, bytes: pngBytes(11 * 1024 * 1024) };
    const proof = { name: `municipal-bill-${run}.png`, bytes: pngBytes() };
    for (const file of [deed, huge, proof]) {
      file.path = path.join(dir, file.name);
      await writeFile(file.path, file.bytes);
    }
    assert.equal(deed.bytes.subarray(0, 8).toString('latin1'), '%PDF-1.7');
    assert.equal(huge.bytes.length, 11 * 1024 * 1024);

    await page.goto('/properties/new');
    await page.getByRole('heading', { level: 1, name: 'Add New Property' }).waitFor();
    await page.locator('#add-property-erfNumber').fill('ERF 5521');
    await page.locator('#add-property-township').fill('Newlands');
    await page.locator('#add-property-municipality').fill('City of Cape Town');
    await page.locator('#add-property-address').fill(ADDRESS);
    const deedInput = page.getByLabel('Title deed (Optional)');
    const proofInput = page.getByLabel('Proof of residence (Optional)');
    await deedInput.setInputFiles(deed.path);
    await proofInput.setInputFiles(huge.path);
    await page.getByText('File is larger than 10 MB', { exact: true }).waitFor();
    assert.equal(await proofInput.getAttribute('aria-invalid'), 'true');

    // Refused in the browser: submitting sends nothing.
    await page.getByRole('button', { name: 'Create Property' }).click();
    assert.equal(new URL(page.url()).pathname, '/properties/new');
    await proofInput.setInputFiles(proof.path);
    await page.getByText('File is larger than 10 MB', { exact: true }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Create Property' }).click();
    await page.waitForURL(/\/properties\/[0-9a-f-]{36}$/);
    const propertyId = new URL(page.url()).pathname.split('/').pop();
    await page.getByRole('heading', { level: 1, name: ADDRESS }).waitFor();
    // Toasts come one at a time and pause under the pointer: move it away so the queue goes on.
    await page.mouse.move(0, 0);
    await toast(page, 'Document uploaded').waitFor();

    await page.getByRole('tab', { name: 'Vault' }).click();
    for (const [file, kind] of [
      [deed, 'Deed'],
      [proof, 'Other'],
    ]) {
      const row = documentRow(page, file.name);
      await row.waitFor();
      const cells = await row.getByRole('cell').allTextContents();
      assert.deepEqual(cells.slice(0, 2), [file.name, kind]);
    }
    const documents = await api(
      `/trpc/documents.byProperty?input=${encodeURIComponent(JSON.stringify({ propertyId }))}`,
      {
        token,
      },
    );
    assert.equal(documents.status, 200);
    const listed = documents.body.result.data;
    assert.equal(listed.length, 2);
    const deedDocument = listed.find((document) => document.name === deed.name);
    const proofDocument = listed.find((document) => document.name === proof.name);
    assert.equal(deedDocument.kind, 'deed');
    assert.equal(deedDocument.bytes, deed.bytes.length);
    assert.equal(proofDocument.kind, 'other');
    assert.deepEqual(proofDocument.metadata, { purpose: 'proof_of_residence' });

    // Share the deed with a password from its row.
    await documentRow(page, deed.name)
      .getByRole('button', { name: `Share ${deed.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Share document' });
    await dialog.getByRole('checkbox', { name: 'Password protect' }).check();
    await dialog.locator('input[type="password"]').fill(SHARE_PASSWORD);
    assert.equal(await dialog.getByLabel('Expires after (days)').inputValue(), '30');
    await dialog.getByRole('button', { name: 'Generate Share Link' }).click();
    await toast(page, 'Share link copied').waitFor();
    const link = await dialog.getByLabel('Share link').inputValue();
    const match = link.match(/^(.+)\/share\/([^/?#]+)$/);
    assert.ok(match, `a share link (${link})`);
    assert.equal(match[1], new URL(BASE_URL).origin);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    const shareToken = decodeURIComponent(match[2]);

    const locked = await api(`/api/share/${encodeURIComponent(shareToken)}`);
    assert.equal(locked.status, 401);
    const unlocked = await api(`/api/share/${encodeURIComponent(shareToken)}/unlock`, {
      body: { password: SHARE_PASSWORD },
    });
    assert.equal(unlocked.status, 200);
    const cookie = unlocked.cookies.map((value) => value.split(';')[0]).join('; ');
    assert.ok(cookie, 'the unlock sets a cookie');
    const view = await api(`/api/share/${encodeURIComponent(shareToken)}`, { cookie });
    assert.equal(view.status, 200);
    assert.deepEqual(
      view.body.documents.map((document) => document.name),
      [deed.name],
    );

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await assertClean(watch);
  });
});
