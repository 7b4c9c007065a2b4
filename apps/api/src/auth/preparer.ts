import { actingPerson } from '@propertydna/domain';
import type { DbOrTrx } from '../db/database.js';
import type { RequestActor } from './actor.js';

/**
 * Who is generating a report, as its "Prepared by" line says (issue 29 §4): the signed-in member's
 * name, and the API token when the call came with one (as the audit trail names it).
 */
export async function preparerName(db: DbOrTrx, who: RequestActor): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', '=', who.actor.userId)
    .where('organization_id', '=', who.actor.organizationId)
    .executeTakeFirst();
  const { name } = actingPerson(user ?? { id: null, first_name: null, last_name: null });
  return who.actor.token ? `${name} (via API token "${who.actor.token.name}")` : name;
}
