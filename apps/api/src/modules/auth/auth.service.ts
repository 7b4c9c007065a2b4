import {
  type AccountGroup,
  EMAIL_VERIFICATION_MESSAGES,
  PASSWORD_RESET_MESSAGES,
  type UserType,
} from '@propertydna/domain';
import { sql, type Transaction } from 'kysely';
import { refuseClosedAccount } from '../../auth/closed-account.js';
import type { AppLucia } from '../../auth/lucia.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../auth/password.js';
import { sessionKey } from '../../auth/session-adapter.js';
import { consumeCapability, issueCapability, revokeCapabilitiesOf } from '../../capabilities/capabilities.js';
import type { Database, Db, UserRow } from '../../db/database.js';
import { appUrl } from '../../env.js';
import { AppError } from '../../errors.js';
import { countAttempts, firstInWindow, hearGuess, takeAttempt } from '../../limits/attempt-limiter.js';
import { type EmailLinkPurpose, mailLinks } from '../../mail/links';
import { queueMail, queueMailWithin } from '../../mail/mail-job.js';
import {
  emailChangeNoticeMail,
  passwordChangedMail,
  passwordResetMail,
  signInFailuresMail,
  signupAttemptMail,
  verifyEmailMail,
  welcomeMail,
} from '../../mail/templates.js';
import type { AppServices } from '../../trpc/context.js';
import {
  accountGuessRule,
  emailChangeRule,
  emailLinkGuessRule,
  FAILURE_NOTICE_AT,
  failureNoticeRule,
  PASSWORD_ACCOUNT_RULE,
  PASSWORD_PAIR_RULE,
  pairKeyPrefix,
  passwordGuessRules,
  resetGuessRule,
  resetRequestRules,
  signupNoticeRule,
  signupRule,
  verificationResendRule,
} from './auth.limits.js';
import {
  findOrganizationById,
  findUserByEmail,
  findUserById,
  insertOrganization,
  insertUser,
  toPublicOrganization,
  toPublicUser,
} from './auth.repo.js';
import type { Me } from './auth.schemas.js';

/** Spec §8. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

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
 * Sign-up (spec: "response is not shown"; the wizard goes on to /login). Creates the user and their
 * organisation in one transaction: a personal organisation for an individual, the company (with its
 * registration details) for a company account; the new user gets a welcome mail. At most 20 sign-ups
 * an hour from one address.
 *
 * An address that already has an account is answered exactly as a free one (the caller learns nothing
 * sign-in would not tell them): nothing is created or changed, and the owner of the address is mailed
 * instead ('someone tried to sign up with your address', at most once an hour). Both ways hash the
 * password, the costliest step by far; the rest differs a little (a new address writes two rows and
 * queues a welcome, a taken one queues its notice at most once an hour). What remains to tell them
 * apart is signing in with the password just chosen. The new account is unverified: the link that
 * proves its address (single use, 24 hours) is queued with it, in the same transaction, and until it is
 * opened nothing that depends on owning the address works (see email-ownership.ts).
 */
export async function signup(services: AppServices, input: SignupInput, ip: string): Promise<void> {
  const { db } = services.db;
  await takeAttempt(db, [signupRule(ip)]);
  const email = input.email.trim().toLowerCase();
  const existing = await findUserByEmail(db, email);
  const passwordHash = await hashPassword(input.password);
  if (existing) return tellOwnerOfSignup(services, existing);
  const company = input.accountType === 'company';
  try {
    await db.transaction().execute(async (trx) => {
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
        // The one who creates an organisation owns it (issue 29 §1).
        role: 'owner',
        phone: input.phoneNumber || null,
        agree_to_marketing: input.agreeToMarketing ?? false,
      });
      await mailVerificationLinkWithin(services, trx, user, user.email, 'verify_email');
    });
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides, the other is told apart
    // from nothing either.
    const winner = isUniqueViolation(error) ? await findUserByEmail(db, email) : undefined;
    if (!winner) throw error;
    return tellOwnerOfSignup(services, winner);
  }
  await queueMail(services, 'bulk', {
    to: email,
    ...welcomeMail({ firstName: input.firstName, appUrl: appUrl(services.env) }),
  });
}

/** A sign-up with an address that has an account: its owner is told, at most once an hour (not a demo's). */
async function tellOwnerOfSignup(services: AppServices, user: UserRow): Promise<void> {
  const { db } = services.db;
  if (user.is_demo || !(await firstInWindow(db, signupNoticeRule(user.email)))) return;
  await queueMail(services, 'urgent', {
    to: user.email,
    ...signupAttemptMail({ firstName: user.first_name, appUrl: appUrl(services.env) }),
  });
}

export async function grantSession(db: Db, lucia: AppLucia, userId: string): Promise<SessionGrant> {
  const me = await loadMe(db, userId);
  const session = await lucia.createSession(userId, {});
  return { ...me, token: session.id, expiresAt: session.expiresAt };
}

