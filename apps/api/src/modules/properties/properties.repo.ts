import type { ComplianceStatus } from '@propertydna/domain';
import { sql } from 'kysely';
import type { DbOrTrx, PropertyRow } from '../../db/database.js';
import type { PropertyOut } from './properties.schemas.js';

/** How soon an expiring certificate or policy turns a property's status to warning. */
export const EXPIRY_WARNING_DAYS = 30;

/**
 * A property's compliance from its certificates and policies: one expired → critical; one expiring
 * within 30 days → warning; otherwise good.
 */
export function complianceFromExpiry(earliestExpiry: Date | null, now: Date): ComplianceStatus {
  if (!earliestExpiry) return 'good';
  if (earliestExpiry.getTime() <= now.getTime()) return 'critical';
  return earliestExpiry.getTime() - now.getTime() <= EXPIRY_WARNING_DAYS * 86_400_000 ? 'warning' : 'good';
}

interface PropertyWithActivity extends PropertyRow {
  documents_count: number | string | bigint;
  last_document_at: Date | string | null;
  earliest_expiry: Date | string | null;
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
    complianceStatus: complianceFromExpiry(row.earliest_expiry ? asDate(row.earliest_expiry) : null, now),
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
    .selectAll('p')
    .select([
      sql<number>`coalesce(d.documents_count, 0)`.as('documents_count'),
      'd.last_document_at',
      'd.earliest_expiry',
    ])
    .where('p.organization_id', '=', organizationId)
    .where('p.archived_at', 'is', null);
}

/**
 * The dashboard's counts in ONE aggregate query (no property list is built): live properties, their
 * documents, how many are critical (a certificate or policy expired) or warning (one expires within 30
 * days) — the same rule as complianceFromExpiry — and the certificates and policies that expire within
 * those 30 days.
 */
export async function portfolioCounts(db: DbOrTrx, organizationId: string, now: Date) {
  const soon = new Date(now.getTime() + EXPIRY_WARNING_DAYS * 86_400_000);
  const row = await db
    .selectFrom('properties as p')
    .leftJoin(documentActivity(db, organizationId), 'd.property_id', 'p.id')
    .select([
      sql<string>`count(*)`.as('properties'),
      sql<string>`coalesce(sum(d.documents_count), 0)`.as('documents'),
      sql<string>`count(*) filter (where d.earliest_expiry <= ${now})`.as('critical'),
      sql<string>`count(*) filter (where d.earliest_expiry > ${now} and d.earliest_expiry <= ${soon})`.as(
        'warning',
      ),
    ])
    .select((eb) =>
      eb
        .selectFrom('documents')
        .innerJoin('properties', 'properties.id', 'documents.property_id')
        .select(sql<string>`count(*)`.as('n'))
        .where('documents.organization_id', '=', organizationId)
        .where('properties.archived_at', 'is', null)
        .where('documents.kind', 'in', ['certificate', 'policy'])
        .where('documents.expires_at', '>', now)
        .where('documents.expires_at', '<=', soon)
        .as('upcoming'),
    )
    .where('p.organization_id', '=', organizationId)
    .where('p.archived_at', 'is', null)
    .executeTakeFirstOrThrow();
  const properties = Number(row.properties);
  const critical = Number(row.critical);
  const warning = Number(row.warning);
  return {
    properties,
    documents: Number(row.documents),
    compliance: { good: properties - critical - warning, warning, critical },
    upcomingReminders: Number(row.upcoming),
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
