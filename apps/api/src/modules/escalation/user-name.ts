import { sql } from 'kysely';

/**
 * The full name of the user joined as `u` (a left join: who started a claim or asked for a call), or
 * null once that user is gone.
 */
export const joinedUserName = sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`;
