import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_MESSAGES } from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseKeep } from '../src/modules/housekeeping/housekeeping.service.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';

/**
 * Issue 30 §3: every REST POST takes an Idempotency-Key; a retry with the same key and body within 24 hours
 * answers the first answer without doing the work again; another body is 422; a key in flight is 409;
 * keys are per organisation and swept by the hourly housekeeping after 24 hours.
 */
describe(`Idempotency-Key on REST POSTs (${databaseKind})`, () => {
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;

  const property = (name: string) => ({
    name,
    address: '1 Beach Road, Sea Point, Cape Town',
    property_type: 'residential',
    country: 'ZA',
    municipality: 'CPT',
    parcel_id: `P${name.replace(/\W/g, '').slice(0, 20)}`,
  });
  const post = (account: TestAccount, payload: unknown, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: { ...account.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: payload as object,
    });
  const propertiesOf = async (account: TestAccount) =>
    (
      await t.db.db
        .selectFrom('properties')
        .select('name')
        .where('organization_id', '=', account.organizationId)
        .execute()
    ).map((row) => row.name);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpAndLogIn(t);
    other = await signUpAndLogIn(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a replayed POST the first answer (status and body) and creates one row', async () => {
    const key = 'b1d7c1a4-0f2e-4f4e-9a51-6a0d3c2e9f10';
    const first = await post(owner, property('Replay flat'), key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(owner, property('Replay flat'), key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(await propertiesOf(owner)).toEqual(['Replay flat']);
    // Without a key, the same request does the work again (a second property, refused here by its parcel).
    expect((await post(owner, property('Replay flat'))).statusCode).toBe(409);
  });

  it('refuses the same key with another body (422, a clear message) and changes nothing', async () => {
    const key = 'order-42';
    expect((await post(owner, property('Body one'), key)).statusCode).toBe(201);
    const res = await post(owner, property('Body two'), key);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.otherBody });
    expect(await propertiesOf(owner)).not.toContain('Body two');
  });

  it('keeps keys per organisation: another organisation using the same key is independent', async () => {
    const key = 'shared-key-1';
    const mine = await post(owner, property('Mine'), key);
    const theirs = await post(other, property('Theirs'), key);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().name).toBe('Theirs');
    expect(await propertiesOf(other)).toEqual(['Theirs']);
  });

  it('answers 409 while the same key is still being answered, and does nothing', async () => {
    const key = 'in-flight-1';
    // A claim without an answer yet: what a first request holds while its work runs.
    await t.db.db
      .insertInto('idempotency_keys')
      .values({ organization_id: owner.organizationId, key, fingerprint: 'the first request' })
      .execute();
    const res = await post(owner, property('In flight'), key);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.inFlight });
    expect(await propertiesOf(owner)).not.toContain('In flight');
  });

  it('releases the key of a refused request, so the corrected retry does the work', async () => {
    const key = 'corrected-1';
    const refused = await post(owner, { ...property('Fixed'), name: '' }, key);
    expect(refused.statusCode).toBe(400);
    const fixed = await post(owner, property('Fixed'), key);
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a malformed key with a clear 400 before any work, signed in or not', async () => {
    for (const key of ['', 'with space', 'k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1), 'clé']) {
      const res = await post(owner, property('Bad key'), key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.invalidKey });
    }
    expect(await propertiesOf(owner)).not.toContain('Bad key');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'idempotency-key': 'with space' },
      payload: { email: owner.email, password: 'a long password' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.invalidKey });
  });

  it('is forgotten by the housekeeping after 24 hours; the key is then free for another request', async () => {
    const key = 'expiring-1';
    expect((await post(owner, property('Yesterday'), key)).statusCode).toBe(201);
    const now = new Date();
    const report = await houseKeep(t.db.db, t.store, now);
    const kept = await t.db.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('organization_id', '=', owner.organizationId)
      .where('key', '=', key)
      .execute();
    expect(kept).toHaveLength(1);
    // A day and a minute later: swept.
    const later = new Date(now.getTime() + 24 * 60 * 60 * 1000 + 60_000);
    const swept = await houseKeep(t.db.db, t.store, later);
    expect(swept.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(report.idempotencyKeys).toBe(0);
    const gone = await t.db.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('organization_id', '=', owner.organizationId)
      .where('key', '=', key)
      .execute();
    expect(gone).toEqual([]);
    const reused = await post(owner, property('Today'), key);
    expect(reused.statusCode, reused.body).toBe(201);
    expect(reused.json().name).toBe('Today');
  });

  it('documents the header on every POST, and 409/422 on every POST with a session', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string }[];
            responses: Record<string, unknown>;
            security?: unknown[];
          }
        >
      >;
    };
    let posts = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      const operation = operations.post;
      if (!operation) continue;
      posts += 1;
      expect(
        operation.parameters?.some((p) => p.name === 'Idempotency-Key' && p.in === 'header'),
        path,
      ).toBe(true);
      if (operation.security === undefined || operation.security.length > 0) {
        expect(Object.keys(operation.responses), path).toEqual(expect.arrayContaining(['409', '422']));
      }
    }
    expect(posts).toBeGreaterThan(40);
  });
});
