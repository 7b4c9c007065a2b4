import { type LimitRule, waitPhrase } from '../../limits/attempt-limiter.js';

/**
 * The account protection policy (README, "Sign-in protection"):
 * - wrong passwords are counted per (email, address): the 11th within 15 minutes from one address is
 *   refused until the oldest leaves the window; other addresses are not affected, so nobody can lock
 *   an account's owner out from elsewhere, and one busy address (an office, a carrier's NAT) never
 *   locks out the people behind it;
 * - per email across all addresses, from the 20th failure within an hour each further attempt must
 *   wait 1 s after the previous one, doubling up to 60 s: guessing stays slow however many addresses
 *   an attacker has, while the real user waits a minute at worst; at the 20th the user is told by
 *   email (at most once an hour);
 * - sign-ups: 20 per hour from one address (a taken address counts like a free one; its owner is told
 *   at most once an hour); reset requests: 5 per hour per email and 20 per address;
 *   reset links: 20 wrong tokens per address in 15 minutes.
 */
export const PAIR_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL_AND_ADDRESS = 10;
export const ACCOUNT_WINDOW_MS = 60 * 60 * 1000;
export const ACCOUNT_DELAY = { after: 20, baseMs: 1000, maxMs: 60_000 } as const;
export const FAILURE_NOTICE_AT = ACCOUNT_DELAY.after;
export const MAX_SIGNUPS_PER_ADDRESS = 20;
export const MAX_RESET_REQUESTS_PER_EMAIL = 5;
export const MAX_RESET_REQUESTS_PER_ADDRESS = 20;
export const MAX_RESET_FAILURES_PER_ADDRESS = 20;

const HOUR_MS = 60 * 60 * 1000;

/** The limiter's names for password failures: per (email, address), and per email. */
export const PASSWORD_PAIR_RULE = 'password:email+ip';
export const PASSWORD_ACCOUNT_RULE = 'password:email';
/** The key of the (email, address) rule: the email, a space, the address. */
const pairKey = (email: string, ip: string) => `${email} ${ip}`;

/** Failures of one account across all addresses: the growing delay. */
export const accountGuessRule = (email: string): LimitRule => ({
  rule: PASSWORD_ACCOUNT_RULE,
  key: email,
  windowMs: ACCOUNT_WINDOW_MS,
  delay: ACCOUNT_DELAY,
  message: (seconds) =>
    `Too many failed sign-in attempts for this account. Try again in ${waitPhrase(seconds)}.`,
});

export function passwordGuessRules(email: string, ip: string): LimitRule[] {
  return [
    {
      rule: PASSWORD_PAIR_RULE,
      key: pairKey(email, ip),
      windowMs: PAIR_WINDOW_MS,
      max: MAX_FAILURES_PER_EMAIL_AND_ADDRESS,
      message: (seconds) => `Too many failed sign-in attempts. Try again in ${waitPhrase(seconds)}.`,
    },
    accountGuessRule(email),
  ];
}

/** The (email, address) keys of one email, from every address: `key` starts with this. */
export const pairKeyPrefix = (email: string) => pairKey(email, '');

/** Once an hour at most: "your account sees many failed sign-ins". */
export const failureNoticeRule = (email: string) => ({
  rule: 'notice:password-failures',
  key: email,
  windowMs: HOUR_MS,
});

/** Once an hour at most: "someone tried to sign up with your address". */
export const signupNoticeRule = (email: string) => ({
  rule: 'notice:signup-taken',
  key: email,
  windowMs: HOUR_MS,
});

export const signupRule = (ip: string): LimitRule => ({
  rule: 'signup:ip',
  key: ip,
  windowMs: HOUR_MS,
  max: MAX_SIGNUPS_PER_ADDRESS,
  message: (seconds) => `Too many sign-ups from your network. Try again in ${waitPhrase(seconds)}.`,
});

export function resetRequestRules(email: string, ip: string): LimitRule[] {
  const message = (seconds: number) =>
    `Too many password reset requests. Try again in ${waitPhrase(seconds)}.`;
  return [
    {
      rule: 'reset-request:email',
      key: email,
      windowMs: HOUR_MS,
      max: MAX_RESET_REQUESTS_PER_EMAIL,
      message,
    },
    { rule: 'reset-request:ip', key: ip, windowMs: HOUR_MS, max: MAX_RESET_REQUESTS_PER_ADDRESS, message },
  ];
}

export const resetGuessRule = (ip: string): LimitRule => ({
  rule: 'reset-token:ip',
  key: ip,
  windowMs: PAIR_WINDOW_MS,
  max: MAX_RESET_FAILURES_PER_ADDRESS,
  message: (seconds) => `Too many invalid reset links. Try again in ${waitPhrase(seconds)}.`,
});

/** Confirmation links mailed again on 'Resend' (issue 26 §1): 3 an hour per account. */
export const MAX_VERIFICATION_RESENDS_PER_HOUR = 3;
/** Changes of address asked for on /account: 5 an hour per account (each mails two addresses). */
export const MAX_EMAIL_CHANGES_PER_HOUR = 5;
/** Wrong confirmation-link tokens: 20 per address in 15 minutes, as for reset links. */
export const MAX_EMAIL_LINK_FAILURES_PER_ADDRESS = 20;

export const verificationResendRule = (userId: string): LimitRule => ({
  rule: 'verify-email-resend:user',
  key: userId,
  windowMs: HOUR_MS,
  max: MAX_VERIFICATION_RESENDS_PER_HOUR,
  message: (seconds) => `Too many confirmation emails. Try again in ${waitPhrase(seconds)}.`,
});

export const emailChangeRule = (userId: string): LimitRule => ({
  rule: 'email-change:user',
  key: userId,
  windowMs: HOUR_MS,
  max: MAX_EMAIL_CHANGES_PER_HOUR,
  message: (seconds) => `Too many email address changes. Try again in ${waitPhrase(seconds)}.`,
});

export const emailLinkGuessRule = (ip: string): LimitRule => ({
  rule: 'email-link:ip',
  key: ip,
  windowMs: PAIR_WINDOW_MS,
  max: MAX_EMAIL_LINK_FAILURES_PER_ADDRESS,
  message: (seconds) => `Too many invalid confirmation links. Try again in ${waitPhrase(seconds)}.`,
});
