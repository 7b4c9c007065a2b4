import { ACCOUNT_CLOSING_MESSAGES, refusal } from '@propertydna/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestActor } from '../src/auth/actor.js';
import { NOT_WITH_A_TOKEN } from '../src/auth/api-tokens.js';
import { CLOSED_ACCOUNT_NAME } from '../src/modules/account/closing.service.js';
import { houseKeepingJob } from '../src/modules/housekeeping/housekeeping.jobs.js';
import { addMember } from '../src/modules/organizations/members.service.js';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, listFiles, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { type HttpOwner, httpOwner, sha256Hex } from './support/http-owner.js';
import { mailsTo, queuedMailsTo } from './support/outbox.js';

const PASSWORD = 'a long password';
const pdf = (label: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n% ${label}\n`), Buffer.alloc(1200, 0x41), Buffer.from('\n%%EOF\n')]);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe(`closing an account, reopening it, deleting it after the grace (issue 31 §2, ${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (headers: Record<string, string>, method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers,
      payload: payload as Record<string, unknown>,
      // Each call from its own address: the password limiter counts per address, and these tests guess on purpose.
      remoteAddress: `10.31.2.${(++counter % 250) + 1}`,
    });
  const login = (email: string, password = PASSWORD) =>
    call({}, 'POST', '/api/auth/login', { email, password });
  const close = (
    who: { headers: Record<string, string> },
    body: unknown = { password: PASSWORD, confirm: 'CLOSE' },
  ) => call(who.headers, 'POST', '/api/account/close', body);
  const asService = (account: TestAccount): RequestActor => ({
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
  const organizationRow = (id: string) =>
    t.db.db
      .selectFrom('organizations')
      .select(['closed_at', 'delete_after'])
      .where('id', '=', id)
      .executeTakeFirst();

  async function addProperty(owner: HttpOwner, name: string): Promise<string> {
    const res = await owner.call('POST', '/api/properties', {
      name,
      address: `${name}, 8 Kloof Street, Gardens`,
      municipality: 'CPT',
      parcel_id: `T${Math.random().toString(36).slice(2, 8)}`,
      features: ['geyser'],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  async function upload(owner: HttpOwner, propertyId: string, label: string): Promise<string> {
    const res = await owner.upload(pdf(label), 'application/pdf', {
      property_id: propertyId,
      kind: 'deed',
      name: `${label}.pdf`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  /** An owner with a property, two documents, a share link, an API token and a member (role member). */
  async function ownerWithEverything() {
    const owner = await httpOwner(t, origin);
    const propertyId = await addProperty(owner, 'Kloof House');
    const documentId = await upload(owner, propertyId, `deed ${propertyId}`);
    await upload(owner, propertyId, `coc ${propertyId}`);
    const share = await owner.call('POST', `/api/properties/${propertyId}/share`, {
      password: null,
      documentIds: [documentId],
    });
    expect(share.statusCode, share.body).toBeLessThan(300);
    const shareToken: string = share.json().token;
    const token = await owner.call('POST', '/api/account/tokens', { name: 'Scripts', scope: 'read_write' });
    expect(token.statusCode, token.body).toBe(201);
    const member = await signUpAndLogIn(t);
    await addMember(t.db.db, asService(owner), member.userId, 'member');
    return {
      owner,
      propertyId,
      documentId,
      shareToken,
      apiToken: token.json().secret as string,
      member: { ...member, organizationId: owner.organizationId },
    };
  }

  it('refuses a wrong password, a missing CLOSE, a member who is not an owner and an API token; nothing changes', async () => {
    const { owner, member, apiToken } = await ownerWithEverything();
    const wrong = await close(owner, { password: 'not my password', confirm: 'CLOSE' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Incorrect password');
    const word = await close(owner, { password: PASSWORD, confirm: 'close' });
    expect(word.statusCode).toBe(400);
    expect(word.json().error).toBe(ACCOUNT_CLOSING_MESSAGES.confirmWord);
    const empty = await close(owner, { password: '', confirm: 'CLOSE' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Enter your password');
    const notOwner = await close(member);
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().error).toBe(refusal('member', 'organization.delete'));
    const admin = await signUpAndLogIn(t);
    await addMember(t.db.db, asService(owner), admin.userId, 'admin');
    const byAdmin = await close(admin);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error).toBe(refusal('admin', 'organization.delete'));
    const viaToken = await close({ headers: { authorization: `Bearer ${apiToken}` } });
    expect(viaToken.statusCode).toBe(403);
    expect(viaToken.json().error).toBe(NOT_WITH_A_TOKEN);
    expect(await organizationRow(owner.organizationId)).toEqual({ closed_at: null, delete_after: null });
    expect((await owner.call('GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await call(member.headers, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('wrong passwords are limited as sign-in failures are (429 from the same address)', async () => {
    const owner = await signUpAndLogIn(t);
    let last = 0;
    for (let i = 0; i < 11; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/close',
        headers: owner.headers,
        remoteAddress: '10.31.9.9',
        payload: { password: 'wrong password', confirm: 'CLOSE' },
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
    expect((await organizationRow(owner.organizationId))?.closed_at).toBeNull();
  });

  it('closing ends every session at once, stops tokens, share links and grants, mails the members; sign-in offers Reopen, which restores everything', async () => {
    const { owner, member, propertyId, documentId, shareToken, apiToken } = await ownerWithEverything();
    // An outsider with an accepted grant of the property.
    const outsider = await signUpAndLogIn(t);
    const granted = await owner.call('POST', `/api/properties/${propertyId}/access`, {
      email: outsider.email,
      role: 'conveyancer',
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const accessMail = (await queuedMailsTo(t, outsider.email)).find((m) => m.text.includes('/access/'));
    const accessToken = /\/access\/([A-Za-z0-9_-]+)/.exec(accessMail?.text ?? '')?.[1];
    expect((await call(outsider.headers, 'POST', `/api/access/${accessToken}/accept`)).statusCode).toBe(200);
    const grantId = granted.json().id as string;
    expect((await call(outsider.headers, 'GET', `/api/shared-with-me/${grantId}`)).statusCode).toBe(200);
    expect((await call({}, 'GET', `/api/share/${shareToken}`)).statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${apiToken}` };
    expect((await call(bearer, 'GET', '/api/properties')).statusCode).toBe(200);
    // A pending invitation to join the organisation.
    const invitee = `invitee-${Date.now()}@example.co.za`;
    const invited = await owner.call('POST', '/api/organization/invites', { email: invitee, role: 'viewer' });
    expect(invited.statusCode, invited.body).toBe(201);
    const inviteMail = (await queuedMailsTo(t, invitee)).find((m) => m.text.includes('/invitations/'));
    const inviteToken = /\/invitations\/([A-Za-z0-9_-]+)/.exec(inviteMail?.text ?? '')?.[1];
    expect((await call({}, 'GET', `/api/invitations/${inviteToken}`)).statusCode).toBe(200);

    const closed = await owner.call('POST', '/api/account/close', { password: PASSWORD, confirm: 'CLOSE' });
    expect(closed.statusCode, closed.body).toBe(200);
    const days = (new Date(closed.json().deleteAfter).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // Every session of every member ends at once: the cookie and the Bearer session answer 401.
    expect((await owner.call('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await call({ cookie: `auth_session=${owner.token}` }, 'GET', '/api/auth/me')).statusCode).toBe(
      401,
    );
    expect((await call(member.headers, 'GET', '/api/properties')).statusCode).toBe(401);
    expect((await call(bearer, 'GET', '/api/properties')).statusCode).toBe(401);
    expect((await call({}, 'GET', `/api/share/${shareToken}`)).statusCode).toBe(404);
    expect((await call(outsider.headers, 'GET', `/api/shared-with-me/${grantId}`)).statusCode).toBe(404);
    expect((await call({}, 'GET', `/api/invitations/${inviteToken}`)).statusCode).toBe(404);
    const sessions = await t.db.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', 'in', [owner.userId, member.userId])
      .execute();
    expect(sessions).toEqual([]);

    // The members are told by mail.
    for (const email of [owner.email, member.email]) {
      const mails = await mailsTo(t, email);
      const told = mails.find((mail) => mail.subject === 'Your PropertyDNA account is closed');
      expect(told?.text).toContain('Naledi Mokoena closed the PropertyDNA account');
    }

    // Signing in within the grace: no session, "Your account is closed" and Reopen for the owner only.
    const signIn = await login(owner.email);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual({
      error: 'Your account is closed',
      details: { accountClosed: true, deleteAfter: closed.json().deleteAfter, canReopen: true },
    });
    expect(signIn.headers['set-cookie']).toBeUndefined();
    const memberSignIn = await login(member.email);
    expect(memberSignIn.statusCode).toBe(403);
    expect(memberSignIn.json().details.canReopen).toBe(false);
    const memberReopen = await call({}, 'POST', '/api/account/reopen', {
      email: member.email,
      password: PASSWORD,
    });
    expect(memberReopen.statusCode).toBe(403);
    const wrongReopen = await call({}, 'POST', '/api/account/reopen', {
      email: owner.email,
      password: 'nope nope',
    });
    expect(wrongReopen.statusCode).toBe(401);
    expect((await organizationRow(owner.organizationId))?.closed_at).not.toBeNull();

    const reopened = await call({}, 'POST', '/api/account/reopen', {
      email: owner.email,
      password: PASSWORD,
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.headers['set-cookie']).toContain('auth_session=');
    const session = { authorization: `Bearer ${reopened.json().token}` };
    expect(await organizationRow(owner.organizationId)).toEqual({ closed_at: null, delete_after: null });
    // Everything is as it was: the property and its documents, the token, the share link, the grant.
    const documents = await call(session, 'GET', `/api/properties/${propertyId}/documents`);
    expect(documents.statusCode, documents.body).toBe(200);
    expect(JSON.stringify(documents.json())).toContain(documentId);
    expect((await call(bearer, 'GET', '/api/properties')).statusCode).toBe(200);
    expect((await call({}, 'GET', `/api/share/${shareToken}`)).statusCode).toBe(200);
    expect((await call(outsider.headers, 'GET', `/api/shared-with-me/${grantId}`)).statusCode).toBe(200);
    expect((await call({}, 'GET', `/api/invitations/${inviteToken}`)).statusCode).toBe(200);
    expect((await login(member.email)).statusCode).toBe(200);
    const again = await call({}, 'POST', '/api/account/reopen', { email: owner.email, password: PASSWORD });
    expect(again.statusCode).toBe(409);
  });

  it('a member who is not an owner leaves: only their membership goes; the only owner cannot leave', async () => {
    const { owner, member, propertyId } = await ownerWithEverything();
    const only = await owner.call('POST', '/api/account/leave');
    expect(only.statusCode).toBe(409);
    expect(only.json().error).toBe(ACCOUNT_CLOSING_MESSAGES.lastOwner);
    const left = await call(member.headers, 'POST', '/api/account/leave');
    expect(left.statusCode, left.body).toBe(200);
    expect((await call(member.headers, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const signIn = await login(member.email);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().organization.id).not.toBe(owner.organizationId);
    expect(signIn.json().user.role).toBe('owner');
    // The organisation and its records are untouched.
    expect((await owner.call('GET', `/api/properties/${propertyId}`)).statusCode).toBe(200);
    const members = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('organization_id', '=', owner.organizationId)
      .execute();
    expect(members.map((row) => row.id)).toEqual([owner.userId]);
  });

  it('with grace 0, sign-in fails as for an unknown account and the housekeeping leaves no row and no file of it; a property it sold stays with its buyer; the owner gets a final mail', async () => {
    const { owner, member, propertyId } = await ownerWithEverything();
    // A property sold earlier to another organisation, with its documents.
    const soldId = await addProperty(owner, 'Sold Cottage');
    const soldContent = pdf(`sold ${soldId}`);
    const soldDocument = await owner.upload(soldContent, 'application/pdf', {
      property_id: soldId,
      kind: 'deed',
      name: 'Sold deed.pdf',
    });
    expect(soldDocument.statusCode, soldDocument.body).toBe(201);
    const buyer = await httpOwner(t, origin);
    const offered = await owner.call('POST', `/api/properties/${soldId}/transfer`, { email: buyer.email });
    expect(offered.statusCode, offered.body).toBe(201);
    const accepted = await buyer.call('POST', `/api/transfers/${offered.json().id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Another organisation's audit trail names the closing organisation's member (a grantee's read).
    const neighbour = await httpOwner(t, origin);
    const neighbourProperty = await addProperty(neighbour, 'Neighbour House');
    await t.db.db
      .insertInto('audit_events')
      .values({
        organization_id: neighbour.organizationId,
        user_id: member.userId,
        action: 'view',
        details: JSON.stringify({ via: 'grant', email: member.email, property_id: neighbourProperty }),
      })
      .execute();
    // A property it bought from another organisation: the seller's transfer to it named its owner's address.
    const seller = await httpOwner(t, origin);
    const boughtId = await addProperty(seller, 'Bought Flat');
    const sale = await seller.call('POST', `/api/properties/${boughtId}/transfer`, { email: owner.email });
    expect(sale.statusCode, sale.body).toBe(201);
    const bought = await owner.call('POST', `/api/transfers/${sale.json().id}/accept`);
    expect(bought.statusCode, bought.body).toBe(200);
    const filesBefore = await listFiles(t.filesDir);
    const ownKeys = (
      await t.db.db
        .selectFrom('documents')
        .select('storage_key')
        .where('organization_id', '=', owner.organizationId)
        .execute()
    ).map((row) => row.storage_key);
    expect(ownKeys.length).toBe(2);
    const people = [owner.userId, member.userId];

    t.env.DELETION_GRACE_DAYS = 0;
    try {
      const closed = await owner.call('POST', '/api/account/close', { password: PASSWORD, confirm: 'CLOSE' });
      expect(closed.statusCode, closed.body).toBe(200);
    } finally {
      t.env.DELETION_GRACE_DAYS = 30;
    }
    // Past the grace: sign-in and Reopen answer as for an unknown account.
    const signIn = await login(owner.email);
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().error).toBe('Invalid email or password');
    expect(
      (await call({}, 'POST', '/api/account/reopen', { email: owner.email, password: PASSWORD })).statusCode,
    ).toBe(401);

    // The housekeeping round (the worker's own path).
    await t.services.jobs.send(houseKeepingJob, {});
    expect(await t.services.jobs.runQueued(houseKeepingJob)).toBe(1);

    // No row of any table refers to the organisation, its people or its properties.
    const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema()
        and (column_name in ('organization_id', 'user_id', 'property_id', 'subject_id', 'verified_by')
             or column_name like '%\\_organization\\_id' or column_name like '%\\_user\\_id'
             or column_name like '%\\_by')
      order by table_name, column_name`.execute(t.db.db);
    expect(columns.length).toBeGreaterThan(40);
    const ids = [owner.organizationId, ...people, propertyId];
    const left: string[] = [];
    for (const { table_name, column_name } of columns) {
      const { rows } = await sql<{ n: string | number }>`
        select count(*) as n from ${sql.table(table_name)}
        where ${sql.ref(column_name)}::text in (${sql.join(ids)})`.execute(t.db.db);
      if (Number(rows[0]?.n) > 0) left.push(`${table_name}.${column_name}`);
    }
    expect(left).toEqual([]);
    // Nor does any text of any table hold its people's addresses (the seller's transfer record included).
    const { rows: texts } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb', 'json')
      order by table_name, column_name`.execute(t.db.db);
    const addresses = [owner.email, member.email].map((email) => email.toLowerCase());
    const named: string[] = [];
    for (const { table_name, column_name } of texts) {
      const { rows } = await sql<{ n: string | number }>`
        select count(*) as n from ${sql.table(table_name)}
        where ${sql.join(
          addresses.map((address) => sql`position(${address} in lower(${sql.ref(column_name)}::text)) > 0`),
          sql` or `,
        )}`.execute(t.db.db);
      if (Number(rows[0]?.n) > 0) named.push(`${table_name}.${column_name}`);
    }
    expect(named).toEqual([]);
    // The property it bought went with it, and so did the record of that transfer (the seller's audit trail
    // keeps the sale, its actor anonymised when it was the buyer's).
    const sellersRecord = await t.db.db
      .selectFrom('transfers')
      .select('id')
      .where('id', '=', sale.json().id)
      .executeTakeFirst();
    expect(sellersRecord).toBeUndefined();
    const organization = await t.db.db
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', owner.organizationId)
      .executeTakeFirst();
    expect(organization).toBeUndefined();
    const users = await t.db.db.selectFrom('users').select('id').where('id', 'in', people).execute();
    expect(users).toEqual([]);

    // No stored object of its own documents is left; the sold property's file stays.
    const filesAfter = await listFiles(t.filesDir);
    for (const key of ownKeys) {
      expect(filesAfter.some((file) => file.includes(key.split('/').at(-1) as string))).toBe(false);
    }
    expect(filesBefore.length - filesAfter.length).toBe(2);
    const stored = await t.db.db
      .selectFrom('stored_objects')
      .select('storage_key')
      .where('storage_key', 'in', ownKeys)
      .execute();
    expect(stored).toEqual([]);

    // The property it sold stays with its buyer, with its document.
    const sold = await buyer.call('GET', `/api/properties/${soldId}/documents`);
    expect(sold.statusCode, sold.body).toBe(200);
    const soldDocuments = JSON.stringify(sold.json());
    expect(soldDocuments).toContain(sha256Hex(soldContent));
    const history = (await buyer.call('GET', `/api/properties/${soldId}/ownership`)).json();
    expect(history.map((period: { organization_name: string }) => period.organization_name)).toContain(
      CLOSED_ACCOUNT_NAME,
    );

    // The neighbour's audit entry stays, with an anonymised actor and no address of the member.
    const audit = await t.db.db
      .selectFrom('audit_events')
      .select(['user_id', 'details'])
      .where('organization_id', '=', neighbour.organizationId)
      .where('action', '=', 'view')
      .executeTakeFirstOrThrow();
    expect(audit.user_id).toBeNull();
    expect(audit.details).toMatchObject({
      actor: CLOSED_ACCOUNT_NAME,
      via: 'grant',
      email: CLOSED_ACCOUNT_NAME,
    });

    // The final email, to the owner only.
    const finalMails = (await mailsTo(t, owner.email)).filter(
      (mail) => mail.subject === 'Your PropertyDNA account has been deleted',
    );
    expect(finalMails).toHaveLength(1);
    expect(finalMails[0]?.text).toContain('has now been deleted');
    expect(
      (await mailsTo(t, member.email)).some(
        (mail) => mail.subject === 'Your PropertyDNA account has been deleted',
      ),
    ).toBe(false);
  });
});
