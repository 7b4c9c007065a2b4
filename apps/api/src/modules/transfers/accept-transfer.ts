import { canAddProperty, DEMO_MESSAGES, TRANSFER_MESSAGES } from '@propertydna/domain';
import type { RequestActor } from '../../auth/actor.js';
import { revokePropertyTokens } from '../../auth/api-tokens.js';
import { findLiveCapability } from '../../capabilities/capabilities.js';
import type { TransferredDocument } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit, recordAudit } from '../audit/audit.repo.js';
import { isDemoOrganization } from '../auth/auth.repo.js';
import { queueComplianceRecheckWithin } from '../compliance/compliance.jobs.js';
import { revokePropertyGrants } from '../grants/grants.service.js';
import { moveProperty } from '../properties/move-property.js';
import { countLiveProperties } from '../properties/properties.repo.js';
import { emitWebhookEventWithin } from '../webhooks/webhook-delivery.js';
import { addressedTo, statusOf, transferById } from './transfer-rows.js';
import type { TransferOut } from './transfers.schemas.js';
import { mailSeller } from './transfers.service.js';

/**
 * POST /api/transfers/{id}/accept: only the addressee (anyone else 404). In one transaction, with the
 * property row locked and the transfer checked pending and live after the lock (of two accepts at once,
 * the second finds it accepted: 409): the buyer's plan limit (403, nothing moved), the parcel not already
 * in the buyer's portfolio (409), then the property with its DNA code and everything of it moves to the
 * buyer's organisation; the seller's links end; the ownership periods and both audit trails record it.
 */
