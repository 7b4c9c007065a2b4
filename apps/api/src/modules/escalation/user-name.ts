import { FORMER_MEMBER } from '@propertydna/domain';
import { sql } from 'kysely';

/**
 * The full name of the user joined as `u` (who started a claim or asked for a call), or "A former
 * member" once that user is gone. Join `u` only while they are a member of the record's organisation
 * (joinMember), so a removed member or a property's seller is not named to the organisation holding it.
 */
export const joinedUserName = sql<string>`coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), ${FORMER_MEMBER})`;
