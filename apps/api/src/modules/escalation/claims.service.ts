import {
  type Claim,
  claimCover,
  claimEvidence,
  documentExpiry,
  INCIDENT_TYPE_LABELS,
  johannesburgToday,
} from '@propertydna/domain';
import { sql } from 'kysely';
import type { RequestActor } from '../../auth/actor.js';
import { requireOwned } from '../../auth/owned.js';
import { scopedPropertyId } from '../../auth/property-scope.js';
import type { Db, DbOrTrx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { recordActorAudit } from '../audit/audit.repo.js';
import { readVaultDocuments } from '../compliance/compliance.service.js';
import { emitWebhookEventOfDbWithin } from '../webhooks/webhook-delivery.js';
import type { ClaimDetailOut, ClaimOut } from './escalation.schemas.js';
import { joinedUserName } from './user-name.js';

export const CLAIM_TEXTS = {
  documentOfOtherProperty: 'Photos must be documents in the vault of the same property',
} as const;

const iso = (value: Date | string) => new Date(value).toISOString();

/** The organisation's claims on live properties, with the property's name, who started each and its photo count. */
function selectClaims(db: DbOrTrx, organizationId: string) {
  const only = scopedPropertyId();
  return (
    db
      .selectFrom('claims as c')
      .innerJoin('properties as p', 'p.id', 'c.property_id')
      .leftJoin('users as u', (join) =>
        join.onRef('u.id', '=', 'c.created_by').onRef('u.organization_id', '=', 'c.organization_id'),
      )
      .select([
        'c.id',
        'c.property_id',
        'p.name as property_name',
        'c.incident_type',
        'c.incident_date',
        'c.description',
        'c.status',
        'c.created_at',
        joinedUserName.as('created_by'),
        sql<number>`(select count(*) from claim_documents cd where cd.claim_id = c.id)`.as('documents_count'),
      ])
      .where('c.organization_id', '=', organizationId)
      .where('p.archived_at', 'is', null)
      // A property-restricted API token (issue 30 §1): its property's claims only.
      .$if(only !== null, (query) => query.where('c.property_id', '=', only ?? ''))
  );
}

type ClaimRow = Awaited<ReturnType<ReturnType<typeof selectClaims>['executeTakeFirstOrThrow']>>;

function claimOut(row: ClaimRow): ClaimOut {
  return {
    id: row.id,
    property_id: row.property_id,
    property_name: row.property_name,
    incident_type: row.incident_type,
    incident_type_label: INCIDENT_TYPE_LABELS[row.incident_type],
    incident_date: row.incident_date,
    description: row.description,
    status: row.status,
    created_by: row.created_by,
    created_at: iso(row.created_at),
    documents_count: Number(row.documents_count),
  };
}

/** GET /api/claims and GET /api/properties/{id}/claims: newest first. */
export async function listClaims(db: Db, organizationId: string, propertyId?: string): Promise<ClaimOut[]> {
  let query = selectClaims(db, organizationId);
  if (propertyId !== undefined) {
    query = query.where('c.property_id', '=', await requireOwned(db, organizationId, 'property', propertyId));
  }
  const rows = await query.orderBy('c.created_at', 'desc').orderBy('c.id').execute();
  return rows.map(claimOut);
}

/**
 * GET /api/claims/{id}: the claim, its property, its photos, its cover (domain claimCover: whether a
 * policy in the vault covered the incident's day) and the evidence an insurer asks for with its
 * incident type, each item with what the property's vault and service history hold for it.
 */
export async function getClaim(db: DbOrTrx, organizationId: string, id: string): Promise<ClaimDetailOut> {
  const claimId = await requireOwned(db, organizationId, 'claim', id);
  const row = await selectClaims(db, organizationId).where('c.id', '=', claimId).executeTakeFirstOrThrow();
  const [property, documents, vault, completions] = await Promise.all([
    db
      .selectFrom('properties')
      .select(['id', 'name', 'address', 'dna_code', 'features'])
      .where('id', '=', row.property_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('claim_documents as cd')
      .innerJoin('documents as d', 'd.id', 'cd.document_id')
      .select(['d.id', 'd.name', 'd.kind', 'd.content_type', 'd.bytes', 'd.created_at'])
      .where('cd.claim_id', '=', claimId)
      .orderBy('d.created_at')
      .orderBy('d.id')
      .execute(),
    readVaultDocuments(db, row.property_id),
    db
      .selectFrom('maintenance_completions as mc')
      .innerJoin('maintenance_tasks as t', 't.id', 'mc.task_id')
      .select(['mc.task_id', 't.title', 't.standard_key', 'mc.completed_on', 'mc.document_id'])
      .where('t.property_id', '=', row.property_id)
      .execute(),
  ]);
  return {
    ...claimOut(row),
    property: {
      id: property.id,
      name: property.name,
      address: property.address,
      dna_code: property.dna_code,
    },
    documents: documents.map((document) => ({
      id: document.id,
      name: document.name,
      kind: document.kind,
      content_type: document.content_type,
      bytes: Number(document.bytes),
      uploaded_at: iso(document.created_at),
    })),
    // The vault's policies by their dates: the start is the issue date, the expiry its South African day.
    cover: claimCover(
      row.incident_date,
      vault
        .filter((document) => document.kind === 'policy')
        .map((document) => ({
          id: document.id,
          name: document.name,
          starts_on: document.issued_on,
          expires_on: document.expires_at ? johannesburgToday(new Date(document.expires_at)) : null,
        })),
    ),
    evidence: claimEvidence({
      incidentType: row.incident_type,
      features: property.features,
      documents: vault.map((document) => {
        // The dates the vault shows (its reliable ones, the expiry worked out as everywhere): the upload
        // day is no issue date, and an expired certificate is said to be expired.
        const expiresOn = documentExpiry({
          kind: document.kind,
          expires_at: document.expires_at,
          metadata: { certificate_type: document.certificate_type, issued_on: document.issued_on },
        });
        return {
          id: document.id,
          name: document.name,
          kind: document.kind,
          certificate_type: document.certificate_type,
          date: document.issued_on,
          expires_on: expiresOn,
          expired: expiresOn !== null && expiresOn <= johannesburgToday(new Date()),
        };
      }),
      claimDocumentIds: documents.map((document) => document.id),
      completions,
    }),
  };
}

/**
 * POST /api/properties/{id}/claims (Start Claim): the claim and its photos, which must be documents in
 * the vault of the same property (another organisation's: 404; another property's: 400) — all or nothing.
 */
export async function startClaim(
  db: Db,
  who: RequestActor,
  propertyId: string,
  claim: Claim,
): Promise<ClaimDetailOut> {
  const organizationId = who.actor.organizationId;
  return db.transaction().execute(async (trx) => {
    // The property's lock: an archive cannot slip in between the check and the insert.
    const property = await requireOwned(trx, organizationId, 'property', propertyId, { lock: true });
    const documentIds: string[] = [];
    for (const id of claim.document_ids) {
      const documentId = await requireOwned(trx, organizationId, 'document', id);
      const document = await trx
        .selectFrom('documents')
        .select('property_id')
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow();
      if (document.property_id !== property)
        throw new AppError('BAD_REQUEST', CLAIM_TEXTS.documentOfOtherProperty);
      documentIds.push(documentId);
    }
    const { id } = await trx
      .insertInto('claims')
      .values({
        organization_id: organizationId,
        property_id: property,
        incident_type: claim.incident_type,
        incident_date: claim.incident_date,
        description: claim.description,
        created_by: who.actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (documentIds.length > 0) {
      await trx
        .insertInto('claim_documents')
        .values(documentIds.map((documentId) => ({ claim_id: id, document_id: documentId })))
        .execute();
    }
    await recordActorAudit(trx, who, 'claim', null, {
      claimId: id,
      propertyId: property,
      incidentType: claim.incident_type,
      incidentDate: claim.incident_date,
      documentIds,
    });
    await emitWebhookEventOfDbWithin(db, trx, organizationId, 'claim.created', {
      claimId: id,
      propertyId: property,
      incidentType: claim.incident_type,
      incidentDate: claim.incident_date,
      documentIds,
    });
    return getClaim(trx, organizationId, id);
  });
}
