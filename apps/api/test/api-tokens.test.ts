import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestActor } from '../src/auth/actor.js';
import { NOT_WITH_A_TOKEN, READ_ONLY_TOKEN } from '../src/auth/api-tokens.js';
import { ONE_PROPERTY_TOKEN } from '../src/auth/property-scope.js';
import { tokenHash } from '../src/capabilities/capabilities.js';
import { addMember, changeMemberRole, removeMember } from '../src/modules/organizations/members.service.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';

const PROPERTY = {
  name: 'Home',
  address: '1 Long Street',
  country: 'ZA',
  municipality: 'CPT',
  parcel_id: 'ERF 30',
};

describe(`API tokens (issue 30 §1, ${databaseKind})`, () => {
  let t: TestApp;
  let owner: TestAccount;
  let stranger: TestAccount;

  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
  const trpc = (
    headers: Record<string, string>,
    kind: 'query' | 'mutation',
    path: string,
    input?: unknown,
  ) =>
    kind === 'mutation'
      ? t.app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(input ?? null),
        })
      : t.app.inject({ method: 'GET', url: `/trpc/${path}`, headers });

  const createToken = async (who: TestAccount, input: Record<string, unknown>) => {
    const res = await trpc(who.headers, 'mutation', 'apiTokens.create', input);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.data as { id: string; secret: string; expiresAt: string; createdAt: string };
  };

  const asOwner = (account: TestAccount): RequestActor => ({
    actor: {
      userId: account.userId,
      organizationId: account.organizationId,
      userType: 'homeowner',
      role: 'owner',
      sessionId: 'test',
      via: 'bearer',
    },
    ip: '127.0.0.1',
  });

  const count = async (table: string) =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.db.db)).rows[0]?.n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpAndLogIn(t);
    stranger = await signUpAndLogIn(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: owner.headers,
      payload: PROPERTY,
    });
    expect(created.statusCode, created.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is shown once as pdna_…, stored only as its hash, listed without its secret, a year by default', async () => {
    const token = await createToken(owner, { name: 'Spreadsheet', scope: 'read' });
    expect(token.secret).toMatch(/^pdna_[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(token.expiresAt) - Date.parse(token.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(365);
    const rows = await t.db.db.selectFrom('api_tokens').selectAll().where('id', '=', token.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(tokenHash(token.secret));
    expect(JSON.stringify(rows)).not.toContain(token.secret.slice(5));
    const list = await trpc(owner.headers, 'query', 'apiTokens.list');
    expect(list.body).not.toContain(token.secret.slice(5));
    expect(list.json().result.data).toContainEqual(
      expect.objectContaining({ id: token.id, name: 'Spreadsheet', scope: 'read', lastUsedAt: null }),
    );
  });

  it('refuses a bad name, scope or an expiry over two years with 400, creating nothing', async () => {
    const before = await count('api_tokens');
    for (const input of [
      { name: '', scope: 'read' },
      { name: 'x', scope: 'admin' },
      { name: 'x', scope: 'read', expiresInDays: 731 },
    ]) {
      const res = await trpc(owner.headers, 'mutation', 'apiTokens.create', input);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await count('api_tokens')).toBe(before);
  });

  it('a read token reads at both doors, records its last use, and its write is 403 read-only with nothing changed', async () => {
    const token = await createToken(owner, { name: 'Reader', scope: 'read' });
    const list = await t.app.inject({ method: 'GET', url: '/api/properties', headers: bearer(token.secret) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toHaveLength(1);
    const viaTrpc = await trpc(bearer(token.secret), 'query', 'properties.list');
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
    const used = await t.db.db
      .selectFrom('api_tokens')
      .select(['last_used_at', 'last_used_ip'])
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
    expect(used.last_used_ip).toBe('127.0.0.1');

    const before = await count('properties');
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: bearer(token.secret),
      payload: PROPERTY,
    });
    expect(write.statusCode, write.body).toBe(403);
    expect(write.json().error).toBe(READ_ONLY_TOKEN);
    expect(await count('properties')).toBe(before);
  });

  it('a read_write token writes as its creator', async () => {
    const token = await createToken(owner, { name: 'Sync', scope: 'read_write' });
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: bearer(token.secret),
      payload: { ...PROPERTY, parcel_id: 'ERF 31' },
    });
    expect(write.statusCode, write.body).toBe(201);
  });

  it('the audit trail names the token a change came with, beside its creator', async () => {
    const token = await createToken(owner, { name: 'Nightly sync', scope: 'read_write' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: bearer(token.secret),
      payload: { ...PROPERTY, parcel_id: 'ERF 32', municipality: 'WC033' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    const corrected = await t.app.inject({
      method: 'PATCH',
      url: `/api/properties/${id}`,
      headers: { ...bearer(token.secret), 'content-type': 'application/json' },
      payload: { municipality: 'City of Cape Town' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const event = await t.db.db
      .selectFrom('audit_events')
      .select(['user_id', 'details'])
      .where('action', '=', 'municipality_correct')
      .where(sql<boolean>`details->>'propertyId' = ${id}`)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      user_id: owner.userId,
      details: { apiToken: { id: token.id, name: 'Nightly sync' } },
    });
    const trail = await t.app.inject({
      method: 'GET',
      url: `/api/reports/audit-trail?propertyId=${id}`,
      headers: owner.headers,
    });
    expect(trail.statusCode, trail.body).toBe(200);
    const line = trail.body.split('\n').find((text) => text.includes('Municipality corrected'));
    expect(line).toContain('(via API token ""Nightly sync"")');
    // The same change made in the app names no token.
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/properties/${id}`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: { municipality: 'Cape Agulhas' },
    });
    expect(again.statusCode, again.body).toBe(200);
    const lines = (
      await t.app.inject({
        method: 'GET',
        url: `/api/reports/audit-trail?propertyId=${id}`,
        headers: owner.headers,
      })
    ).body
      .split('\n')
      .filter((text) => text.includes('Municipality corrected'));
    expect(lines).toHaveLength(2);
    expect(lines.filter((text) => text.includes('via API token'))).toHaveLength(1);
  });

  it('a token can never create or revoke a token, or change the password, the email, the members or the plan', async () => {
    const token = await createToken(owner, { name: 'Robot', scope: 'read_write' });
    const before = await count('api_tokens');
    const create = await trpc(bearer(token.secret), 'mutation', 'apiTokens.create', {
      name: 'Child',
      scope: 'read_write',
    });
    expect(create.statusCode, create.body).toBe(403);
    expect(create.json().error.message).toBe(NOT_WITH_A_TOKEN);
    const revoke = await trpc(bearer(token.secret), 'mutation', 'apiTokens.revoke', { id: token.id });
    expect(revoke.statusCode).toBe(403);
    const password = await trpc(bearer(token.secret), 'mutation', 'auth.changePassword', {
      currentPassword: 'whatever-123',
      newPassword: 'something-else-456',
    });
    expect(password.statusCode, password.body).toBe(403);
    expect(await count('api_tokens')).toBe(before);
    // Nor the email address, the members or the plan: each refused before its input is read, nothing sent.
    const planBefore = await t.db.db
      .selectFrom('organizations')
      .select(['plan', 'trial_ends_at'])
      .where('id', '=', owner.organizationId)
      .executeTakeFirstOrThrow();
    const jobsBefore = await count('pgboss.job');
    for (const [path, input] of [
      ['auth.changeEmail', { newEmail: 'robot@example.co.za', currentPassword: 'whatever-123' }],
      ['organization.invite', { email: 'colleague@example.co.za', role: 'admin' }],
      ['organization.changeRole', { userId: owner.userId, role: 'viewer' }],
      ['organization.removeMember', { userId: owner.userId }],
      ['plan.startTrial', undefined],
      ['plan.checkout', undefined],
      ['plan.cancelSubscription', undefined],
    ] as const) {
      const refused = await trpc(bearer(token.secret), 'mutation', path, input);
      expect([path, refused.statusCode, refused.json().error?.message]).toEqual([
        path,
        403,
        NOT_WITH_A_TOKEN,
      ]);
    }
    expect(await count('pgboss.job')).toBe(jobsBefore);
    const me = await t.db.db
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.organization_id')
      .select(['users.email', 'users.role', 'organizations.plan', 'organizations.trial_ends_at'])
      .where('users.id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(me).toEqual({
      email: owner.email,
      role: 'owner',
      plan: planBefore.plan,
      trial_ends_at: planBefore.trial_ends_at,
    });
  });

  it('revoked, expired and unknown tokens are 401', async () => {
    const token = await createToken(owner, { name: 'Short', scope: 'read', expiresInDays: 1 });
    const ok = await t.app.inject({ method: 'GET', url: '/api/properties', headers: bearer(token.secret) });
    expect(ok.statusCode).toBe(200);
    await t.db.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', token.id)
      .execute();
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/properties',
      headers: bearer(token.secret),
    });
    expect(expired.statusCode).toBe(401);

    const other = await createToken(owner, { name: 'Gone', scope: 'read' });
    const revoke = await trpc(owner.headers, 'mutation', 'apiTokens.revoke', { id: other.id });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const revoked = await t.app.inject({
      method: 'GET',
      url: '/api/properties',
      headers: bearer(other.secret),
    });
    expect(revoked.statusCode).toBe(401);
    const listed = await trpc(owner.headers, 'query', 'apiTokens.list');
    expect(listed.json().result.data.map((row: { id: string }) => row.id)).not.toContain(other.id);

    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/properties',
      headers: bearer(`pdna_${'A'.repeat(43)}`),
    });
    expect(unknown.statusCode).toBe(401);
  });

  it("another organisation's token never sees this one, nor can its person revoke this one's token", async () => {
    const mine = await createToken(owner, { name: 'Mine', scope: 'read' });
    const theirs = await createToken(stranger, { name: 'Theirs', scope: 'read_write' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/properties',
      headers: bearer(theirs.secret),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(0);
    const revoke = await trpc(stranger.headers, 'mutation', 'apiTokens.revoke', { id: mine.id });
    expect(revoke.statusCode).toBe(404);
    const theirList = await trpc(stranger.headers, 'query', 'apiTokens.list');
    expect(theirList.body).not.toContain(mine.id);
  });

  it("a token acts within its creator's current role: demoted with them, stopped when they leave", async () => {
    const colleague = await signUpAndLogIn(t);
    await addMember(t.db.db, asOwner(owner), colleague.userId, 'member');
    const token = await createToken(
      { ...colleague, organizationId: owner.organizationId },
      { name: 'Colleague', scope: 'read_write' },
    );
    const write = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/properties',
        headers: bearer(token.secret),
        payload: { ...PROPERTY, parcel_id: `ERF ${Math.random()}` },
      });
    expect((await write()).statusCode).toBe(201);
    await changeMemberRole(t.db.db, asOwner(owner), colleague.userId, 'viewer');
    const demoted = await write();
    expect(demoted.statusCode, demoted.body).toBe(403);
    await removeMember(t.db.db, asOwner(owner), colleague.userId);
    const gone = await t.app.inject({ method: 'GET', url: '/api/properties', headers: bearer(token.secret) });
    expect(gone.statusCode).toBe(401);
  });
});

describe(`API tokens restricted to one property (issue 30 §1, ${databaseKind})`, () => {
  let t: TestApp;
  let owner: TestAccount;
  let stranger: TestAccount;
  let flat: string;
  let house: string;
  let strangers: string;
  let flatDocument: string;
  let houseDocument: string;
  type CreatedToken = { id: string; secret: string; property: { id: string; name: string } | null };
  let restricted: CreatedToken;
  let reader: CreatedToken;

  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
  const call = (
    secret: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: bearer(secret),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const newProperty = async (who: TestAccount, name: string, parcel: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: who.headers,
      payload: { ...PROPERTY, name, parcel_id: parcel },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const createToken = async (input: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/tokens',
      headers: owner.headers,
      payload: input,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CreatedToken;
  };
  const count = async (table: string) =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.db.db)).rows[0]?.n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    [owner, stranger] = await Promise.all([signUpAndLogIn(t), signUpAndLogIn(t)]);
    flat = await newProperty(owner, 'Flat', 'ERF 40');
    house = await newProperty(owner, 'House', 'ERF 41');
    strangers = await newProperty(stranger, 'Elsewhere', 'ERF 42');
    const key = 'cd/cd000000000000000000000000000000';
    await t.db.db.insertInto('stored_objects').values({ storage_key: key }).execute();
    const document = (propertyId: string, name: string) => ({
      organization_id: owner.organizationId,
      property_id: propertyId,
      kind: 'certificate' as const,
      name,
      storage_key: key,
      sha256: 'c'.repeat(64),
      bytes: 10,
      content_type: 'application/pdf',
      source: 'owner_upload' as const,
    });
    const rows = await t.db.db
      .insertInto('documents')
      .values([document(flat, 'Flat COC.pdf'), document(house, 'House COC.pdf')])
      .returning('id')
      .execute();
    flatDocument = rows[0]?.id ?? '';
    houseDocument = rows[1]?.id ?? '';
    for (const propertyId of [flat, house]) {
      const task = await t.app.inject({
        method: 'POST',
        url: '/api/maintenance',
        headers: owner.headers,
        payload: {
          propertyId,
          title: 'Service the geyser',
          frequency: 'annually',
          priority: 'medium',
          next_due: '2027-01-31',
        },
      });
      expect(task.statusCode, task.body).toBe(201);
    }
    restricted = await createToken({ name: 'Flat sync', scope: 'read_write', propertyId: flat });
    reader = await createToken({ name: 'Flat reader', scope: 'read', propertyId: flat });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is created for a property of the organisation only (another’s or an unknown one: 404) and listed with it', async () => {
    const before = await count('api_tokens');
    for (const propertyId of [strangers, '00000000-0000-4000-8000-000000000000']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/tokens',
        headers: owner.headers,
        payload: { name: 'Theirs', scope: 'read', propertyId },
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toBe('Property not found');
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/account/tokens',
      headers: owner.headers,
      payload: { name: 'Bad', scope: 'read', propertyId: 'flat' },
    });
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect(await count('api_tokens')).toBe(before);
    expect(restricted.property).toEqual({ id: flat, name: 'Flat' });
    const list = await t.app.inject({ method: 'GET', url: '/api/account/tokens', headers: owner.headers });
    expect(list.json()).toContainEqual(
      expect.objectContaining({ id: restricted.id, property: { id: flat, name: 'Flat' } }),
    );
    const row = await t.db.db
      .selectFrom('api_tokens')
      .select('property_id')
      .where('id', '=', restricted.id)
      .executeTakeFirstOrThrow();
    expect(row.property_id).toBe(flat);
  });

  it('lists only its property and what belongs to it (properties, vault, tasks, dashboard) at both doors', async () => {
    const properties = await call(restricted.secret, 'GET', '/api/properties');
    expect(properties.statusCode, properties.body).toBe(200);
    expect(properties.json().map((p: { id: string }) => p.id)).toEqual([flat]);
    const viaTrpc = await call(restricted.secret, 'GET', '/trpc/properties.list');
    expect(viaTrpc.json().result.data.map((p: { id: string }) => p.id)).toEqual([flat]);
    const documents = await call(restricted.secret, 'GET', '/api/documents');
    expect(documents.statusCode, documents.body).toBe(200);
    expect(documents.json().map((d: { id: string }) => d.id)).toEqual([flatDocument]);
    const tasks = await call(restricted.secret, 'GET', '/api/maintenance');
    expect(tasks.statusCode, tasks.body).toBe(200);
    expect(new Set(tasks.json().map((task: { property_id: string }) => task.property_id))).toEqual(
      new Set([flat]),
    );
    const stats = await call(restricted.secret, 'GET', '/api/dashboard/stats');
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json()).toMatchObject({ properties: 1, documents: 1 });
    // The session's answers are the whole organisation's, cached or not.
    const whole = await t.app.inject({ method: 'GET', url: '/api/dashboard/stats', headers: owner.headers });
    expect(whole.json()).toMatchObject({ properties: 2, documents: 2 });
    const again = await call(restricted.secret, 'GET', '/api/dashboard/stats');
    expect(again.json()).toMatchObject({ properties: 1 });
  });

  it('answers 404 for another property of the same organisation and for its documents, as for a stranger’s', async () => {
    const before = await count('documents');
    for (const [method, url, body] of [
      ['GET', `/api/properties/${house}`],
      ['PATCH', `/api/properties/${house}`, { name: 'Taken' }],
      ['GET', `/api/properties/${house}/documents`],
      ['GET', `/api/properties/${house}/reminders`],
      ['GET', `/api/maintenance?propertyId=${house}`],
      ['GET', `/api/properties/${strangers}`],
    ] as const) {
      const res = await call(restricted.secret, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ error: 'Property not found' });
    }
    for (const [method, url, body] of [
      ['PATCH', `/api/documents/${houseDocument}`, { name: 'Taken.pdf' }],
      ['DELETE', `/api/documents/${houseDocument}`],
      ['GET', `/api/documents/${houseDocument}/extraction`],
    ] as const) {
      const res = await call(restricted.secret, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ error: 'Document not found' });
    }
    expect(await count('documents')).toBe(before);
    const house_ = await t.db.db
      .selectFrom('properties')
      .select('name')
      .where('id', '=', house)
      .executeTakeFirstOrThrow();
    expect(house_.name).toBe('House');
  });

  it('cannot add a property, nor reach the organisation’s webhooks or calendar feed (403, nothing created)', async () => {
    const before = await count('properties');
    const created = await call(restricted.secret, 'POST', '/api/properties', {
      ...PROPERTY,
      parcel_id: 'ERF 43',
    });
    expect(created.statusCode, created.body).toBe(403);
    expect(created.json().error).toBe(ONE_PROPERTY_TOKEN);
    expect(await count('properties')).toBe(before);
    for (const url of ['/api/webhooks', '/api/calendar']) {
      const res = await call(restricted.secret, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      expect(res.json().error).toBe(ONE_PROPERTY_TOKEN);
    }
  });

  it('reads and writes its own property within its scope', async () => {
    const renamed = await call(restricted.secret, 'PATCH', `/api/properties/${flat}`, { name: 'Flat 2' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Flat 2');
    const reminder = await call(restricted.secret, 'POST', `/api/properties/${flat}/reminders`, {
      title: 'Call the roofer',
      due_date: '2027-01-15',
      priority: 'high',
    });
    expect(reminder.statusCode, reminder.body).toBe(201);
    const reminders = await call(restricted.secret, 'GET', `/api/properties/${flat}/reminders`);
    expect(reminders.statusCode, reminders.body).toBe(200);
    expect(reminders.json().map((r: { title: string }) => r.title)).toContain('Call the roofer');
    const document = await call(restricted.secret, 'PATCH', `/api/documents/${flatDocument}`, {
      name: 'Flat COC 2.pdf',
    });
    expect(document.statusCode, document.body).toBe(200);
    const task = await call(restricted.secret, 'POST', '/api/maintenance', {
      propertyId: house,
      title: 'Elsewhere',
      frequency: 'annually',
      priority: 'medium',
      next_due: '2027-01-31',
    });
    expect(task.statusCode, task.body).toBe(404);
  });

  it('a read token restricted to the property reads it and still cannot write', async () => {
    const read = await call(reader.secret, 'GET', `/api/properties/${flat}`);
    expect(read.statusCode, read.body).toBe(200);
    expect((await call(reader.secret, 'GET', `/api/properties/${house}`)).statusCode).toBe(404);
    const write = await call(reader.secret, 'PATCH', `/api/properties/${flat}`, { name: 'Nope' });
    expect(write.statusCode, write.body).toBe(403);
    expect(write.json().error).toBe(READ_ONLY_TOKEN);
  });
});

describe(`API tokens over REST (issue 30 §1, ${databaseKind})`, () => {
  let t: TestApp;
  let owner: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpAndLogIn(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET/POST /api/account/tokens and DELETE /api/account/tokens/{id}', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/account/tokens',
      headers: owner.headers,
      payload: { name: 'Sync', scope: 'read_write', expiresInDays: 30 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, secret } = created.json();
    expect(secret).toMatch(/^pdna_/);
    const byToken = await t.app.inject({
      method: 'POST',
      url: '/api/account/tokens',
      headers: { authorization: `Bearer ${secret}` },
      payload: { name: 'Child', scope: 'read' },
    });
    expect(byToken.statusCode, byToken.body).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/account/tokens', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id, name: 'Sync', scope: 'read_write' })]);
    expect(list.body).not.toContain(secret);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/account/tokens',
      headers: owner.headers,
      payload: { name: 'Long', scope: 'read', expiresInDays: 1000 },
    });
    expect(bad.statusCode).toBe(400);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/tokens/${id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/tokens/${id}`,
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(404);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/account/tokens',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(after.statusCode).toBe(401);
  });
});

describe(`API token rate limit (issue 30 §4, ${databaseKind})`, () => {
  let t: TestApp;
  let owner: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({ API_TOKEN_RATE_LIMIT: '3' });
    owner = await signUpAndLogIn(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every token answer carries RateLimit-Policy and RateLimit; past the limit 429 with Retry-After (both doors)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/account/tokens',
      headers: owner.headers,
      payload: { name: 'Busy', scope: 'read' },
    });
    const headers = { authorization: `Bearer ${created.json().secret}` };
    for (const remaining of [2, 1, 0]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/account/tokens', headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe('"token";q=3;w=60');
      expect(res.headers.ratelimit).toBe(`"token";r=${remaining};t=60`);
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/account/tokens', headers });
    expect(refused.statusCode, `${refused.body} ${JSON.stringify(refused.headers)}`).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers.ratelimit).toMatch(/^"token";r=0;t=\d+$/);
    expect(refused.json().error).toMatch(/^Too many requests with this API token/);
    // The tRPC door counts the same requests and refuses the same way.
    const trpcRefused = await t.app.inject({ method: 'GET', url: '/trpc/properties.list', headers });
    expect(trpcRefused.statusCode, trpcRefused.body).toBe(429);
    expect(Number(trpcRefused.headers['retry-after'])).toBeGreaterThan(0);
    expect(trpcRefused.json().error.message).toMatch(/^Too many requests with this API token/);
    // A session is not limited per token.
    const session = await t.app.inject({ method: 'GET', url: '/api/account/tokens', headers: owner.headers });
    expect(session.statusCode).toBe(200);
    expect(session.headers['ratelimit-policy']).toBeUndefined();
  });
});
