import { createHash } from 'node:crypto';
import { text } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore, UploadDeclaration } from '../src/storage/file-store.js';
import { isObjectKey } from '../src/storage/file-store.js';
import { createTestApp, type TestApp } from './support/app.js';
import { startS3Store } from './support/s3.js';

/**
 * One contract, two stores. Each store is used the way the app uses it: the client PUTs to the
 * signed URL over real HTTP (the fs store's PUT route on a listening app; s3rver for s3).
 */
interface StoreUnderTest {
  store: FileStore;
  /** Absolute base for relative URLs (the fs store hands out paths on the API's origin). */
  origin: string;
  close(): Promise<void>;
}

async function fsStore(): Promise<StoreUnderTest> {
  const t: TestApp = await createTestApp();
  const address = await (t.app as FastifyInstance).listen({ host: '127.0.0.1', port: 0 });
  return { store: t.store, origin: address, close: () => t.close() };
}

async function s3Store(): Promise<StoreUnderTest> {
  const s3 = await startS3Store('pdna-test');
  return { store: s3.store, origin: s3.endpoint, close: s3.close };
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

function declarationFor(content: Buffer, contentType = 'application/pdf'): UploadDeclaration {
  return { bytes: content.length, sha256: sha256(content), contentType };
}

describe.each([
  ['fs', fsStore],
  ['s3', s3Store],
])('FileStore contract: %s', (_driver, make) => {
  let s: StoreUnderTest;
  beforeAll(async () => {
    s = await make();
  });
  afterAll(async () => {
    await s.close();
  });

  async function put(url: string, body: Buffer, contentType: string) {
    return fetch(new URL(url, s.origin), { method: 'PUT', body, headers: { 'content-type': contentType } });
  }

  it('stores a stream of a known size without holding it (the account export), and refuses a wrong size', async () => {
    const { Readable } = await import('node:stream');
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(64 * 1024, i));
    const whole = Buffer.concat(chunks);
    const stored = await s.store.putStream(Readable.from(chunks), 'application/zip', whole.length);
    expect(stored).toEqual({ key: stored.key, bytes: whole.length, sha256: sha256(whole) });
    expect(isObjectKey(stored.key)).toBe(true);
    const back: Buffer[] = [];
    for await (const chunk of await s.store.openRead(stored.key)) back.push(chunk as Buffer);
    expect(Buffer.concat(back).equals(whole)).toBe(true);
    const before = new Set<string>();
    for await (const object of s.store.listObjects()) before.add(object.key);
    await expect(
      s.store.putStream(Readable.from([Buffer.from('short')]), 'application/zip', 10),
    ).rejects.toThrow();
    await expect(
      s.store.putStream(Readable.from([Buffer.from('too long by far')]), 'application/zip', 4),
    ).rejects.toThrow();
    const after = new Set<string>();
    for await (const object of s.store.listObjects()) after.add(object.key);
    expect([...after].filter((key) => !before.has(key))).toEqual([]);
  });

  it('lists its objects with when they were written (for the orphan sweep), and nothing else', async () => {
    const a = await s.store.putObject(Buffer.from('%PDF-1.7 listed a'), 'application/pdf');
    const b = await s.store.putObject(Buffer.from('%PDF-1.7 listed b'), 'application/pdf');
    const listed = new Map<string, Date>();
    for await (const object of s.store.listObjects()) listed.set(object.key, object.modifiedAt);
    expect(listed.has(a.key) && listed.has(b.key)).toBe(true);
    for (const key of listed.keys()) expect(isObjectKey(key)).toBe(true);
    expect(Math.abs((listed.get(a.key)?.getTime() ?? 0) - Date.now())).toBeLessThan(10 * 60 * 1000);
    await s.store.remove(a.key);
    const after: string[] = [];
    for await (const object of s.store.listObjects()) after.push(object.key);
    expect(after).not.toContain(a.key);
    expect(after).toContain(b.key);
  });

  it('stores exactly the declared content under a server-made key, and reads it back', async () => {
    const content = Buffer.from('%PDF-1.7 a small test document\n'.repeat(100));
    const declaration = declarationFor(content);
    const upload = await s.store.createUpload(declaration);
    expect(isObjectKey(upload.key)).toBe(true);
    expect(upload.method).toBe('PUT');
    expect(upload.expiresAt.getTime()).toBeGreaterThan(Date.now());

    const res = await put(upload.url, content, upload.headers['Content-Type'] ?? '');
    expect(res.status).toBe(200);

    expect(await s.store.verifyUpload(upload.key, declaration)).toEqual({
      ok: true,
      bytes: content.length,
      sha256: declaration.sha256,
    });
    expect(await s.store.stat(upload.key)).toEqual({ bytes: content.length });
    expect(await text(await s.store.openRead(upload.key))).toBe(content.toString());
    expect(await text(await s.store.openRead(upload.key, { start: 0, end: 7 }))).toBe('%PDF-1.7');
  });

  it('hands out signed read URLs with the requested headers', async () => {
    const content = Buffer.from('\x89PNG fake image bytes');
    const upload = await s.store.createUpload(declarationFor(content, 'image/png'));
    await put(upload.url, content, 'image/png');
    const { url } = await s.store.createReadUrl(upload.key, {
      disposition: 'attachment',
      filename: 'Roof report (final).png',
      contentType: 'image/png',
    });
    const res = await fetch(new URL(url, s.origin));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/png/);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(res.headers.get('content-disposition')).toContain('Roof report (final).png');
    // The one header a presigned S3 read can carry besides these two (see download-headers.ts).
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);
  });

  it('issues a different key for every upload', async () => {
    const declaration = declarationFor(Buffer.from('same content'));
    const keys = await Promise.all(Array.from({ length: 20 }, () => s.store.createUpload(declaration)));
    expect(new Set(keys.map((u) => u.key)).size).toBe(20);
  });

  it('leaves nothing behind when the stored bytes do not match the declared SHA-256', async () => {
    const declared = Buffer.from('the content the client declared');
    const sent = Buffer.from('the content the client did send');
    expect(sent.length).toBe(declared.length);
    const declaration = declarationFor(declared, 'text/plain');
    const upload = await s.store.createUpload(declaration);
    await put(upload.url, sent, 'text/plain'); // fs refuses it here; s3 accepts and the check below catches it
    expect(await s.store.verifyUpload(upload.key, declaration)).toMatchObject({ ok: false });
    expect(await s.store.stat(upload.key)).toBeNull();
  });

  it('reports a key that was never uploaded as missing', async () => {
    const upload = await s.store.createUpload(declarationFor(Buffer.from('never sent')));
    expect(await s.store.verifyUpload(upload.key, { bytes: 10, sha256: sha256('never sent') })).toEqual({
      ok: false,
      reason: 'missing',
    });
    await expect(s.store.openRead(upload.key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('removes objects', async () => {
    const content = Buffer.from('to be removed');
    const upload = await s.store.createUpload(declarationFor(content, 'text/plain'));
    await put(upload.url, content, 'text/plain');
    expect(await s.store.stat(upload.key)).not.toBeNull();
    await s.store.remove(upload.key);
    expect(await s.store.stat(upload.key)).toBeNull();
  });

  it('refuses any key it did not make (no path tricks)', async () => {
    for (const key of [
      '../secret',
      'ab/../../etc/passwd',
      '/etc/passwd',
      'ab/ab',
      `AB/${'a'.repeat(32)}`,
      `zz/${'ab'.repeat(16)}`,
    ]) {
      await expect(s.store.stat(key), key).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(s.store.openRead(key), key).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(s.store.remove(key), key).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
  });

  it('stores content the server produced under a new key', async () => {
    const content = Buffer.from('%PDF-1.7 rendered by the server');
    const stored = await s.store.putObject(content, 'application/pdf');
    expect(isObjectKey(stored.key)).toBe(true);
    expect(stored).toMatchObject({ bytes: content.length, sha256: sha256(content) });
    expect(await s.store.verifyUpload(stored.key, stored)).toMatchObject({ ok: true });
    expect(await text(await s.store.openRead(stored.key))).toBe(content.toString());
  });

  it('passes its health check', async () => {
    await expect(s.store.check()).resolves.toBeUndefined();
  });
});