export async function acceptTransfer(
  services: AppServices,
  who: RequestActor,
  id: string,
  origin: string,
  token?: string,
  now = new Date(),
): Promise<TransferOut> {
  const db = services.db.db;
  const { organizationId: buyer, userId } = who.actor;
  const found = await addressedTo(db, userId, id);
  // A real property never moves into a demo, which is removed within a day.
  if ((await isDemoOrganization(db, buyer)) && !(await isDemoOrganization(db, found.from_organization_id)))
    throw new AppError('FORBIDDEN', DEMO_MESSAGES.receiveTransfer);
  // The address is confirmed by now (addressedTo), but it may have been confirmed after the offer went
  // out: an account made after the offer accepts only with the offer's own mailed link as well.
  const user = await db
    .selectFrom('users')
    .select('created_at')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (new Date(user.created_at) > new Date(found.created_at)) {
    const link = token ? await findLiveCapability(db, 'transfer', token, now) : null;
    if (link?.id !== found.id) throw new AppError('FORBIDDEN', TRANSFER_MESSAGES.linkRequired);
  }
  await db.transaction().execute(async (trx) => {
    const property = await trx
      .selectFrom('properties')
      .select(['id', 'organization_id', 'parcel_key', 'archived_at', 'dna_code', 'name'])
      .where('id', '=', found.property_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // Read again under the lock: a concurrent accept, cancel or decline has committed by now.
    const transfer = await trx
      .selectFrom('transfers as t')
      .innerJoin('capabilities as c', 'c.id', 't.id')
      .select(['t.id', 't.status', 't.from_organization_id', 'c.expires_at', 'c.revoked_at', 'c.used_at'])
      .where('t.id', '=', found.id)
      .forUpdate('t')
      .executeTakeFirstOrThrow();
    if (
      statusOf(transfer, now) !== 'pending' ||
      property.organization_id !== transfer.from_organization_id ||
      property.archived_at !== null
    ) {
      throw new AppError('CONFLICT', TRANSFER_MESSAGES.notPending);
    }
    const from = transfer.from_organization_id;
    if (from === buyer) throw new AppError('CONFLICT', TRANSFER_MESSAGES.notPending);
    const organization = await trx
      .selectFrom('organizations')
      .select(['name', 'plan', 'trial_ends_at'])
      .where('id', '=', buyer)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const allowed = canAddProperty(
      organization.plan,
      organization.trial_ends_at ? new Date(organization.trial_ends_at) : null,
      await countLiveProperties(trx, buyer),
      now,
    );
    if (!allowed.ok) throw new AppError('FORBIDDEN', allowed.reason);
    const taken = await trx
      .selectFrom('properties')
      .select('id')
      .where('organization_id', '=', buyer)
      .where('parcel_key', '=', property.parcel_key)
      .where('archived_at', 'is', null)
      .executeTakeFirst();
    if (taken) throw new AppError('CONFLICT', TRANSFER_MESSAGES.parcelTaken);
    const seller = await trx
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', from)
      .executeTakeFirstOrThrow();

    // Locked: what the receipt lists is what moves (a delete that won the row went before, and is not listed).
    const documents: TransferredDocument[] = (
      await trx
        .selectFrom('documents')
        .select(['id', 'name', 'kind', 'sha256', 'bytes'])
        .where('property_id', '=', property.id)
        .where('organization_id', '=', from)
        .orderBy('created_at')
        .orderBy('id')
        .forUpdate()
        .execute()
    ).map((document) => ({ ...document, bytes: Number(document.bytes) }));

    await moveProperty(trx, property.id, from, buyer, now);
    // Received with this transfer: each document keeps who issued it and at which level.
    await trx
      .updateTable('documents')
      .set({ provenance_kind: 'transfer_received' })
      .where('property_id', '=', property.id)
      .where('organization_id', '=', buyer)
      .execute();
    await trx.updateTable('capabilities').set({ used_at: now }).where('id', '=', transfer.id).execute();
    await trx
      .updateTable('transfers')
      .set({
        status: 'accepted',
        to_organization_id: buyer,
        decided_at: now,
        decided_by: userId,
        documents: JSON.stringify(documents),
      })
      .where('id', '=', transfer.id)
      .execute();
    await trx
      .updateTable('property_ownerships')
      .set({ ended_at: now })
      .where('property_id', '=', property.id)
      .where('ended_at', 'is', null)
      .execute();
    await trx
      .insertInto('property_ownerships')
      .values({
        property_id: property.id,
        organization_id: buyer,
        organization_name: organization.name,
        started_at: now,
        transfer_id: transfer.id,
      })
      .execute();
    const details = {
      propertyId: property.id,
      transferId: transfer.id,
      dnaCode: property.dna_code,
      documents: documents.length,
    };
    await recordAudit(trx, {
      organizationId: from,
      userId: null,
      action: 'transfer_out',
      details: { ...details, toOrganization: organization.name },
    });
    await recordActorAudit(trx, who, 'transfer_in', null, { ...details, fromOrganization: seller.name });
    // The seller's links to the pack end with their ownership.
    await trx
      .updateTable('capabilities')
      .set({ revoked_at: now })
      .where('purpose', '=', 'transfer_pack')
      .where('organization_id', '=', from)
      .where('subject_id', '=', transfer.id)
      .where('revoked_at', 'is', null)
      .execute();
    // The seller's API tokens restricted to this property, and the seller's grants of it to outsiders
    // (with their links), end with their ownership: the rows stay theirs, as a record.
    await revokePropertyTokens(trx, from, property.id, now);
    await revokePropertyGrants(trx, from, property.id, now);
    // The check is the buyer's now (their plan decides what it reads): rechecked once this commits.
    await queueComplianceRecheckWithin(services, trx, buyer, [property.id]);
    await mailSeller(services, trx, transfer.id, 'accepted', organization.name, origin);
    // Both sides hear of it: the seller's property has gone, the buyer's has arrived.
    for (const [organizationId, side] of [
      [from, 'seller'],
      [buyer, 'buyer'],
    ] as const) {
      await emitWebhookEventWithin(services.jobs, trx, organizationId, 'transfer.accepted', {
        ...details,
        side,
        documentIds: documents.map((document) => document.id),
      });
    }
  });
  return transferById(db, found.id, now);
}
