import {
  DEMO_MESSAGES,
  formatDate,
  INVITE_MESSAGES,
  INVITE_VALID_DAYS,
  type InviteMemberInput,
  isDemoEmail,
  isUuid,
  type OrganizationRole,
  ROLE_LABELS,
} from '@propertydna/domain';
import { sql, type Transaction } from 'kysely';
import type { RequestActor } from '../../auth/actor.js';
import { capabilityStatus, issueCapability, tokenHash } from '../../capabilities/capabilities.js';
import type { Database, Db, DbOrTrx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { mailLinks } from '../../mail/links';
import { queueMailWithin } from '../../mail/mail-job.js';
import { memberInviteMail } from '../../mail/templates.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit, recordAudit } from '../audit/audit.repo.js';
import { isDemoOrganization } from '../auth/auth.repo.js';
import { requireVerifiedEmail } from '../auth/email-ownership.js';
import { assertMayManage, joinOrganization, type Member } from './members.service.js';

/** Issue 29 §2: inviting a colleague by email; the link is a single-use capability for 14 days. */

const DAY_MS = 86_400_000;

export interface PendingInvite {
  id: string;
  email: string;
  role: OrganizationRole;
  invitedBy: string | null;
  created_at: string;
  expires_at: string;
}

export interface InvitationView {
  organizationName: string;
  inviterName: string | null;
  role: OrganizationRole;
  email: string;
  expires_at: string;
}

const notFound = () => new AppError('NOT_FOUND', INVITE_MESSAGES.notFound);
const iso = (value: Date | string) => new Date(value).toISOString();

/** The organisation's invitations still waiting (not accepted, revoked or expired), newest first. */
export async function listInvites(
  db: DbOrTrx,
  organizationId: string,
  now = new Date(),
): Promise<PendingInvite[]> {
  const rows = await db
    .selectFrom('member_invites as i')
    .innerJoin('capabilities as c', 'c.id', 'i.capability_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .select(['i.id', 'i.email', 'i.role', 'i.created_at', 'c.expires_at', 'u.first_name', 'u.last_name'])
    .where('i.organization_id', '=', organizationId)
    .where('i.accepted_at', 'is', null)
    .where('c.revoked_at', 'is', null)
    .where('c.used_at', 'is', null)
    .where('c.expires_at', '>', now)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.first_name === null ? null : `${row.first_name} ${row.last_name}`.trim(),
    created_at: iso(row.created_at),
    expires_at: iso(row.expires_at),
  }));
}

async function pendingInvite(db: DbOrTrx, organizationId: string, id: string, now: Date) {
  if (!isUuid(id)) throw notFound();
  const row = await db
    .selectFrom('member_invites as i')
    .innerJoin('capabilities as c', 'c.id', 'i.capability_id')
    .select(['i.id', 'i.email', 'i.role', 'i.capability_id', 'c.expires_at', 'c.revoked_at', 'c.used_at'])
    .where('i.id', '=', id)
    .where('i.organization_id', '=', organizationId)
    .where('i.accepted_at', 'is', null)
    .executeTakeFirst();
  if (!row || capabilityStatus(row, now) !== 'active') throw notFound();
  return row;
}

