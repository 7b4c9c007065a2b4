import { type ComplianceStatus, complianceCounts, complianceFromExpiry } from '@propertydna/domain';
import { sql } from 'kysely';
import type { DbOrTrx, PropertyRow } from '../../db/database.js';
import type { PropertyOut } from './properties.schemas.js';

interface PropertyWithActivity extends PropertyRow {
  documents_count: number | string | bigint;
  last_document_at: Date | string | null;
  earliest_expiry: Date | string | null;
  checked_status: ComplianceStatus | null;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function toPropertyOut(row: PropertyWithActivity, now: Date): PropertyOut {
  const updated = asDate(row.updated_at);
  const lastDocument = row.last_document_at ? asDate(row.last_document_at) : null;
  return {
    id: row.id,
    dnaCode: row.dna_code,
    dna_id: row.dna_code,
    name: row.name,
    address: row.address,
    property_type: row.property_type,
    country: row.country,
    municipality: row.municipality,
    parcel_id: row.parcel_id,
    erfNumber: row.parcel_id,
    township: row.township,
    unit: row.unit,
    deed_number: row.deed_number,
    description: row.description,
    metadata: row.metadata,
    isDemo: row.is_demo,
    documentsCount: Number(row.documents_count),
    lastActivity: (lastDocument && lastDocument > updated ? lastDocument : updated).toISOString(),
    features: row.features,
    // The stored check decides; a property not yet checked (a moment after an upgrade) is judged by
    // its earliest expiry until the round at start has checked it.
    complianceStatus:
      row.checked_status ??
      complianceFromExpiry(row.earliest_expiry ? asDate(row.earliest_expiry) : null, now),
    created_at: asDate(row.created_at).toISOString(),
    updated_at: updated.toISOString(),
  };
}

/** Per property of the organisation: its document count, last upload and earliest certificate/policy expiry. */
function documentActivity(db: DbOrTrx, organizationId: string) {
  return db
    .selectFrom('documents')
    .select([
      'property_id',
      sql<number>`count(*)`.as('documents_count'),
      sql<Date | null>`max(created_at)`.as('last_document_at'),
      sql<Date | null>`min(expires_at) filter (where kind in ('certificate', 'policy'))`.as(
        'earliest_expiry',
      ),
    ])
    .where('organization_id', '=', organizationId)
    .where('property_id', 'is not', null)
    .groupBy('property_id')
    .as('d');
}

/**
 * The organisation's live properties with their document count, last activity and compliance, in
 * ONE query: the documents are aggregated once per organisation and joined, never queried per property.
 */
function selectWithActivity(db: DbOrTrx, organizationId: string) {
  return db
    .selectFrom('properties as p')
    .leftJoin(documentActivity(db, organizationId), 'd.property_id', 'p.id')
    .leftJoin('compliance_checks as c', 'c.property_id', 'p.id')
    .selectAll('p')
    .select([
      sql<number>`coalesce(d.documents_count, 0)`.as('documents_count'),
      'd.last_document_at',
      'd.earliest_expiry',
      'c.compliance_status as checked_status',
    ])
    .where('p.organization_id', '=', organizationId)
    .where('p.archived_at', 'is', null);
}

/**
 * The dashboard's counts in ONE aggregate query (no property list is built): live properties, their
 * documents and their compliance. The compliance counts are the stored
 * checks' statuses; a property not checked yet is judged by the domain's complianceFromExpiry on its
 * earliest expiry, as on its card.
 */
export async function portfolioCounts(db: DbOrTrx, organizationId: string, now: Date) {
  const row = await db
    .selectFrom('properties as p')
    .leftJoin(documentActivity(db, organizationId), 'd.property_id', 'p.id')
    .leftJoin('compliance_checks as c', 'c.property_id', 'p.id')
    .select([
      sql<string>`count(*)`.as('properties'),
      sql<string>`coalesce(sum(d.documents_count), 0)`.as('documents'),
      sql<string>`count(*) filter (where c.compliance_status = 'warning')`.as('warning'),
      sql<string>`count(*) filter (where c.compliance_status = 'critical')`.as('critical'),
      sql<string>`count(*) filter (where c.property_id is null)`.as('unchecked'),
      // The properties not checked yet, by their earliest expiry. JSON, so both drivers answer the
      // same ISO strings (no array-of-timestamptz parsing).
      sql<
        string[] | null
      >`json_agg(d.earliest_expiry) filter (where c.property_id is null and d.earliest_expiry is not null)`.as(
        'earliest_expiries',
      ),
    ])
    .where('p.organization_id', '=', organizationId)
    .where('p.archived_at', 'is', null)
    .executeTakeFirstOrThrow();
  const properties = Number(row.properties);
  const expiries = (row.earliest_expiries ?? []).map((value) => new Date(value));
  const unchecked = complianceCounts(Number(row.unchecked), expiries, now);
  const warning = Number(row.warning);
  const critical = Number(row.critical);
  return {
    properties,
    documents: Number(row.documents),
    compliance: {
      good: properties - Number(row.unchecked) - warning - critical + unchecked.good,
      warning: warning + unchecked.warning,
      critical: critical + unchecked.critical,
    },
  };
}

export async function listProperties(db: DbOrTrx, organizationId: string, now: Date): Promise<PropertyOut[]> {
  const rows = await selectWithActivity(db, organizationId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => toPropertyOut(row as PropertyWithActivity, now));
}

export async function findProperty(
  db: DbOrTrx,
  organizationId: string,
  id: string,
  now: Date,
): Promise<PropertyOut | null> {
  const row = await selectWithActivity(db, organizationId).where('p.id', '=', id).executeTakeFirst();
  return row ? toPropertyOut(row as PropertyWithActivity, now) : null;
}

export async function countLiveProperties(db: DbOrTrx, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('properties')
    .select(sql<number>`count(*)`.as('n'))
    .where('organization_id', '=', organizationId)
    .where('archived_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
