import type { RequestActor } from '../../auth/actor.js';
import { notOwned, requireOwned } from '../../auth/owned.js';
import { AppError } from '../../errors.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit } from '../audit/audit.repo.js';
import { queueComplianceRecheckWithin } from '../compliance/compliance.jobs.js';
import type { DocumentOut } from './documents.schemas.js';
import { lockProperties, ownedDocuments } from './documents.service.js';

export const ONLY_PROPERTY_DOCUMENTS = 'Only documents of a property can be moved to another property';
export const alreadyAdoptedThere = (name: string) =>
  `${name} is already in that property: it holds a copy adopted from the same share`;

/**
 * Moves documents to another live property of the caller's organisation (issue 32), all or nothing: a
 * foreign, unknown or archived property is 404 'Property not found'; a document that is not the caller's
 * is 404 'Document not found'; a job's or the organisation's own document (in no property) is 400; and a
 * property may hold one copy adopted from a given original (409). Only where the document is filed
 * changes: its file, SHA-256, provenance and badge stay as they are. Its policy findings follow it. Each
 * move is in the audit trail (naming the property it left, so that property's trail keeps it), and both
 * properties' compliance is rechecked once this commits, as an upload has its property's. Those already
 * in the property stay as they are. Answers the documents as they now are.
 */
export async function moveDocuments(
  services: AppServices,
  who: RequestActor,
  ids: readonly string[],
  propertyId: string,
): Promise<DocumentOut[]> {
  const db = services.db.db;
  const organizationId = who.actor.organizationId;
  const target = await requireOwned(db, organizationId, 'property', propertyId);
  const documents = await ownedDocuments(db, organizationId, ids);
  if (documents.some((document) => document.property_id === null)) {
    throw new AppError('BAD_REQUEST', ONLY_PROPERTY_DOCUMENTS);
  }
  const moving = documents.filter((document) => document.property_id !== target);
  await db.transaction().execute(async (trx) => {
    const live = await lockProperties(trx, organizationId, [
      target,
      ...moving.map((document) => document.property_id),
    ]);
    // Archived (or handed over) meanwhile: as not found as it would be now.
    if (!live.has(target)) throw notOwned('property');
    if (moving.length === 0) return;
    const movingIds = moving.map((document) => document.id);
    // documents_adopted_once: a property holds one copy of an original, counting those the batch brings.
    const originals = new Set(
      (
        await trx
          .selectFrom('documents')
          .select('adopted_from')
          .where('property_id', '=', target)
          .where('adopted_from', 'is not', null)
          .execute()
      ).map((row) => row.adopted_from),
    );
    const copies = await trx
      .selectFrom('documents')
      .select(['id', 'name', 'adopted_from'])
      .where('id', 'in', movingIds)
      .where('adopted_from', 'is not', null)
      .orderBy('created_at')
      .execute();
    for (const copy of copies) {
      if (originals.has(copy.adopted_from)) throw new AppError('CONFLICT', alreadyAdoptedThere(copy.name));
      originals.add(copy.adopted_from);
    }
    const moved = await trx
      .updateTable('documents')
      .set({ property_id: target })
      .where('id', 'in', movingIds)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== movingIds.length) throw notOwned('document');
    // A policy's findings and analysis are the property's it is filed in.
    await trx
      .updateTable('policy_findings')
      .set({ property_id: target })
      .where('document_id', 'in', movingIds)
      .execute();
    await trx
      .updateTable('policy_analyses')
      .set({ property_id: target })
      .where('document_id', 'in', movingIds)
      .execute();
    const names = new Map(
      (
        await trx
          .selectFrom('properties')
          .select(['id', 'name'])
          .where('id', 'in', [target, ...moving.map((document) => document.property_id as string)])
          .execute()
      ).map((row) => [row.id, row.name]),
    );
    for (const document of moving) {
      const from = document.property_id as string;
      await recordActorAudit(trx, who, 'move', document.id, {
        name: document.name,
        // Named as the property it left, so that property's audit trail keeps the move.
        propertyId: from,
        fromPropertyId: from,
        toPropertyId: target,
        fromName: names.get(from) ?? null,
        toName: names.get(target) ?? null,
      });
    }
    await queueComplianceRecheckWithin(services, trx, organizationId, [
      target,
      ...moving.map((document) => document.property_id),
    ]);
  });
  return ownedDocuments(
    db,
    organizationId,
    documents.map((document) => document.id),
  );
}
