import {
  ACCESS_LEDGER_MESSAGES,
  ACCESS_LEDGER_PAGE_SIZE,
  type AccessKind,
  type AccessLedgerQuery,
  type AccessRevokeKind,
  type Capability,
  can,
  RETENTION,
  type RevokeAccessInput,
  refusal,
} from '@propertydna/domain';
import { type RawBuilder, sql } from 'kysely';
import type { RequestActor } from '../../auth/actor.js';
import { assertNotToken } from '../../auth/api-tokens.js';
import { requireOwned } from '../../auth/owned.js';
import { scopedPropertyId } from '../../auth/property-scope.js';
import type { Db, DbOrTrx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { recordActorAudit } from '../audit/audit.repo.js';

/**
 * Issue 31 §3: the access ledger — every access to an organisation's information by anyone other than
 * its members, read as one list over the records that already hold each kind (nothing is written twice):
 *
 * - share_link, vendor_upload, transfer (pack links): the links' access log (capability_events);
 * - grantee ("shared access"), api_token and staff (a reviewer opening or deciding on verification
 *   evidence): the audit trail (audit_events: `details.via = 'grant'`, `details.apiToken`,
 *   `details.staff` / evidence_approve / evidence_reject);
 * - api_token also its last use (api_tokens.last_used_at/ip: a token's plain reads write no audit row);
 * - transfer also the accepted transfers of the organisation's properties (transfers.decided_at).
 *
 * Rows within RETENTION.accessLogDays are listed; older ones are counted per month and kind (the links'
 * log is deleted by housekeeping after it is summarised into access_ledger_summaries).
 */

export interface AccessLedgerRow {
  id: string;
  at: string;
  kind: AccessKind;
  action: string;
  who: string;
  ip: string | null;
  property: { id: string; name: string } | null;
  document: { id: string; name: string } | null;
  revoke: { kind: AccessRevokeKind; id: string } | null;
}

export interface AccessLedgerSummaryRow {
  month: string;
  kind: AccessKind;
  count: number;
}

export interface AccessLedgerPage {
  rows: AccessLedgerRow[];
  page: number;
  has_more: boolean;
  /** Older accesses, counted per month and kind (the whole organisation's; none for one property). */
  summary: AccessLedgerSummaryRow[];
}

const DAY_MS = 86_400_000;
const PERSON = (alias: string) =>
  sql.raw(
    `coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), 'a former member')`,
  );
const LOCAL = (column: string) => sql.raw(`(${column} at time zone 'Africa/Johannesburg')`);

/**
 * One union of every outside access of the organisation, as rows of the same columns (property_id,
 * revoke_id as text). `now` decides which links are still live (a revoke target only while live).
 */
function ledgerUnion(organizationId: string, now: Date): RawBuilder<unknown> {
  return sql`
    select 'c' || e.id::text as key, e.created_at as at,
      case c.purpose when 'share' then 'share_link' when 'vendor_invite' then 'vendor_upload' else 'transfer' end as kind,
      e.action as action,
      case c.purpose
        when 'share' then 'Share link made ' || to_char(${LOCAL('c.created_at')}, 'YYYY-MM-DD HH24:MI')
        when 'vendor_invite' then coalesce(v.name || coalesce(' (' || v.company || ')', ''), 'A removed vendor')
        when 'transfer' then 'Transfer link sent to ' || coalesce(tl.to_email, 'the buyer')
        else 'Transfer pack link (for the conveyancer)'
      end as who,
      e.ip as ip,
      coalesce(s.property_id, vi.property_id, tl.property_id, tp.property_id)::text as property_id,
      e.document_id::text as document_id,
      case when c.revoked_at is null and c.used_at is null and c.expires_at > ${now}
        then case c.purpose when 'share' then 'share_link' when 'vendor_invite' then 'vendor_invite'
          when 'transfer_pack' then 'transfer_pack' end end as revoke_kind,
      c.id::text as revoke_id
    from capability_events e
    join capabilities c on c.id = e.capability_id
    left join shares s on c.purpose = 'share' and s.id = c.id
    left join vendor_invites vi on c.purpose = 'vendor_invite' and vi.id = c.id
    left join vendors v on v.id = vi.vendor_id
    left join transfers tl on c.purpose = 'transfer' and tl.id = c.id
    left join transfers tp on c.purpose = 'transfer_pack' and tp.id = c.subject_id
    where c.organization_id = ${organizationId}
      and c.purpose in ('share', 'vendor_invite', 'transfer', 'transfer_pack')
      and e.action in ('view', 'download', 'upload', 'adopt')
    union all
    select 'a' || a.id::text, a.created_at,
      case
        when a.details->>'via' = 'grant' then 'grantee'
        when a.details->'apiToken' is not null then 'api_token'
        else 'staff'
      end,
      a.action::text,
      case
        when a.details->>'via' = 'grant' then ${PERSON('u')} || coalesce(' <' || u.email || '>', '')
        when a.details->'apiToken' is not null
          then 'API token "' || (a.details->'apiToken'->>'name') || '" of ' || ${PERSON('u')}
        else 'PropertyDNA staff'
      end,
      a.ip,
      coalesce(d.property_id::text, a.details->>'propertyId'),
      a.document_id::text,
      case
        when a.details->>'via' = 'grant' and exists (select 1 from property_grants g
          where g.id::text = a.details->>'grantId' and g.revoked_at is null and g.expires_at > ${now})
          then 'grant'
        when a.details->'apiToken' is not null and exists (select 1 from api_tokens k
          where k.id::text = a.details->'apiToken'->>'id' and k.revoked_at is null and k.expires_at > ${now})
          then 'api_token'
      end,
      case when a.details->>'via' = 'grant' then a.details->>'grantId' else a.details->'apiToken'->>'id' end
    from audit_events a
    left join users u on u.id = a.user_id
    left join documents d on d.id = a.document_id
    where a.organization_id = ${organizationId}
      and (
        (a.details->>'via' = 'grant' and a.action in ('view', 'download', 'grant_accept'))
        or a.details->'apiToken' is not null
        or (a.details->>'staff' = 'true' and a.action = 'view')
        or a.action in ('evidence_approve', 'evidence_reject')
      )
    union all
    select 'k' || k.id::text, k.last_used_at, 'api_token', 'last_use',
      'API token "' || k.name || '" of ' || ${PERSON('ku')},
      k.last_used_ip, k.property_id::text, null,
      case when k.revoked_at is null and k.expires_at > ${now} then 'api_token' end,
      k.id::text
    from api_tokens k
    left join users ku on ku.id = k.user_id
    where k.organization_id = ${organizationId} and k.last_used_at is not null
    union all
    select 't' || t.id::text, t.decided_at, 'transfer', 'accept',
      coalesce(o.name || ' (' || t.to_email || ')', t.to_email),
      null, t.property_id::text, null, null, null
    from transfers t
    left join organizations o on o.id = t.to_organization_id
    where t.from_organization_id = ${organizationId} and t.status = 'accepted' and t.decided_at is not null
  `;
}

interface UnionRow {
  key: string;
  at: Date | string;
  kind: AccessKind;
  action: string;
  who: string;
  ip: string | null;
  property_id: string | null;
  property_name: string | null;
  document_id: string | null;
  document_name: string | null;
  revoke_kind: AccessRevokeKind | null;
  revoke_id: string | null;
}

/** The first instant of a day in Africa/Johannesburg (UTC+2 all year). */
const dayStart = (isoDay: string) => new Date(`${isoDay}T00:00:00+02:00`);

/**
 * One page of the organisation's access ledger, newest first, with the filters asked for. A property
 * filter must name one of the organisation's properties (another's, or none such: 404); a token
 * restricted to one property sees that property's rows only. Exported for the account export.
 */
export async function listAccessLedger(
  db: Db,
  organizationId: string,
  filters: AccessLedgerQuery = {},
  now = new Date(),
): Promise<AccessLedgerPage> {
  const scoped = scopedPropertyId();
  let propertyId = filters.propertyId ?? scoped;
  if (propertyId) propertyId = await requireOwned(db, organizationId, 'property', propertyId);
  const page = filters.page ?? 1;
  const keptFrom = new Date(now.getTime() - RETENTION.accessLogDays * DAY_MS);
  const from = filters.from && dayStart(filters.from) > keptFrom ? dayStart(filters.from) : keptFrom;
  const to = filters.to ? new Date(dayStart(filters.to).getTime() + DAY_MS) : null;
  const { rows } = await sql<UnionRow>`
    select l.*, p.name as property_name, dn.name as document_name
    from (${ledgerUnion(organizationId, now)}) l
    left join properties p on p.id::text = l.property_id and p.organization_id = ${organizationId}
    left join documents dn on dn.id::text = l.document_id and dn.organization_id = ${organizationId}
    where l.at >= ${from}
      ${to ? sql`and l.at < ${to}` : sql``}
      ${filters.kind ? sql`and l.kind = ${filters.kind}` : sql``}
      ${propertyId ? sql`and l.property_id = ${propertyId}` : sql``}
    order by l.at desc, l.key desc
    limit ${ACCESS_LEDGER_PAGE_SIZE + 1} offset ${(page - 1) * ACCESS_LEDGER_PAGE_SIZE}
  `.execute(db);
  return {
    rows: rows.slice(0, ACCESS_LEDGER_PAGE_SIZE).map(toLedgerRow),
    page,
    has_more: rows.length > ACCESS_LEDGER_PAGE_SIZE,
    summary: propertyId ? [] : await ledgerSummary(db, organizationId, keptFrom, now),
  };
}

/**
 * Every row of the organisation's ledger (the two years it lists), newest first, a page at a time so a
 * long ledger never sits in memory whole: for the account export (issue 31 §1).
 */
export async function* eachAccessLedgerRow(
  db: Db,
  organizationId: string,
  now = new Date(),
): AsyncGenerator<AccessLedgerRow> {
  for (let page = 1; ; page++) {
    const answer = await listAccessLedger(db, organizationId, { page }, now);
    yield* answer.rows;
    if (!answer.has_more) return;
  }
}

function toLedgerRow(row: UnionRow): AccessLedgerRow {
  return {
    id: row.key,
    at: new Date(row.at).toISOString(),
    kind: row.kind,
    action: row.action,
    who: row.who,
    ip: row.ip,
    property: row.property_id && row.property_name ? { id: row.property_id, name: row.property_name } : null,
    document: row.document_id && row.document_name ? { id: row.document_id, name: row.document_name } : null,
    revoke: row.revoke_kind && row.revoke_id ? { kind: row.revoke_kind, id: row.revoke_id } : null,
  };
}

/**
 * Accesses older than the ledger keeps, per month and kind: the counts housekeeping kept of the links'
 * log it deleted, and the older rows still in the audit trail and elsewhere, counted now.
 */
async function ledgerSummary(
  db: Db,
  organizationId: string,
  keptFrom: Date,
  now: Date,
): Promise<AccessLedgerSummaryRow[]> {
  const { rows } = await sql<{ month: string; kind: AccessKind; count: string | number }>`
    select month, kind, sum(count) as count from (
      select month, kind, count from access_ledger_summaries where organization_id = ${organizationId}
      union all
      select to_char(${LOCAL('l.at')}, 'YYYY-MM'), l.kind, count(*)
      from (${ledgerUnion(organizationId, now)}) l
      where l.at < ${keptFrom}
      group by 1, 2
    ) x
    group by month, kind
    order by month desc, kind
  `.execute(db);
  return rows.map((row) => ({ month: row.month, kind: row.kind, count: Number(row.count) }));
}

/**
 * Before housekeeping deletes the links' access log older than `before`, counts what it deletes per
 * organisation, month and kind into access_ledger_summaries (added to what an earlier round kept).
 * Call it in the same transaction as the delete.
 */
export async function summariseAccessLog(db: DbOrTrx, before: Date): Promise<void> {
  await sql`
    insert into access_ledger_summaries (organization_id, month, kind, count)
    select c.organization_id,
      to_char(${LOCAL('e.created_at')}, 'YYYY-MM'),
      case c.purpose when 'share' then 'share_link' when 'vendor_invite' then 'vendor_upload' else 'transfer' end,
      count(*)
    from capability_events e
    join capabilities c on c.id = e.capability_id
    where e.created_at < ${before}
      and c.organization_id is not null
      and c.purpose in ('share', 'vendor_invite', 'transfer', 'transfer_pack')
      and e.action in ('view', 'download', 'upload', 'adopt')
    group by 1, 2, 3
    on conflict (organization_id, month, kind)
      do update set count = access_ledger_summaries.count + excluded.count
  `.execute(db);
}

/** What each revocable access needs of the caller's role. */
const REVOKE_NEEDS: Record<Exclude<AccessRevokeKind, 'api_token'>, Capability> = {
  share_link: 'shares.write',
  vendor_invite: 'vendors.write',
  grant: 'grants.manage',
  transfer_pack: 'properties.transfer',
};
const PURPOSE: Record<'share_link' | 'vendor_invite' | 'transfer_pack', string> = {
  share_link: 'share',
  vendor_invite: 'vendor_invite',
  transfer_pack: 'transfer_pack',
};

const nothingLive = () => new AppError('NOT_FOUND', ACCESS_LEDGER_MESSAGES.notFound);
const isUuidText = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * Ends the access a ledger row shows, at once: a share link, a vendor's upload link, a grant (and its
 * link), an API token, a transfer pack link. Only the organisation's own, only while live (otherwise 404);
 * each needs the capability that revokes it elsewhere (a token: its creator, or an owner or admin).
 * Needs a session (a token cannot revoke access). A grant's and a vendor link's revoke are recorded in the
 * audit trail as their own revokes are; a share link's, a pack link's and a token's, like theirs, are not.
 */
