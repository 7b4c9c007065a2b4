import fs from 'node:fs/promises';
import path from 'node:path';
import { PASSWORD_RESET_MESSAGES, SIGNUP_MESSAGES } from '@propertydna/domain';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailJobs } from '../src/mail/mail-job.js';
import { prepareDemoTemplates } from '../src/modules/demo/seed.js';
import { testAddress } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/app.js';
import { databaseKind } from './support/database.js';

type Json = Record<string, unknown>;
const PASSWORD = 'correct horse battery';

describe(`account protection and password reset (${databaseKind})`, () => {
  let t: TestApp;
  let n = 0;
  const uniqueEmail = (prefix: string) => `${prefix}${++n}@example.co.za`;

  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'https://app.propertydna.test' });
    await prepareDemoTemplates(t.db.db, t.store);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (
    url: string,
    payload: Json,
    remoteAddress = '10.0.0.1',
    headers: Record<string, string> = {},
  ) => t.app.inject({ method: 'POST', url, payload, remoteAddress, headers });
  const signup = (email: string, remoteAddress = testAddress(1000 + ++n)) =>
    post(
      '/api/auth/signup',
      { firstName: 'Thandi', lastName: 'Nkosi', email, password: PASSWORD, userType: 'homeowner' },
      remoteAddress,
    );
  const login = (email: string, password: string, remoteAddress = '10.0.0.1') =>
    post('/api/auth/login', { email, password }, remoteAddress);

  /** Sends what the queue holds, then answers every mail in the outbox (oldest first). */
  async function outbox(): Promise<(ParsedMail & { file: string })[]> {
    await t.services.jobs.runQueued(mailJobs);
    const dir = path.join(t.dataDir, 'outbox');
    const files = (await fs.readdir(dir).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();
    return Promise.all(
      files.map(async (file) => ({ ...(await simpleParser(await fs.readFile(path.join(dir, file)))), file })),
    );
  }
  const mailsTo = async (email: string) =>
    (await outbox()).filter((mail) => (mail.to && 'text' in mail.to ? mail.to.text : '') === email);
  /** The latest reset mail to `email` (urgent mail is written ahead of the welcome queued before it). */
  const lastResetTo = async (email: string) =>
    (await mailsTo(email))
      .filter((mail) => mail.subject === 'Reset your PropertyDNA password')
      .at(-1) as ParsedMail;
  const resetLinkIn = (mail: ParsedMail) => {
    const match = /https:\/\/app\.propertydna\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(
      mail.text ?? '',
    );
    if (!match?.[1]) throw new Error(`no reset link in: ${mail.text}`);
    return match[1];
  };

  describe('mails of an account', () => {
    it('welcomes a new user by name, naming the product', async () => {
      const email = uniqueEmail('welcome');
      expect((await signup(email)).statusCode).toBe(201);
      const mail = (await mailsTo(email)).find((m) => m.subject === 'Welcome to PropertyDNA');
      expect(mail).toBeDefined();
      expect(mail?.text).toContain('Hi Thandi,');
      expect(mail?.html).toContain('PropertyDNA');
      expect(mail?.text).toContain('https://app.propertydna.test/login');
    });
  });

  describe('password reset', () => {
    it('answers the same for an unknown email, and mails nobody', async () => {
      const before = (await outbox()).length;
      const res = await post('/api/auth/forgot-password', { email: 'nobody-here@example.co.za' }, '10.9.0.1');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, message: PASSWORD_RESET_MESSAGES.requested });
      expect((await outbox()).length).toBe(before);
    });

    it('mails a link that sets a new password once, ends every session, and never works again', async () => {
      const email = uniqueEmail('reset');
      await signup(email);
      const session = (await login(email, PASSWORD)).json().token as string;
      const asked = await post('/api/auth/forgot-password', { email: email.toUpperCase() }, '10.9.0.2');
      expect(asked.json()).toEqual({ ok: true, message: PASSWORD_RESET_MESSAGES.requested });
      const mail = (await mailsTo(email)).find((m) => m.subject === 'Reset your PropertyDNA password');
      expect(mail).toBeDefined();
      const token = resetLinkIn(mail as ParsedMail);
      expect(mail?.html).toContain(`reset-password?token=${token}`);
      // Only the token's hash is kept.
      const stored = await t.db.db.selectFrom('capabilities').select('token_hash').execute();
      expect(JSON.stringify(stored)).not.toContain(token);

      const reset = await post(
        '/api/auth/reset-password',
        { token, password: 'a brand new password' },
        '10.9.0.2',
      );
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ ok: true, message: PASSWORD_RESET_MESSAGES.done });
      // Every session ended; the old password fails, the new one works.
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${session}` },
      });
      expect(me.statusCode).toBe(401);
      expect((await login(email, PASSWORD)).statusCode).toBe(401);
      expect((await login(email, 'a brand new password')).statusCode).toBe(200);
      // The user is told.
      expect((await mailsTo(email)).map((m) => m.subject)).toContain('Your PropertyDNA password was changed');

      const again = await post(
        '/api/auth/reset-password',
        { token, password: 'yet another password' },
        '10.9.0.2',
      );
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
      expect((await login(email, 'a brand new password')).statusCode).toBe(200);
    });

    it('uses one link of two sent at once exactly once', async () => {
      const email = uniqueEmail('race');
      await signup(email);
      await post('/api/auth/forgot-password', { email }, '10.9.0.3');
      const token = resetLinkIn(await lastResetTo(email));
      const answers = await Promise.all(
        ['first password here', 'second password here'].map((password) =>
          post('/api/auth/reset-password', { token, password }, '10.9.0.3'),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    });

    it('revokes the earlier link when a new one is asked for', async () => {
      const email = uniqueEmail('twice');
      await signup(email);
      await post('/api/auth/forgot-password', { email }, '10.9.0.4');
      const first = resetLinkIn(await lastResetTo(email));
      await post('/api/auth/forgot-password', { email }, '10.9.0.4');
      const second = resetLinkIn(await lastResetTo(email));
      expect(second).not.toBe(first);
      expect(
        (await post('/api/auth/reset-password', { token: first, password: 'new password one' })).statusCode,
      ).toBe(400);
      expect(
        (await post('/api/auth/reset-password', { token: second, password: 'new password two' })).statusCode,
      ).toBe(200);
    });

    it('revokes every earlier reset link when the password is changed, as a reset does', async () => {
      const email = uniqueEmail('changed');
      await signup(email);
      await post('/api/auth/forgot-password', { email }, '10.9.0.9');
      const token = resetLinkIn(await lastResetTo(email));
      const session = (await login(email, PASSWORD)).json().token as string;
      const other = (await login(email, PASSWORD)).json().token as string;
      const changed = await post(
        '/api/auth/password',
        { currentPassword: PASSWORD, newPassword: 'the changed password' },
        '10.0.0.1',
        { authorization: `Bearer ${session}` },
      );
      expect(changed.statusCode).toBe(200);
      // The link mailed before the change sets nothing: whoever read that mail cannot undo the change.
      const late = await post('/api/auth/reset-password', { token, password: 'an attacker password' });
      expect(late.statusCode).toBe(400);
      expect(late.json().error).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
      const link = await t.db.db
        .selectFrom('capabilities as c')
        .innerJoin('users as u', 'u.id', 'c.subject_id')
        .select(['c.revoked_at', 'c.used_at'])
        .where('c.purpose', '=', 'password_reset')
        .where('u.email', '=', email)
        .executeTakeFirstOrThrow();
      expect(link.revoked_at).not.toBeNull();
      expect(link.used_at).toBeNull();
      expect((await login(email, 'an attacker password')).statusCode).toBe(401);
      expect((await login(email, 'the changed password')).statusCode).toBe(200);
      // As before: the other sessions ended, the one that changed it stays.
      const me = (token: string) =>
        t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect((await me(other)).statusCode).toBe(401);
      expect((await me(session)).statusCode).toBe(200);
      // A link asked for after the change works.
      await post('/api/auth/forgot-password', { email }, '10.9.0.9');
      const fresh = resetLinkIn(await lastResetTo(email));
      expect(
        (await post('/api/auth/reset-password', { token: fresh, password: 'reset after change' })).statusCode,
      ).toBe(200);
    });

    it('refuses an expired link', async () => {
      const email = uniqueEmail('expired');
      await signup(email);
      await post('/api/auth/forgot-password', { email }, '10.9.0.5');
      const token = resetLinkIn(await lastResetTo(email));
      await t.db.db
        .updateTable('capabilities')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('purpose', '=', 'password_reset')
        .execute();
      const res = await post('/api/auth/reset-password', { token, password: 'too late password' });
      expect(res.statusCode).toBe(400);
      expect((await login(email, PASSWORD)).statusCode).toBe(200);
    });

    it('holds the new password to the signup rules and keeps the link', async () => {
      const email = uniqueEmail('rules');
      await signup(email);
      await post('/api/auth/forgot-password', { email }, '10.9.0.6');
      const token = resetLinkIn(await lastResetTo(email));
      const short = await post('/api/auth/reset-password', { token, password: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().error).toBe('Password must be at least 8 characters');
      expect(
        (await post('/api/auth/reset-password', { token, password: 'long enough now' })).statusCode,
      ).toBe(200);
    });

    it('answers the tRPC door the same', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/trpc/auth.forgotPassword',
        payload: { email: 'someone@example.co.za' },
        remoteAddress: '10.9.0.7',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().result.data).toEqual({ ok: true, message: PASSWORD_RESET_MESSAGES.requested });
    });

    it('sends no link for a demo account', async () => {
      const demo = await post('/api/auth/demo', { account: 'owner' }, '10.9.0.9');
      const email = demo.json().user.email;
      await post('/api/auth/forgot-password', { email }, '10.9.0.8');
      expect(await mailsTo(email)).toEqual([]);
    });

    it('limits requests per email (5 an hour) and per address (20 an hour)', async () => {
      const email = uniqueEmail('flood');
      for (let i = 0; i < 5; i++) {
        expect((await post('/api/auth/forgot-password', { email }, `10.8.1.${i}`)).statusCode).toBe(200);
      }
      const refused = await post('/api/auth/forgot-password', { email }, '10.8.1.99');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatch(/Too many password reset requests/);
      for (let i = 0; i < 20; i++) {
        expect(
          (await post('/api/auth/forgot-password', { email: `x${i}-${email}` }, '10.8.2.1')).statusCode,
        ).toBe(200);
      }
      expect((await post('/api/auth/forgot-password', { email: `y-${email}` }, '10.8.2.1')).statusCode).toBe(
        429,
      );
    });

    it('limits wrong reset tokens per address (20 in 15 minutes)', async () => {
      for (let i = 0; i < 20; i++) {
        const res = await post(
          '/api/auth/reset-password',
          { token: `guess${i}`, password: 'whatever password' },
          '10.8.3.1',
        );
        expect(res.statusCode).toBe(400);
      }
      const refused = await post(
        '/api/auth/reset-password',
        { token: 'guess-more', password: 'whatever password' },
        '10.8.3.1',
      );
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('sign-in protection', () => {
    it('answers the 11th failure of one email from one address with 429, but not from another address', async () => {
      const email = uniqueEmail('target');
      await signup(email);
      for (let i = 0; i < 10; i++)
        expect((await login(email, `wrong-${i}`, '10.1.1.1')).statusCode).toBe(401);
      const blocked = await login(email, PASSWORD, '10.1.1.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toMatch(/^Too many failed sign-in attempts. Try again in \d+ minutes?\.$/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      // The owner, elsewhere, is not locked out by someone who knows the email.
      expect((await login(email, PASSWORD, '10.2.2.2')).statusCode).toBe(200);
    });

    it('never locks out the people behind one busy address', async () => {
      for (let i = 0; i < 120; i++) {
        expect((await login(`nobody${i}@example.co.za`, 'wrong', '10.3.3.3')).statusCode).toBe(401);
      }
      const email = uniqueEmail('office');
      await signup(email);
      expect((await login(email, PASSWORD, '10.3.3.3')).statusCode).toBe(200);
    });

    it('hears at most 10 wrong passwords for one email and address even when they all arrive at once', async () => {
      const email = uniqueEmail('burst');
      await signup(email);
      const answers = await Promise.all(
        Array.from({ length: 15 }, (_, i) => login(email, `guess-${i}`, '10.5.5.5')),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    });

    it('slows guessing across many addresses with a growing delay, and tells the owner once', async () => {
      const email = uniqueEmail('spread');
      await signup(email);
      for (let i = 0; i < 20; i++)
        expect((await login(email, `wrong-${i}`, `10.7.0.${i}`)).statusCode).toBe(401);
      // From the 21st, each guess must wait for the delay, from any address.
      const slowed = await login(email, 'wrong-again', '10.7.1.1');
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().error).toMatch(/for this account/);
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(60);
      const notices = (await mailsTo(email)).filter(
        (m) => m.subject === 'Failed sign-ins to your PropertyDNA account',
      );
      expect(notices).toHaveLength(1);
      expect(notices[0]?.text).toContain('20 failed sign-in attempts');
      // A wait that has passed lets the next guess be heard: simulate the time by ageing the counts.
      await t.db.db
        .updateTable('attempts')
        .set({ created_at: new Date(Date.now() - 5 * 60 * 1000) })
        .where('key', '=', email)
        .execute();
      expect((await login(email, PASSWORD, '10.7.1.1')).statusCode).toBe(200);
    });
  });

  describe('sign-up with an address that has an account', () => {
    const NOTICE = 'Someone tried to sign up with your PropertyDNA address';
    const CONFIRM = 'Confirm your PropertyDNA email address';
    const count = async (table: 'users' | 'organizations') =>
      Number(
        (
          await t.db.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('answers exactly as a new sign-up, changes nothing, and mails the owner instead', async () => {
      const email = uniqueEmail('taken');
      const fresh = await signup(email);
      expect(fresh.statusCode).toBe(201);
      const [users, organizations] = [await count('users'), await count('organizations')];
      const again = await post(
        '/api/auth/signup',
        {
          firstName: 'Mallory',
          lastName: 'Other',
          email: email.toUpperCase(),
          password: 'the intruder password',
          userType: 'supplier',
          company: 'Intruder CC',
          registrationNumber: '2020/000000/07',
          specialties: 'Roofing',
          businessAddress: '1 Long Street',
        },
        testAddress(1900),
      );
      // The same status and the same body: nothing tells a taken address from a free one.
      expect(again.statusCode).toBe(fresh.statusCode);
      expect(again.json()).toEqual(fresh.json());
      expect(again.json()).toEqual({ ok: true, message: SIGNUP_MESSAGES.created.message });
      expect(again.headers['set-cookie']).toBeUndefined();
      expect([await count('users'), await count('organizations')]).toEqual([users, organizations]);
      expect((await login(email, 'the intruder password')).statusCode).toBe(401);
      expect((await login(email, PASSWORD)).statusCode).toBe(200);
      // The owner gets one welcome and one confirmation link (their own sign-up) and one notice, which
      // names no detail of the attempt.
      const mails = await mailsTo(email);
      expect(mails.map((m) => m.subject).sort()).toEqual([CONFIRM, NOTICE, 'Welcome to PropertyDNA']);
      const notice = mails.find((m) => m.subject === NOTICE);
      expect(notice?.text).toContain('Hi Thandi,');
      expect(notice?.text).toContain('https://app.propertydna.test/login');
      expect(notice?.text).toContain('https://app.propertydna.test/forgot-password');
      expect(notice?.html).toContain('href="https://app.propertydna.test/login"');
      expect(notice?.text).not.toContain('Mallory');
      expect(notice?.text).not.toContain('Intruder');
    });

    it('answers the tRPC door the same for a new and a taken address', async () => {
      const email = uniqueEmail('trpc-taken');
      const body = {
        firstName: 'Thandi',
        lastName: 'Nkosi',
        email,
        password: PASSWORD,
        userType: 'homeowner',
      };
      const call = (remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/trpc/auth.signup', payload: body, remoteAddress });
      const fresh = await call(testAddress(1901));
      const taken = await call(testAddress(1902));
      expect([fresh.statusCode, taken.statusCode]).toEqual([200, 200]);
      expect(taken.json()).toEqual(fresh.json());
      expect(fresh.json().result.data).toEqual({ ok: true, message: SIGNUP_MESSAGES.created.message });
    });

    it('tells the owner at most once an hour, however often the address is tried', async () => {
      const email = uniqueEmail('tried');
      await signup(email);
      for (let i = 0; i < 3; i++) expect((await signup(email, testAddress(1910 + i))).statusCode).toBe(201);
      expect((await mailsTo(email)).filter((m) => m.subject === NOTICE)).toHaveLength(1);
    });

    it('counts a sign-up with a taken address against the limit of its network, like any other', async () => {
      const email = uniqueEmail('limit-taken');
      await signup(email);
      for (let i = 0; i < 19; i++) await signup(uniqueEmail('limit-other'), '10.6.7.1');
      expect((await signup(email, '10.6.7.1')).statusCode).toBe(201);
      const refused = await signup(email, '10.6.7.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatch(/Too many sign-ups from your network/);
    });

    it('answers two sign-ups of one new address at once alike: one account, one welcome, one notice', async () => {
      const email = uniqueEmail('together');
      const answers = await Promise.all([signup(email), signup(email)]);
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
      expect(answers[0]?.json()).toEqual(answers[1]?.json());
      const row = await t.db.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(1);
      expect((await mailsTo(email)).map((m) => m.subject).sort()).toEqual([
        CONFIRM,
        NOTICE,
        'Welcome to PropertyDNA',
      ]);
    });
  });

  describe('sign-up limit', () => {
    it('allows 20 sign-ups an hour from one address', async () => {
      for (let i = 0; i < 20; i++)
        expect((await signup(uniqueEmail('many'), '10.6.6.6')).statusCode).toBe(201);
      const refused = await signup(uniqueEmail('many'), '10.6.6.6');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatch(/Too many sign-ups from your network/);
      expect((await signup(uniqueEmail('many'), '10.6.6.7')).statusCode).toBe(201);
    });
  });
});
