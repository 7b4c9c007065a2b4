import { z } from 'zod';
import { MAX_LENGTHS, noControlCharacters } from './common.js';

/** The word the owner types to close the account (issue 31 §2). */
export const CLOSE_ACCOUNT_WORD = 'CLOSE';

/** What closing, reopening and leaving say, at both doors and on screen. */
export const ACCOUNT_CLOSING_MESSAGES = {
  passwordRequired: 'Enter your password',
  confirmWord: `Type ${CLOSE_ACCOUNT_WORD} to confirm`,
  wrongPassword: 'Incorrect password',
  /** Signing in (or Reopen) within the grace. */
  closed: 'Your account is closed',
  /** A member who is not an owner signs in within the grace: only an owner may reopen. */
  onlyOwnerReopens: 'Your organisation’s account is closed. Only its owner can reopen it.',
  lastOwner: 'You are the only owner: close the account instead, or make someone else owner first',
  /** A closed account's own organisation was already open again, or never closed. */
  notClosed: 'This account is not closed',
} as const;

/** /account → Close my account (POST /api/account/close): the password, and the word typed. */
export const closeAccountSchema = z
  .object({
    password: z
      .string({ error: ACCOUNT_CLOSING_MESSAGES.passwordRequired })
      .check(noControlCharacters('Password'))
      .min(1, ACCOUNT_CLOSING_MESSAGES.passwordRequired)
      .max(MAX_LENGTHS.password, ACCOUNT_CLOSING_MESSAGES.wrongPassword),
    confirm: z
      .string({ error: ACCOUNT_CLOSING_MESSAGES.confirmWord })
      .trim()
      .check(noControlCharacters('Confirmation'))
      .refine((value) => value === CLOSE_ACCOUNT_WORD, ACCOUNT_CLOSING_MESSAGES.confirmWord),
  })
  .strict();
export type CloseAccountInput = z.input<typeof closeAccountSchema>;

/** The days between closing and deletion, and the moment deletion may start. */
export function deletionDate(closedAt: Date, graceDays: number): Date {
  return new Date(closedAt.getTime() + graceDays * 86_400_000);
}
