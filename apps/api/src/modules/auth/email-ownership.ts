import { EMAIL_VERIFICATION_MESSAGES } from '@propertydna/domain';
import type { DbOrTrx } from '../../db/database.js';
import { AppError } from '../../errors.js';

/**
 * What depends on owning an address (accepting a transfer addressed to it, being matched to a vendor
 * invite by it, receiving digests) asks this first: an account whose address was never proved by its
 * mailed link gets 403 'Confirm your email address first: we sent a link to <address>.'
 */
export async function requireVerifiedEmail(db: DbOrTrx, userId: string): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.email_verified_at === null) {
    throw new AppError('FORBIDDEN', EMAIL_VERIFICATION_MESSAGES.required(user.email));
  }
}
