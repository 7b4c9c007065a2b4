import { ACCOUNT_CLOSING_MESSAGES, LOGIN_MESSAGES } from '@propertydna/domain';
import type { DbOrTrx, UserRow } from '../db/database.js';
import { AppError } from '../errors.js';

/** What sign-in answers within the grace (403): the web app shows "Your account is closed — Reopen". */
export interface ClosedAccountDetails {
  accountClosed: true;
  /** When the housekeeping deletes it unless it is reopened first (ISO). */
  deleteAfter: string;
  /** Only an owner may reopen. */
  canReopen: boolean;
}

/** The organisation's closing state: open (null), or closed with the moment it may be deleted. */
export async function closingStateOf(
  db: DbOrTrx,
  organizationId: string,
): Promise<{ closedAt: Date; deleteAfter: Date } | null> {
  const row = await db
    .selectFrom('organizations')
    .select(['closed_at', 'delete_after'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  if (!row?.closed_at) return null;
  return {
    closedAt: new Date(row.closed_at),
    deleteAfter: new Date(row.delete_after ?? row.closed_at),
  };
}

/**
 * Sign-in of a person whose organisation is closed (issue 31 §2), after their password was right: within
 * the grace 403 "Your account is closed" with what the Reopen screen needs (no session is made); after it,
 * 401 like an unknown account (the rows go with the next housekeeping round). An open one passes.
 */
export async function refuseClosedAccount(
  db: DbOrTrx,
  user: Pick<UserRow, 'organization_id' | 'role'>,
  now = new Date(),
): Promise<void> {
  const state = await closingStateOf(db, user.organization_id);
  if (!state) return;
  if (state.deleteAfter <= now) throw new AppError('UNAUTHORIZED', LOGIN_MESSAGES.invalidCredentials);
  const canReopen = user.role === 'owner';
  const details: ClosedAccountDetails = {
    accountClosed: true,
    deleteAfter: state.deleteAfter.toISOString(),
    canReopen,
  };
  throw new AppError(
    'FORBIDDEN',
    canReopen ? ACCOUNT_CLOSING_MESSAGES.closed : ACCOUNT_CLOSING_MESSAGES.onlyOwnerReopens,
    { ...details },
  );
}
