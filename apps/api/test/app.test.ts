import fs from 'node:fs/promises';
import path from 'node:path';
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
  beforeAll(async () => {
    const dataDir = await makeTempDir('pdna-web-');
    webDir = path.join(dataDir, 'web');
    await fs.mkdir(path.join(webDir, 'assets'), { recursive: true });
    await fs.writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>PropertyDNA</title><div id="root"></div>',
    );
    await fs.writeFile(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(path.dirname(webDir), { recursive: true, force: true });
  });

  it('serves index.html at / and for client-side routes (SPA fallback)', async () => {
    for (const url of ['/', '/properties/123', '/share/some-token?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps API misses as JSON 404s, never index.html', async () => {
    for (const url of ['/api/missing', '/trpc/missing.proc', '/storage/objects/zz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
    }
    const missingAsset = await t.app.inject({ method: 'POST', url: '/whatever' });
    expect(missingAsset.statusCode).toBe(404);
  });
});
