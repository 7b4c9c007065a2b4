import {
  ACCOUNT_CLOSING_MESSAGES,
  type CloseAccountInput,
  deletionDate,
  LOGIN_MESSAGES,
} from '@propertydna/domain';
import { sql } from 'kysely';
import type { RequestActor } from '../../auth/actor.js';
import { assertNotToken } from '../../auth/api-tokens.js';
import { verifyPassword } from '../../auth/password.js';
import type { Db } from '../../db/database.js';
import { appUrl } from '../../env.js';
import { AppError } from '../../errors.js';
import { queueMailWithin } from '../../mail/mail-job.js';
import { accountClosedMail, accountDeletedMail } from '../../mail/templates.js';
import { removeIfUnreferenced } from '../../storage/stored-objects.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit, recordAudit } from '../audit/audit.repo.js';
import { findUserById } from '../auth/auth.repo.js';
import {
  checkCredentials,
  grantSession,
  hearAccountPassword,
  type SessionGrant,
} from '../auth/auth.service.js';
import { detachMember, lockOrganization, ownerCount } from '../organizations/members.service.js';

/**
 * Issue 31 §2: an owner closes their organisation's account; its members are told and signed out at once,
 * its API tokens, share links and grants stop answering (the session, token, link and grant lookups read
 * `closed_at`); within DELETION_GRACE_DAYS an owner signing in may Reopen (nothing was deleted); after
 * it the housekeeping deletes every row of the organisation and its stored objects.
 */

/** How records of other organisations name a person whose account was deleted. */
export const CLOSED_ACCOUNT_NAME = 'A closed account';

/** Closed organisations deleted per housekeeping round (the rest the next hour). */
const DELETE_BATCH = 20;

export interface ClosedAccount {
  closedAt: string;
  deleteAfter: string;
}

/**
 * /account → Close my account: the caller's password (its guesses count like sign-in failures, under the
 * same limiter) and the word CLOSE. Only an owner (the route's capability, organization.delete), never
 * through an API token. Every session of every member ends, each member is mailed.
 */
export async function closeAccount(
  services: AppServices,
  who: RequestActor,
  input: CloseAccountInput,
  now = new Date(),
): Promise<ClosedAccount> {
  assertNotToken(who.actor);
  const { db } = services.db;
  const user = await findUserById(db, who.actor.userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Not signed in');
  const ok = await hearAccountPassword(
    services,
    user.email,
    who.ip,
    user,
    () => verifyPassword(user.password_hash, input.password),
    now,
  );
  if (!ok) throw new AppError('BAD_REQUEST', ACCOUNT_CLOSING_MESSAGES.wrongPassword);
  const organizationId = who.actor.organizationId;
  const deleteAfter = deletionDate(now, services.env.DELETION_GRACE_DAYS);
  await db.transaction().execute(async (trx) => {
    await lockOrganization(trx, organizationId);
    const organization = await trx
      .selectFrom('organizations')
      .select(['name', 'closed_at'])
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    if (organization.closed_at) throw new AppError('CONFLICT', ACCOUNT_CLOSING_MESSAGES.closed);
    await trx
      .updateTable('organizations')
      .set({ closed_at: now, delete_after: deleteAfter, updated_at: now })
      .where('id', '=', organizationId)
      .execute();
    const members = await trx
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'role'])
      .where('organization_id', '=', organizationId)
      .execute();
    await trx
      .deleteFrom('sessions')
      .where(
        'user_id',
        'in',
        members.map((member) => member.id),
      )
      .execute();
    await recordActorAudit(trx, who, 'account_close', null, { delete_after: deleteAfter.toISOString() });
    for (const member of members) {
      await queueMailWithin(services, trx, 'urgent', {
        to: member.email,
        ...accountClosedMail({
          firstName: member.first_name,
          organizationName: organization.name,
          closedBy: `${user.first_name} ${user.last_name}`.trim(),
          deleteAfter,
          isOwner: member.role === 'owner',
          appUrl: appUrl(services.env),
        }),
      });
    }
  });
  return { closedAt: now.toISOString(), deleteAfter: deleteAfter.toISOString() };
}

/**
 * "Your account is closed — Reopen" (POST /api/account/reopen, signed out): the owner's email and password
 * again (limited as sign-in); within the grace the organisation is open again as it was and a session is
 * made. After the grace, or a wrong password: 401 as for sign-in. A member who is not an owner: 403.
 */
export async function reopenAccount(
  services: AppServices,
  input: { email: string; password: string },
  ip: string,
  now = new Date(),
): Promise<SessionGrant> {
  const { db } = services.db;
  const user = await checkCredentials(services, input, ip, now);
  const reopened = await db.transaction().execute(async (trx) => {
    await lockOrganization(trx, user.organization_id);
    const organization = await trx
      .selectFrom('organizations')
      .select(['closed_at', 'delete_after'])
      .where('id', '=', user.organization_id)
      .executeTakeFirst();
    if (!organization?.closed_at) return false;
    if (!organization.delete_after || new Date(organization.delete_after) <= now) {
      throw new AppError('UNAUTHORIZED', LOGIN_MESSAGES.invalidCredentials);
    }
    if (user.role !== 'owner') throw new AppError('FORBIDDEN', ACCOUNT_CLOSING_MESSAGES.onlyOwnerReopens);
    await trx
      .updateTable('organizations')
      .set({ closed_at: null, delete_after: null, updated_at: now })
      .where('id', '=', user.organization_id)
      .execute();
    await recordAudit(trx, {
      organizationId: user.organization_id,
      userId: user.id,
      action: 'account_reopen',
      ip,
    });
    return true;
  });
  if (!reopened) throw new AppError('CONFLICT', ACCOUNT_CLOSING_MESSAGES.notClosed);
  return grantSession(db, services.lucia, user.id);
}

