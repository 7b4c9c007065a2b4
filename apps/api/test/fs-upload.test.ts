import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOT_UPLOADED, UPLOAD_MISMATCH } from '../src/modules/documents/documents.service.js';
import type { UploadDeclaration } from '../src/storage/file-store.js';
import { FsFileStore } from '../src/storage/fs-store.js';
import { createTestApp, listFiles, TEST_SECRET, type TestApp } from './support/app.js';
import { expectDownloadHeaders } from './support/download-headers.js';
import { type HttpOwner, httpOwner } from './support/http-owner.js';
import { waitFor } from './support/wait.js';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const content = Buffer.from('%PDF-1.7\nA certificate of compliance, page 1 of 1.\n'.repeat(50));
const pdfType = { 'content-type': 'application/pdf' };
const declaration: UploadDeclaration = {
  bytes: content.length,
  sha256: sha256(content),
  contentType: 'application/pdf',
};

/** Where the fs store keeps the record of an object it verified while receiving it. */
const recordPath = (t: TestApp, key: string) => path.join(t.filesDir, '.verified', key.slice(3));
const hasRecord = (t: TestApp, key: string) =>
  fs.stat(recordPath(t, key)).then(
    () => true,
    () => false,
  );

/** Signed-upload endpoint of the fs store, over real HTTP (the body is really streamed). */
describe('fs store: the signed upload and read endpoints', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    // No upload, accepted or refused, leaves a temporary file behind (an aborted one is removed as the
    // server notices the closed connection).
    await waitFor(async () => (await listFiles(path.join(t.filesDir, '.incoming'))).length === 0, 10_000);
  });

  const put = (
    url: string,
    body: Buffer | string,
    contentType = 'application/pdf',
    headers: Record<string, string> = {},
  ) =>
    fetch(new URL(url, origin), {
      method: 'PUT',
      body,
      headers: { 'content-type': contentType, ...headers },
    });

  /** Stored objects (everything but the temp folder and the verified records). */
  const stored = async () =>
    (await listFiles(t.filesDir)).filter((f) => !f.startsWith('.incoming') && !f.startsWith('.verified'));

  it('accepts exactly the declared bytes and moves them into place', async () => {
    const before = await stored();
    const upload = await t.store.createUpload(declaration);
    const res = await put(upload.url, content);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ key: upload.key, bytes: content.length, sha256: declaration.sha256 });
    expect(await stored()).toEqual([...before, upload.key].sort());
    expect(await fs.readFile(path.join(t.filesDir, upload.key))).toEqual(content);
    // With the record of what was verified, for the registration (see the suite below).
    expect(JSON.parse(await fs.readFile(recordPath(t, upload.key), 'utf8'))).toEqual({
      bytes: content.length,
      sha256: declaration.sha256,
    });
  });

  it('refuses a body shorter than declared and keeps nothing', async () => {
    const before = await stored();
    const upload = await t.store.createUpload(declaration);
    const res = await put(upload.url, content.subarray(0, content.length - 1));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/smaller than the declared/);
    expect(await stored()).toEqual(before);
  });

  it('refuses a body longer than declared with 413 and keeps nothing', async () => {
    const before = await stored();
    const upload = await t.store.createUpload(declaration);
    const res = await put(upload.url, Buffer.concat([content, Buffer.from('x')]));
    expect(res.status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it('cuts off a chunked body (no Content-Length) as soon as it passes the declared size', async () => {
    const before = await stored();
    const upload = await t.store.createUpload(declaration);
    const url = new URL(upload.url, origin);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        url,
        { method: 'PUT', headers: { 'content-type': 'application/pdf' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      // Twice the declared size, in chunks: the server must stop reading after the first overflow.
      req.write(content);
      req.end(content);
    });
    expect(status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it('refuses a body of the declared size whose SHA-256 differs, and keeps nothing', async () => {
    const before = await stored();
    const upload = await t.store.createUpload(declaration);
    const tampered = Buffer.from(content);
    tampered[10] = 0x21;
    const res = await put(upload.url, tampered);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(
      'Upload does not match the declared SHA-256',
    );
    expect(await stored()).toEqual(before);
  });

  it('refuses a Content-Type other than the signed one', async () => {
    const upload = await t.store.createUpload(declaration);
    const res = await put(upload.url, content, 'text/html');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(
      'Content-Type must be application/pdf, as signed',
    );
  });

  it('answers 403 to an expired upload URL', async () => {
    // A store with the same secret whose clock is an hour behind signs URLs that are already expired.
    const past = new FsFileStore({
      root: t.filesDir,
      secret: TEST_SECRET,
      ttlSeconds: 60,
      now: () => Date.now() - 3_600_000,
    });
    const upload = await past.createUpload(declaration);
    const res = await put(upload.url, content);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe('The upload URL has expired');
  });

  it('answers 403 to any tampered field of the signed URL', async () => {
    const upload = await t.store.createUpload(declaration);
    const url = new URL(upload.url, origin);
    const other = (await t.store.createUpload(declaration)).key;
    const variants: [string, (u: URL) => void][] = [
      ['bytes', (u) => u.searchParams.set('bytes', String(declaration.bytes + 1))],
      ['sha256', (u) => u.searchParams.set('sha256', sha256('something else'))],
      ['type', (u) => u.searchParams.set('type', 'text/html')],
      ['expires', (u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600))],
      [
        'signature',
        // Two characters changed (to 'AA', or 'BB' where it already ends so: a change, every time).
        (u) => {
          const signature = u.searchParams.get('signature') ?? '';
          u.searchParams.set(
            'signature',
            `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
          );
        },
      ],
      ['key', (u) => (u.pathname = `/storage/uploads/${other}`)],
    ];
    for (const [field, change] of variants) {
      const tampered = new URL(url);
      change(tampered);
      const body = field === 'bytes' ? Buffer.concat([content, Buffer.from('x')]) : content;
      const contentType = field === 'type' ? 'text/html' : 'application/pdf';
      const res = await put(tampered.toString(), body, contentType);
      expect(res.status, field).toBe(403);
      expect(((await res.json()) as { error: string }).error, field).toBe('Invalid upload signature');
    }
    // A different secret's signature is not ours either.
    const foreign = new FsFileStore({
      root: t.filesDir,
      secret: 'another-secret-another-secret-another-1234',
      ttlSeconds: 60,
    });
    const res = await put((await foreign.createUpload(declaration)).url, content);
    expect(res.status).toBe(403);
  });

  it('cannot be made to write outside the files directory', async () => {
    const outside = path.join(t.dataDir, 'escaped');
    const upload = await t.store.createUpload(declaration);
    const query = new URL(upload.url, origin).search;
    for (const trick of [
      '/storage/uploads/../../escaped',
      '/storage/uploads/..%2F..%2Fescaped/x',
      '/storage/uploads/%2E%2E/%2E%2E%2Fescaped',
      '/storage/uploads/ab/..%2F..%2F..%2Fescaped',
      `/storage/uploads/${upload.key.slice(0, 2)}/..%2F${upload.key.slice(3)}`,
    ]) {
      const res = await put(`${trick}${query}`, content);
      expect([400, 403, 404], trick).toContain(res.status);
    }
    await expect(fs.stat(outside)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await fs.readdir(t.dataDir)).sort()).toEqual(['files']);
  });

  it('leaves no temporary file when the client disconnects mid-upload', async () => {
    const before = await stored();
    const upload = await t.store.createUpload(declaration);
    const url = new URL(upload.url, origin);
    await new Promise<void>((resolve) => {
      const req = http.request(url, {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf', 'content-length': String(content.length) },
      });
      req.on('error', () => resolve());
      req.write(content.subarray(0, 100), () => setTimeout(() => req.destroy(), 50));
      req.on('close', () => resolve());
    });
    await waitFor(async () => (await listFiles(path.join(t.filesDir, '.incoming'))).length === 0, 10_000);
    expect(await stored()).toEqual(before);
  });

  it('serves signed reads and refuses expired or tampered ones', async () => {
    const upload = await t.store.createUpload(declaration);
    expect((await put(upload.url, content)).status).toBe(200);
    const read = await t.store.createReadUrl(upload.key, {
      disposition: 'inline',
      filename: 'coc.pdf',
      contentType: 'application/pdf',
    });
    const ok = await fetch(new URL(read.url, origin));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-disposition')).toBe(
      `inline; filename="coc.pdf"; filename*=UTF-8''coc.pdf`,
    );
    expectDownloadHeaders(ok.headers, {
      contentType: 'application/pdf',
      bytes: content.length,
      filename: 'coc.pdf',
      disposition: 'inline',
    });
    expect(Buffer.from(await ok.arrayBuffer()).equals(content)).toBe(true);

    const tampered = new URL(read.url, origin);
    tampered.searchParams.set('type', 'text/html');
    expect((await fetch(tampered)).status).toBe(403);
    const renamed = new URL(read.url, origin);
    renamed.searchParams.set('disposition', 'attachment');
    expect((await fetch(renamed)).status).toBe(403);

    const past = new FsFileStore({
      root: t.filesDir,
      secret: TEST_SECRET,
      ttlSeconds: 60,
      now: () => Date.now() - 3_600_000,
    });
    const expired = await past.createReadUrl(upload.key, {
      disposition: 'inline',
      filename: 'coc.pdf',
      contentType: 'application/pdf',
    });
    const res = await fetch(new URL(expired.url, origin));
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe('The download URL has expired');
  });

  it('serves a signed inline read of a type browsers do not render safely as a download', async () => {
    const text = Buffer.from('<html><script>alert(1)</script></html>');
    const upload = await t.store.createUpload({
      bytes: text.length,
      sha256: sha256(text),
      contentType: 'text/plain',
    });
    expect((await put(upload.url, text, 'text/plain')).status).toBe(200);
    const read = await t.store.createReadUrl(upload.key, {
      disposition: 'inline',
      filename: 'page.html',
      contentType: 'text/plain',
    });
    const res = await fetch(new URL(read.url, origin));
    expect(res.status).toBe(200);
    expectDownloadHeaders(res.headers, {
      contentType: 'text/plain',
      bytes: text.length,
      // Saved with the served type's extension: it never opens as a web page from the disk.
      filename: 'page.html.txt',
      disposition: 'attachment',
    });
  });

  it('answers 404 for a signed read of an object that does not exist', async () => {
    const { key } = await t.store.createUpload(declaration);
    const read = await t.store.createReadUrl(key, {
      disposition: 'inline',
      filename: 'x.pdf',
      contentType: 'application/pdf',
    });
    const res = await fetch(new URL(read.url, origin));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'File not found' });
  });
});

/**
 * Registration of an fs upload trusts the record the store wrote when its own hash of the PUT body
 * matched the signed declaration: the stored bytes are not read and hashed a second time (only the
 * first few, to sniff the type). The trust boundary is the server's data directory: a file changed on
 * disk after its PUT is not the registration's to find.
 */
describe('fs store: registration trusts the verified record of the PUT', () => {
  let t: TestApp;
  let origin: string;
  let owner: HttpOwner;
  let propertyId: string;
  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    owner = await httpOwner(t, origin);
    propertyId = (
      await owner.call('POST', '/api/properties', {
        name: 'Home',
        address: '1 Long Street',
        country: 'ZA',
        municipality: 'CPT',
        parcel_id: 'P1',
      })
    ).json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  const sign = async (declared: Buffer) => {
    const res = await owner.call('POST', '/api/documents/sign', {
      contentType: 'application/pdf',
      sha256: sha256(declared),
      bytes: declared.length,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { url: string; storageKey: string };
  };
  const register = (key: string, declared: Buffer) =>
    owner.call('POST', '/api/documents', {
      property_id: propertyId,
      kind: 'certificate',
      storage_key: key,
      sha256: sha256(declared),
      bytes: declared.length,
      content_type: 'application/pdf',
    });
  /** The same size and type, other bytes: what a change on disk after the PUT would look like. */
  const altered = () => {
    const copy = Buffer.from(content);
    copy[100] = 0x21;
    return copy;
  };

  it('registers from the record without hashing the stored bytes again, and spends the record', async () => {
    const signed = await sign(content);
    expect((await fetch(signed.url, { method: 'PUT', body: content, headers: pdfType })).status).toBe(200);
    expect(await hasRecord(t, signed.storageKey)).toBe(true);
    // Changed on disk after the PUT: a second hash would refuse it, the record lets it through.
    await fs.writeFile(path.join(t.filesDir, signed.storageKey), altered());

    const res = await register(signed.storageKey, content);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ sha256: sha256(content), bytes: content.length });
    expect(await hasRecord(t, signed.storageKey)).toBe(false);
  });

  it('hashes in full an object without a record (stored before records existed), and refuses a mismatch', async () => {
    const signed = await sign(content);
    expect((await fetch(signed.url, { method: 'PUT', body: content, headers: pdfType })).status).toBe(200);
    await fs.rm(recordPath(t, signed.storageKey));
    await fs.writeFile(path.join(t.filesDir, signed.storageKey), altered());

    const res = await register(signed.storageKey, content);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(UPLOAD_MISMATCH);
    expect(await t.store.stat(signed.storageKey)).toBeNull();

    // Unchanged, the same full check passes.
    const again = await sign(content);
    await fetch(again.url, { method: 'PUT', body: content, headers: pdfType });
    await fs.rm(recordPath(t, again.storageKey));
    expect((await register(again.storageKey, content)).statusCode).toBe(201);
  });

  it('keeps no record of a PUT that failed verification, and its registration is refused', async () => {
    const signed = await sign(content);
    const res = await fetch(signed.url, { method: 'PUT', body: altered(), headers: pdfType });
    expect(res.status).toBe(400);
    expect(await hasRecord(t, signed.storageKey)).toBe(false);
    expect(await t.store.stat(signed.storageKey)).toBeNull();

    const registered = await register(signed.storageKey, content);
    expect(registered.statusCode).toBe(400);
    expect(registered.json().error).toBe(NOT_UPLOADED);
  });

  it('lets no client write a record: only the PUT of the signed declaration does', async () => {
    const signed = await sign(content);
    // Re-declaring the hash of other bytes in the URL breaks its signature: nothing is written.
    const forged = altered();
    const url = new URL(signed.url);
    url.searchParams.set('sha256', sha256(forged));
    const res = await fetch(url, { method: 'PUT', body: forged, headers: pdfType });
    expect(res.status).toBe(403);
    expect(await hasRecord(t, signed.storageKey)).toBe(false);
    expect((await register(signed.storageKey, content)).json().error).toBe(NOT_UPLOADED);

    // No upload or read URL can name the records' folder.
    const query = url.search;
    for (const target of [
      `/storage/uploads/.verified/${signed.storageKey.slice(3)}${query}`,
      `/storage/uploads/%2Everified/${signed.storageKey.slice(3)}${query}`,
    ]) {
      const trick = await fetch(new URL(target, origin), { method: 'PUT', body: forged, headers: pdfType });
      expect([400, 403, 404], target).toContain(trick.status);
    }
    expect(await hasRecord(t, signed.storageKey)).toBe(false);
    const read = await fetch(
      new URL(`/storage/objects/.verified/${signed.storageKey.slice(3)}${query}`, origin),
    );
    expect([400, 403, 404]).toContain(read.status);
  });
});
