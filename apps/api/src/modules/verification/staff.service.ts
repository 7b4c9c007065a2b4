import { randomBytes } from 'node:crypto';
import { emailSchema, newPasswordSchema } from '@propertydna/domain';
import { hashPassword } from '../../auth/password.js';
import type { Db } from '../../db/database.js';
import { findUserByEmail, insertOrganization, insertUser } from '../auth/auth.repo.js';

export interface CreatedStaff {
  userId: string;
  email: string;
  /** True when the account was made now; false when an existing account was promoted. */
  created: boolean;
  /** The password chosen for a new account when none was given (shown once by the command). */
  generatedPassword: string | null;
}

/**
 * `pnpm admin:create-staff <email>`: makes the account with this address PropertyDNA staff (a
 * back-office reviewer). An existing account is promoted, keeping its password and organisation; for an
 * unknown address an account is made in an organisation of its own ('PropertyDNA staff'), with the
 * given password or a generated one. Never reachable from a request: the role is a row of staff_members
 * only this function writes.
 */
export async function createStaff(db: Db, rawEmail: string, rawPassword?: string): Promise<CreatedStaff> {
  const email = emailSchema.parse(rawEmail);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db
      .insertInto('staff_members')
      .values({ user_id: existing.id })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute();
    return { userId: existing.id, email: existing.email, created: false, generatedPassword: null };
  }
  const generatedPassword = rawPassword ? null : randomBytes(18).toString('base64url');
  const password = newPasswordSchema.parse(rawPassword ?? generatedPassword);
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction().execute(async (trx) => {
    const organization = await insertOrganization(trx, {
      name: 'PropertyDNA staff',
      account_type: 'individual',
      trial_ends_at: null,
      registration_number: null,
      vat_number: null,
      company_type: null,
      trading_as: null,
      business_address: null,
      description: null,
      contact_email: null,
      contact_phone: null,
      website: null,
    });
    const user = await insertUser(trx, {
      organization_id: organization.id,
      email,
      password_hash: passwordHash,
      first_name: 'PropertyDNA',
      last_name: 'Staff',
      user_type: 'homeowner',
      phone: null,
    });
    await trx.insertInto('staff_members').values({ user_id: user.id }).execute();
    return user.id;
  });
  return { userId, email, created: true, generatedPassword };
}
