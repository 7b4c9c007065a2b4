import type { TestApp } from './app.js';
import { emailLinkToken } from './outbox.js';

let counter = 0;

/** A distinct client address for the n-th test request that must not share a limit with the others. */
export const testAddress = (n: number) =>
  `10.${200 + Math.floor(n / 62500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;

export interface TestAccount {
  email: string;
  token: string;
  userId: string;
  organizationId: string;
  headers: { authorization: string };
}

const SUPPLIER_FIELDS = {
  company: 'Cape Roofing CC',
  registrationNumber: '2010/111111/23',
  specialties: 'Roofing',
  businessAddress: '1 Main Road, Cape Town',
};

/**
 * Opens the confirmation link mailed to `email` (read from the mail queue, not delivered) through
 * POST /api/auth/verify-email, as its owner would.
 */
export async function verifyEmailOf(t: TestApp, email: string, remoteAddress = '127.0.0.1'): Promise<void> {
  const token = await emailLinkToken(t, email, '/verify-email');
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    remoteAddress,
    payload: { token },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
}

/**
 * Signs up a fresh account through the API (Premium unless told otherwise), confirms its address with
 * the mailed link (unless `verified: false`) and logs it in.
 */
export async function signUpAndLogIn(
  t: TestApp,
  userType: 'homeowner' | 'supplier' = 'homeowner',
  { plan = 'premium', verified = true }: { plan?: 'free' | 'premium'; verified?: boolean } = {},
): Promise<TestAccount> {
  const email = `${userType}-${process.pid}-${++counter}@example.co.za`;
  const password = 'a long password';
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    // Each from its own address: one address may sign up 20 accounts an hour.
    remoteAddress: testAddress(counter),
    payload: {
      firstName: 'Naledi',
      lastName: 'Mokoena',
      email,
      password,
      userType,
      ...(userType === 'supplier' ? SUPPLIER_FIELDS : {}),
    },
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  if (verified) await verifyEmailOf(t, email, testAddress(counter));
  // Sign-up answers the same for every address; the account's ids come with its first session.
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const { token, user, organization } = login.json();
  if (plan === 'premium') {
    await t.db.db
      .updateTable('organizations')
      .set({ plan: 'premium' })
      .where('id', '=', organization.id)
      .execute();
  }
  return {
    email,
    token,
    userId: user.id,
    organizationId: organization.id,
    headers: { authorization: `Bearer ${token}` },
  };
}

let demos = 0;

/**
 * Signs in through 'Access Demo Accounts' (a private demo of its own; the templates must exist:
 * prepareDemoTemplates), each from its own address unless told (20 demos an hour from one address).
 */
export async function startDemo(
  t: TestApp,
  account: 'owner' | 'supplier',
  remoteAddress = testAddress(50_000 + ++demos),
): Promise<TestAccount> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/demo',
    payload: { account },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`demo failed: ${res.statusCode} ${res.body}`);
  const { token, user, organization } = res.json();
  return {
    email: user.email,
    token,
    userId: user.id,
    organizationId: organization.id,
    headers: { authorization: `Bearer ${token}` },
  };
}