export async function revokeAccess(db: Db, who: RequestActor, input: RevokeAccessInput, now = new Date()) {
  assertNotToken(who.actor);
  const { organizationId, role, userId } = who.actor;
  if (!isUuidText(input.id)) throw nothingLive();
  if (input.kind !== 'api_token' && !can(role, REVOKE_NEEDS[input.kind])) {
    throw new AppError('FORBIDDEN', refusal(role, REVOKE_NEEDS[input.kind]));
  }
  await db.transaction().execute(async (trx) => {
    if (input.kind === 'grant') {
      const grant = await trx
        .updateTable('property_grants')
        .set({ revoked_at: now })
        .where('id', '=', input.id)
        .where('organization_id', '=', organizationId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['id', 'capability_id', 'property_id', 'email'])
        .executeTakeFirst();
      if (!grant) throw nothingLive();
      await trx
        .updateTable('capabilities')
        .set({ revoked_at: now })
        .where('id', '=', grant.capability_id)
        .where('revoked_at', 'is', null)
        .execute();
      await recordActorAudit(trx, who, 'grant_revoke', null, {
        propertyId: grant.property_id,
        grantId: grant.id,
        email: grant.email,
        from: 'access_ledger',
      });
      return;
    }
    if (input.kind === 'api_token') {
      const token = await trx
        .selectFrom('api_tokens')
        .select(['id', 'user_id', 'name'])
        .where('id', '=', input.id)
        .where('organization_id', '=', organizationId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!token) throw nothingLive();
      if (token.user_id !== userId && !can(role, 'members.manage')) {
        throw new AppError('FORBIDDEN', refusal(role, 'members.manage'));
      }
      await trx.updateTable('api_tokens').set({ revoked_at: now }).where('id', '=', token.id).execute();
      return;
    }
    const link = await trx
      .updateTable('capabilities')
      .set({ revoked_at: now })
      .where('id', '=', input.id)
      .where('organization_id', '=', organizationId)
      .where('purpose', '=', PURPOSE[input.kind])
      .where('revoked_at', 'is', null)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    if (!link) throw nothingLive();
    if (input.kind === 'vendor_invite') {
      // Recorded as the vendors' own revoke records it ("1 link(s) revoked").
      const invite = await trx
        .selectFrom('vendor_invites')
        .select(['vendor_id', 'property_id'])
        .where('id', '=', link.id)
        .executeTakeFirstOrThrow();
      await recordActorAudit(trx, who, 'revoke_invite', null, {
        vendorId: invite.vendor_id,
        propertyId: invite.property_id,
        revoked: 1,
      });
    }
  });
  return { ok: true as const };
}
