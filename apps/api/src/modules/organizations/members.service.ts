import {
  canAssignRole,
  isUuid,
  ORGANIZATION_ROLES,
  type OrganizationRole,
  ROLE_LABELS,
} from '@propertydna/domain';
import type { Transaction as KyselyTransaction } from 'kysely';
import type { RequestActor } from '../../auth/actor.js';
import type { Database, Db, DbOrTrx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { recordActorAudit } from '../audit/audit.repo.js';

type Transaction = KyselyTransaction<Database>;

/** Issue 29 §1: the members of an organisation, each with a role; always at least one owner. */

export const MEMBER_MESSAGES = {
  notFound: 'Member not found',
  lastOwner: 'The organisation must keep at least one owner: make someone else owner first',
  cannotAssign: (role: OrganizationRole, to: OrganizationRole) =>
    `Your role (${role}) cannot make anyone ${ROLE_LABELS[to].toLowerCase()}`,
  strongerMember: (role: OrganizationRole) =>
    `Your role (${role}) cannot change or remove a member with a stronger role`,
  alreadyMember: 'This person is already a member of your organisation',
  notAlone: 'This person belongs to an organisation with other members; they must leave it first',
  hasRecords:
    'This person’s own organisation still holds properties or jobs; they must transfer or archive them first',
} as const;

export interface Member {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: OrganizationRole;
}

const rank = (role: OrganizationRole) => ORGANIZATION_ROLES.indexOf(role);

/** Every member of the organisation, owners first, then by name. */
export async function listMembers(db: DbOrTrx, organizationId: string): Promise<Member[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'role'])
    .where('organization_id', '=', organizationId)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      role: row.role,
    }))
    .sort((a, b) => rank(a.role) - rank(b.role));
}

/**
 * Takes the organisation's lock for the rest of the transaction: member changes of one organisation
 * happen one at a time, so two owners demoting each other at once cannot both pass the last-owner check.
 */
export async function lockOrganization(trx: Transaction, organizationId: string): Promise<void> {
  await trx.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().execute();
}

