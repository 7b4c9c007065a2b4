import { GRANT_MESSAGES, ISSUE_MESSAGES, johannesburgToday, refusal } from '@propertydna/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestActor } from '../src/auth/actor.js';
import { NOT_WITH_A_TOKEN } from '../src/auth/api-tokens.js';
import { addMember } from '../src/modules/organizations/members.service.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { doors, type Method } from './support/doors.js';
import { type HttpOwner, httpOwner } from './support/http-owner.js';
import { queuedMailsTo } from './support/outbox.js';

const pdf = (text: string) =>
  Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.from(text),
    Buffer.alloc(800, 0x41),
    Buffer.from('\n%%EOF\n'),
  ]);

const property = (name: string, parcel: string) => ({
  name,
  address: `${parcel} Long Street, Cape Town`,
  country: 'ZA',
  municipality: 'CPT',
  parcel_id: parcel,
});

/** Issue 29 §3: read-only access to one property for someone outside the organisation, at both doors. */
describe(`people around a property: read-only grants (issue 29 §3, ${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  let owner: HttpOwner;
  let homeId: string;
  let cottageId: string;
  let homeDocumentId: string;
  let cottageDocumentId: string;
  const { trpc } = doors(() => t);

  const anonymous = { headers: {} };
  const call = (who: { headers: Record<string, string> }, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: who.headers, payload: payload as Record<string, unknown> });

  /** The token of the newest access link mailed to `email` (read from the mail queue). */
  const accessToken = async (email: string) => {
    const tokens = (await queuedMailsTo(t, email))
      .map((mail) => /\/access\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1])
      .filter((token): token is string => token !== undefined);
    const token = tokens.at(-1);
    if (!token) throw new Error(`no access link was mailed to ${email}`);
    return token;
  };

  const grant = async (
    who: Pick<TestAccount, 'headers'>,
    propertyId: string,
    body: Record<string, unknown>,
  ): Promise<{ id: string; status: string; expires_at: string; scope: string }> => {
    const res = await call(who, 'POST', `/api/properties/${propertyId}/access`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  /** A fresh person outside the organisation, granted `propertyId` and accepted: their account and grant id. */
  const grantee = async (propertyId: string, body: Record<string, unknown> = {}) => {
    const person = await signUpAndLogIn(t);
    const made = await grant(owner, propertyId, { email: person.email, role: 'conveyancer', ...body });
    const accepted = await call(person, 'POST', `/api/access/${await accessToken(person.email)}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { person, grantId: made.id };
  };

  const table = async (name: string) =>
    JSON.stringify((await sql`select * from ${sql.table(name)} order by 1`.execute(t.db.db)).rows);
  const snapshot = async () =>
    (
      await Promise.all(
        ['property_grants', 'properties', 'documents', 'capabilities', 'users', 'organizations'].map(table),
      )
    ).join('\n');

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    owner = await httpOwner(t, origin);
    const home = await owner.call('POST', '/api/properties', property('Kloof House', 'ERF 4101'));
    expect(home.statusCode, home.body).toBe(201);
    homeId = home.json().id;
    const cottage = await owner.call('POST', '/api/properties', property('Garden Cottage', 'ERF 4102'));
    expect(cottage.statusCode, cottage.body).toBe(201);
    cottageId = cottage.json().id;
    const coc = await owner.upload(pdf('home coc'), 'application/pdf', {
      property_id: homeId,
      kind: 'certificate',
      name: 'Electrical CoC.pdf',
      owner_notes: 'Private: the electrician was late',
    });
    expect(coc.statusCode, coc.body).toBe(201);
    homeDocumentId = coc.json().id;
    const other = await owner.upload(pdf('cottage deed'), 'application/pdf', {
      property_id: cottageId,
      kind: 'deed',
      name: 'Cottage deed.pdf',
    });
    expect(other.statusCode, other.body).toBe(201);
    cottageDocumentId = other.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('grant → mail → the verified grantee accepts and sees exactly that property, read-only and current', async () => {
    const person = await signUpAndLogIn(t);
    await t.db.db
      .updateTable('users')
      .set({ first_name: 'Sipho', last_name: 'Dlamini' })
      .where('id', '=', person.userId)
      .execute();
    const made = await grant(owner, homeId, { email: person.email.toUpperCase(), role: 'conveyancer' });
    expect(made).toMatchObject({ email: person.email, role: 'conveyancer', status: 'pending' });
    expect(made.scope).toBe('documents_and_compliance');
    const days = (new Date(made.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const mail = (await queuedMailsTo(t, person.email)).find((m) => m.text.includes('/access/'));
    expect(mail?.subject).toBe('Naledi Mokoena shared Kloof House with you on PropertyDNA');
    expect(mail?.text).toContain('ERF 4101 Long Street, Cape Town');
    const token = await accessToken(person.email);

    // The link's offer is seen without an account; accepting needs one.
    const offer = await call(anonymous, 'GET', `/api/access/${token}`);
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json()).toMatchObject({
      property: { id: homeId, name: 'Kloof House' },
      role: 'conveyancer',
      email: person.email,
      granterName: 'Naledi Mokoena',
    });
    expect((await call(anonymous, 'POST', `/api/access/${token}/accept`)).statusCode).toBe(401);
    // Before accepting, nothing is shared.
    expect((await call(person, 'GET', '/api/shared-with-me')).json()).toEqual([]);
    expect((await call(person, 'GET', `/api/shared-with-me/${made.id}`)).statusCode).toBe(404);

    const accepted = await call(person, 'POST', `/api/access/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      ok: true,
      message: GRANT_MESSAGES.accepted('Kloof House'),
      grant: { grantId: made.id, property: { id: homeId } },
    });
    // Their own organisation is unchanged: they are not a member of the owner's.
    const me = await call(person, 'GET', '/api/auth/me');
    expect(me.json().organization.id).toBe(person.organizationId);
    expect((await call(person, 'GET', '/api/properties')).json()).toEqual([]);

    const shared = await call(person, 'GET', '/api/shared-with-me');
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toEqual([
      expect.objectContaining({
        grantId: made.id,
        role: 'conveyancer',
        scope: 'documents_and_compliance',
        property: expect.objectContaining({
          id: homeId,
          name: 'Kloof House',
          address: 'ERF 4101 Long Street, Cape Town',
          dna_code: expect.any(String),
        }),
      }),
    ]);
    const viaTrpc = await trpc(person, 'query', 'grants.sharedWithMe');
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
    expect(viaTrpc.json().result.data.map((g: { grantId: string }) => g.grantId)).toEqual([made.id]);

    const view = await call(person, 'GET', `/api/shared-with-me/${made.id}`);
    expect(view.statusCode, view.body).toBe(200);
    const body = view.json();
    expect(body.documents.map((d: { id: string }) => d.id)).toEqual([homeDocumentId]);
    expect(body.documents[0]).not.toHaveProperty('owner_notes');
    expect(body.documents[0]).not.toHaveProperty('storage_key');
    expect(JSON.stringify(body)).not.toContain('Private: the electrician');
    expect(body.compliance).toMatchObject({ status: expect.any(String), findings: expect.any(Array) });

    // A document uploaded later is there at once (current, not a snapshot).
    const later = await owner.upload(pdf('later policy'), 'application/pdf', {
      property_id: homeId,
      kind: 'certificate',
      name: 'Gas CoC.pdf',
    });
    expect(later.statusCode, later.body).toBe(201);
    const again = await call(person, 'GET', `/api/shared-with-me/${made.id}`);
    expect(
      again
        .json()
        .documents.map((d: { id: string }) => d.id)
        .sort(),
    ).toEqual([homeDocumentId, later.json().id].sort());

    // Download of a granted document: the file itself.
    const download = await call(
      person,
      'GET',
      `/api/shared-with-me/${made.id}/documents/${later.json().id}/download`,
    );
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Gas CoC\.pdf"/);
    expect(download.rawPayload.equals(pdf('later policy'))).toBe(true);

    // The owner's list shows the grant accepted, naming the person.
    const list = await call(owner, 'GET', `/api/properties/${homeId}/access`);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: made.id, status: 'active', granteeName: 'Sipho Dlamini' }),
    ]);

    // The audit trail names the grantee's views and download, with the grant.
    const events = await t.db.db
      .selectFrom('audit_events')
      .select(['action', 'user_id', 'document_id', 'details', 'organization_id'])
      .where('user_id', '=', person.userId)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.action)).toEqual(['grant_accept', 'view', 'view', 'download']);
    for (const event of events) {
      expect(event.organization_id).toBe(owner.organizationId);
      expect(event.details).toMatchObject({ propertyId: homeId, via: 'grant', grantId: made.id });
    }
    expect(events.at(-1)?.document_id).toBe(later.json().id);
    const trail = await owner.call('GET', `/api/reports/audit-trail?propertyId=${homeId}`);
    expect(trail.statusCode).toBe(200);
    expect(trail.body).toContain('Sipho Dlamini (shared access),Viewed');
    expect(trail.body).toContain('Sipho Dlamini (shared access),Downloaded,Gas CoC.pdf');

    await call(owner, 'DELETE', `/api/properties/${homeId}/access/${made.id}`);
  });

  it('an unconfirmed grantee or another address is refused (403) and the link stays good; it works once', async () => {
    const invited = await signUpAndLogIn(t, 'homeowner', { verified: false });
    const other = await signUpAndLogIn(t);
    const made = await grant(owner, homeId, { email: invited.email, role: 'insurance_broker' });
    const token = await accessToken(invited.email);
    const before = await snapshot();
    const wrong = await call(other, 'POST', `/api/access/${token}/accept`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(GRANT_MESSAGES.otherEmail(invited.email));
    const unconfirmed = await call(invited, 'POST', `/api/access/${token}/accept`);
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().error).toMatch(/^Confirm your email address first/);
    expect(await snapshot()).toBe(before);
    expect((await call(anonymous, 'GET', `/api/access/${token}`)).statusCode).toBe(200);

    await t.db.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', invited.userId)
      .execute();
    const accepted = await trpc(invited, 'mutation', 'grants.accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Used: the link is gone.
    expect((await call(anonymous, 'GET', `/api/access/${token}`)).statusCode).toBe(404);
    expect((await call(invited, 'POST', `/api/access/${token}/accept`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/api/access/${token}/accept`)).statusCode).toBe(404);
    expect((await call(invited, 'GET', `/api/shared-with-me/${made.id}`)).statusCode).toBe(200);
    await call(owner, 'DELETE', `/api/properties/${homeId}/access/${made.id}`);
  });

  it('any other id is 404 to the grantee: another property, its documents, another grant, the owner-side reads', async () => {
    const { person, grantId } = await grantee(homeId);
    const { grantId: theirs } = await grantee(cottageId);
    for (const id of [theirs, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await call(person, 'GET', `/api/shared-with-me/${id}`)).statusCode, id).toBe(404);
      expect(
        (await call(person, 'GET', `/api/shared-with-me/${id}/documents/${homeDocumentId}/download`))
          .statusCode,
        id,
      ).toBe(404);
    }
    // A document of the organisation's other property, through this grant: 404.
    for (const documentId of [cottageDocumentId, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await call(person, 'GET', `/api/shared-with-me/${grantId}/documents/${documentId}/view`);
      expect(res.statusCode, documentId).toBe(404);
    }
    // A control character in either id is 400, not a 500.
    for (const url of [
      `/api/shared-with-me/${grantId}/documents/a%00b/download`,
      `/api/shared-with-me/a%00b/documents/${homeDocumentId}/view`,
    ]) {
      expect((await call(person, 'GET', url)).statusCode, url).toBe(400);
    }
    // The member doors know nothing of the grant.
    for (const url of [
      `/api/properties/${homeId}`,
      `/api/properties/${homeId}/documents`,
      `/api/properties/${homeId}/policy-check`,
      `/api/properties/${homeId}/access`,
      `/api/documents/${homeDocumentId}`,
      `/api/documents/${homeDocumentId}/download`,
    ]) {
      expect((await call(person, 'GET', url)).statusCode, url).toBe(404);
    }
    const listed = await call(person, 'GET', '/api/shared-with-me');
    expect(listed.json().map((g: { grantId: string }) => g.grantId)).toEqual([grantId]);
  });

  it('a grantee cannot write: every owner-side write on the property answers 404 and changes nothing', async () => {
    const { person, grantId } = await grantee(homeId);
    const before = await snapshot();
    const writes: [Method, string, unknown?][] = [
      ['PATCH', `/api/properties/${homeId}`, { name: 'Mine now' }],
      ['DELETE', `/api/properties/${homeId}`],
      ['POST', `/api/properties/${homeId}/access`, { email: 'friend@example.co.za', role: 'other' }],
      ['DELETE', `/api/properties/${homeId}/access/${grantId}`],
      ['PATCH', `/api/documents/${homeDocumentId}`, { name: 'Renamed.pdf' }],
      ['DELETE', `/api/documents/${homeDocumentId}`],
    ];
    for (const [method, url, payload] of writes) {
      const res = await call(person, method, url, payload);
      expect([403, 404], `${method} ${url}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    }
    const revoke = await trpc(person, 'mutation', 'grants.revoke', { id: homeId, grantId });
    expect(revoke.statusCode).toBe(404);
    const create = await trpc(person, 'mutation', 'grants.create', {
      propertyId: homeId,
      email: 'friend@example.co.za',
      role: 'other',
    });
    expect(create.statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
    // The grantee side has no write but accepting.
    expect((await call(person, 'GET', `/api/shared-with-me/${grantId}`)).statusCode).toBe(200);
  });

  it('revoke → 404 at once (view and download); expiry → 404; the owner sees each state', async () => {
    const { person, grantId } = await grantee(homeId);
    const view = `/api/shared-with-me/${grantId}`;
    const download = `${view}/documents/${homeDocumentId}/download`;
    expect((await call(person, 'GET', download)).statusCode).toBe(200);
    const revoked = await call(owner, 'DELETE', `/api/properties/${homeId}/access/${grantId}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await call(person, 'GET', view)).statusCode).toBe(404);
    expect((await call(person, 'GET', download)).statusCode).toBe(404);
    expect((await call(person, 'GET', '/api/shared-with-me')).json()).toEqual([]);
    // Revoked twice, or through another property: 404.
    expect((await call(owner, 'DELETE', `/api/properties/${homeId}/access/${grantId}`)).statusCode).toBe(404);

    const second = await grantee(homeId);
    expect(
      (await call(owner, 'DELETE', `/api/properties/${cottageId}/access/${second.grantId}`)).statusCode,
    ).toBe(404);
    expect((await call(second.person, 'GET', `/api/shared-with-me/${second.grantId}`)).statusCode).toBe(200);
    await t.db.db
      .updateTable('property_grants')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', second.grantId)
      .execute();
    expect((await call(second.person, 'GET', `/api/shared-with-me/${second.grantId}`)).statusCode).toBe(404);
    expect(
      (
        await call(
          second.person,
          'GET',
          `/api/shared-with-me/${second.grantId}/documents/${homeDocumentId}/view`,
        )
      ).statusCode,
    ).toBe(404);
    const states = (await call(owner, 'GET', `/api/properties/${homeId}/access`)).json();
    expect(states.find((g: { id: string }) => g.id === grantId).status).toBe('revoked');
    expect(states.find((g: { id: string }) => g.id === second.grantId).status).toBe('expired');

    // A pending link revoked is 404 to accept.
    const late = await signUpAndLogIn(t);
    const pending = await grant(owner, homeId, { email: late.email, role: 'tenant' });
    const token = await accessToken(late.email);
    await call(owner, 'DELETE', `/api/properties/${homeId}/access/${pending.id}`);
    expect((await call(late, 'POST', `/api/access/${token}/accept`)).statusCode).toBe(404);
  });

  it('a property transferred away since is no longer shared by the grant (404)', async () => {
    const seller = await httpOwner(t, origin);
    const sold = await seller.call('POST', '/api/properties', property('Sold house', 'ERF 4301'));
    expect(sold.statusCode, sold.body).toBe(201);
    const person = await signUpAndLogIn(t);
    const made = await grant(seller, sold.json().id, { email: person.email, role: 'conveyancer' });
    const accepted = await call(person, 'POST', `/api/access/${await accessToken(person.email)}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await call(person, 'GET', `/api/shared-with-me/${made.id}`)).statusCode).toBe(200);
    const buyer = await signUpAndLogIn(t);
    await t.db.db
      .updateTable('properties')
      .set({ organization_id: buyer.organizationId })
      .where('id', '=', sold.json().id)
      .execute();
    expect((await call(person, 'GET', `/api/shared-with-me/${made.id}`)).statusCode).toBe(404);
    expect((await call(person, 'GET', '/api/shared-with-me')).json()).toEqual([]);
  });

  it('documents_only hides the compliance check', async () => {
    const { person, grantId } = await grantee(homeId, {
      role: 'tenant',
      scope: 'documents_only',
      expiresInDays: 30,
    });
    const view = await call(person, 'GET', `/api/shared-with-me/${grantId}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().compliance).toBeNull();
    expect(view.json().grant.scope).toBe('documents_only');
    expect(view.json().documents.length).toBeGreaterThan(0);
  });

  it('viewers and members cannot grant (403), nor can an API token; bad input is 400', async () => {
    const asOwner: RequestActor = {
      actor: {
        userId: owner.userId,
        organizationId: owner.organizationId,
        userType: 'homeowner',
        role: 'owner',
        sessionId: 'test',
        via: 'bearer',
      },
      ip: '127.0.0.1',
    };
    const before = await snapshot();
    for (const role of ['member', 'viewer'] as const) {
      const colleague = await signUpAndLogIn(t);
      await addMember(t.db.db, asOwner, colleague.userId, role);
      const body = { email: 'outsider@example.co.za', role: 'other' };
      const res = await call(colleague, 'POST', `/api/properties/${homeId}/access`, body);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toBe(refusal(role, 'grants.manage'));
      const viaTrpc = await trpc(colleague, 'mutation', 'grants.create', { propertyId: homeId, ...body });
      expect(viaTrpc.statusCode).toBe(403);
      // They read who has access.
      expect((await call(colleague, 'GET', `/api/properties/${homeId}/access`)).statusCode).toBe(200);
    }
    const created = await owner.call('POST', '/api/account/tokens', { name: 'Sync', scope: 'read_write' });
    expect(created.statusCode, created.body).toBe(201);
    const bearer = { headers: { authorization: `Bearer ${created.json().secret}` } };
    const byToken = await call(bearer, 'POST', `/api/properties/${homeId}/access`, {
      email: 'outsider@example.co.za',
      role: 'other',
    });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json().error).toBe(NOT_WITH_A_TOKEN);
    expect((await call(bearer, 'GET', `/api/properties/${homeId}/access`)).statusCode).toBe(200);
    // Other tables (users, organizations) changed for the colleagues; no grant was made.
    expect((await snapshot()).split('\n')[0]).toBe(before.split('\n')[0]);

    for (const body of [
      { email: 'nope', role: 'other' },
      { email: 'a@example.co.za', role: 'landlord' },
      { email: 'a@example.co.za', role: 'other', expiresInDays: 366 },
      { email: 'a@example.co.za', role: 'other', scope: 'everything' },
    ]) {
      const res = await call(owner, 'POST', `/api/properties/${homeId}/access`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // A member's own address is not an outsider.
    const self = await call(owner, 'POST', `/api/properties/${homeId}/access`, {
      email: owner.email,
      role: 'other',
    });
    expect(self.statusCode).toBe(409);
    // Another organisation's property: 404.
    const rival = await signUpAndLogIn(t);
    const res = await call(rival, 'POST', `/api/properties/${homeId}/access`, {
      email: 'x@example.co.za',
      role: 'other',
    });
    expect(res.statusCode).toBe(404);
    expect((await call(rival, 'GET', `/api/properties/${homeId}/access`)).statusCode).toBe(404);
  });

  it('the Free plan grants one person at a time (403 naming Premium); revoked, another may be granted', async () => {
    const free = await httpOwner(t, origin, { plan: 'free' });
    const created = await free.call('POST', '/api/properties', property('Free flat', 'ERF 4201'));
    expect(created.statusCode, created.body).toBe(201);
    const flatId = created.json().id;
    const first = await grant(free, flatId, { email: 'first@example.co.za', role: 'tenant' });
    // The same person again (a new link) is still one person.
    await grant(free, flatId, { email: 'first@example.co.za', role: 'tenant', scope: 'documents_only' });
    const before = await snapshot();
    const second = await call(free, 'POST', `/api/properties/${flatId}/access`, {
      email: 'second@example.co.za',
      role: 'conveyancer',
    });
    expect(second.statusCode).toBe(403);
    expect(second.json().error).toBe(GRANT_MESSAGES.freeLimit);
    expect(second.json().error).toMatch(/Premium/);
    expect(await snapshot()).toBe(before);
    const list = (await call(free, 'GET', `/api/properties/${flatId}/access`)).json();
    expect(list.map((g: { status: string }) => g.status)).toEqual(['pending', 'revoked']);
    expect(list[1].id).toBe(first.id);
    await call(free, 'DELETE', `/api/properties/${flatId}/access/${list[0].id}`);
    await grant(free, flatId, { email: 'second@example.co.za', role: 'conveyancer' });
  });

  describe('tenants (issue 29 §3): the maintenance tasks, read-only, and Report an issue', () => {
    let taskId: string;
    const report = { title: 'Leaking kitchen tap', description: 'The kitchen tap drips all night.' };
    const reminders = () => table('reminders');
    const issueAudits = () =>
      t.db.db
        .selectFrom('audit_events')
        .select(['organization_id', 'user_id', 'details'])
        .where('action', '=', 'issue_report')
        .execute();

    beforeAll(async () => {
      const made = await owner.call('POST', '/api/maintenance', {
        propertyId: homeId,
        title: 'Service the geyser',
        frequency: 'annually',
        priority: 'medium',
        next_due: '2020-01-31',
      });
      expect(made.statusCode, made.body).toBe(201);
      taskId = made.json().id;
    });

    it("a tenant sees the property's maintenance tasks (title, due, status) at both doors; other roles do not", async () => {
      const tenant = await grantee(homeId, { role: 'tenant' });
      const view = await call(tenant.person, 'GET', `/api/shared-with-me/${tenant.grantId}`);
      expect(view.statusCode, view.body).toBe(200);
      const task = view.json().maintenance.find((one: { id: string }) => one.id === taskId);
      expect(task).toEqual({
        id: taskId,
        title: 'Service the geyser',
        next_due: '2020-01-31',
        status: 'Overdue',
      });
      const viaTrpc = await trpc(tenant.person, 'query', 'grants.sharedProperty', {
        grantId: tenant.grantId,
      });
      expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
      expect(viaTrpc.json().result.data.maintenance).toEqual(view.json().maintenance);
      // Read-only: the task's own doors stay the owner's.
      expect((await call(tenant.person, 'GET', `/api/maintenance/${taskId}`)).statusCode).toBe(404);
      expect(
        (
          await call(tenant.person, 'POST', `/api/maintenance/${taskId}/complete`, {
            completed_on: '2026-11-01',
          })
        ).statusCode,
      ).toBe(404);

      const conveyancer = await grantee(homeId, { role: 'conveyancer' });
      const theirs = await call(conveyancer.person, 'GET', `/api/shared-with-me/${conveyancer.grantId}`);
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect(theirs.json().maintenance).toBeNull();
    });

    it('a tenant reports an issue: a reminder on the owner\'s property, "Reported by <name> (tenant)", audited naming them, at both doors', async () => {
      const tenant = await grantee(homeId, { role: 'tenant', scope: 'documents_only' });
      await t.db.db
        .updateTable('users')
        .set({ first_name: 'Thandi', last_name: 'Nkosi' })
        .where('id', '=', tenant.person.userId)
        .execute();
      const res = await call(tenant.person, 'POST', `/api/shared-with-me/${tenant.grantId}/issues`, {
        title: `  ${report.title} `,
        description: report.description,
      });
      expect(res.statusCode, res.body).toBe(201);
      const today = johannesburgToday(new Date());
      expect(res.json()).toEqual({
        ok: true,
        message: GRANT_MESSAGES.issueReported,
        reminder: { id: expect.stringMatching(/^custom:/), title: report.title, due_date: today },
      });

      const list = await call(owner, 'GET', `/api/properties/${homeId}/reminders`);
      expect(list.statusCode, list.body).toBe(200);
      const reminder = list.json().find((one: { id: string }) => one.id === res.json().reminder.id);
      expect(reminder).toMatchObject({
        title: report.title,
        type: 'maintenance',
        priority: 'high',
        due_date: today,
      });
      expect(reminder.message).toBe(`${report.description}\n\nReported by Thandi Nkosi (tenant)`);

      const audits = await issueAudits();
      const audit = audits.find(
        (one) => (one.details as { reminderId?: string }).reminderId === res.json().reminder.id,
      );
      expect(audit).toMatchObject({
        organization_id: owner.organizationId,
        user_id: tenant.person.userId,
        details: { propertyId: homeId, via: 'grant', grantId: tenant.grantId, reportedBy: 'Thandi Nkosi' },
      });

      // The property's audit trail names the tenant and what they reported.
      const trail = await call(owner, 'GET', `/api/reports/audit-trail?format=csv&propertyId=${homeId}`);
      expect(trail.statusCode, trail.body).toBe(200);
      const line = trail.body.split('\n').find((row) => row.includes('Issue reported by the tenant'));
      expect(line).toContain('Thandi Nkosi (shared access)');
      expect(line).toContain(`${report.title}`);

      const viaTrpc = await trpc(tenant.person, 'mutation', 'grants.reportIssue', {
        grantId: tenant.grantId,
        title: 'Broken gate',
        description: 'The gate does not latch.',
      });
      expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
      expect(viaTrpc.json().result.data.reminder.title).toBe('Broken gate');
      // The tenant's own organisation got nothing.
      const own = await t.db.db
        .selectFrom('reminders')
        .select('id')
        .where('organization_id', '=', tenant.person.organizationId)
        .execute();
      expect(own).toEqual([]);
    });

    it("only a tenant reports (403), a revoked or expired grant or anyone else's id is 404, bad input is 400: nothing is added", async () => {
      const tenant = await grantee(homeId, { role: 'tenant' });
      const conveyancer = await grantee(homeId, { role: 'conveyancer' });
      const before = [await reminders(), (await issueAudits()).length];

      const refused = await call(
        conveyancer.person,
        'POST',
        `/api/shared-with-me/${conveyancer.grantId}/issues`,
        report,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(GRANT_MESSAGES.tenantsOnly);
      const refusedTrpc = await trpc(conveyancer.person, 'mutation', 'grants.reportIssue', {
        grantId: conveyancer.grantId,
        ...report,
      });
      expect(refusedTrpc.statusCode).toBe(403);

      const empty = await call(tenant.person, 'POST', `/api/shared-with-me/${tenant.grantId}/issues`, {
        title: ' ',
        description: 'x',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe(ISSUE_MESSAGES.titleRequired);
      const noDescription = await call(
        tenant.person,
        'POST',
        `/api/shared-with-me/${tenant.grantId}/issues`,
        {
          title: 'Tap',
        },
      );
      expect(noDescription.statusCode).toBe(400);
      expect(noDescription.json().error).toBe(ISSUE_MESSAGES.descriptionRequired);

      // Another person's grant, the owner (no grant), an unknown or malformed id: 404.
      for (const [who, id] of [
        [conveyancer.person, tenant.grantId],
        [owner, tenant.grantId],
        [tenant.person, '00000000-0000-4000-8000-000000000000'],
        [tenant.person, 'not-a-uuid'],
      ] as const) {
        const res = await call(who, 'POST', `/api/shared-with-me/${id}/issues`, report);
        expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
        expect(res.json().error).toBe(GRANT_MESSAGES.notFound);
      }

      // Revoked: 404 at once.
      expect(
        (await call(owner, 'DELETE', `/api/properties/${homeId}/access/${tenant.grantId}`)).statusCode,
      ).toBe(200);
      const revoked = await call(
        tenant.person,
        'POST',
        `/api/shared-with-me/${tenant.grantId}/issues`,
        report,
      );
      expect(revoked.statusCode).toBe(404);
      // Expired: 404.
      const later = await grantee(homeId, { role: 'tenant' });
      await t.db.db
        .updateTable('property_grants')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', later.grantId)
        .execute();
      const expired = await call(later.person, 'POST', `/api/shared-with-me/${later.grantId}/issues`, report);
      expect(expired.statusCode).toBe(404);
      expect((await call(later.person, 'GET', `/api/shared-with-me/${later.grantId}`)).statusCode).toBe(404);

      expect([await reminders(), (await issueAudits()).length]).toEqual(before);
    });
  });
});
