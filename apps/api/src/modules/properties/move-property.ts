import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';

/**
 * A property moved from one organisation to another with everything of it (a transfer, when the buyer
 * accepts it). Runs inside the caller's transaction, with the property row locked; it checks nothing
 * (the caller has decided that the move may happen).
 */

/** The tables whose rows name the property (property_id) and its organisation: moved as they are. */
export const MOVED_WITH_PROPERTY = [
  'documents',
  'compliance_checks',
  'policy_analyses',
  'policy_findings',
  'maintenance_tasks',
  'reminders',
  'claims',
] as const;

/**
 * Every row that belongs to a property through a column `organization_id`, moved with it: the tables
 * above, maintenance_completions (through their task), reminder_completions (their key names the
 * property), vendor_invites (revoked, and cut from the seller's vendor directory). Shares and
 * the audit trail stay with the seller (their own links, revoked, and their own history); uploads name no
 * property; the transfer itself records both sides.
 */
export async function moveProperty(
  trx: DbOrTrx,
  propertyId: string,
  from: string,
  to: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('properties')
    .set({ organization_id: to, updated_at: now })
    .where('id', '=', propertyId)
    .execute();
  // Completions first: they are found through the tasks still in the seller's organisation.
  await trx
    .updateTable('maintenance_completions')
    .set({ organization_id: to })
    .where('organization_id', '=', from)
    .where('task_id', 'in', (eb) =>
      eb.selectFrom('maintenance_tasks').select('id').where('property_id', '=', propertyId),
    )
    .execute();
  for (const table of MOVED_WITH_PROPERTY) {
    // Each has property_id and organization_id; the cast names one of them for kysely's column types.
    await trx
      .updateTable(table as 'documents')
      .set({ organization_id: to })
      .where('property_id', '=', propertyId)
      .where('organization_id', '=', from)
      .execute();
  }
  // What was read from its documents goes with them (its rows name the organisation too); a confirmation
  // planned before the move sees the reading changed (its updated_at) and is looked at again.
  await trx
    .updateTable('document_extractions')
    .set({ organization_id: to, updated_at: now })
    .where('organization_id', '=', from)
    .where('document_id', 'in', (eb) =>
      eb.selectFrom('documents').select('id').where('property_id', '=', propertyId),
    )
    .execute();
  // The house's claims go with it, without the seller's name; the seller's calls with support (their
  // phone number, their questions) are theirs, not the house's: they end with the sale.
  await trx.updateTable('claims').set({ created_by: null }).where('property_id', '=', propertyId).execute();
  await trx
    .deleteFrom('callbacks')
    .where('property_id', '=', propertyId)
    .where('organization_id', '=', from)
    .execute();
  // Marked-complete reminders of the property's documents: their key names the property.
  await trx
    .updateTable('reminder_completions')
    .set({ organization_id: to })
    .where('organization_id', '=', from)
    .where(sql<boolean>`position(${propertyId} in reminder_key) > 0`)
    .execute();
  // Vendor invites: the links end, the invites stay as the provenance of what came in through them, no
  // longer tied to the seller's vendor directory.
  await trx
    .updateTable('capabilities')
    .set({ revoked_at: now })
    .where('purpose', '=', 'vendor_invite')
    .where('revoked_at', 'is', null)
    .where('id', 'in', (eb) =>
      eb.selectFrom('vendor_invites').select('id').where('property_id', '=', propertyId),
    )
    .execute();
  await trx
    .updateTable('vendor_invites')
    .set({ organization_id: to, vendor_id: null })
    .where('property_id', '=', propertyId)
    .where('organization_id', '=', from)
    .execute();
  // The seller's share links of the property (or of any of its documents) end.
  await trx
    .updateTable('capabilities')
    .set({ revoked_at: now })
    .where('purpose', '=', 'share')
    .where('revoked_at', 'is', null)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('shares')
        .select('id')
        .where('organization_id', '=', from)
        .where((s) =>
          s.or([
            s('property_id', '=', propertyId),
            s(
              'id',
              'in',
              s
                .selectFrom('share_documents as sd')
                .innerJoin('documents as d', 'd.id', 'sd.document_id')
                .select('sd.share_id')
                .where('d.property_id', '=', propertyId),
            ),
          ]),
        ),
    )
    .execute();
}
