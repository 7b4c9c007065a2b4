import { sql } from 'kysely';
import type { AuditAction, DbOrTrx } from '../../db/database.js';

export interface AuditEntry {
  organizationId: string;
  userId: string | null;
  action: AuditAction;
  documentId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Records one event of the audit trail (the Document Audit Trail report reads these). */
export async function recordAudit(db: DbOrTrx, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      organization_id: entry.organizationId,
      user_id: entry.userId,
      action: entry.action,
      document_id: entry.documentId ?? null,
      ip: entry.ip ?? null,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}

/**
 * The same, for an action of a signed-in caller: the organisation, user and address come from them, and
 * the API token (issue 30 §1) when the call came with one, so the trail names it ("via API token …").
 */
export function recordActorAudit(
  db: DbOrTrx,
  who: {
    actor: { organizationId: string; userId: string; token?: { id: string; name: string } };
    ip: string;
  },
  action: AuditAction,
  documentId: string | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  return recordAudit(db, {
    organizationId: who.actor.organizationId,
    userId: who.actor.userId,
    ip: who.ip,
    action,
    documentId,
    details: { ...details, ...viaToken(who.actor) },
  });
}

/** What an audit row records of the API token a caller used (nothing for a session). */
export function viaToken(actor: { token?: { id: string; name: string } }): {
  apiToken?: { id: string; name: string };
} {
  return actor.token ? { apiToken: { id: actor.token.id, name: actor.token.name } } : {};
}

/** The reports and packs whose downloads are recorded (each an `export` event of the property). */
export type ExportedReport =
  | 'insurance-pack'
  | 'property-summary'
  | 'audit-trail'
  | 'compliance-report'
  | 'quick-export'
  | 'claim-pack';

/** Records that a report of the property left the vault (it shows in the property's audit trail). */
export function recordExport(
  db: DbOrTrx,
  who: { actor: { organizationId: string; userId: string }; ip: string },
  propertyId: string,
  report: ExportedReport,
  format: string,
  documentIds: readonly string[] = [],
): Promise<void> {
  return recordActorAudit(db, who, 'export', null, {
    propertyId,
    report,
    format,
    ...(documentIds.length > 0 ? { documentIds } : {}),
  });
}

/**
 * One page (keyset on the event id, oldest first) of a property's audit events: those of its documents
 * (including documents since deleted, whose delete event names the property) and those naming the
 * property itself (shares, vendor invites, report exports). With the actor's name and the document's
 * name (a deleted document's as its events recorded it).
 */
export function propertyAuditEvents(
  db: DbOrTrx,
  organizationId: string,
  propertyId: string,
  page: { afterId: number; limit: number },
) {
  const namesProperty = (column: 'e' | 'x') =>
    sql<boolean>`(${sql.ref(`${column}.details`)}->>'propertyId' = ${propertyId} or ${sql.ref(`${column}.details`)}->>'property_id' = ${propertyId})`;
  return db
    .selectFrom('audit_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('documents as d', 'd.id', 'e.document_id')
    .select([
      'e.id',
      'e.created_at',
      'e.action',
      'e.ip',
      'e.details',
      'e.user_id',
      'e.document_id',
      'u.first_name',
      'u.last_name',
      sql<string | null>`coalesce(d.name, e.details->>'name', (
        select x.details->>'name' from audit_events x
        where x.organization_id = e.organization_id and x.document_id = e.document_id
          and x.details->>'name' is not null
        order by x.id desc limit 1))`.as('document_name'),
    ])
    .where('e.organization_id', '=', organizationId)
    .where((eb) =>
      eb.or([
        eb(
          'e.document_id',
          'in',
          eb
            .selectFrom('documents')
            .select('id')
            .where('organization_id', '=', organizationId)
            .where('property_id', '=', propertyId),
        ),
        eb(
          'e.document_id',
          'in',
          eb
            .selectFrom('audit_events as x')
            .select('x.document_id')
            .where('x.organization_id', '=', organizationId)
            .where('x.action', '=', 'delete')
            .where(namesProperty('x')),
        ),
        namesProperty('e'),
      ]),
    )
    .where('e.id', '>', String(page.afterId))
    .orderBy('e.id')
    .limit(page.limit)
    .execute();
}