/** The member with this id in the organisation (404 'Member not found' for anyone else's or no one). */
async function memberOf(trx: Transaction, organizationId: string, memberId: string) {
  if (!isUuid(memberId)) throw new AppError('NOT_FOUND', MEMBER_MESSAGES.notFound);
  const row = await trx
    .selectFrom('users')
    .select(['id', 'role', 'email'])
    .where('id', '=', memberId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', MEMBER_MESSAGES.notFound);
  return row;
}

export async function ownerCount(trx: Transaction, organizationId: string): Promise<number> {
  const row = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The caller may give `to` (no role stronger than their own) and act on `target` (no stronger member). */
export function assertMayManage(
  who: RequestActor,
  target: OrganizationRole | null,
  to: OrganizationRole | null,
) {
  const { role } = who.actor;
  if (target !== null && rank(target) < rank(role)) {
    throw new AppError('FORBIDDEN', MEMBER_MESSAGES.strongerMember(role));
  }
  if (to !== null && !canAssignRole(role, to))
    throw new AppError('FORBIDDEN', MEMBER_MESSAGES.cannotAssign(role, to));
}

/**
 * Brings an existing person (their own account, signed up and alone in their organisation) into the
 * caller's organisation with `role`: they take the organisation's account type, and their sessions follow
 * at once (each request reads the organisation and role with the session). A person belongs to one
 * organisation at a time; their former, empty organisation stays behind without members. Refused when
 * they already belong here, share their organisation with others, or it still holds properties or jobs.
 * Used by tests and by accepting an invitation (issue 29 §2).
 */
export async function addMember(
  db: Db,
  who: RequestActor,
  userId: string,
  role: OrganizationRole,
): Promise<Member> {
  const { organizationId } = who.actor;
  assertMayManage(who, null, role);
  if (!isUuid(userId)) throw new AppError('NOT_FOUND', MEMBER_MESSAGES.notFound);
  return db.transaction().execute(async (trx) => {
    const member = await joinOrganization(trx, organizationId, userId, role);
    await recordActorAudit(trx, who, 'member_add', null, { member_id: member.id, email: member.email, role });
    return member;
  });
}

/**
 * Moves the person into the organisation with `role`, in the caller's transaction (adding a member, and
 * accepting an invitation): under the organisation's lock; refused when they already belong to it, share
 * their organisation with others, or it still holds properties or jobs. They take the organisation's
 * account type (that of its first owner).
 */
export async function joinOrganization(
  trx: Transaction,
  organizationId: string,
  userId: string,
  role: OrganizationRole,
): Promise<Member> {
  await lockOrganization(trx, organizationId);
  const person = await trx
    .selectFrom('users')
    .select(['id', 'organization_id'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!person) throw new AppError('NOT_FOUND', MEMBER_MESSAGES.notFound);
  if (person.organization_id === organizationId)
    throw new AppError('CONFLICT', MEMBER_MESSAGES.alreadyMember);
  const former = person.organization_id;
  const others = await trx
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', former)
    .where('id', '!=', userId)
    .executeTakeFirst();
  if (others) throw new AppError('CONFLICT', MEMBER_MESSAGES.notAlone);
  const records =
    (await trx
      .selectFrom('properties')
      .select('id')
      .where('organization_id', '=', former)
      .executeTakeFirst()) ??
    (await trx.selectFrom('jobs').select('id').where('organization_id', '=', former).executeTakeFirst());
  if (records) throw new AppError('CONFLICT', MEMBER_MESSAGES.hasRecords);
  const owner = await trx
    .selectFrom('users')
    .select('user_type')
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'owner')
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
  const row = await trx
    .updateTable('users')
    .set({ organization_id: organizationId, role, user_type: owner.user_type, updated_at: new Date() })
    .where('id', '=', userId)
    .returning(['id', 'email', 'first_name', 'last_name', 'role'])
    .executeTakeFirstOrThrow();
  return { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, role: row.role };
}

/**
 * Changes a member's role. No one gives a role stronger than their own or changes a stronger member (an
 * admin cannot make anyone owner, themselves included); the last owner cannot stop being owner.
 */
export async function changeMemberRole(
  db: Db,
  who: RequestActor,
  memberId: string,
  role: OrganizationRole,
): Promise<Member> {
  const { organizationId } = who.actor;
  return db.transaction().execute(async (trx) => {
    await lockOrganization(trx, organizationId);
    const member = await memberOf(trx, organizationId, memberId);
    assertMayManage(who, member.role, role);
    if (member.role === 'owner' && role !== 'owner' && (await ownerCount(trx, organizationId)) <= 1) {
      throw new AppError('CONFLICT', MEMBER_MESSAGES.lastOwner);
    }
    const row = await trx
      .updateTable('users')
      .set({ role, updated_at: new Date() })
      .where('id', '=', member.id)
      .returning(['id', 'email', 'first_name', 'last_name', 'role'])
      .executeTakeFirstOrThrow();
    await recordActorAudit(trx, who, 'member_role', null, { member_id: row.id, from: member.role, to: role });
    return {
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      role: row.role,
    };
  });
}

/**
 * Removes a member from the organisation: they keep their login, in a new personal organisation of their
 * own (empty, on Free), and every session of theirs ends at once. The last owner cannot be removed; no one
 * removes a stronger member.
 */
export async function removeMember(db: Db, who: RequestActor, memberId: string): Promise<void> {
  const { organizationId } = who.actor;
  await db.transaction().execute(async (trx) => {
    await lockOrganization(trx, organizationId);
    const member = await memberOf(trx, organizationId, memberId);
    assertMayManage(who, member.role, null);
    if (member.role === 'owner' && (await ownerCount(trx, organizationId)) <= 1) {
      throw new AppError('CONFLICT', MEMBER_MESSAGES.lastOwner);
    }
    await detachMember(trx, member.id);
    await recordActorAudit(trx, who, 'member_remove', null, { member_id: member.id, email: member.email });
  });
}

/**
 * Takes a member out of their organisation, in the caller's transaction (under the organisation's lock):
 * they keep their login, in a new personal organisation of their own (empty, on Free, owned by them),
 * and every session of theirs ends at once. Removing a member, and a member leaving (issue 31 §2).
 */
export async function detachMember(trx: Transaction, memberId: string): Promise<void> {
  const person = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  const own = await trx
    .insertInto('organizations')
    .values({
      name: `${person.first_name} ${person.last_name}`,
      account_type: 'individual',
      specialties: JSON.stringify([]),
      registration_number: null,
      vat_number: null,
      company_type: null,
      trading_as: null,
      business_address: null,
      trial_ends_at: null,
      description: null,
      contact_email: null,
      contact_phone: null,
      website: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('users')
    .set({ organization_id: own.id, role: 'owner', updated_at: new Date() })
    .where('id', '=', memberId)
    .execute();
  await trx.deleteFrom('sessions').where('user_id', '=', memberId).execute();
}
