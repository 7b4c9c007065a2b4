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
    email_verified: row.email_verified_at !== null,
    pending_email: row.pending_email,
    role: row.role,
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

/** Whether an organisation is a demo: its mail goes nowhere, and it invites or transfers to nobody real. */
export async function isDemoOrganization(db: DbOrTrx, organizationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select('is_demo')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row?.is_demo === true;
}
