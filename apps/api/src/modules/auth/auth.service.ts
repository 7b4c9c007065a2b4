import type { AccountGroup, UserType } from '@propertydna/domain';
import type { AppLucia } from '../../auth/lucia.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../auth/password.js';
import { sessionKey } from '../../auth/session-adapter.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import {
  clearFailures,
  countEarlierFailures,
  findOrganizationById,
  findUserByEmail,
  findUserById,
  forgetAttempt,
  insertOrganization,
  insertUser,
  recordAttempt,
  toPublicOrganization,
  toPublicUser,
} from './auth.repo.js';
import type { Me } from './auth.schemas.js';

/** Spec §8. */
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email address already exists. Log in instead.';

/** Failed sign-ins allowed within the window, per email and per client address. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 10;
export const MAX_FAILURES_PER_IP = 100;

/** The demo accounts (seeded at start-up); their passwords are random and never leave the server. */
export const DEMO_EMAILS = {
  owner: 'owner@demo.propertydna.co.za',
  supplier: 'supplier@demo.propertydna.co.za',
} as const;
export type DemoAccount = keyof typeof DEMO_EMAILS;

export interface SignupInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  userType: UserType;
  accountType: AccountGroup;
  company?: string | undefined;
  phoneNumber?: string | undefined;
  registrationNumber?: string | undefined;
  vatNumber?: string | undefined;
  companyType?: string | undefined;
  specialties?: string[] | undefined;
  tradingAs?: string | undefined;
  businessAddress?: string | undefined;
  agreeToMarketing?: boolean | undefined;
}

export interface SessionGrant extends Me {
  token: string;
  expiresAt: Date;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * Creates the user and their organisation in one transaction: a personal organisation for an
 * individual, the company (with its registration details) for a company account.
 */
export async function signup(db: Db, input: SignupInput): Promise<Me> {
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(db, email)) throw new AppError('CONFLICT', EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password);
  const company = input.accountType === 'company';
  try {
    return await db.transaction().execute(async (trx) => {
      const organization = await insertOrganization(trx, {
        name: company && input.company ? input.company : `${input.firstName} ${input.lastName}`,
        account_type: input.accountType,
        registration_number: company ? (input.registrationNumber ?? null) : null,
        vat_number: company ? (input.vatNumber ?? null) : null,
        company_type: company ? (input.companyType ?? null) : null,
        trading_as: company ? (input.tradingAs ?? null) : null,
        business_address: company ? (input.businessAddress ?? null) : null,
        specialties: JSON.stringify(company ? (input.specialties ?? []) : []),
      });
      const user = await insertUser(trx, {
        organization_id: organization.id,
        email,
        password_hash: passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        user_type: input.userType,
        phone: input.phoneNumber || null,
        agree_to_marketing: input.agreeToMarketing ?? false,
      });
      return { user: toPublicUser(user), organization: toPublicOrganization(organization) };
    });
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_TAKEN);
    throw error;
  }
}

async function grantSession(db: Db, lucia: AppLucia, userId: string): Promise<SessionGrant> {
  const me = await loadMe(db, userId);
  const session = await lucia.createSession(userId, {});
  return { ...me, token: session.id, expiresAt: session.expiresAt };
}

function tooManyAttempts(oldest: Date | null, now: Date): AppError {
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil(((oldest?.getTime() ?? now.getTime()) + LOGIN_WINDOW_MS - now.getTime()) / 1000),
  );
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(
    'TOO_MANY_REQUESTS',
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfterSeconds },
  );
}

/**
 * Hears one password guess for an account (sign-in, or the current password when changing it):
 * refused with 429 after 10 failures for the email or 100 from the address within 15 minutes, checked
 * before any hash is computed. The guess is recorded as a failure BEFORE it is counted and checked, so
 * guesses sent all at once cannot each pass the count before any of them is recorded; a right one
 * clears the email's failures.
 */
async function hearPasswordGuess(
  db: Db,
  email: string,
  ip: string,
  now: Date,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const attempt = await recordAttempt(db, email, ip, since);
  const failures = await countEarlierFailures(db, email, ip, since, attempt);
  const refusal =
    failures.byEmail >= MAX_FAILURES_PER_EMAIL
      ? failures.oldestByEmail
      : failures.byIp >= MAX_FAILURES_PER_IP
        ? failures.oldestByIp
        : undefined;
  if (refusal !== undefined) {
    // Refused unheard: not a wrong password, so it does not lengthen the wait.
    await forgetAttempt(db, attempt);
    throw tooManyAttempts(refusal, now);
  }
  const ok = await check();
  if (ok) await clearFailures(db, email);
  return ok;
}

/**
 * Checks email and password. A wrong password and an unknown email get the same answer after the
 * same work; failures are counted per email (10) and per client address (100) over 15 minutes.
 */
export async function login(
  db: Db,
  lucia: AppLucia,
  input: { email: string; password: string },
  ip: string,
  now = new Date(),
): Promise<SessionGrant> {
  const email = input.email.trim().toLowerCase();
  const user = await findUserByEmail(db, email);
  const ok = await hearPasswordGuess(db, email, ip, now, () =>
    user ? verifyPassword(user.password_hash, input.password) : verifyAgainstNothing(input.password),
  );
  if (!user || !ok) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  return grantSession(db, lucia, user.id);
}

/** Signs in as a seeded demo account, without a password from the client. */
export async function demoLogin(db: Db, lucia: AppLucia, account: DemoAccount): Promise<SessionGrant> {
  const user = await findUserByEmail(db, DEMO_EMAILS[account]);
  if (!user?.is_demo) throw new AppError('UNAVAILABLE', 'The demo account is not available');
  return grantSession(db, lucia, user.id);
}

export async function loadMe(db: Db, userId: string): Promise<Me> {
  const user = await findUserById(db, userId);
  const organization = user && (await findOrganizationById(db, user.organization_id));
  if (!user || !organization) throw new AppError('UNAUTHORIZED', 'Not signed in');
  return { user: toPublicUser(user), organization: toPublicOrganization(organization) };
}

export async function logout(lucia: AppLucia, sessionId: string): Promise<void> {
  await lucia.invalidateSession(sessionId);
}

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';

/** Changes the password and ends every other session of the user (the current one stays). */
export async function changePassword(
  db: Db,
  userId: string,
  currentSessionId: string,
  input: { currentPassword: string; newPassword: string },
  ip: string,
  now = new Date(),
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Not signed in');
  // Guesses of the current password count like sign-in failures of the account.
  const ok = await hearPasswordGuess(db, user.email, ip, now, () =>
    verifyPassword(user.password_hash, input.currentPassword),
  );
  if (!ok) throw new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
    await trx
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id', '!=', sessionKey(currentSessionId))
      .execute();
  });
}
