import {
  type ComplianceStatus,
  complianceCounts,
  EXPIRY_WARNING_DAYS,
  expiryWarningWindow,
  isUuid,
  type PropertyFilter,
  type PropertyPageQuery,
} from '@propertydna/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { scopedPropertyId } from '../../auth/property-scope.js';
import type { DbOrTrx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { JsonText } from '../../json-text.js';
import type { PropertyOut, PropertyPageOut } from './properties.schemas.js';

/** An instant as JavaScript's toISOString writes it (UTC, milliseconds), whichever driver reads it. */
const isoText = (instant: RawBuilder<unknown>) =>
  sql<string>`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The card's compliance: the stored check, else complianceFromExpiry's rule (domain) on the earliest
 * certificate or policy expiry, with its window, for a property not checked yet (a moment after an
 * upgrade, until the round at start has checked it). One expression for what the card shows and
 * for the status filter, so the two always agree.
 */
function complianceSql(now: Date) {
  const window = expiryWarningWindow(now);
  return sql<ComplianceStatus>`coalesce(c.compliance_status, case
    when p.earliest_expiry is null then 'good'
    when p.earliest_expiry <= ${window.after} then 'critical'
    when p.earliest_expiry <= ${window.until} then 'warning'
    else 'good' end)`;
}

const EXPIRED_REASON = 'A document has expired';
const EXPIRING_REASON = `A document expires within ${EXPIRY_WARNING_DAYS} days`;

/**
 * Why the card's status is what it is, in one line: the stored check's reason; for a property with no
 * check stored yet, whose status comes from its earliest expiry (complianceSql), what that expiry means.
 */
function complianceReasonSql(now: Date) {
  return sql<string | null>`case
    when c.property_id is not null then c.compliance_reason
    else case ${complianceSql(now)}
      when 'critical' then ${EXPIRED_REASON}
      when 'warning' then ${EXPIRING_REASON}
      else null end
    end`;
}

/**
 * A property as the API answers it (propertySchema's keys, in its order), written as JSON by the
 * database: `card` holds one per row of `p` (properties) joined with `c` (its compliance check).
 * The list is a plain read of the property rows (their document figures are kept by triggers,
 * migration 0018), and no row is decoded, checked and encoded again in JavaScript: for 1,000
 * properties that cost several times the query.
 */
function cardLateral(now: Date) {
  return sql`cross join lateral (select
    p.id, p.dna_code as "dnaCode", p.dna_code as dna_id, p.name, p.address, p.property_type, p.country,
    p.municipality, p.parcel_id, p.parcel_id as "erfNumber", p.township, p.unit, p.deed_number,
    p.description, p.metadata, p.features, p.is_demo as "isDemo", p.documents_count as "documentsCount",
    ${isoText(sql`greatest(p.last_document_at, p.updated_at)`)} as "lastActivity",
    ${complianceSql(now)} as "complianceStatus",
    ${complianceReasonSql(now)} as "complianceReason",
    ${isoText(sql`p.created_at`)} as created_at,
    ${isoText(sql`p.updated_at`)} as updated_at) card`;
}

/** `text` for LIKE: its wildcards and the escape character match themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The organisation's live properties, searched (name, address, DNA code or ERF, case-insensitive,
 * anywhere in the text) and filtered by the card's compliance when asked.
 */
function liveWhere(organizationId: string, filter: PropertyFilter, now: Date) {
  const conditions = [
    sql<SqlBool>`p.organization_id = ${organizationId}`,
    sql<SqlBool>`p.archived_at is null`,
  ];
  // A property-restricted API token (issue 30 §1) lists its one property.
  const only = scopedPropertyId();
  if (only) conditions.push(sql<SqlBool>`p.id = ${only}`);
  if (filter.q !== undefined) {
    const pattern = `%${likeLiteral(filter.q)}%`;
    conditions.push(
      sql<SqlBool>`(p.name ilike ${pattern} or p.address ilike ${pattern} or p.dna_code ilike ${pattern} or p.parcel_id ilike ${pattern})`,
    );
  }
  if (filter.status !== undefined) conditions.push(sql<SqlBool>`${complianceSql(now)} = ${filter.status}`);
  return sql.join(conditions, sql` and `);
}

const FROM_LIVE = sql`properties p left join compliance_checks c on c.property_id = p.id`;

/**
 * The dashboard's counts in ONE query over the property rows (no property list is built, no document
 * read): live properties, their documents and their compliance. The compliance counts are the stored
 * checks' statuses; a property not checked yet is judged by the domain's complianceFromExpiry on its
 * earliest expiry, as on its card.
 */
export async function portfolioCounts(db: DbOrTrx, organizationId: string, now: Date) {
  const only = scopedPropertyId();
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
    .$if(only !== null, (query) => query.where('p.id', '=', only ?? ''))
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

/**
 * Every live property of the organisation (searched and filtered when asked), in the list's order
 * (newest first, then id), as the JSON array the API answers: one row, one text value.
 */
export async function listProperties(
  db: DbOrTrx,
  organizationId: string,
  now: Date,
  filter: PropertyFilter = {},
): Promise<JsonText<PropertyOut[]>> {
  const { rows } = await sql<{ json: string }>`
    select '[' || coalesce(string_agg(row_to_json(card)::text, ',' order by p.created_at desc, p.id), '') || ']' as json
    from ${FROM_LIVE} ${cardLateral(now)}
    where ${liveWhere(organizationId, filter, now)}`.execute(db);
  return new JsonText(rows[0]?.json ?? '[]');
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
  const where = liveWhere(organizationId, input, now);
  // Rewritten from "created_at < t or (created_at = t and id > i)" so that the index range starts
  // at the cursor rather than at the organisation's newest property.
  const after = cursor
    ? sql`and p.created_at <= ${cursor.createdAt}::timestamptz
          and (p.created_at < ${cursor.createdAt}::timestamptz or p.id > ${cursor.id})`
    : sql``;
  const count = sql<string>`(select count(*) from ${FROM_LIVE} where ${where})`;
  const { rows } = await sql<{ json: string; id: string; cursor_at: string; total: string }>`
    select row_to_json(card)::text as json, p.id,
           to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
           ${count} as total
    from ${FROM_LIVE} ${cardLateral(now)}
    where ${where} ${after}
    order by p.created_at desc, p.id
    limit ${input.limit + 1}`.execute(db);
  // Past the last page there is no row to carry the total.
  const total =
    rows[0]?.total ?? (await sql<{ total: string }>`select ${count} as total`.execute(db)).rows[0]?.total;
  const last = rows.length > input.limit ? rows[input.limit - 1] : undefined;
  return {
    items: rows.slice(0, input.limit).map((row) => JSON.parse(row.json) as PropertyOut),
    nextCursor: last ? encodeCursor({ createdAt: last.cursor_at, id: last.id }) : null,
    total: Number(total),
  };
}

export async function findProperty(
  db: DbOrTrx,
  organizationId: string,
  id: string,
  now: Date,
): Promise<PropertyOut | null> {
  const { rows } = await sql<{ json: string }>`
    select row_to_json(card)::text as json
    from ${FROM_LIVE} ${cardLateral(now)}
    where ${liveWhere(organizationId, {}, now)} and p.id = ${id}`.execute(db);
  return rows[0] ? (JSON.parse(rows[0].json) as PropertyOut) : null;
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