/** Issues the invitation's link (14 days, single use) and queues its mail, in the caller's transaction. */
async function sendLink(
  services: AppServices,
  trx: Transaction<Database>,
  who: RequestActor,
  invite: { email: string; role: OrganizationRole },
  origin: string,
  now: Date,
): Promise<{ capabilityId: string; expiresAt: Date }> {
  const { organizationId, userId } = who.actor;
  const expiresAt = new Date(now.getTime() + INVITE_VALID_DAYS * DAY_MS);
  const { id, token } = await issueCapability(trx, {
    purpose: 'member_invite',
    organizationId,
    createdBy: userId,
    singleUse: true,
    expiresAt,
  });
  const from = await trx
    .selectFrom('users as u')
    .innerJoin('organizations as o', 'o.id', 'u.organization_id')
    .select(['u.first_name', 'u.last_name', 'o.name'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  await queueMailWithin(services, trx, 'urgent', {
    to: invite.email,
    forOrganization: organizationId,
    ...memberInviteMail({
      inviterName: `${from.first_name} ${from.last_name}`.trim(),
      organizationName: from.name,
      roleLabel: ROLE_LABELS[invite.role],
      url: mailLinks.memberInvite(origin, token),
      expiresOn: formatDate(expiresAt),
      toEmail: invite.email,
    }),
  });
  return { capabilityId: id, expiresAt };
}

/**
 * Invites a colleague by email with a role no stronger than the caller's own: a single-use link for 14
 * days, mailed at once. An earlier pending invitation of the same address ends; a member's address is 409.
 */
export async function inviteMember(
  services: AppServices,
  who: RequestActor,
  input: InviteMemberInput,
  origin: string,
  now = new Date(),
): Promise<PendingInvite> {
  const db = services.db.db;
  const { organizationId, userId } = who.actor;
  assertMayManage(who, null, input.role);
  if (!isDemoEmail(input.email) && (await isDemoOrganization(db, organizationId)))
    throw new AppError('FORBIDDEN', DEMO_MESSAGES.outsideAddress);
  const member = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where(sql<boolean>`lower(email) = ${input.email}`)
    .executeTakeFirst();
  if (member) throw new AppError('CONFLICT', INVITE_MESSAGES.alreadyMember);
  const id = await db.transaction().execute(async (trx) => {
    // One live invitation per address: an earlier one ends.
    await trx
      .updateTable('capabilities')
      .set({ revoked_at: now })
      .where('revoked_at', 'is', null)
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('member_invites')
          .select('capability_id')
          .where('organization_id', '=', organizationId)
          .where('email', '=', input.email)
          .where('accepted_at', 'is', null),
      )
      .execute();
    const link = await sendLink(services, trx, who, input, origin, now);
    const row = await trx
      .insertInto('member_invites')
      .values({
        organization_id: organizationId,
        email: input.email,
        role: input.role,
        capability_id: link.capabilityId,
        invited_by: userId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordActorAudit(trx, who, 'member_invite', null, {
      invite_id: row.id,
      email: input.email,
      role: input.role,
    });
    return row.id;
  });
  const invite = (await listInvites(db, organizationId, now)).find((one) => one.id === id);
  if (!invite) throw notFound();
  return invite;
}

/** Sends a pending invitation again: a new link for 14 days from now; the old link ends. */
export async function resendInvite(
  services: AppServices,
  who: RequestActor,
  id: string,
  origin: string,
  now = new Date(),
): Promise<PendingInvite> {
  const db = services.db.db;
  const { organizationId } = who.actor;
  await db.transaction().execute(async (trx) => {
    const invite = await pendingInvite(trx, organizationId, id, now);
    assertMayManage(who, null, invite.role);
    await trx
      .updateTable('capabilities')
      .set({ revoked_at: now })
      .where('id', '=', invite.capability_id)
      .execute();
    const link = await sendLink(services, trx, who, invite, origin, now);
    await trx
      .updateTable('member_invites')
      .set({ capability_id: link.capabilityId })
      .where('id', '=', invite.id)
      .execute();
    await recordActorAudit(trx, who, 'member_invite', null, {
      invite_id: invite.id,
      email: invite.email,
      role: invite.role,
      resent: true,
    });
  });
  const invite = (await listInvites(db, organizationId, now)).find((one) => one.id === id);
  if (!invite) throw notFound();
  return invite;
}

/** Revokes a pending invitation: its link answers 404 from now on. */
export async function revokeInvite(db: Db, who: RequestActor, id: string, now = new Date()): Promise<void> {
  const { organizationId } = who.actor;
  await db.transaction().execute(async (trx) => {
    const invite = await pendingInvite(trx, organizationId, id, now);
    await trx
      .updateTable('capabilities')
      .set({ revoked_at: now })
      .where('id', '=', invite.capability_id)
      .execute();
    await recordActorAudit(trx, who, 'member_invite_revoke', null, {
      invite_id: invite.id,
      email: invite.email,
    });
  });
}

/** The live invitation of a token with what its holder sees of it, or 404 (unknown, expired, revoked, used). */
async function liveInvitation(db: DbOrTrx, token: string, now: Date) {
  const row = await db
    .selectFrom('member_invites as i')
    .innerJoin('capabilities as c', 'c.id', 'i.capability_id')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .select([
      'i.id',
      'i.organization_id',
      'i.email',
      'i.role',
      'i.capability_id',
      'c.expires_at',
      'c.revoked_at',
      'c.used_at',
      'c.purpose',
      'o.name as organization_name',
      'u.first_name',
      'u.last_name',
    ])
    .where('c.token_hash', '=', tokenHash(token))
    .where('c.purpose', '=', 'member_invite')
    // A closed organisation's invitations (issue 31 §2) answer as dead links until it is reopened.
    .where('o.closed_at', 'is', null)
    .where('i.accepted_at', 'is', null)
    .executeTakeFirst();
  if (!row || capabilityStatus(row, now) !== 'active') throw notFound();
  return row;
}

/** What the mailed link shows whoever holds it: who invites, to which organisation, with which role. */
export async function viewInvitation(db: Db, token: string, now = new Date()): Promise<InvitationView> {
  const row = await liveInvitation(db, token, now);
  return {
    organizationName: row.organization_name,
    inviterName: row.first_name === null ? null : `${row.first_name} ${row.last_name}`.trim(),
    role: row.role,
    email: row.email,
    expires_at: iso(row.expires_at),
  };
}

/**
 * Accepts an invitation: only the person signed in with the invited address, confirmed (403 otherwise,
 * the link still good); the link is used up in the same transaction that moves them into the
 * organisation (of two accepts at once, one wins; the other finds it used: 404).
 */
export async function acceptInvitation(
  db: Db,
  who: RequestActor,
  token: string,
  now = new Date(),
): Promise<{ member: Member; organizationName: string }> {
  const { userId } = who.actor;
  const invitation = await liveInvitation(db, token, now);
  const user = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.email.toLowerCase() !== invitation.email) {
    throw new AppError('FORBIDDEN', INVITE_MESSAGES.otherEmail(invitation.email));
  }
  await requireVerifiedEmail(db, userId);
  const member = await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('capabilities')
      .set({ used_at: now })
      .where('id', '=', invitation.capability_id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    if (!used) throw notFound();
    const joined = await joinOrganization(trx, invitation.organization_id, userId, invitation.role);
    await trx
      .updateTable('member_invites')
      .set({ accepted_at: now, accepted_by: userId })
      .where('id', '=', invitation.id)
      .execute();
    await recordAudit(trx, {
      organizationId: invitation.organization_id,
      userId,
      ip: who.ip,
      action: 'member_add',
      details: { member_id: userId, email: joined.email, role: joined.role, invite_id: invitation.id },
    });
    return joined;
  });
  return { member, organizationName: invitation.organization_name };
}
