import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/trpc/router.js';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../src/web/web-app.js';
import { signUpAndLogIn, type TestAccount, testAddress } from './support/accounts.js';
import { createTestApp, makeTempDir, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const PRIVATE = 'private, no-store';
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Issue 25 §2: every answer that is not public says `Cache-Control: private, no-store` — the session
 * token of a sign-in, /api/auth/me, the calendar feed's secret URL, every list, the share and invite
 * views, errors too — on both doors. What is public and cacheable is a short list: the web app's files
 * (hashed assets immutable, the rest revalidated) and the API's description.
 */
describe(`Cache-Control of every answer (${databaseKind})`, () => {
  let t: TestApp;
  let dist: string;
  let owner: TestAccount;
  let supplier: TestAccount;
  const fixtures: Record<string, string> = {};
  /** Every answer checked: what was asked, and its Cache-Control. */
  const seen: { what: string; status: number; cacheControl: unknown }[] = [];

  beforeAll(async () => {
    // A web build of three files, so the web app's own answers are among those walked.
    dist = await makeTempDir('pdna-dist-');
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>PropertyDNA</title>');
    await fs.writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\n');
    await fs.writeFile(path.join(dist, 'assets', 'app-3f9a1c.js'), 'console.log(1);\n');
    t = await createTestApp({ WEB_DIST_DIR: dist, APP_URL: 'https://app.propertydna.test' });
    owner = await signUpAndLogIn(t, 'homeowner');
    supplier = await signUpAndLogIn(t, 'supplier');

    const property = await send(owner, 'POST', '/api/properties', {
      name: 'Kalk Bay cottage',
      address: '3 Main Road, Kalk Bay',
      property_type: 'residential',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: `C${process.pid}`,
      unit: '',
      deed_number: '',
    });
    fixtures.property = property.json().id;
    const content = Buffer.from('Gutters cleaned on 3 March.\n');
    const signed = await send(owner, 'POST', '/api/documents/sign', {
      contentType: 'text/plain',
      sha256: sha256(content),
      bytes: content.length,
    });
    const upload = new URL(signed.json().url);
    await send(null, 'PUT', `${upload.pathname}${upload.search}`, content, { 'content-type': 'text/plain' });
    const document = await send(owner, 'POST', '/api/documents', {
      storage_key: signed.json().storageKey,
      sha256: sha256(content),
      bytes: content.length,
      content_type: 'text/plain',
      property_id: fixtures.property,
      kind: 'other',
      name: 'notes.txt',
    });
    fixtures.document = document.json().id;
    fixtures.sha256 = sha256(content);
    const share = await send(owner, 'POST', `/api/properties/${fixtures.property}/share`, {
      password: null,
      documentIds: [fixtures.document],
    });
    fixtures.share = share.json().token;
    const invite = await send(owner, 'POST', '/api/vendors/invite', {
      name: 'Sipho Dlamini',
      email: `sipho.${process.pid}@sparks.co.za`,
      company: 'Sparks Electrical',
      propertyId: fixtures.property,
    });
    fixtures.invite = new URL(invite.json().invite.url).pathname.replace('/invite/', '');
    fixtures.feed =
      new URL((await send(owner, 'GET', '/api/calendar')).json().url).pathname.split('/').pop() ?? '';
    // Nothing above is what the test checks: start the record afresh.
    seen.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  /** One request, recorded with its Cache-Control. */
  async function send(
    who: TestAccount | null,
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Json }),
      headers: { ...headers, ...(who ? who.headers : {}) },
      remoteAddress: testAddress(90_000 + seen.length),
    });
    seen.push({
      what: `${who ? 'signed in' : 'anonymous'} ${method} ${url} → ${res.statusCode}`,
      status: res.statusCode,
      cacheControl: res.headers['cache-control'],
    });
    return res;
  }

  /** The answers recorded since `from` that are not `private, no-store`. */
  const notPrivate = (from: number) =>
    seen
      .slice(from)
      .filter((answer) => answer.cacheControl !== PRIVATE)
      .map((answer) => answer.what);

  it('answers private, no-store on every REST route of the OpenAPI document, signed in and not', async () => {
    const from = seen.length;
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>
      >;
    };
    const fill = (route: string) =>
      route.replace(/\{(\w+)\}/g, (_, name: string) => {
        if (name === 'token') {
          if (route.startsWith('/api/share/')) return fixtures.share as string;
          if (route.startsWith('/api/invites/')) return fixtures.invite as string;
          return 'x'.repeat(32);
        }
        if (name === 'sha256') return fixtures.sha256 as string;
        if (name === 'file') return fixtures.feed as string;
        if (name === 'documentId') return fixtures.document as string;
        if (route.startsWith('/api/properties/')) return fixtures.property as string;
        if (route.startsWith('/api/documents/')) return fixtures.document as string;
        return randomUUID();
      });
    let routes = 0;
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        routes++;
        const query = (operation.parameters ?? [])
          // Where a route needs the property (an optional filter is left out: the whole list answers).
          .filter(
            (parameter) => parameter.in === 'query' && parameter.name === 'propertyId' && parameter.required,
          )
          .map(() => `propertyId=${fixtures.property}`)
          .join('&');
        const url = `${fill(route)}${query ? `?${query}` : ''}`;
        if (method === 'get') {
          await send(owner, 'GET', url);
          await send(null, 'GET', url);
        } else {
          // Changes are sent without a session and with an empty body: refused, and nothing changes.
          await send(null, method.toUpperCase() as Method, url, {});
        }
      }
    }
    expect(routes).toBeGreaterThan(90);
    const answers = seen.slice(from);
    // Real answers, not only refusals: lists, the share and invite views, files, the feed.
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(40);
    for (const what of [
      `signed in GET /api/auth/me → 200`,
      `signed in GET /api/properties → 200`,
      `signed in GET /api/documents → 200`,
      `signed in GET /api/calendar → 200`,
      `anonymous GET /api/share/${fixtures.share} → 200`,
      `anonymous GET /api/invites/${fixtures.invite} → 200`,
      `anonymous GET /api/calendar/${fixtures.feed} → 200`,
      `signed in GET /api/documents/${fixtures.document}/download → 200`,
      `anonymous GET /api/auth/me → 401`,
    ])
      expect(answers.map((answer) => answer.what)).toContain(what);
    expect(notPrivate(from)).toEqual([]);
  });

  it('answers private, no-store on every tRPC procedure, and on batches', async () => {
    const from = seen.length;
    const procedures = Object.entries(
      appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
    );
    expect(procedures.length).toBeGreaterThan(90);
    for (const [name, procedure] of procedures) {
      if (procedure._def.type === 'query') {
        await send(owner, 'GET', `/trpc/${name}`);
        await send(null, 'GET', `/trpc/${name}`);
      } else {
        await send(null, 'POST', `/trpc/${name}`, {});
      }
    }
    await send(owner, 'GET', '/trpc/auth.me,properties.list,calendar.feed?batch=1&input={}');
    await send(owner, 'GET', '/trpc/no.such.procedure');
    expect(seen.slice(from).filter((answer) => answer.status === 200).length).toBeGreaterThan(10);
    expect(notPrivate(from)).toEqual([]);
  });

  it('answers private, no-store on the answers that carry secrets: sessions, links, signed URLs', async () => {
    const from = seen.length;
    const login = { email: owner.email, password: 'a long password' };
    expect((await send(null, 'POST', '/api/auth/login', login)).json().token).toEqual(expect.any(String));
    expect((await send(null, 'POST', '/trpc/auth.login', login)).statusCode).toBe(200);
    await send(null, 'POST', '/api/auth/signup', {
      firstName: 'Thandi',
      lastName: 'Nkosi',
      email: `cache-${process.pid}@example.co.za`,
      password: 'a long password',
      userType: 'homeowner',
    });
    await send(null, 'POST', '/api/auth/login', { email: owner.email, password: 'wrong password' });
    await send(owner, 'POST', '/api/calendar/rotate', {});
    await send(owner, 'POST', `/api/properties/${fixtures.property}/share`, { password: 'pw-1234' });
    await send(supplier, 'GET', '/api/supplier/jobs');
    await send(owner, 'POST', '/api/documents/sign', {
      contentType: 'application/pdf',
      sha256: 'a'.repeat(64),
      bytes: 10,
    });
    await send(null, 'POST', `/api/invites/${fixtures.invite}/sign`, {
      contentType: 'application/pdf',
      sha256: 'a'.repeat(64),
      bytes: 10,
    });
    await send(null, 'POST', '/api/auth/forgot-password', { email: owner.email });
    const read = await t.store.createReadUrl(
      (
        await t.db.db
          .selectFrom('documents')
          .select('storage_key')
          .where('id', '=', fixtures.document as string)
          .executeTakeFirstOrThrow()
      ).storage_key,
      { disposition: 'attachment', filename: 'notes.txt', contentType: 'text/plain' },
    );
    await send(null, 'GET', read.url);
    // The router decodes a path before matching it: an encoded /api or /trpc is the same route, as private.
    for (const encoded of ['/%61pi/auth/me', '/api/auth/%6De', '/%74rpc/auth.me', '/%61pi/calendar']) {
      const answer = await send(owner, 'GET', encoded);
      expect(answer.statusCode, encoded).toBe(200);
      expect(answer.headers['cache-control'], encoded).toBe('private, no-store');
    }
    await send(null, 'GET', '/api/no-such-route');
    await send(null, 'GET', '/storage/nothing/here');
    expect(seen.slice(from).map((answer) => answer.status)).toContain(200);
    expect(notPrivate(from)).toEqual([]);
  });

  it('lets only the public list be cached: the web app files as they say, the API description revalidated', async () => {
    const get = async (url: string) => {
      const res = await send(null, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      return res.headers['cache-control'];
    };
    expect(await get('/assets/app-3f9a1c.js')).toBe(IMMUTABLE_CACHE);
    for (const page of ['/', '/login', '/robots.txt', `/share/${fixtures.share}`, '/properties'])
      expect(await get(page), page).toBe(REVALIDATE_CACHE);
    expect(await get('/api/openapi.json')).toBe(REVALIDATE_CACHE);
    // Health and the public verify answer are fresh or nothing: never kept by a cache.
    expect(await get('/api/health')).toBe(PRIVATE);
    expect(await get(`/api/verify/${fixtures.sha256}`)).toBe(PRIVATE);
    // A missing asset is no page, and not cached for a year.
    const missing = await send(null, 'GET', '/assets/app-000000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).not.toBe(IMMUTABLE_CACHE);
  });

  it('walked a few hundred answers', () => {
    expect(seen.length).toBeGreaterThan(300);
  });
});
