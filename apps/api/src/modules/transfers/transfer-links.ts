import { TRANSFER_MESSAGES } from '@propertydna/domain';
import type { RequestActor } from '../../auth/actor.js';
import { findLiveCapability, issueCapability, logCapabilityEvent } from '../../capabilities/capabilities.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { hearGuess, type LimitRule, waitPhrase } from '../../limits/attempt-limiter.js';
import { recordActorAudit } from '../audit/audit.repo.js';
import { packableTransfer } from './transfer-pack.js';
import { DAY_MS, notFound, selectTransfers, transferOut } from './transfer-rows.js';
import type { TransferOut } from './transfers.schemas.js';

/**
 * The transfer's links without an account: the mailed offer (which leads its holder to sign in with the
 * addressed email) and the pack links a seller or buyer makes for the conveyancer.
 */

/** Unknown or dead transfer links asked for from one address within 15 minutes, before it must wait. */
export const MAX_TRANSFER_LINK_MISSES = 30;

const linkMissRule = (ip: string): LimitRule => ({
  rule: 'transfer-token:ip',
  key: ip,
  windowMs: 15 * 60 * 1000,
  max: MAX_TRANSFER_LINK_MISSES,
  message: (seconds) => `Too many invalid transfer links. Try again in ${waitPhrase(seconds)}.`,
});

/**
 * GET /api/transfer-links/{token}: the pending offer behind a mailed link, for the page that asks its
 * holder to sign up or log in with the addressed email (misses limited per address). Any link but a
 * live one of a pending transfer answers 404.
 */
export async function viewTransferLink(db: Db, token: string, ip: string, now = new Date()) {
  let found: TransferOut | undefined;
  const { ok } = await hearGuess(
    db,
    [linkMissRule(ip)],
    async () => {
      const capability = await findLiveCapability(db, 'transfer', token, now);
      if (!capability) return false;
      const row = await selectTransfers(db)
        .where('t.id', '=', capability.id)
        .where('t.status', '=', 'pending')
        .executeTakeFirst();
      found = row ? transferOut(row, now) : undefined;
      return found !== undefined;
    },
    { now },
  );
  if (!ok || !found) throw new AppError('NOT_FOUND', TRANSFER_MESSAGES.linkNotFound);
  // Issue 31 §3: the recipient opening the offer is an outside access of the seller's organisation (its
  // access ledger shows it); the link's id is the transfer's.
  await logCapabilityEvent(db, found.id, 'view', { ip, userId: null });
  const { id, property, from_organization, to_email, message, documents_count, expires_at } = found;
  return { id, property, from_organization, to_email, message, documents_count, expires_at };
}

/** How long a pack link (for the conveyancer) lasts. */
export const PACK_LINK_DAYS = 14;

/**
 * POST /api/transfers/{id}/pack-link: a link to the transfer pack that needs no account (for the
 * conveyancer), made by whoever may take the pack now: the seller while pending, the buyer once accepted.
 * It answers only while its maker still may (a seller's link ends when the buyer accepts).
 */
export async function createPackLink(
  db: Db,
  who: RequestActor,
  id: string,
  origin: string,
  now = new Date(),
): Promise<{ url: string; expires_at: string }> {
  const { organizationId, userId } = who.actor;
  const transfer = await packableTransfer(db, organizationId, id, now);
  const expiresAt = new Date(now.getTime() + PACK_LINK_DAYS * DAY_MS);
  const token = await db.transaction().execute(async (trx) => {
    const link = await issueCapability(trx, {
      purpose: 'transfer_pack',
      organizationId,
      createdBy: userId,
      subjectId: transfer.id,
      expiresAt,
    });
    const certificates = await trx
      .selectFrom('documents')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('property_id', '=', transfer.property.id)
      .where('kind', '=', 'certificate')
      .execute();
    await recordActorAudit(trx, who, 'share', null, {
      propertyId: transfer.property.id,
      transferId: transfer.id,
      link: 'transfer-pack',
      linkId: link.id,
      documentIds: certificates.map((document) => document.id),
      expiresAt: expiresAt.toISOString(),
    });
    return link.token;
  });
  return { url: `${origin}/api/transfer-packs/${token}`, expires_at: expiresAt.toISOString() };
}

const packMissRule = (ip: string): LimitRule => ({
  rule: 'transfer-pack-token:ip',
  key: ip,
  windowMs: 15 * 60 * 1000,
  max: MAX_TRANSFER_LINK_MISSES,
  message: (seconds) => `Too many invalid pack links. Try again in ${waitPhrase(seconds)}.`,
});

/**
 * The transfer and organisation a live pack link opens, or 404 'Transfer not found' (an unknown,
 * expired or revoked link, or one whose maker may no longer take the pack). Misses limited per address.
 */
export async function openPackLink(db: Db, token: string, ip: string, now = new Date()) {
  let opened: { linkId: string; organizationId: string; transfer: TransferOut } | undefined;
  const { ok } = await hearGuess(
    db,
    [packMissRule(ip)],
    async () => {
      const link = await findLiveCapability(db, 'transfer_pack', token, now);
      if (!link?.organization_id || !link.subject_id) return false;
      const organizationId = link.organization_id;
      const transfer = await packableTransfer(db, organizationId, link.subject_id, now).catch(
        () => undefined,
      );
      opened = transfer ? { linkId: link.id, organizationId, transfer } : undefined;
      return opened !== undefined;
    },
    { now },
  );
  if (!ok || !opened) throw notFound();
  return opened;
}
