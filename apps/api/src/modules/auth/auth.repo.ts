import { sql } from 'kysely';
import type { DbOrTrx, NewOrganization, NewUser, OrganizationRow, UserRow } from '../../db/database.js';
import type { PublicOrganization, PublicUser } from './auth.schemas.js';

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    userType: row.user_type,
    phone: row.phone,
  };
}

export function toPublicOrganization(row: OrganizationRow): PublicOrganization {
  return {
    id: row.id,
    name: row.name,
    accountType: row.account_type,
    plan: row.plan,
    trialEndsAt: row.trial_ends_at ? new Date(row.trial_ends_at).toISOString() : null,
    registrationNumber: row.registration_number,
    vatNumber: row.vat_number,
    companyType: row.company_type,
    tradingAs: row.trading_as,
    businessAddress: row.business_address,
    specialties: row.specialties,
    isDemo: row.is_demo,
  };
}

/** Emails are compared case-insensitively (the unique index is on lower(email)). */
export function findUserByEmail(db: DbOrTrx, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: DbOrTrx, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrganizationById(db: DbOrTrx, id: string) {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertOrganization(db: DbOrTrx, values: NewOrganization) {
  return db.insertInto('organizations').values(values).returningAll().executeTakeFirstOrThrow();
}

export function insertUser(db: DbOrTrx, values: NewUser) {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * Records a sign-in attempt as a failure before it is heard (see login): answers its id. A wrong
 * password leaves it; a right one clears the email's failures; a refused one is forgotten.
 */
export async function recordAttempt(db: DbOrTrx, email: string, ip: string, forgetBefore: Date) {
  // Keep the table small: nothing older than the window matters.
  await db.deleteFrom('login_failures').where('created_at', '<', forgetBefore).execute();
  const row = await db
    .insertInto('login_failures')
    .values({ email, ip })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function forgetAttempt(db: DbOrTrx, id: string) {
  await db.deleteFrom('login_failures').where('id', '=', id).execute();
}

/** Failed sign-ins within the window recorded before attempt `beforeId`: per email and per client address. */
export async function countEarlierFailures(
  db: DbOrTrx,
  email: string,
  ip: string,
  since: Date,
  beforeId: string,
) {
  const row = await db
    .selectFrom('login_failures')
    .select([
      sql<number>`count(*) filter (where email = ${email})`.as('byEmail'),
      sql<number>`count(*) filter (where ip = ${ip})`.as('byIp'),
      sql<Date | null>`min(created_at) filter (where email = ${email})`.as('oldestByEmail'),
      sql<Date | null>`min(created_at) filter (where ip = ${ip})`.as('oldestByIp'),
    ])
    .where('created_at', '>', since)
    .where('id', '<', beforeId)
    .where((eb) => eb.or([eb('email', '=', email), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  return {
    byEmail: Number(row.byEmail),
    byIp: Number(row.byIp),
    oldestByEmail: row.oldestByEmail ? new Date(row.oldestByEmail) : null,
    oldestByIp: row.oldestByIp ? new Date(row.oldestByIp) : null,
  };
}

export async function clearFailures(db: DbOrTrx, email: string) {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
