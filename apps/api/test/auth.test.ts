import { SIGNUP_FIELD_MESSAGES, SIGNUP_MESSAGES } from '@propertydna/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionKey } from '../src/auth/session-adapter.js';
import { testAddress } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';

type Json = Record<string, unknown>;

const homeowner = {
  firstName: 'Thandi',
  lastName: 'Nkosi',
  email: 'thandi@example.co.za',
  password: 'correct horse battery',
  userType: 'homeowner',
  company: '',
  phoneNumber: '',
  agreeToMarketing: false,
};

describe(`accounts and sessions (${databaseKind})`, () => {
  let t: TestApp;
  let emailCounter = 0;
  const uniqueEmail = (prefix = 'user') => `${prefix}${++emailCounter}@example.co.za`;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (
    url: string,
    payload: Json,
    headers: Record<string, string> = {},
    remoteAddress = '10.0.0.1',
  ) => t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
  let signups = 0;
  // Each sign-up from its own address (one address may sign up 20 accounts an hour; tested apart).
  const signup = (body: Json) => post('/api/auth/signup', body, {}, testAddress(++signups));
  const login = (email: string, password: string, remoteAddress?: string) =>
    post('/api/auth/login', { email, password }, {}, remoteAddress);
  /** Signs up (201, the one answer every sign-up gets) and answers the account as its first sign-in shows it. */
  const signedUp = async (body: Json) => {
    const res = await signup(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ ok: true, message: SIGNUP_MESSAGES.created.message });
    const session = await login(String(body.email), String(body.password));
    expect(session.statusCode).toBe(200);
    return session.json();
  };

  describe('signup', () => {
    it('creates a homeowner with a personal organisation (201)', async () => {
      const res = await signup({ ...homeowner, email: 'Thandi@Example.co.za' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ ok: true, message: SIGNUP_MESSAGES.created.message });
      expect(JSON.stringify(res.json())).not.toContain('argon2');
      const body = (await login(homeowner.email, homeowner.password)).json();
      expect(body.user).toMatchObject({
        email: 'thandi@example.co.za',
        firstName: 'Thandi',
        userType: 'homeowner',
      });
      expect(body.organization).toMatchObject({
        name: 'Thandi Nkosi',
        accountType: 'individual',
        plan: 'free',
      });
      expect(body.user.password_hash).toBeUndefined();
      expect(JSON.stringify(body)).not.toContain('argon2');
    });

    it('answers the same email in any case as a new sign-up (no 409 to tell it is taken) and changes nothing', async () => {
      const before = await t.db.db
        .selectFrom('users')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      const res = await signup({ ...homeowner, email: 'THANDI@example.CO.ZA', password: 'another password' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ ok: true, message: SIGNUP_MESSAGES.created.message });
      expect((await login(homeowner.email, 'another password')).statusCode).toBe(401);
      const after = await t.db.db
        .selectFrom('users')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('keeps a company account with its registration details', async () => {
      const me = await signedUp({
        ...homeowner,
        email: uniqueEmail('investor'),
        userType: 'company_investor',
        company: 'Karoo Holdings (Pty) Ltd',
        registrationNumber: '2015/000001/07',
        companyType: 'Private company',
        vatNumber: '4123456789',
      });
      expect(me.organization).toMatchObject({
        name: 'Karoo Holdings (Pty) Ltd',
        accountType: 'company',
        registrationNumber: '2015/000001/07',
        companyType: 'Private company',
        vatNumber: '4123456789',
      });
    });

    it('keeps a supplier company with its specialties, trading name and address', async () => {
      const me = await signedUp({
        ...homeowner,
        email: uniqueEmail('supplier'),
        userType: 'supplier',
        company: 'Cape Roofing CC',
        registrationNumber: '2010/111111/23',
        specialties: 'Roofing, Waterproofing , roofing',
        businessAddress: '1 Main Road, Observatory, Cape Town',
        tradingAs: 'CapeRoof',
      });
      expect(me.organization).toMatchObject({
        name: 'Cape Roofing CC',
        tradingAs: 'CapeRoof',
        businessAddress: '1 Main Road, Observatory, Cape Town',
      });
      expect(me.organization.specialties.length).toBeGreaterThan(0);
    });

    const m = SIGNUP_FIELD_MESSAGES;
    const missing: [string, Json, string][] = [
      ['first name', { firstName: '' }, m.firstNameRequired],
      ['last name', { lastName: '' }, m.lastNameRequired],
      ['email', { email: '' }, 'Email is required'],
      ['email format', { email: 'not-an-email' }, 'Enter a valid email address'],
      ['short password', { password: 'short' }, m.passwordTooShort],
      [
        'company name for a company account',
        { userType: 'property_manager', company: '' },
        m.companyRequired,
      ],
      [
        'registration number for a company investor',
        { userType: 'company_investor', company: 'X', companyType: 'Trust' },
        m.registrationNumberRequired,
      ],
      [
        'company type for a company investor',
        { userType: 'company_investor', company: 'X', registrationNumber: '2015/123456/07' },
        m.companyTypeRequired,
      ],
      [
        'registration number for a supplier',
        { userType: 'supplier', company: 'X', specialties: ['Roofing'], businessAddress: 'A' },
        m.registrationNumberRequired,
      ],
      [
        'specialties for a supplier',
        { userType: 'supplier', company: 'X', registrationNumber: '2015/123456/07', businessAddress: 'A' },
        m.specialtiesRequired,
      ],
      [
        'business address for a supplier',
        {
          userType: 'supplier',
          company: 'X',
          registrationNumber: '2015/123456/07',
          specialties: ['Roofing'],
        },
        m.businessAddressRequired,
      ],
      ['a Coming Soon role (developer)', { userType: 'developer', company: 'X' }, m.comingSoon],
      ['a Coming Soon role (main contractor)', { userType: 'main_contractor', company: 'X' }, m.comingSoon],
      ['a Coming Soon role (insurance agent)', { userType: 'insurance_agent', company: 'X' }, m.comingSoon],
      ['a role outside the account type', { userType: 'homeowner', accountType: 'company' }, m.wrongGroup],
    ];
    for (const [what, change, message] of missing) {
      it(`refuses a signup without ${what}: 400 '${message}', nothing created`, async () => {
        const email = uniqueEmail('bad');
        const res = await signup({ ...homeowner, email, ...change });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(message);
        expect(
          await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
        ).toBeUndefined();
      });
    }

    it('refuses an unknown role with 400', async () => {
      const res = await signup({ ...homeowner, email: uniqueEmail('bad'), userType: 'admin' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    });

    it('answers the same through tRPC', async () => {
      const email = uniqueEmail('trpc');
      const res = await t.app.inject({
        method: 'POST',
        url: '/trpc/auth.signup',
        payload: { ...homeowner, email, userType: 'investor' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().result.data).toEqual({ ok: true, message: SIGNUP_MESSAGES.created.message });
      expect((await login(email, homeowner.password)).json().user.userType).toBe('investor');
    });

    it('stores only an argon2id hash of the password', async () => {
      const row = await t.db.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', 'thandi@example.co.za')
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.password_hash).not.toContain(homeowner.password);
    });
  });

  describe('login, me, logout', () => {
    it('answers token, user and organisation, and sets an HttpOnly SameSite=Lax cookie', async () => {
      const res = await login('THANDI@example.co.za', homeowner.password);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.token).toMatch(/^[a-z0-9]{40}$/);
      expect(body.user.userType).toBe('homeowner');
      expect(body.organization.name).toBe('Thandi Nkosi');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toContain(`auth_session=${body.token}`);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i);
    });

    it('marks the cookie Secure behind https', async () => {
      const secure = await createTestApp({ TRUST_PROXY: 'true' });
      try {
        await secure.app.inject({ method: 'POST', url: '/api/auth/signup', payload: homeowner });
        const res = await secure.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: homeowner.email, password: homeowner.password },
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(String(res.headers['set-cookie'])).toMatch(/; Secure/i);
      } finally {
        await secure.close();
      }
    });

    it('answers 401 Invalid email or password for a wrong password and for an unknown email alike', async () => {
      const wrong = await login(homeowner.email, 'wrong password!', '10.9.9.1');
      const unknown = await login('nobody@example.co.za', 'wrong password!', '10.9.9.1');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: 'Invalid email or password' });
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('answers empty fields with the spec message', async () => {
      for (const body of [
        { email: '', password: '' },
        { email: homeowner.email, password: '' },
        { email: '', password: 'x' },
      ]) {
        const res = await post('/api/auth/login', body);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(
          'Missing credentials: Please enter email and password or use demo accounts',
        );
      }
    });

    it('GET /api/auth/me works with the Bearer token and with the cookie, and is 401 without', async () => {
      const { token } = (await login(homeowner.email, homeowner.password)).json();
      const bearer = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(bearer.statusCode).toBe(200);
      expect(bearer.json().user.email).toBe(homeowner.email);
      const cookie = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        cookies: { auth_session: token },
      });
      expect(cookie.statusCode).toBe(200);
      expect(cookie.json()).toEqual(bearer.json());
      const none = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
      expect(none.statusCode).toBe(401);
      const bad = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: 'Bearer nope' },
      });
      expect(bad.statusCode).toBe(401);
    });

    it('logout ends the session on the server', async () => {
      const { token } = (await login(homeowner.email, homeowner.password)).json();
      const out = await post('/api/auth/logout', {}, { authorization: `Bearer ${token}` });
      expect(out.statusCode).toBe(200);
      expect(String(out.headers['set-cookie'])).toMatch(/auth_session=;/);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode).toBe(401);
    });

    it('refuses a cookie-authenticated state change from another origin, but not a Bearer one', async () => {
      const { token } = (await login(homeowner.email, homeowner.password)).json();
      const foreign = await post(
        '/api/auth/logout',
        {},
        { cookie: `auth_session=${token}`, origin: 'https://evil.example' },
      );
      expect(foreign.statusCode).toBe(403);
      const noOrigin = await post('/api/auth/logout', {}, { cookie: `auth_session=${token}` });
      expect(noOrigin.statusCode).toBe(403);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { auth_session: token } });
      expect(me.statusCode).toBe(200);
      const own = await post(
        '/api/auth/logout',
        {},
        { cookie: `auth_session=${token}`, origin: 'http://localhost:3000', host: 'localhost:3000' },
      );
      expect(own.statusCode).toBe(200);
    });

    it('slides: a session used in its second half is extended to 30 days, and its cookie renewed', async () => {
      const { token } = (await login(homeowner.email, homeowner.password)).json();
      const soon = new Date(Date.now() + 10 * 86_400_000);
      await t.db.db
        .updateTable('sessions')
        .set({ expires_at: soon })
        .where('id', '=', sessionKey(token))
        .execute();
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { auth_session: token } });
      expect(me.statusCode).toBe(200);
      expect(String(me.headers['set-cookie'])).toContain(`auth_session=${token}`);
      const row = await t.db.db
        .selectFrom('sessions')
        .select('expires_at')
        .where('id', '=', sessionKey(token))
        .executeTakeFirstOrThrow();
      expect(Math.round((new Date(row.expires_at).getTime() - Date.now()) / 86_400_000)).toBe(30);
      await t.db.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', sessionKey(token))
        .execute();
      const expired = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        cookies: { auth_session: token },
      });
      expect(expired.statusCode).toBe(401);
    });

    it('stores no usable session id and no password', async () => {
      const { token } = (await login(homeowner.email, homeowner.password)).json();
      const sessions = await t.db.db.selectFrom('sessions').selectAll().execute();
      expect(sessions.some((s) => s.id === token)).toBe(false);
      expect(sessions.some((s) => s.id === sessionKey(token))).toBe(true);
      const users = await t.db.db.selectFrom('users').select('password_hash').execute();
      expect(users.every((u) => u.password_hash.startsWith('$argon2id$'))).toBe(true);
    });
  });
});
