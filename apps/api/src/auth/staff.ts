import type { DbOrTrx } from '../db/database.js';

/**
 * Whether the user is PropertyDNA staff (a back-office reviewer): a row of staff_members, which only the
 * `pnpm admin:create-staff` command writes. Read from the database on every staff procedure, so taking
 * the role away (deleting the row) takes effect at once, and nothing a client sends can claim it.
 */
export async function isStaff(db: DbOrTrx, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('staff_members')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