/**
 * "Leave organisation" (a member who is not its only owner): only their membership goes; they keep their
 * login in a personal organisation of their own (organizations' detachMember), signed out everywhere.
 */
export async function leaveOrganization(db: Db, who: RequestActor): Promise<void> {
  assertNotToken(who.actor);
  const { organizationId, userId } = who.actor;
  await db.transaction().execute(async (trx) => {
    await lockOrganization(trx, organizationId);
    const me = await trx
      .selectFrom('users')
      .select(['role', 'email'])
      .where('id', '=', userId)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!me) throw new AppError('UNAUTHORIZED', 'Not signed in');
    if (me.role === 'owner' && (await ownerCount(trx, organizationId)) <= 1) {
      throw new AppError('CONFLICT', ACCOUNT_CLOSING_MESSAGES.lastOwner);
    }
    await detachMember(trx, userId);
    await recordActorAudit(trx, who, 'member_leave', null, { member_id: userId, email: me.email });
  });
}

/**
 * The housekeeping's part (every hour): each organisation closed and past its grace is deleted with every
 * row of it (the foreign keys cascade from the organisation: members and their sessions and tokens,
 * properties, documents, links, grants, tasks, claims, jobs, webhooks, payments…), then each stored
 * object its documents, uploads and page previews named, unless another organisation's document still
 * names it (a property it sold, an owner's copy of its report). Before its rows go:
 * - records of other organisations that name its people keep an anonymised actor: their audit events
 *   ("A closed account", their addresses replaced), documents a supplier of it verified, the ownership
 *   history of properties it sold;
 * - its people's address links (reset, confirmation) and limiter counts go;
 * - each owner is mailed that it is done (queued in the same transaction: sent if, and only if, the
 *   deletion committed).
 * Answers how many organisations went.
 */
export async function deleteClosedAccounts(services: AppServices, now = new Date()): Promise<number> {
  const { db } = services.db;
  const due = await db
    .selectFrom('organizations')
    .select('id')
    .where('closed_at', 'is not', null)
    .where('delete_after', '<=', now)
    .orderBy('delete_after')
    .limit(DELETE_BATCH)
    .execute();
  let deleted = 0;
  for (const { id } of due) {
    const keys = await db.transaction().execute(async (trx) => {
      await lockOrganization(trx, id);
      // Checked again under the lock: a Reopen that got there first wins.
      const organization = await trx
        .selectFrom('organizations')
        .select(['name'])
        .where('id', '=', id)
        .where('closed_at', 'is not', null)
        .where('delete_after', '<=', now)
        .executeTakeFirst();
      if (!organization) return null;
      const people = await trx
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'role'])
        .where('organization_id', '=', id)
        .execute();
      const userIds = people.map((person) => person.id);
      const named = await trx
        .selectFrom('documents')
        .select('storage_key')
        .where('organization_id', '=', id)
        .union(trx.selectFrom('uploads').select('storage_key').where('organization_id', '=', id))
        .union(
          trx
            .selectFrom('document_pages as p')
            .innerJoin('documents as d', 'd.id', 'p.document_id')
            .select('p.preview_key as storage_key')
            .where('d.organization_id', '=', id)
            .where('p.preview_key', 'is not', null)
            .$narrowType<{ storage_key: string }>(),
        )
        .execute();
      if (userIds.length > 0) {
        // Other organisations' audit trails keep the event, with an anonymised actor.
        await trx
          .updateTable('audit_events')
          .set({
            user_id: null,
            details: sql<string>`details || ${JSON.stringify({ actor: CLOSED_ACCOUNT_NAME })}::jsonb`,
          })
          .where('organization_id', '!=', id)
          .where('user_id', 'in', userIds)
          .execute();
        for (const { email } of people) {
          await sql`update audit_events
            set details = replace(details::text, ${email}, ${CLOSED_ACCOUNT_NAME})::jsonb
            where organization_id <> ${id} and position(${email} in details::text) > 0`.execute(trx);
        }
        await trx
          .updateTable('documents')
          .set({ verified_by: null })
          .where('organization_id', '!=', id)
          .where('verified_by', 'in', userIds)
          .execute();
        await trx.deleteFrom('capabilities').where('subject_id', 'in', userIds).execute();
        const emails = people.map((person) => person.email.toLowerCase());
        await trx
          .deleteFrom('attempts')
          .where((eb) =>
            eb.or([
              eb('key', 'in', [...emails, ...userIds]),
              ...emails.map((email) => eb('key', 'like', `${email.replace(/[\\%_]/g, '\\$&')} %`)),
            ]),
          )
          .execute();
      }
      // Properties it sold keep their history, the closed organisation's period anonymised.
      await trx
        .updateTable('property_ownerships')
        .set({ organization_id: null, organization_name: CLOSED_ACCOUNT_NAME })
        .where('organization_id', '=', id)
        .execute();
      for (const owner of people.filter((person) => person.role === 'owner')) {
        await queueMailWithin(services, trx, 'urgent', {
          to: owner.email,
          ...accountDeletedMail({ firstName: owner.first_name, organizationName: organization.name }),
        });
      }
      await trx.deleteFrom('organizations').where('id', '=', id).execute();
      return named.map((row) => row.storage_key);
    });
    if (keys === null) continue;
    deleted += 1;
    for (const key of new Set(keys)) await removeIfUnreferenced(db, services.store, key, now);
  }
  return deleted;
}