/**
 * Hears one password guess for an account (sign-in, or the current password when changing it) under
 * the policy of auth.limits.ts: refused with 429 before any hash is computed when the (email, address)
 * pair has 10 failures within 15 minutes or the account's growing delay has not passed; a right guess
 * clears the counts. At the account's 20th failure within an hour its owner is told by email.
 */
export async function hearAccountPassword(
  services: AppServices,
  email: string,
  ip: string,
  user: UserRow | undefined,
  check: () => Promise<boolean>,
  now: Date,
): Promise<boolean> {
  const { db } = services.db;
  const rules = passwordGuessRules(email, ip);
  const { ok } = await hearGuess(db, rules, check, { now, clearOnSuccess: rules });
  if (!ok && user) {
    const failures = await countAttempts(db, accountGuessRule(email), now);
    if (failures >= FAILURE_NOTICE_AT && (await firstInWindow(db, failureNoticeRule(email), now))) {
      await queueMail(services, 'urgent', {
        to: user.email,
        ...signInFailuresMail({ firstName: user.first_name, failures, appUrl: appUrl(services.env) }),
      });
    }
  }
  return ok;
}

/**
 * The user an email and password belong to, or 401 'Invalid email or password'. A wrong password and an
 * unknown email get the same answer after the same work; failures are limited as hearAccountPassword says.
 * Sign-in and Reopen (issue 31 §2) both ask it.
 */
export async function checkCredentials(
  services: AppServices,
  input: { email: string; password: string },
  ip: string,
  now = new Date(),
) {
  const email = input.email.trim().toLowerCase();
  const user = await findUserByEmail(services.db.db, email);
  const ok = await hearAccountPassword(
    services,
    email,
    ip,
    user,
    () => (user ? verifyPassword(user.password_hash, input.password) : verifyAgainstNothing(input.password)),
    now,
  );
  if (!user || !ok) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  return user;
}

/** Signs in with email and password (checkCredentials), unless the account is closed. */
export async function login(
  services: AppServices,
  input: { email: string; password: string },
  ip: string,
  now = new Date(),
): Promise<SessionGrant> {
  const { db } = services.db;
  const user = await checkCredentials(services, input, ip, now);
  // A closed account (issue 31 §2): 403 with Reopen within the grace, as unknown after it; no session.
  await refuseClosedAccount(db, user, now);
  return grantSession(db, services.lucia, user.id);
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

/**
 * Changes the password, revokes every reset link of the user that is still live (as a reset does: a link
 * mailed before the change must not undo it) and ends every other session of the user (the current one
 * stays; a reset, made signed out, ends them all); tells them by email.
 */
export async function changePassword(
  services: AppServices,
  userId: string,
  currentSessionId: string,
  input: { currentPassword: string; newPassword: string },
  ip: string,
  now = new Date(),
): Promise<void> {
  const { db } = services.db;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Not signed in');
  // Guesses of the current password count like sign-in failures of the account.
  const ok = await hearAccountPassword(
    services,
    user.email,
    ip,
    user,
    () => verifyPassword(user.password_hash, input.currentPassword),
    now,
  );
  if (!ok) throw new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', userId)
      .execute();
    await revokeCapabilitiesOf(trx, 'password_reset', userId, now);
    await trx
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id', '!=', sessionKey(currentSessionId))
      .execute();
  });
  await queueMail(services, 'urgent', {
    to: user.email,
    ...passwordChangedMail({ firstName: user.first_name, appUrl: appUrl(services.env), how: 'changed' }),
  });
}

/** A reset link lives this long. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/**
 * 'Forgot password?': the same answer whether or not the email has an account (limited per email and
 * per address either way). For an account, every earlier reset link of it is revoked and a new
 * single-use link, valid for an hour, is mailed. Demo accounts have no password to reset.
 */
export async function requestPasswordReset(
  services: AppServices,
  email: string,
  ip: string,
  now = new Date(),
): Promise<void> {
  const { db } = services.db;
  await takeAttempt(db, resetRequestRules(email, ip), now);
  const user = await findUserByEmail(db, email);
  if (!user || user.is_demo) return;
  const { token } = await db.transaction().execute(async (trx) => {
    await revokeCapabilitiesOf(trx, 'password_reset', user.id, now);
    return issueCapability(trx, {
      purpose: 'password_reset',
      subjectId: user.id,
      organizationId: user.organization_id,
      expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
      singleUse: true,
    });
  });
  const link = mailLinks.resetPassword(appUrl(services.env), token);
  await queueMail(services, 'urgent', {
    to: user.email,
    ...passwordResetMail({ firstName: user.first_name, link, validMinutes: RESET_LINK_TTL_MS / 60_000 }),
  });
}

