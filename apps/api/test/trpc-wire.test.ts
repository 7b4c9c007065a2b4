import { Writable } from 'node:stream';
import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError } from '@trpc/client';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../src/trpc/router.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';

/**
 * The app's own tRPC handler (/trpc) against the stock `@trpc/client`, and beside tRPC's stock Fastify
 * adapter, which BENCH_ROUTES serves at /__bench/trpc-stock on the same app: every answer here must
 * be the one the stock adapter gives.
 */
const LEAN = '/trpc';
const STOCK = '/__bench/trpc-stock';

interface Exchange {
  method: string;
  url: string;
  status: number;
  setCookie: string[];
}

describe(`tRPC over HTTP: the stock client and the stock adapter's answers (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  let owner: TestAccount;
  let stranger: TestAccount;
  let strangersPropertyId: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({ BENCH_ROUTES: 'true' }, { logger: { level: 'error', stream } });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    owner = await signUpAndLogIn(t);
    stranger = await signUpAndLogIn(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: stranger.headers,
      payload: { name: 'Stranger house', address: '3 Bree Street', municipality: 'CPT', parcel_id: 'W1' },
    });
    expect(created.statusCode, created.body).toBe(201);
    strangersPropertyId = created.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A client as the web app builds it (httpBatchLink), or with httpLink; every HTTP exchange is recorded. */
  function client(
    prefix: string,
    options: {
      link?: 'batch' | 'single';
      headers?: Record<string, string>;
      methodOverride?: 'POST';
      maxURLLength?: number;
    } = {},
  ) {
    const exchanges: Exchange[] = [];
    const recordingFetch = async (url: string | URL | Request, init?: RequestInit) => {
      const res = await fetch(url, init);
      exchanges.push({
        method: init?.method ?? 'GET',
        url: String(url),
        status: res.status,
        setCookie: res.headers.getSetCookie(),
      });
      return res;
    };
    const common = {
      url: `${origin}${prefix}`,
      headers: options.headers ?? {},
      fetch: recordingFetch,
      methodOverride: options.methodOverride,
    };
    const link =
      options.link === 'single'
        ? httpLink(common)
        : httpBatchLink({ ...common, maxURLLength: options.maxURLLength });
    return { trpc: createTRPCClient<AppRouter>({ links: [link] }), exchanges };
  }

  /** What a call settled to, as the client hands it to the app: data, or the error's message and shape. */
  async function outcome(call: Promise<unknown>) {
    try {
      return { data: await call };
    } catch (error) {
      if (!(error instanceof TRPCClientError)) throw error;
      return { error: { message: error.message, shape: error.shape } };
    }
  }

  it('answers a query through httpBatchLink and httpLink', async () => {
    for (const link of ['batch', 'single'] as const) {
      const { trpc, exchanges } = client(LEAN, { link });
      expect(await trpc.system.info.query()).toEqual({ name: 'PropertyDNA', version: expect.any(String) });
      expect(exchanges).toEqual([expect.objectContaining({ method: 'GET', status: 200 })]);
    }
  });

  it('logs in with a mutation that sets the session cookie, which then signs the caller in', async () => {
    const { trpc, exchanges } = client(LEAN, { link: 'single' });
    const login = await trpc.auth.login.mutate({ email: owner.email, password: 'a long password' });
    expect(login.user.id).toBe(owner.userId);
    expect(exchanges).toEqual([expect.objectContaining({ method: 'POST', status: 200 })]);
    const cookie = exchanges[0]?.setCookie.find((c) => c.startsWith('auth_session='));
    expect(cookie).toContain(`auth_session=${login.token}`);
    expect(cookie).toMatch(/HttpOnly/i);

    const byCookie = client(LEAN, { headers: { cookie: `auth_session=${login.token}` } });
    expect((await byCookie.trpc.auth.me.query()).user.id).toBe(owner.userId);
  });

  it('batches several queries into one request: one failing answers 207 and fails only its own call', async () => {
    const { trpc, exchanges } = client(LEAN, { headers: owner.headers });
    const [info, foreign, me, stats] = await Promise.all([
      outcome(trpc.system.info.query()),
      outcome(trpc.properties.byId.query({ id: strangersPropertyId })),
      outcome(trpc.auth.me.query()),
      outcome(trpc.properties.stats.query()),
    ]);
    expect(exchanges).toEqual([expect.objectContaining({ method: 'GET', status: 207 })]);
    expect(exchanges[0]?.url).toContain('/trpc/system.info,properties.byId,auth.me,properties.stats?batch=1');
    expect(info.data).toMatchObject({ name: 'PropertyDNA' });
    expect(foreign.error?.shape).toMatchObject({
      code: -32004,
      data: { code: 'NOT_FOUND', httpStatus: 404, path: 'properties.byId' },
    });
    expect(me.data).toMatchObject({ user: { id: owner.userId } });
    expect(stats.data).toEqual(expect.any(Object));
  });

  it('answers a batch of failures that share a status with that status', async () => {
    const { trpc, exchanges } = client(LEAN);
    const results = await Promise.all([outcome(trpc.auth.me.query()), outcome(trpc.properties.list.query())]);
    expect(exchanges).toEqual([expect.objectContaining({ status: 401 })]);
    for (const result of results) {
      expect(result.error).toMatchObject({
        message: 'Not signed in',
        shape: { data: { code: 'UNAUTHORIZED', httpStatus: 401 } },
      });
    }
  });

  it('answers a refused input with BAD_REQUEST, the schema messages and the flattened issues', async () => {
    const { trpc } = client(LEAN, { headers: owner.headers });
    const byId = await outcome(trpc.properties.byId.query({ id: 'bell\u0007' }));
    expect(byId.error?.shape).toMatchObject({
      message: expect.any(String),
      data: {
        code: 'BAD_REQUEST',
        httpStatus: 400,
        path: 'properties.byId',
        issues: { formErrors: [], fieldErrors: { id: [expect.any(String)] } },
      },
    });
    expect(byId.error?.message).toBe(byId.error?.shape.data.issues.fieldErrors.id[0]);
    // A mutation's input is refused the same way, from a POST body.
    const update = await outcome(trpc.properties.update.mutate({ id: strangersPropertyId, patch: {} }));
    expect(update.error?.shape.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
  });

  it('answers UNAUTHORIZED without a session, NOT_FOUND for a foreign id and for an unknown procedure', async () => {
    const anonymous = client(LEAN, { link: 'single' });
    const me = await outcome(anonymous.trpc.auth.me.query());
    expect(me.error?.shape.data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401, path: 'auth.me' });
    expect(anonymous.exchanges[0]?.status).toBe(401);

    const { trpc, exchanges } = client(LEAN, { link: 'single', headers: owner.headers });
    const foreign = await outcome(trpc.properties.byId.query({ id: strangersPropertyId }));
    expect(foreign.error?.shape.data).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 });

    // The typed client cannot name a procedure the router lacks; a client of an older build can.
    const untyped = trpc as unknown as { system: { retired: { query: () => Promise<unknown> } } };
    const unknown = await outcome(untyped.system.retired.query());
    expect(unknown.error).toEqual({
      message: 'No procedure found on path "system.retired"',
      shape: {
        message: 'No procedure found on path "system.retired"',
        code: -32004,
        data: { code: 'NOT_FOUND', httpStatus: 404, path: 'system.retired' },
      },
    });
    expect(exchanges.map((e) => e.status)).toEqual([404, 404]);
  });

  it('refuses a query sent as POST and changes nothing', async () => {
    const { trpc, exchanges } = client(LEAN, {
      link: 'single',
      methodOverride: 'POST',
      headers: owner.headers,
    });
    const info = await outcome(trpc.system.info.query());
    expect(info.error?.shape.data).toMatchObject({ code: 'METHOD_NOT_SUPPORTED', httpStatus: 405 });
    expect(info.error?.message).toBe('Unsupported POST-request to query procedure at path "system.info"');
    expect(exchanges).toEqual([expect.objectContaining({ method: 'POST', status: 405 })]);
  });

  it('splits a batch at the client’s URL limit and sends big mutation inputs in the body', async () => {
    const { trpc, exchanges } = client(LEAN, { headers: owner.headers, maxURLLength: 2083 });
    const ids = Array.from({ length: 80 }, () => crypto.randomUUID());
    const results = await Promise.all(ids.map((id) => outcome(trpc.properties.byId.query({ id }))));
    expect(exchanges.length).toBeGreaterThan(1);
    for (const exchange of exchanges) {
      expect(exchange.method).toBe('GET');
      expect(exchange.url.length).toBeLessThanOrEqual(2083);
      expect(exchange.status).toBe(404);
    }
    expect(new Set(results.map((r) => r.error?.shape.data.code))).toEqual(new Set(['NOT_FOUND']));

    // Mutations carry their inputs in the body, whatever their size (up to the server's body limit).
    const [first, second] = await Promise.all([
      trpc.properties.create.mutate({
        name: 'One',
        address: '1 Long Street',
        municipality: 'CPT',
        parcel_id: 'L1',
      }),
      trpc.properties.create.mutate({
        name: 'Two',
        address: '2 Long Street',
        municipality: 'CPT',
        parcel_id: 'L2',
      }),
    ]);
    const description = Array(100).fill('A long description.').join(' ');
    const updated = await Promise.all(
      [first, second].map(({ id }) => trpc.properties.update.mutate({ id, patch: { description } })),
    );
    expect(updated.map((p) => p.description)).toEqual([description, description]);
    expect(exchanges.at(-1)).toMatchObject({ method: 'POST', status: 200 });
    expect(exchanges.at(-1)?.url).toContain('/trpc/properties.update,properties.update?batch=1');
    expect(exchanges.at(-1)?.url).not.toContain('input=');
  });

  describe('the same answers as the stock adapter', () => {
    it('through the client: data, errors and statuses of the same calls', async () => {
      async function scenario(prefix: string) {
        const batch = client(prefix, { headers: owner.headers });
        const single = client(prefix, { link: 'single' });
        const override = client(prefix, { link: 'single', methodOverride: 'POST' });
        const untyped = batch.trpc as unknown as { nope: { query: () => Promise<unknown> } };
        const batched = await Promise.all([
          outcome(batch.trpc.system.info.query()),
          outcome(batch.trpc.auth.me.query()),
          outcome(batch.trpc.properties.byId.query({ id: strangersPropertyId })),
          outcome(batch.trpc.properties.byId.query({ id: '' })),
          outcome(untyped.nope.query()),
        ]);
        const alone = [
          await outcome(single.trpc.auth.me.query()),
          await outcome(single.trpc.system.health.query()),
          await outcome(single.trpc.auth.login.mutate({ email: 'nobody@example.co.za', password: 'x' })),
          await outcome(override.trpc.system.info.query()),
        ];
        const statuses = [...batch.exchanges, ...single.exchanges, ...override.exchanges].map(
          (e) => e.status,
        );
        return { batched, alone, statuses };
      }
      const stock = await scenario(STOCK);
      const lean = await scenario(LEAN);
      expect(lean).toEqual(stock);
      expect(lean.statuses).toEqual([207, 401, 200, 401, 405]);
    });

    it('over raw HTTP: status, content type and body of well- and ill-formed requests', async () => {
      const json = { 'content-type': 'application/json' };
      // A request refused as a whole: the stock adapter labels its JSON answer text/plain (a Fetch default).
      const whole = { refusedWhole: true };
      const cases: {
        name: string;
        method?: string;
        url: string;
        headers?: Record<string, string>;
        body?: string;
        refusedWhole?: boolean;
      }[] = [
        { name: 'query', url: '/system.info' },
        { name: 'query with input', url: `/properties.byId?input=${encodeURIComponent('{"id":"x"}')}` },
        { name: 'query without its input', url: '/properties.byId', headers: owner.headers },
        { name: 'malformed input', url: `/properties.byId?input=${encodeURIComponent('{"id":')}` },
        { name: 'batch', url: `/system.info,system.health?batch=1&input=${encodeURIComponent('{}')}` },
        { name: 'batch without input', url: '/system.info,auth.me?batch=1' },
        {
          name: 'batch input not an object',
          url: `/properties.byId?batch=1&input=${encodeURIComponent('[1]')}`,
        },
        { name: 'batch with an unknown path', url: '/system.info,system.nope?batch=1' },
        { name: 'unknown procedure', url: '/nope' },
        { name: 'empty batch path', url: '/system.info,?batch=1' },
        { name: 'mutation via GET', url: '/auth.logout' },
        { name: 'query via POST', method: 'POST', url: '/system.info', headers: json, body: '{}' },
        { name: 'query via PUT', method: 'PUT', url: '/system.info', headers: json, body: '{}' },
        {
          name: 'mixed batch',
          method: 'POST',
          url: '/auth.logout,system.info?batch=1',
          headers: json,
          body: '{}',
          ...whole,
        },
        { name: 'mutation without input', method: 'POST', url: '/auth.logout', headers: json },
        {
          name: 'mutation, malformed body',
          method: 'POST',
          url: '/auth.login',
          headers: json,
          body: '{"email":',
        },
        { name: 'mutation, body not JSON', method: 'POST', url: '/auth.login', headers: json, body: 'hello' },
        { name: 'mutation, no content type', method: 'POST', url: '/auth.login', body: '', ...whole },
        {
          name: 'mutation, text body',
          method: 'POST',
          url: '/auth.login',
          headers: { 'content-type': 'text/plain' },
          body: '{}',
          ...whole,
        },
        {
          name: 'mutation, refused input',
          method: 'POST',
          url: '/auth.login',
          headers: json,
          body: '{"email":"not an email"}',
        },
        {
          name: 'mutation batch, refused input',
          method: 'POST',
          url: '/auth.login,auth.login?batch=1',
          headers: json,
          body: '{"0":{"email":"x"},"1":{"email":"nobody@example.co.za","password":"wrong password"}}',
        },
        { name: 'HEAD', method: 'HEAD', url: '/system.info' },
        {
          name: 'streaming, not batched',
          url: '/system.info',
          headers: { 'trpc-accept': 'application/jsonl' },
          ...whole,
        },
      ];
      for (const c of cases) {
        const answers = [];
        for (const prefix of [STOCK, LEAN]) {
          const res = await fetch(`${origin}${prefix}${c.url}`, {
            method: c.method ?? 'GET',
            headers: c.headers,
            body: c.body,
          });
          const text = await res.text();
          const contentType = res.headers.get('content-type');
          answers.push({
            status: res.status,
            // Fastify names the charset of a JSON answer; the stock adapter's has none.
            contentType:
              prefix === STOCK && c.refusedWhole && contentType === 'text/plain;charset=UTF-8'
                ? 'application/json'
                : contentType?.replace('; charset=utf-8', ''),
            vary: res.headers.get('vary'),
            body: text ? JSON.parse(text) : text,
          });
        }
        expect(answers[1], c.name).toEqual(answers[0]);
      }
    });
  });

  it('logs a procedure’s unexpected failure with its path and answers a bare 500', async () => {
    // A real failure of the database under a procedure: its table is gone for a moment.
    await sql`alter table properties rename to properties_away`.execute(t.db.db);
    try {
      const { trpc, exchanges } = client(LEAN, { link: 'single', headers: owner.headers });
      const list = await outcome(trpc.properties.list.query());
      expect(list.error).toEqual({
        message: 'Internal server error',
        shape: {
          message: 'Internal server error',
          code: -32603,
          data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'properties.list' },
        },
      });
      expect(exchanges[0]?.status).toBe(500);
    } finally {
      await sql`alter table properties_away rename to properties`.execute(t.db.db);
    }
    const failures = logLines.map((line) => JSON.parse(line)).filter((l) => l.msg === 'procedure failed');
    expect(failures).toEqual([expect.objectContaining({ path: 'properties.list', err: expect.any(Object) })]);
  });
});
