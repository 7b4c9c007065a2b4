import { INVITE_MESSAGES } from '@propertydna/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, type TestAccount } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { queuedMailsTo } from './support/outbox.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe(`inviting a colleague (issue 29 §2, ${databaseKind})`, () => {
  let t: TestApp;
  let owner: TestAccount;
  let propertyId: string;

  const rest = (who: TestAccount | null, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: who?.headers ?? {}, payload: payload as Record<string, unknown> });

  /** The token of the newest invitation link mailed to `email` (read from the mail queue). */
  const invitationToken = async (email: string) => {
    const tokens = (await queuedMailsTo(t, email))
      .map((mail) => /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1])
      .filter((token): token is string => token !== undefined);
    const token = tokens.at(-1);
    if (!token) throw new Error(`no invitation was mailed to ${email}`);
    return token;
  };

  const invite = async (who: TestAccount, email: string, role: string) => {
    const res = await rest(who, 'POST', '/api/organization/invites', { email, role });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; email: string; role: string; expires_at: string };
  };

  const table = async (name: string) =>
    JSON.stringify((await sql`select * from ${sql.table(name)} order by 1`.execute(t.db.db)).rows);
  const snapshot = async () =>
    [
      await table('users'),
      await table('member_invites'),
      await table('capabilities'),
      await table('sessions'),
    ].join('\n');

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpAndLogIn(t);
    const created = await rest(owner, 'POST', '/api/properties', {
      name: 'Home',
      address: '1 Long Street',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: 'ERF 290',
    });
    expect(created.statusCode, created.body).toBe(201);
    propertyId = created.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('invite → the mail → the colleague signs up, accepts and sees the portfolio as a viewer, without writing', async () => {
    const colleague = await signUpAndLogIn(t);
    const sent = await invite(owner, colleague.email.toUpperCase(), 'viewer');
    expect(sent).toMatchObject({ email: colleague.email, role: 'viewer' });
    const days = (new Date(sent.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const pending = await rest(owner, 'GET', '/api/organization/invites');
    expect(pending.json().map((i: { email: string }) => i.email)).toEqual([colleague.email]);

    const token = await invitationToken(colleague.email);
    const shown = await rest(null, 'GET', `/api/invitations/${token}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      role: 'viewer',
      email: colleague.email,
      inviterName: 'Naledi Mokoena',
    });
    // Signed out, the link is seen but not accepted.
    expect((await rest(null, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(401);

    const accepted = await rest(colleague, 'POST', `/api/invitations/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().member.role).toBe('viewer');
    const me = await rest(colleague, 'GET', '/api/auth/me');
    expect(me.json()).toMatchObject({ user: { role: 'viewer' }, organization: { id: owner.organizationId } });
    const list = await rest(colleague, 'GET', '/api/properties');
    expect(list.json().map((p: { id: string }) => p.id)).toEqual([propertyId]);
    const write = await rest(colleague, 'PATCH', `/api/properties/${propertyId}`, { name: 'Mine now' });
    expect(write.statusCode).toBe(403);
    // Used: the link is gone, and the invitation is no longer waiting.
    expect((await rest(null, 'GET', `/api/invitations/${token}`)).statusCode).toBe(404);
    expect((await rest(colleague, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(404);
    expect((await rest(owner, 'GET', '/api/organization/invites')).json()).toEqual([]);
    const members = await rest(owner, 'GET', '/api/organization/members');
    expect(members.json().map((m: { email: string }) => m.email)).toContain(colleague.email);
  });

  it('is bound to the invited address, confirmed: another account or an unconfirmed one is 403, the link still good', async () => {
    const invited = await signUpAndLogIn(t, 'homeowner', { verified: false });
    const other = await signUpAndLogIn(t);
    await invite(owner, invited.email, 'member');
    const token = await invitationToken(invited.email);
    const before = await snapshot();
    const wrong = await rest(other, 'POST', `/api/invitations/${token}/accept`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(INVITE_MESSAGES.otherEmail(invited.email));
    const unconfirmed = await rest(invited, 'POST', `/api/invitations/${token}/accept`);
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().error).toMatch(/^Confirm your email address first/);
    expect(await snapshot()).toBe(before);
    expect((await rest(null, 'GET', `/api/invitations/${token}`)).statusCode).toBe(200);
  });

  it('resend ends the old link and mails a new one; revoke ends it; an expired link is 404', async () => {
    const colleague = await signUpAndLogIn(t);
    const sent = await invite(owner, colleague.email, 'member');
    const first = await invitationToken(colleague.email);
    const resent = await rest(owner, 'POST', `/api/organization/invites/${sent.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await invitationToken(colleague.email);
    expect(second).not.toBe(first);
    expect((await rest(null, 'GET', `/api/invitations/${first}`)).statusCode).toBe(404);
    expect((await rest(null, 'GET', `/api/invitations/${second}`)).statusCode).toBe(200);

    const revoked = await rest(owner, 'POST', `/api/organization/invites/${sent.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await rest(null, 'GET', `/api/invitations/${second}`)).statusCode).toBe(404);
    expect((await rest(colleague, 'POST', `/api/invitations/${second}/accept`)).statusCode).toBe(404);
    expect((await rest(owner, 'POST', `/api/organization/invites/${sent.id}/resend`)).statusCode).toBe(404);

    const again = await invite(owner, colleague.email, 'member');
    const third = await invitationToken(colleague.email);
    await t.db.db
      .updateTable('capabilities')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', (eb) =>
        eb.selectFrom('member_invites').select('capability_id').where('id', '=', again.id),
      )
      .execute();
    expect((await rest(null, 'GET', `/api/invitations/${third}`)).statusCode).toBe(404);
    expect((await rest(colleague, 'POST', `/api/invitations/${third}/accept`)).statusCode).toBe(404);
  });

  it("another organisation's invitation is 404 to resend or revoke, and changes nothing", async () => {
    const rival = await signUpAndLogIn(t);
    const theirs = await invite(rival, `someone-${process.pid}@example.co.za`, 'viewer');
    const before = await snapshot();
    for (const id of [theirs.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await rest(owner, 'POST', `/api/organization/invites/${id}/resend`)).statusCode, id).toBe(404);
      expect((await rest(owner, 'POST', `/api/organization/invites/${id}/revoke`)).statusCode, id).toBe(404);
    }
    expect(await snapshot()).toBe(before);
  });

  it('a member cannot invite; an admin cannot invite an owner; a member of the organisation is 409', async () => {
    const member = await signUpAndLogIn(t);
    await invite(owner, member.email, 'member');
    expect(
      (await rest(member, 'POST', `/api/invitations/${await invitationToken(member.email)}/accept`))
        .statusCode,
    ).toBe(200);
    const admin = await signUpAndLogIn(t);
    await invite(owner, admin.email, 'admin');
    expect(
      (await rest(admin, 'POST', `/api/invitations/${await invitationToken(admin.email)}/accept`)).statusCode,
    ).toBe(200);

    const before = await snapshot();
    const byMember = await rest(member, 'POST', '/api/organization/invites', {
      email: 'x@example.co.za',
      role: 'viewer',
    });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error).toBe('Your role (member) cannot manage members');
    const ownerByAdmin = await rest(admin, 'POST', '/api/organization/invites', {
      email: 'y@example.co.za',
      role: 'owner',
    });
    expect(ownerByAdmin.statusCode).toBe(403);
    expect(ownerByAdmin.json().error).toBe('Your role (admin) cannot make anyone owner');
    const existing = await rest(admin, 'POST', '/api/organization/invites', {
      email: member.email,
      role: 'viewer',
    });
    expect(existing.statusCode).toBe(409);
    expect(await snapshot()).toBe(before);
  });

  it('someone whose own organisation holds properties cannot join until they are gone (409, nothing moved)', async () => {
    const busy = await signUpAndLogIn(t);
    const theirs = await rest(busy, 'POST', '/api/properties', {
      name: 'Their home',
      address: '9 Bree Street',
      country: 'ZA',
      municipality: 'CPT',
      parcel_id: 'ERF 291',
    });
    expect(theirs.statusCode).toBe(201);
    await invite(owner, busy.email, 'member');
    const token = await invitationToken(busy.email);
    const before = await snapshot();
    const res = await rest(busy, 'POST', `/api/invitations/${token}/accept`);
    expect(res.statusCode).toBe(409);
    expect(await snapshot()).toBe(before);
  });
});
