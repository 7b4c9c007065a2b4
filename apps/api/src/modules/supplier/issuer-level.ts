import type { VerificationLevel } from '@propertydna/domain';
import type { Db } from '../../db/database.js';

/**
 * The level a supplier organisation issues documents at today: what the supplier verification answers.
 * Every document it issues records this level at the time (documents.issuer_level).
 */
export async function supplierIssuerLevel(
  _db: Db,
  _organizationId: string,
  _today?: string,
): Promise<VerificationLevel> {
  // Nobody has checked any supplier until the back office does.
  return 'self_declared';
}
