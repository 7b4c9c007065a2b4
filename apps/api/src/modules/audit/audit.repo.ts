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

/** The same, for an action of a signed-in caller: the organisation, user and address come from them. */
export function recordActorAudit(
  db: DbOrTrx,
  who: { actor: { organizationId: string; userId: string }; ip: string },
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
    details,
  });
}
