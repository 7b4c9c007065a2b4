import {
  calendarDateOf,
  dayNumberOf,
  EMAIL_VERIFICATION_MESSAGES,
  formatDateOnly,
  johannesburgToday,
  parseDateOnly,
} from '@propertydna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '../src/capabilities/capabilities.js';
import {
  MAX_EMAIL_LINK_FAILURES_PER_ADDRESS,
  MAX_VERIFICATION_RESENDS_PER_HOUR,
} from '../src/modules/auth/auth.limits.js';
import { EMAIL_LINK_TTL_MS, WRONG_CURRENT_PASSWORD } from '../src/modules/auth/auth.service.js';
import { prepareDemoTemplates } from '../src/modules/demo/seed.js';
import { sendDailyDigests } from '../src/modules/notifications/notifications.service.js';
import { signUpAndLogIn, type TestAccount, testAddress, verifyEmailOf } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';
import { httpOwner } from './support/http-owner.js';
import { emailLinkToken, queuedMailsTo } from './support/outbox.js';
import { silentLogger } from './support/wait.js';

const PASSWORD = 'a long password';
const { invalidLink } = EMAIL_VERIFICATION_MESSAGES;

/** Addresses of their own for these tests' wrong-token guesses (the limiter counts per address). */
let addressNumber = 60_000;
const freshAddress = () => testAddress(++addressNumber);

