import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeTempDir, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';

describe(`API plumbing (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/health answers ok for database and storage', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok', storage: 'ok' });
  });

  it('the tRPC door and the REST door answer the same procedure', async () => {
    const trpc = await t.app.inject({ method: 'GET', url: '/trpc/system.info' });
    const rest = await t.app.inject({ method: 'GET', url: '/api/info' });
    expect(trpc.statusCode).toBe(200);
    expect(rest.statusCode).toBe(200);
    expect(trpc.json().result.data).toEqual(rest.json());
    expect(rest.json()).toEqual({ name: 'PropertyDNA', version: expect.any(String) });
  });

  it('tRPC batches several queries in one request', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/trpc/system.info,system.health?batch=1&input={}',
    });
    expect(res.statusCode).toBe(200);
    const [info, health] = res.json();
    expect(info.result.data.name).toBe('PropertyDNA');
    expect(health.result.data.status).toBe('ok');
  });

  it('unknown /api and /trpc paths are JSON 404s', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/application\/json/);
    expect(api.json()).toEqual({ error: 'Not found: GET /api/does-not-exist' });

    const post = await t.app.inject({ method: 'POST', url: '/api/health', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().error).toMatch(/Not found/);

    const trpc = await t.app.inject({ method: 'GET', url: '/trpc/system.nope' });
    expect(trpc.statusCode).toBe(404);
    expect(trpc.json().error.data.code).toBe('NOT_FOUND');
  });

  it('serves a valid OpenAPI 3 document generated from the REST schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/info']));
    // Internal endpoints (file store, docs UI) are not part of the documented API.
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/storage') || p.startsWith('/api/docs'))).toBe(
      false,
    );
    expect(doc.paths['/api/health'].get.responses['503']).toBeDefined();
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('serves the API docs UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/swagger/i);
  });

  it('sets security headers with a CSP the web app works under', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('gives every request an id, keeping a well-formed one the client sent', async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/info',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(own.headers['x-request-id']).toBe('abc-123');
    const generated = await t.app.inject({
      method: 'GET',
      url: '/api/info',
      headers: { 'x-request-id': 'bad id\n' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await t.app.inject({ method: 'GET', url: '/api/info' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers invalid input with 400 and the reason as { error }', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/storage/uploads/ab/cd?bytes=-1', payload: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
    expect(res.json().error).toMatch(/too small/i);
  });
});

describe('health reports the failing part with 503', () => {
  it('storage unusable → 503 storage error', async () => {
    const t = await createTestApp();
    try {
      // Replace the files directory by a plain file: nothing can be written there any more.
      await fs.rm(t.filesDir, { recursive: true, force: true });
      await fs.writeFile(t.filesDir, 'not a directory');
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', db: 'ok', storage: 'error' });
      const trpc = await t.app.inject({ method: 'GET', url: '/trpc/system.health' });
      expect(trpc.json().result.data).toEqual({ status: 'error', db: 'ok', storage: 'error' });
    } finally {
      await t.close();
    }
  });

  it('database unusable → 503 db error', async () => {
    const t = await createTestApp();
    try {
      // The database goes away under the running app.
      await t.db.close();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', db: 'error', storage: 'ok' });
    } finally {
      await t.close();
    }
  });
});

describe('production web app', () => {
  let t: TestApp;
  let webDir: string;
  const indexHtml = '<!doctype html><title>PropertyDNA</title><div id="root"></div>';
  const chunk = `export const text = ${JSON.stringify('PropertyDNA '.repeat(200))};`;
  const robots = 'User-agent: *\nDisallow: /api/\n';
  beforeAll(async () => {
    const dataDir = await makeTempDir('pdna-web-');
    webDir = path.join(dataDir, 'web');
    await fs.mkdir(path.join(webDir, 'assets'), { recursive: true });
    await fs.mkdir(path.join(webDir, '.vite'), { recursive: true });
    // As the web build writes them: each text file with its brotli and gzip copies beside it.
    for (const [name, content] of [
      ['index.html', indexHtml],
      ['assets/index-abc123.js', chunk],
      ['robots.txt', robots],
    ] as const) {
      await fs.writeFile(path.join(webDir, name), content);
      await fs.writeFile(path.join(webDir, `${name}.br`), brotliCompressSync(content));
      await fs.writeFile(path.join(webDir, `${name}.gz`), gzipSync(content));
    }
    await fs.writeFile(path.join(webDir, 'assets', 'tiny-def456.js'), 'export{}');
    await fs.writeFile(path.join(webDir, '.vite', 'manifest.json'), '{"src/main.tsx":{}}');
    t = await createTestApp({ WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(path.dirname(webDir), { recursive: true, force: true });
  });

  /** The body as the browser reads it, whatever the content encoding. */
  const decoded = (res: { headers: Record<string, unknown>; rawPayload: Buffer }) => {
    const encoding = res.headers['content-encoding'];
    const body =
      encoding === 'br'
        ? brotliDecompressSync(res.rawPayload)
        : encoding === 'gzip'
          ? gunzipSync(res.rawPayload)
          : res.rawPayload;
    return body.toString('utf8');
  };

  it('serves index.html at / and for client-side routes (SPA fallback), brotli-compressed and revalidated', async () => {
    for (const url of ['/', '/properties/123', '/share/some-token?x=1', '/index.html']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(res), url).toBe(indexHtml);
    }
  });

  it('answers HEAD for a page and an asset with the headers of GET and no body', async () => {
    for (const [url, cache] of [
      ['/', 'no-cache'],
      ['/vault', 'no-cache'],
      ['/assets/index-abc123.js', 'public, max-age=31536000, immutable'],
    ]) {
      const res = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe(cache);
      expect(res.body, url).toBe('');
    }
  });

  it('sends gzip to a browser without brotli, and the file itself to one that takes neither', async () => {
    const gzip = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(indexHtml);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The answer depends on Accept-Encoding even when it is not compressed: a shared cache must know.
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(indexHtml);
  });

  it('serves hashed assets compressed, with their own type and a long immutable cache', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBeLessThan(chunk.length);
    expect(decoded(res)).toBe(chunk);
    // A chunk too small to gain from compression has no copies: it goes out as it is.
    const tiny = await t.app.inject({
      method: 'GET',
      url: '/assets/tiny-def456.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(tiny.body).toBe('export{}');
  });

  it('serves robots.txt as text, revalidated', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decoded(res)).toBe(robots);
  });

  it('answers a missing asset, a compressed copy by name and the build manifest without serving them', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/index-gone99.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/json/);
    for (const url of ['/assets/index-abc123.js.br', '/index.html.gz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toBe(brotliCompressSync(chunk).toString('utf8'));
      expect(res.headers['content-type'], url).not.toMatch(/octet-stream/);
    }
    const manifest = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.body).not.toContain('src/main.tsx');
  });

  it('keeps API misses as JSON 404s, never index.html', async () => {
    for (const url of ['/api/missing', '/trpc/missing.proc', '/storage/objects/zz']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
    const missingAsset = await t.app.inject({ method: 'POST', url: '/whatever' });
    expect(missingAsset.statusCode).toBe(404);
  });
});
