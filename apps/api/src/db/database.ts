import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface OrganizationTable {
  id: Generated<string>;
  name: string;
  account_type: 'individual' | 'company';
  plan: Generated<'free' | 'premium'>;
  trial_ends_at: Date | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface UserTable {
  id: Generated<string>;
  organization_id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  user_type: string;
  phone: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface SessionTable {
  /** SHA-256 (hex) of the session token; the token itself is never stored. */
  id: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
}

export interface Database {
  organizations: OrganizationTable;
  users: UserTable;
  sessions: SessionTable;
}

export type Db = Kysely<Database>;
/** Repository functions take either the database or a transaction, so services compose transactions. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

export type OrganizationRow = Selectable<OrganizationTable>;
export type NewOrganization = Insertable<OrganizationTable>;
export type OrganizationUpdate = Updateable<OrganizationTable>;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