describe(`email ownership (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'https://app.propertydna.test' });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const me = async (account: Pick<TestAccount, 'headers'>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: account.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().user as { email: string; email_verified: boolean; pending_email: string | null };
  };
  const capabilityOf = (token: string) =>
    t.db.db
      .selectFrom('capabilities')
      .selectAll()
      .where('token_hash', '=', tokenHash(token))
      .executeTakeFirstOrThrow();
  const login = (email: string, password = PASSWORD) => post('/api/auth/login', { email, password });

  it('signs up unverified and mails a single-use, 24-hour link to /verify-email (only its hash stored); the link confirms the address once', async () => {
    const account = await signUpAndLogIn(t, 'homeowner', { verified: false });
    expect(await me(account)).toMatchObject({
      email: account.email,
      email_verified: false,
      pending_email: null,
    });

    const mails = await queuedMailsTo(t, account.email);
    const verification = mails.find((mail) => mail.subject === 'Confirm your PropertyDNA email address');
    expect(verification?.text).toContain('https://app.propertydna.test/verify-email?token=');
    const token = await emailLinkToken(t, account.email, '/verify-email');
    const link = await capabilityOf(token);
    expect(link).toMatchObject({ purpose: 'verify_email', subject_id: account.userId, single_use: true });
    expect(link.token_hash).not.toBe(token);
    const ttl = new Date(link.expires_at).getTime() - new Date(link.created_at).getTime();
    expect(Math.abs(ttl - EMAIL_LINK_TTL_MS)).toBeLessThan(60_000);
    // On the urgent lane: a person is waiting for it.
    expect(verification?.queue).toBe('mail.send');

    const verified = await post('/api/auth/verify-email', { token });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ ok: true, message: EMAIL_VERIFICATION_MESSAGES.verified });
    expect(await me(account)).toMatchObject({ email_verified: true });
    // Single use: the same link again is refused, and changes nothing.
    const again = await post('/api/auth/verify-email', { token }, {}, freshAddress());
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: invalidLink });
  });

  it('refuses an expired link (400) and keeps the account unverified; a new one from Resend works', async () => {
    const account = await signUpAndLogIn(t, 'homeowner', { verified: false });
    const token = await emailLinkToken(t, account.email, '/verify-email');
    // 24 hours pass for this link.
    await t.db.db
      .updateTable('capabilities')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', tokenHash(token))
      .execute();
    const expired = await post('/api/auth/verify-email', { token }, {}, freshAddress());
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ error: invalidLink });
    expect(await me(account)).toMatchObject({ email_verified: false });

    const resent = await post('/api/auth/resend-verification', undefined, account.headers);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().message).toBe(EMAIL_VERIFICATION_MESSAGES.resent(account.email));
    const fresh = await emailLinkToken(t, account.email, '/verify-email');
    expect(fresh).not.toBe(token);
    expect((await post('/api/auth/verify-email', { token: fresh })).statusCode).toBe(200);
    expect(await me(account)).toMatchObject({ email_verified: true });
  });

  it('answers a missing or malformed token with the link messages, and limits wrong tokens per address (429)', async () => {
    const missing = await post('/api/auth/verify-email', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(EMAIL_VERIFICATION_MESSAGES.tokenRequired);
    const malformed = await post('/api/auth/verify-email', { token: 'not a token' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(invalidLink);

    const address = freshAddress();
    for (let guess = 0; guess < MAX_EMAIL_LINK_FAILURES_PER_ADDRESS; guess += 1) {
      const wrong = await post('/api/auth/verify-email', { token: `x${guess}`.padEnd(32, 'y') }, {}, address);
      expect(wrong.statusCode).toBe(400);
    }
    const limited = await post('/api/auth/verify-email', { token: 'z'.repeat(32) }, {}, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many invalid confirmation links\. Try again in/);
    // The confirm-email-change door shares the limit: a guess there is a guess too.
    expect(
      (await post('/api/auth/confirm-email-change', { token: 'z'.repeat(32) }, {}, address)).statusCode,
    ).toBe(429);
  });

  it('resends a few times an hour (then 429 with a clear message), each revoking the last; a confirmed address gets nothing', async () => {
    const account = await signUpAndLogIn(t, 'homeowner', { verified: false });
    const first = await emailLinkToken(t, account.email, '/verify-email');
    for (let resend = 0; resend < MAX_VERIFICATION_RESENDS_PER_HOUR; resend += 1) {
      expect((await post('/api/auth/resend-verification', undefined, account.headers)).statusCode).toBe(200);
    }
    const limited = await post('/api/auth/resend-verification', undefined, account.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many confirmation emails\. Try again in \d+ minutes?\.$/);
    // Every resend revoked the link before it: only the newest works.
    expect((await post('/api/auth/verify-email', { token: first }, {}, freshAddress())).statusCode).toBe(400);
    const newest = await emailLinkToken(t, account.email, '/verify-email');
    expect((await post('/api/auth/verify-email', { token: newest })).statusCode).toBe(200);

    const confirmed = await signUpAndLogIn(t);
    const before = (await queuedMailsTo(t, confirmed.email)).length;
    const answer = await post('/api/auth/resend-verification', undefined, confirmed.headers);
    expect(answer.json()).toEqual({ ok: true, message: EMAIL_VERIFICATION_MESSAGES.alreadyVerified });
    expect(await queuedMailsTo(t, confirmed.email)).toHaveLength(before);
    expect((await post('/api/auth/resend-verification')).statusCode).toBe(401);
  });

  it('keeps each link to its own account and its own purpose', async () => {
    const alice = await signUpAndLogIn(t, 'homeowner', { verified: false });
    const bob = await signUpAndLogIn(t, 'homeowner', { verified: false });
    const alicesLink = await emailLinkToken(t, alice.email, '/verify-email');
    // Bob, signed in, opening Alice's link confirms Alice's address (she proved her mailbox), never his.
    expect((await post('/api/auth/verify-email', { token: alicesLink }, bob.headers)).statusCode).toBe(200);
    expect(await me(alice)).toMatchObject({ email_verified: true });
    expect(await me(bob)).toMatchObject({ email_verified: false });

    // A confirmation link is not a change-of-address link, and the other way round.
    const bobsLink = await emailLinkToken(t, bob.email, '/verify-email');
    const asChange = await post('/api/auth/confirm-email-change', { token: bobsLink }, {}, freshAddress());
    expect(asChange.statusCode).toBe(400);
    expect(asChange.json()).toEqual({ error: invalidLink });
    const newAddress = `moved-${Date.now()}@example.co.za`;
    const asked = await post(
      '/api/auth/email',
      { newEmail: newAddress, currentPassword: PASSWORD },
      alice.headers,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const changeLink = await emailLinkToken(t, newAddress, '/confirm-email');
    const asVerify = await post('/api/auth/verify-email', { token: changeLink }, {}, freshAddress());
    expect(asVerify.statusCode).toBe(400);
    // Neither misuse used the links up.
    expect((await post('/api/auth/verify-email', { token: bobsLink })).statusCode).toBe(200);
    expect((await post('/api/auth/confirm-email-change', { token: changeLink })).statusCode).toBe(200);
    expect(await me(alice)).toMatchObject({ email: newAddress, email_verified: true });
  });

  it('changes the address only once the new one is confirmed; the old one is told; the account keeps signing in with the old until then', async () => {
    const account = await signUpAndLogIn(t);
    const newAddress = `new-${Date.now()}@example.co.za`;
    const wrong = await post(
      '/api/auth/email',
      { newEmail: newAddress, currentPassword: 'not it' },
      account.headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: WRONG_CURRENT_PASSWORD });
    const same = await post(
      '/api/auth/email',
      { newEmail: account.email.toUpperCase(), currentPassword: PASSWORD },
      account.headers,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ error: EMAIL_VERIFICATION_MESSAGES.sameAddress });
    const invalid = await post(
      '/api/auth/email',
      { newEmail: 'nope', currentPassword: PASSWORD },
      account.headers,
    );
    expect(invalid.statusCode).toBe(400);
    expect(await me(account)).toMatchObject({ email: account.email, pending_email: null });
    expect(await queuedMailsTo(t, newAddress)).toEqual([]);

    const asked = await post(
      '/api/auth/email',
      { newEmail: newAddress.toUpperCase(), currentPassword: PASSWORD },
      account.headers,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(EMAIL_VERIFICATION_MESSAGES.changeRequested(newAddress));
    expect(await me(account)).toMatchObject({
      email: account.email,
      email_verified: true,
      pending_email: newAddress,
    });
    const toOld = await queuedMailsTo(t, account.email);
    expect(toOld.at(-1)?.subject).toBe('A new email address was asked for your PropertyDNA account');
    expect(toOld.at(-1)?.text).toContain(newAddress);
    // Until it is confirmed, the old address signs in and the new one does not.
    expect((await login(account.email)).statusCode).toBe(200);
    expect((await login(newAddress)).statusCode).toBe(401);

    const token = await emailLinkToken(t, newAddress, '/confirm-email');
    expect((await capabilityOf(token)).purpose).toBe('change_email');
    const confirmed = await post('/api/auth/confirm-email-change', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(EMAIL_VERIFICATION_MESSAGES.changed(newAddress));
    expect(await me(account)).toMatchObject({ email: newAddress, email_verified: true, pending_email: null });
    expect((await queuedMailsTo(t, account.email)).at(-1)?.subject).toBe(
      'Your PropertyDNA email address was changed',
    );
    expect((await login(newAddress)).statusCode).toBe(200);
    expect((await login(account.email)).statusCode).toBe(401);
    // Single use.
    expect((await post('/api/auth/confirm-email-change', { token }, {}, freshAddress())).statusCode).toBe(
      400,
    );
  });

  it('answers a change to an address another account uses exactly as any other, and mails that address nothing', async () => {
    const account = await signUpAndLogIn(t);
    const other = await signUpAndLogIn(t);
    const mailsBefore = (await queuedMailsTo(t, other.email)).length;
    const taken = await post(
      '/api/auth/email',
      { newEmail: other.email, currentPassword: PASSWORD },
      account.headers,
    );
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({
      ok: true,
      message: EMAIL_VERIFICATION_MESSAGES.changeRequested(other.email),
    });
    expect(await me(account)).toMatchObject({ email: account.email, pending_email: other.email });
    expect(await queuedMailsTo(t, other.email)).toHaveLength(mailsBefore);
    const live = await t.db.db
      .selectFrom('capabilities')
      .select('id')
      .where('purpose', '=', 'change_email')
      .where('subject_id', '=', account.userId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });

  it('refuses a change of address for a demo account', async () => {
    await prepareDemoTemplates(t.db.db, t.store);
    const demo = await post('/api/auth/demo', { account: 'owner' });
    expect(demo.json().user.email_verified).toBe(true);
    const headers = { authorization: `Bearer ${demo.json().token}` };
    const refused = await post(
      '/api/auth/email',
      { newEmail: 'me@example.co.za', currentPassword: 'anything' },
      headers,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: EMAIL_VERIFICATION_MESSAGES.demo });
  });

  it('confirms the address with a password reset through the mailed link', async () => {
    const account = await signUpAndLogIn(t, 'homeowner', { verified: false });
    expect(
      (await post('/api/auth/forgot-password', { email: account.email }, {}, freshAddress())).statusCode,
    ).toBe(200);
    const resetMail = (await queuedMailsTo(t, account.email)).find(
      (mail) => mail.subject === 'Reset your PropertyDNA password',
    );
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(resetMail?.text ?? '')?.[1];
    const reset = await post('/api/auth/reset-password', { token, password: 'another long password' });
    expect(reset.statusCode, reset.body).toBe(200);
    const session = await login(account.email, 'another long password');
    expect(session.json().user.email_verified).toBe(true);
  });

  it('does not match an unconfirmed supplier to a vendor invite by its address; once confirmed, it does', async () => {
    const supplier = await signUpAndLogIn(t, 'supplier', { verified: false });
    const owner = await httpOwner(t, origin, { plan: 'premium' });
    const property = await owner.call('POST', '/api/properties', {
      name: 'Invite House',
      address: '3 Invite Road, Gardens',
      municipality: 'CPT',
      parcel_id: `E${Math.random().toString(36).slice(2, 8)}`,
    });
    expect(property.statusCode, property.body).toBe(201);
    const invited = await owner.call('POST', '/api/vendors/invite', {
      name: 'Sipho Dlamini',
      email: supplier.email,
      company: 'Cape Roofing CC',
      propertyId: property.json().id,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const inviteToken = new URL(invited.json().invite.url).pathname.replace('/invite/', '');
    const view = () =>
      t.app.inject({ method: 'GET', url: `/api/invites/${inviteToken}`, headers: supplier.headers });
    expect((await view()).json().uploading_as).toBeNull();
    await verifyEmailOf(t, supplier.email);
    expect((await view()).json().uploading_as).toBe('Cape Roofing CC');
  });

  it('sends no digest (and no test digest) to an unconfirmed address; once confirmed, it does', async () => {
    const owner = await httpOwner(t, origin, { plan: 'premium', verified: false });
    const property = await owner.call('POST', '/api/properties', {
      name: 'Digest House',
      address: '4 Digest Road',
      municipality: 'CPT',
      parcel_id: `D${Math.random().toString(36).slice(2, 8)}`,
    });
    expect(property.statusCode, property.body).toBe(201);
    const yesterday = formatDateOnly(
      calendarDateOf(dayNumberOf(parseDateOnly(johannesburgToday(new Date()))) - 1),
    );
    const task = await owner.call('POST', '/api/maintenance', {
      propertyId: property.json().id,
      title: 'Clean the gutters',
      description: 'Before the rains',
      frequency: 'annually',
      priority: 'low',
      next_due: yesterday,
      assigned_to: null,
    });
    expect(task.statusCode, task.body).toBe(201);
    const digests = async () =>
      (await queuedMailsTo(t, owner.email)).filter((mail) => /^(PropertyDNA:|Test:) /.test(mail.subject));

    await sendDailyDigests(t.services, silentLogger);
    expect(await digests()).toEqual([]);
    const test = await owner.call('POST', '/api/notifications/test', {});
    expect(test.statusCode).toBe(403);
    expect(test.json()).toEqual({ error: EMAIL_VERIFICATION_MESSAGES.required(owner.email) });
    expect(await digests()).toEqual([]);

    await verifyEmailOf(t, owner.email);
    await sendDailyDigests(t.services, silentLogger);
    expect(await digests()).toHaveLength(1);
  });

  it('lets an unconfirmed account use its own vault', async () => {
    const owner = await httpOwner(t, origin, { plan: 'premium', verified: false });
    const created = await owner.call('POST', '/api/properties', {
      name: 'Own House',
      address: '5 Own Road',
      municipality: 'CPT',
      parcel_id: `O${Math.random().toString(36).slice(2, 8)}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await owner.call('GET', '/api/properties')).statusCode).toBe(200);
  });
});
