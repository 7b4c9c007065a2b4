import { trialEndsAt } from '@propertydna/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { toPublicOrganization } from '../auth/auth.repo.js';
import type { PublicOrganization } from '../auth/auth.schemas.js';

export const TRIAL_ALREADY_USED = 'The 14-day Premium trial has already been used for this organisation';
export const ALREADY_PREMIUM = 'This organisation is already on the Premium plan';

/** Starts the 14-day Premium trial, once per organisation. */
export async function startTrial(
  db: Db,
  organizationId: string,
  now = new Date(),
): Promise<PublicOrganization> {
  return db.transaction().execute(async (trx) => {
    const organization = await trx
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', organizationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (organization.plan === 'premium') throw new AppError('CONFLICT', ALREADY_PREMIUM);
    if (organization.trial_ends_at) throw new AppError('CONFLICT', TRIAL_ALREADY_USED);
    const updated = await trx
      .updateTable('organizations')
      .set({ trial_ends_at: trialEndsAt(now), updated_at: now })
      .where('id', '=', organizationId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPublicOrganization(updated);
  });
}
