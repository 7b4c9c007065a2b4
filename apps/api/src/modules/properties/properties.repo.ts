import {
  type ComplianceStatus,
  complianceCounts,
  complianceFromExpiry,
  expiryWarningWindow,
  isUuid,
  type PropertyFilter,
  type PropertyPageQuery,
} from '@propertydna/domain';
import { type SqlBool, sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { PropertyOut, PropertyPageOut } from './properties.schemas.js';

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The organisation's live properties with what their cards show, as a plain read: the document
 * figures are the property row's own (kept by triggers, migration 0018) and the compliance is the
 * stored check, so no request aggregates documents.
 */
function selectLive(db: DbOrTrx, organizationId: string) {
  return db
    .selectFrom('properties as p')
    .leftJoin('compliance_checks as c', 'c.property_id', 'p.id')
    .select([
      'p.id',
      'p.dna_code',
      'p.name',
      'p.address',
      'p.property_type',
      'p.country',
      'p.municipality',
      'p.parcel_id',
      'p.township',
      'p.unit',
      'p.deed_number',
      'p.description',
      'p.metadata',
      'p.features',
      'p.is_demo',
      'p.documents_count',
      'p.last_document_at',
      'p.earliest_expiry',
      'p.created_at',
      'p.updated_at',
      'c.compliance_status as checked_status',
    ])
    .where('p.organization_id', '=', organizationId)
    .where('p.archived_at', 'is', null);
}
type LiveRow = Awaited<ReturnType<ReturnType<typeof selectLive>['executeTakeFirstOrThrow']>>;

/**
 * The API's property, built field by field (exactly the schema's keys, nothing of the row beyond),
 * so the list can be serialized from the schema without validating each row again.
 */
function toPropertyOut(row: LiveRow, now: Date): PropertyOut {
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
    documentsCount: row.documents_count,
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

/**
 * The card's compliance in SQL, for filtering: the stored check, else complianceFromExpiry's rule on
 * the earliest expiry with the same window (the card computes it in toPropertyOut).
 */
function complianceSql(now: Date) {
  const window = expiryWarningWindow(now);
  return sql<ComplianceStatus>`coalesce(c.compliance_status, case
    when p.earliest_expiry is null then 'good'
    when p.earliest_expiry <= ${window.after} then 'critical'
    when p.earliest_expiry <= ${window.until} then 'warning'
    else 'good' end)`;
}

/** `text` for LIKE: its wildcards and the escape character match themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The search (name, address, DNA code or ERF, case-insensitive, anywhere) and the status filter. */
function filtered(db: DbOrTrx, organizationId: string, filter: PropertyFilter, now: Date) {
  const { q, status } = filter;
  return selectLive(db, organizationId)
    .$if(q !== undefined, (query) => {
      const pattern = `%${likeLiteral(q ?? '')}%`;
      return query.where((eb) =>
        eb.or([
          eb('p.name', 'ilike', pattern),
          eb('p.address', 'ilike', pattern),
          eb('p.dna_code', 'ilike', pattern),
          eb('p.parcel_id', 'ilike', pattern),
        ]),
      );
    })
    .$if(status !== undefined, (query) => query.where(sql<SqlBool>`${complianceSql(now)} = ${status}`));
}

/**
 * The dashboard's counts in ONE query over the property rows (no property list is built, no document
 * read): live properties, their documents and their compliance. The compliance counts are the stored
 * checks' statuses; a property not checked yet is judged by the domain's complianceFromExpiry on its
 * earliest expiry, as on its card.
 */
export async function portfolioCounts(db: DbOrTrx, organizationId: string, now: Date) {
  const row = await db
    .selectFrom('properties as p')
    .leftJoin('compliance_checks as c', 'c.property_id', 'p.id')
    .select([
      sql<string>`count(*)`.as('properties'),
      sql<string>`coalesce(sum(p.documents_count), 0)`.as('documents'),
      sql<string>`count(*) filter (where c.compliance_status = 'warning')`.as('warning'),
      sql<string>`count(*) filter (where c.compliance_status = 'critical')`.as('critical'),
      sql<string>`count(*) filter (where c.property_id is null)`.as('unchecked'),
      // The properties not checked yet, by their earliest expiry. JSON, so both drivers answer the
      // same ISO strings (no array-of-timestamptz parsing).
      sql<
        string[] | null
      >`json_agg(p.earliest_expiry) filter (where c.property_id is null and p.earliest_expiry is not null)`.as(
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

/** Every live property of the organisation (searched and filtered when asked), in the list's order. */
export async function listProperties(
  db: DbOrTrx,
  organizationId: string,
  now: Date,
  filter: PropertyFilter = {},
): Promise<PropertyOut[]> {
  const rows = await filtered(db, organizationId, filter, now)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => toPropertyOut(row, now));
}

/** Where a page starts: after the property with this creation time (to the microsecond) and id. */
interface PageCursor {
  createdAt: string;
  id: string;
}

const CURSOR_AT = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** True for a UTC time to the microsecond that names a real instant (no 30 February, no hour 24). */
function isCursorTime(value: string): boolean {
  if (!CURSOR_AT.test(value)) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 23) === value.slice(0, 23);
}

/** The opaque cursor a page answers: the last property's creation time and id, base64url. */
function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

/** A cursor as the client sent it; anything this server did not issue is a 400, never a 500. */
function decodeCursor(value: string): PageCursor {
  const [createdAt, id, ...rest] = Buffer.from(value, 'base64url').toString().split('|');
  if (rest.length > 0 || !createdAt || !isCursorTime(createdAt) || !isUuid(id)) {
    throw new AppError('BAD_REQUEST', 'Invalid cursor');
  }
  return { createdAt, id };
}

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
  const matching = filtered(db, organizationId, input, now);
  const [rows, count] = await Promise.all([
    matching
      .select(
        sql<string>`to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
          'cursor_at',
        ),
      )
      // Rewritten from "created_at < t or (created_at = t and id > i)" so that the index range starts
      // at the cursor rather than at the organisation's newest property.
      .$if(cursor !== null, (query) =>
        query.where(
          sql<SqlBool>`p.created_at <= ${cursor?.createdAt}::timestamptz and (p.created_at < ${cursor?.createdAt}::timestamptz or p.id > ${cursor?.id})`,
        ),
      )
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id')
      .limit(input.limit + 1)
      .execute(),
    matching.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const last = rows.length > input.limit ? rows[input.limit - 1] : undefined;
  return {
    items: rows.slice(0, input.limit).map((row) => toPropertyOut(row, now)),
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
  const row = await selectLive(db, organizationId).where('p.id', '=', id).executeTakeFirst();
  return row ? toPropertyOut(row, now) : null;
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
