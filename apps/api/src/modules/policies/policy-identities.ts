import type { Db } from '../../db/database.js';

/** A policy of a property and which policy it is: what its latest analysis read, else its details. */
export interface PolicyIdentity {
  document_id: string;
  name: string;
  insurer: string | null;
  policy_number: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * The policy documents of a property, newest first, each with the insurer and policy number its latest
 * analysis found in its text, else those of the document's details (metadata), else null. The caller
 * has checked that the property is the organisation's (the insurance pack, the claim pack).
 */
export async function policyIdentities(
  db: Db,
  organizationId: string,
  propertyId: string,
): Promise<PolicyIdentity[]> {
  const rows = await db
    .selectFrom('documents as d')
    .leftJoin('policy_analyses as a', 'a.document_id', 'd.id')
    .select(['d.id', 'd.name', 'd.metadata', 'a.insurer', 'a.policy_number'])
    .where('d.organization_id', '=', organizationId)
    .where('d.property_id', '=', propertyId)
    .where('d.kind', '=', 'policy')
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id')
    .execute();
  return rows.map((row) => ({
    document_id: row.id,
    name: row.name,
    insurer: text(row.insurer) ?? text(row.metadata.insurer),
    policy_number: text(row.policy_number) ?? text(row.metadata.policy_number),
  }));
}
