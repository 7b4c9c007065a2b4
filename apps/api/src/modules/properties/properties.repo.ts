import {
  type ComplianceStatus,
  complianceCounts,
  complianceFromExpiry,
  expiryWarningWindow,
  isUuid,
  type PropertyPageQuery,
} from '@propertydna/domain';
import { type SqlBool, sql } from 'kysely';
import type { DbOrTrx, PropertyRow } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { PropertyOut, PropertyPageOut } from './properties.schemas.js';

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

/** Where a page starts: after the property with this creation time (to the microsecond) and id. */
interface PageCursor {
  createdAt: string;
  id: string;
}

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The opaque cursor a page answers: the last property's creation time and id, base64url. */
function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

/** A cursor as the client sent it; anything this server did not issue is a 400, never a 500. */
function decodeCursor(value: string): PageCursor {
  const [createdAt, id, ...rest] = Buffer.from(value, 'base64url').toString().split('|');
  if (rest.length > 0 || !createdAt || !CURSOR_AT.test(createdAt) || !isUuid(id)) {
    throw new AppError('BAD_REQUEST', 'Invalid cursor');
  }
  if (Number.isNaN(Date.parse(createdAt))) throw new AppError('BAD_REQUEST', 'Invalid cursor');
  return { createdAt, id };
}

/** `text` for LIKE: its wildcards and the escape character match themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * One page of the organisation's live properties in the list's order (newest first, then id), with
 * how many match in all. The cursor is keyset (creation time to the microsecond, id): a page never
 * repeats or skips a property when others are added or archived meanwhile.
 */
export async function pageProperties(
  db: DbOrTrx,
  organizationId: string,
  input: PropertyPageQuery,
  now: Date,
): Promise<PropertyPageOut> {
  const cursor = input.cursor === undefined ? null : decodeCursor(input.cursor);
  const window = expiryWarningWindow(now);
  const status = sql<ComplianceStatus>`coalesce(c.compliance_status, case
    when d.earliest_expiry is null then 'good'
    when d.earliest_expiry <= ${window.after} then 'critical'
    when d.earliest_expiry <= ${window.until} then 'warning'
    else 'good' end)`;
  const filtered = selectWithActivity(db, organizationId)
    .$if(input.q !== undefined, (query) => {
      const pattern = `%${likeLiteral(input.q ?? '')}%`;
      return query.where((eb) =>
        eb.or([
          eb('p.name', 'ilike', pattern),
          eb('p.address', 'ilike', pattern),
          eb('p.dna_code', 'ilike', pattern),
          eb('p.parcel_id', 'ilike', pattern),
        ]),
      );
    })
    .$if(input.status !== undefined, (query) => query.where(sql<SqlBool>`${status} = ${input.status}`));
  const [rows, count] = await Promise.all([
    filtered
      .select(
        sql<string>`to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
          'cursor_at',
        ),
      )
      .$if(cursor !== null, (query) => {
        const at = cursor?.createdAt ?? '';
        return query.where(
          sql<SqlBool>`p.created_at <= ${at}::timestamptz and (p.created_at < ${at}::timestamptz or p.id > ${cursor?.id ?? ''})`,
        );
      })
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id')
      .limit(input.limit + 1)
      .execute(),
    filtered.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const items = rows.slice(0, input.limit);
  const last = rows.length > input.limit ? rows[input.limit - 1] : undefined;
  return {
    items: items.map((row) => toPropertyOut(row as PropertyWithActivity, now)),
    nextCursor: last ? encodeCursor({ createdAt: last.cursor_at, id: last.id }) : null,
    total: Number(count.n),
  };
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