/**
 * Sets a new password with a reset link: the link is used up, any other live reset link of the user
 * revoked and the password changed in one transaction, every session of the user ends, and the sign-in
 * counts of the account are cleared.
 * An unknown, expired, revoked or used link answers 400; 20 of those from one address in 15 minutes, 429.
 */
export async function resetPassword(
  services: AppServices,
  input: { token: string; password: string },
  ip: string,
  now = new Date(),
): Promise<void> {
  const { db } = services.db;
  const passwordHash = await hashPassword(input.password);
  let user: UserRow | undefined;
  // The link came to the account's address: opening it proves the address as a confirmation link would.
  const { ok } = await hearGuess(
    db,
    [resetGuessRule(ip)],
    async () => {
      user = await db.transaction().execute(async (trx) => {
        const link = await consumeCapability(trx, 'password_reset', input.token, now);
        if (!link?.subject_id) return undefined;
        const updated = await trx
          .updateTable('users')
          .set((eb) => ({
            password_hash: passwordHash,
            updated_at: now,
            email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)),
          }))
          .where('id', '=', link.subject_id)
          .returningAll()
          .executeTakeFirst();
        await revokeCapabilitiesOf(trx, 'password_reset', link.subject_id, now);
        await trx.deleteFrom('sessions').where('user_id', '=', link.subject_id).execute();
        return updated;
      });
      return user !== undefined;
    },
    { now },
  );
  if (!ok || !user) throw new AppError('BAD_REQUEST', PASSWORD_RESET_MESSAGES.invalidLink);
  const email = user.email;
  // Whoever guessed at the account before is forgotten with the old password.
  await db
    .deleteFrom('attempts')
    .where((eb) =>
      eb.or([
        eb.and([eb('rule', '=', PASSWORD_ACCOUNT_RULE), eb('key', '=', email)]),
        eb.and([
          eb('rule', '=', PASSWORD_PAIR_RULE),
          eb(sql`starts_with(key, ${pairKeyPrefix(email)})`, '=', true),
        ]),
      ]),
    )
    .execute();
  await queueMail(services, 'urgent', {
    to: email,
    ...passwordChangedMail({ firstName: user.first_name, appUrl: appUrl(services.env), how: 'reset' }),
  });
}

// ---- Email ownership (issue 26 §1) ----------------------------------------------------------------

/** A confirmation link (a new account's address, or a new address asked for) lives this long. */
export const EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Revokes the user's earlier links of this kind, issues a new single-use one (24 hours) and queues the
 * mail that carries it to `to`, on the urgent lane, in the caller's transaction: the link and its mail
 * exist together or not at all.
 */
async function mailVerificationLinkWithin(
  services: AppServices,
  trx: Transaction<Database>,
  user: Pick<UserRow, 'id' | 'organization_id' | 'first_name'>,
  to: string,
  purpose: EmailLinkPurpose,
  now = new Date(),
): Promise<void> {
  await revokeCapabilitiesOf(trx, purpose, user.id, now);
  const { token } = await issueCapability(trx, {
    purpose,
    subjectId: user.id,
    organizationId: user.organization_id,
    expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_MS),
    singleUse: true,
  });
  const link = mailLinks.confirmEmail(appUrl(services.env), purpose, token);
  await queueMailWithin(services, trx, 'urgent', {
    to,
    ...verifyEmailMail({
      firstName: user.first_name,
      link,
      validHours: EMAIL_LINK_TTL_MS / 3_600_000,
      change: purpose === 'change_email',
    }),
  });
}

/**
 * 'Resend' (the app shell's banner): a new confirmation link to the account's address, the earlier ones
 * revoked; 3 an hour per account (429). An address already confirmed is answered so, and nothing is sent.
 */
export async function resendVerification(
  services: AppServices,
  userId: string,
  now = new Date(),
): Promise<string> {
  const { db } = services.db;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Not signed in');
  if (user.email_verified_at !== null) return EMAIL_VERIFICATION_MESSAGES.alreadyVerified;
  await takeAttempt(db, [verificationResendRule(userId)], now);
  await db
    .transaction()
    .execute((trx) => mailVerificationLinkWithin(services, trx, user, user.email, 'verify_email', now));
  return EMAIL_VERIFICATION_MESSAGES.resent(user.email);
}

/**
 * Runs one use of a mailed link as a guess (limited per address: 20 wrong tokens in 15 minutes, 429);
 * `use` answers whether the link was good. A bad one answers 400 with the link message.
 */
async function useEmailLink(
  services: AppServices,
  ip: string,
  now: Date,
  use: () => Promise<boolean>,
): Promise<void> {
  const { ok } = await hearGuess(services.db.db, [emailLinkGuessRule(ip)], use, { now });
  if (!ok) throw new AppError('BAD_REQUEST', EMAIL_VERIFICATION_MESSAGES.invalidLink);
}

/**
 * POST /api/auth/verify-email {token}: the link mailed to the account's address is used up and the
 * address counts as proved. Whoever opens it need not be signed in (the mailbox is the proof).
 * An unknown, expired, used or revoked link, or one of another kind, answers 400.
 */
export async function verifyEmail(
  services: AppServices,
  token: string,
  ip: string,
  now = new Date(),
): Promise<void> {
  const { db } = services.db;
  await useEmailLink(services, ip, now, () =>
    db.transaction().execute(async (trx) => {
      const link = await consumeCapability(trx, 'verify_email', token, now);
      if (!link?.subject_id) return false;
      await trx
        .updateTable('users')
        .set((eb) => ({ email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)) }))
        .where('id', '=', link.subject_id)
        .execute();
      return true;
    }),
  );
}

/**
 * /account → 'Change email' (POST /api/auth/email): with the current password (its guesses count like
 * sign-in failures, as for a password change), the new address is kept as pending and a confirmation
 * link goes to it; the old address is told. The account keeps its address until the link is opened.
 * An address that another account uses gets the same answer and state, but no link: nobody learns from
 * this who has an account. 5 requests an hour per account. Demo accounts keep their address.
 */
export async function requestEmailChange(
  services: AppServices,
  userId: string,
  input: { newEmail: string; currentPassword: string },
  ip: string,
  now = new Date(),
): Promise<string> {
  const { db } = services.db;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Not signed in');
  if (user.is_demo) throw new AppError('FORBIDDEN', EMAIL_VERIFICATION_MESSAGES.demo);
  const ok = await hearAccountPassword(
    services,
    user.email,
    ip,
    user,
    () => verifyPassword(user.password_hash, input.currentPassword),
    now,
  );
  if (!ok) throw new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD);
  const newEmail = input.newEmail.trim().toLowerCase();
  if (newEmail === user.email.toLowerCase()) {
    throw new AppError('BAD_REQUEST', EMAIL_VERIFICATION_MESSAGES.sameAddress);
  }
  await takeAttempt(db, [emailChangeRule(userId)], now);
  const taken = await findUserByEmail(db, newEmail);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ pending_email: newEmail, updated_at: now })
      .where('id', '=', userId)
      .execute();
    if (taken) await revokeCapabilitiesOf(trx, 'change_email', userId, now);
    else await mailVerificationLinkWithin(services, trx, user, newEmail, 'change_email', now);
    await queueMailWithin(services, trx, 'urgent', {
      to: user.email,
      ...emailChangeNoticeMail({
        firstName: user.first_name,
        newEmail,
        appUrl: appUrl(services.env),
        done: false,
      }),
    });
  });
  return EMAIL_VERIFICATION_MESSAGES.changeRequested(newEmail);
}

/**
 * POST /api/auth/confirm-email-change {token}: the link mailed to the pending address is used up; the
 * account's address becomes that one, proved. The links mailed to the old address (reset, confirmation)
 * end, and the old address is told. A link whose address was taken by another account meanwhile, or
 * that a newer change replaced, answers 400 like any bad link.
 */
export async function confirmEmailChange(
  services: AppServices,
  token: string,
  ip: string,
  now = new Date(),
): Promise<string> {
  const { db } = services.db;
  let changedTo = '';
  try {
    await useEmailLink(services, ip, now, () =>
      db.transaction().execute(async (trx) => {
        const link = await consumeCapability(trx, 'change_email', token, now);
        if (!link?.subject_id) return false;
        const user = await trx
          .selectFrom('users')
          .selectAll()
          .where('id', '=', link.subject_id)
          .forUpdate()
          .executeTakeFirst();
        const newEmail = user?.pending_email;
        if (!user || !newEmail) return false;
        const other = await findUserByEmail(trx, newEmail);
        if (other && other.id !== user.id) return false;
        await trx
          .updateTable('users')
          .set({ email: newEmail, pending_email: null, email_verified_at: now, updated_at: now })
          .where('id', '=', user.id)
          .execute();
        for (const purpose of ['verify_email', 'password_reset'] as const) {
          await revokeCapabilitiesOf(trx, purpose, user.id, now);
        }
        await queueMailWithin(services, trx, 'urgent', {
          to: user.email,
          ...emailChangeNoticeMail({
            firstName: user.first_name,
            newEmail,
            appUrl: appUrl(services.env),
            done: true,
          }),
        });
        changedTo = newEmail;
        return true;
      }),
    );
  } catch (error) {
    // Another account took the address between the check and the write: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('BAD_REQUEST', EMAIL_VERIFICATION_MESSAGES.invalidLink);
    throw error;
  }
  return EMAIL_VERIFICATION_MESSAGES.changed(changedTo);
}
