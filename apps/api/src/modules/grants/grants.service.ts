import {
  type CreatePropertyGrantInput,
  canGrantAccess,
  DEMO_MESSAGES,
  dueBand,
  formatDate,
  GRANT_MESSAGES,
  GRANT_ROLE_LABELS,
  type GrantRole,
  type GrantScope,
  isDemoEmail,
  isUuid,
  johannesburgToday,
  type ReportIssueInput,
  reportedByTenant,
} from '@propertydna/domain';
import { sql } from 'kysely';
import type { RequestActor } from '../../auth/actor.js';
import { assertNotToken } from '../../auth/api-tokens.js';
import { requireOwned } from '../../auth/owned.js';
import { issueCapability, tokenHash } from '../../capabilities/capabilities.js';
import type { Db, DbOrTrx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { mailLinks } from '../../mail/links.js';
import { queueMailWithin } from '../../mail/mail-job.js';
import { propertyGrantMail } from '../../mail/templates.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit, recordAudit } from '../audit/audit.repo.js';
import { isDemoOrganization } from '../auth/auth.repo.js';
import { requireVerifiedEmail } from '../auth/email-ownership.js';
import { getPolicyCheck, type PolicyCheckOut } from '../compliance/compliance.service.js';
import type { DocumentOut } from '../documents/documents.schemas.js';
import { DOCUMENT_NOT_FOUND, getDocument, listDocuments } from '../documents/documents.service.js';
import { listTasks } from '../maintenance/maintenance.service.js';
import { addReminder } from '../maintenance/reminders.service.js';
import type { PropertyGrantOut, SharedWithMeOut } from './grants.schemas.js';

/**
 * Issue 29 §3: read-only access to ONE property for someone outside the organisation. The owner side
 * (list, grant, revoke) is scoped to the caller's organisation like every owner procedure; the grantee
 * side never is: a grantee is not a member, and every one of their reads goes through a live grant
 * (accepted, not revoked, not expired — checked on every request) named by its id, any other id 404.
 */

const DAY_MS = 86_400_000;
const notFound = () => new AppError('NOT_FOUND', GRANT_MESSAGES.notFound);
const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const fullName = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

/** What each scope lets the grantee see, in the mail's words. */
const SCOPE_WORDS: Record<GrantScope, string> = {
  documents_and_compliance: 'its documents and its compliance check',
  documents_only: 'its documents',
};

function statusOf(
  row: { revoked_at: Date | null; accepted_at: Date | null; expires_at: Date | string },
  now: Date,
): PropertyGrantOut['status'] {
  if (row.revoked_at) return 'revoked';
  if (new Date(row.expires_at) <= now) return 'expired';
  return row.accepted_at ? 'active' : 'pending';
}

/** The grants of one property of the caller's organisation (a foreign, unknown or archived one: 404), newest first. */
export async function listGrants(
  db: Db,
  organizationId: string,
  propertyId: string,
  now = new Date(),
): Promise<PropertyGrantOut[]> {
  const property = await requireOwned(db, organizationId, 'property', propertyId);
  const rows = await db
    .selectFrom('property_grants as g')
    .leftJoin('users as grantee', 'grantee.id', 'g.grantee_user_id')
    .leftJoin('users as granter', 'granter.id', 'g.created_by')
    .select([
      'g.id',
      'g.property_id',
      'g.email',
      'g.role',
      'g.scope',
      'g.created_at',
      'g.expires_at',
      'g.accepted_at',
      'g.revoked_at',
      'grantee.first_name as grantee_first',
      'grantee.last_name as grantee_last',
      'granter.first_name as granter_first',
      'granter.last_name as granter_last',
    ])
    .where('g.organization_id', '=', organizationId)
    .where('g.property_id', '=', property)
    .orderBy('g.created_at', 'desc')
    .orderBy('g.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    propertyId: row.property_id,
    email: row.email,
    role: row.role,
    scope: row.scope,
    status: statusOf(row, now),
    granteeName: fullName(row.grantee_first, row.grantee_last),
    grantedBy: fullName(row.granter_first, row.granter_last),
    created_at: iso(row.created_at),
    expires_at: iso(row.expires_at),
    accepted_at: isoOrNull(row.accepted_at),
    revoked_at: isoOrNull(row.revoked_at),
  }));
}

/**
 * Grants read-only access to one property to the person with this address, mailing them a single-use
 * link valid as long as the access. Owners and admins only (the procedure's capability), never an API
 * token. On Free one person outside at a time (403 naming Premium); an earlier grant of the same
 * property to the same address ends; a member's own address is 409.
 */
export async function createGrant(
  services: AppServices,
  who: RequestActor,
  propertyId: string,
  input: CreatePropertyGrantInput,
  origin: string,
  now = new Date(),
): Promise<PropertyGrantOut> {
  assertNotToken(who.actor);
  const db = services.db.db;
  const { organizationId, userId } = who.actor;
  const property = await requireOwned(db, organizationId, 'property', propertyId);
  if (!isDemoEmail(input.email) && (await isDemoOrganization(db, organizationId)))
    throw new AppError('FORBIDDEN', DEMO_MESSAGES.outsideAddress);
  const member = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where(sql<boolean>`lower(email) = ${input.email}`)
    .executeTakeFirst();
  if (member) throw new AppError('CONFLICT', GRANT_MESSAGES.ownAddress);
  const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
  const id = await db.transaction().execute(async (trx) => {
    // The organisation's row is the lock two grants at once take in turn, so the plan's count holds.
    const organization = await trx
      .selectFrom('organizations')
      .select(['name', 'plan', 'trial_ends_at'])
      .where('id', '=', organizationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const lockedProperty = await requireOwned(trx, organizationId, 'property', property, { lock: true });
    const others = await trx
      .selectFrom('property_grants')
      .select(sql<string>`count(distinct email)`.as('people'))
      .where('organization_id', '=', organizationId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .where('email', '<>', input.email)
      .executeTakeFirstOrThrow();
    const allowed = canGrantAccess(
      organization.plan,
      organization.trial_ends_at ? new Date(organization.trial_ends_at) : null,
      Number(others.people),
      now,
    );
    if (!allowed.ok) throw new AppError('FORBIDDEN', allowed.reason);
    // One grant per person and property: an earlier one (pending or live) ends, with its link.
    const earlier = await trx
      .updateTable('property_grants')
      .set({ revoked_at: now })
      .where('organization_id', '=', organizationId)
      .where('property_id', '=', lockedProperty)
      .where('email', '=', input.email)
      .where('revoked_at', 'is', null)
      .returning('capability_id')
      .execute();
    if (earlier.length > 0) {
      await trx
        .updateTable('capabilities')
        .set({ revoked_at: now })
        .where(
          'id',
          'in',
          earlier.map((row) => row.capability_id),
        )
        .where('revoked_at', 'is', null)
        .execute();
    }
    const link = await issueCapability(trx, {
      purpose: 'property_grant',
      organizationId,
      createdBy: userId,
      subjectId: lockedProperty,
      singleUse: true,
      expiresAt,
    });
    const row = await trx
      .insertInto('property_grants')
      .values({
        organization_id: organizationId,
        property_id: lockedProperty,
        email: input.email,
        role: input.role,
        scope: input.scope,
        capability_id: link.id,
        expires_at: expiresAt,
        created_by: userId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const details = await trx
      .selectFrom('properties as p')
      .crossJoin('users as u')
      .select(['p.name', 'p.address', 'p.dna_code', 'u.first_name', 'u.last_name'])
      .where('p.id', '=', lockedProperty)
      .where('u.id', '=', userId)
      .executeTakeFirstOrThrow();
    await queueMailWithin(services, trx, 'urgent', {
      to: input.email,
      forOrganization: organizationId,
      ...propertyGrantMail({
        granterName: fullName(details.first_name, details.last_name) ?? organization.name,
        organizationName: organization.name,
        propertyName: details.name,
        address: details.address,
        dnaCode: details.dna_code,
        roleLabel: GRANT_ROLE_LABELS[input.role],
        what: SCOPE_WORDS[input.scope],
        url: mailLinks.propertyGrant(origin, link.token),
        expiresOn: formatDate(expiresAt),
        toEmail: input.email,
      }),
    });
    await recordActorAudit(trx, who, 'grant', null, {
      propertyId: lockedProperty,
      grantId: row.id,
      email: input.email,
      role: input.role,
      scope: input.scope,
      expires_at: expiresAt.toISOString(),
    });
    return row.id;
  });
  const grant = (await listGrants(db, organizationId, property, now)).find((one) => one.id === id);
  if (!grant) throw notFound();
  return grant;
}

/**
 * Revokes a grant of one of the organisation's properties at once: the grantee's next request is 404,
 * and the link, if not accepted yet, too. A grant already revoked, or another property's, is 404.
 */
export async function revokeGrant(
  db: Db,
  who: RequestActor,
  propertyId: string,
  grantId: string,
  now = new Date(),
): Promise<void> {
  assertNotToken(who.actor);
  const { organizationId } = who.actor;
  const property = await requireOwned(db, organizationId, 'property', propertyId);
  if (!isUuid(grantId)) throw notFound();
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('property_grants')
      .set({ revoked_at: now })
      .where('id', '=', grantId)
      .where('organization_id', '=', organizationId)
      .where('property_id', '=', property)
      .where('revoked_at', 'is', null)
      .returning(['id', 'capability_id', 'email'])
      .executeTakeFirst();
    if (!revoked) throw notFound();
    await trx
      .updateTable('capabilities')
      .set({ revoked_at: now })
      .where('id', '=', revoked.capability_id)
      .where('revoked_at', 'is', null)
      .execute();
    await recordActorAudit(trx, who, 'grant_revoke', null, {
      propertyId: property,
      grantId: revoked.id,
      email: revoked.email,
    });
  });
}

/**
 * Ends the organisation's grants of one property and their links (its sale: the grants were the
 * seller's to give). The rows stay, as a record.
 */
export async function revokePropertyGrants(
  db: DbOrTrx,
  organizationId: string,
  propertyId: string,
  now: Date,
): Promise<void> {
  const grants = await db
    .updateTable('property_grants')
    .set({ revoked_at: now })
    .where('organization_id', '=', organizationId)
    .where('property_id', '=', propertyId)
    .where('revoked_at', 'is', null)
    .returning('capability_id')
    .execute();
  if (grants.length === 0) return;
  await db
    .updateTable('capabilities')
    .set({ revoked_at: now })
    .where(
      'id',
      'in',
      grants.map((grant) => grant.capability_id),
    )
    .where('revoked_at', 'is', null)
    .execute();
}

/** The grant behind a mailed link, still to be accepted, with what its holder is shown; or 404. */
async function offeredGrant(db: DbOrTrx, token: string, now: Date) {
  const row = await db
    .selectFrom('property_grants as g')
    .innerJoin('capabilities as c', 'c.id', 'g.capability_id')
    .innerJoin('properties as p', 'p.id', 'g.property_id')
    .innerJoin('organizations as o', 'o.id', 'g.organization_id')
    .leftJoin('users as u', 'u.id', 'g.created_by')
    .select([
      'g.id',
      'g.organization_id',
      'g.property_id',
      'g.email',
      'g.role',
      'g.scope',
      'g.expires_at',
      'g.capability_id',
      'p.name as property_name',
      'p.address',
      'p.dna_code',
      'o.name as organization_name',
      'u.first_name',
      'u.last_name',
    ])
    .whereRef('p.organization_id', '=', 'g.organization_id')
    .where('c.token_hash', '=', tokenHash(token))
    .where('c.purpose', '=', 'property_grant')
    .where('o.closed_at', 'is', null)
    .where('c.revoked_at', 'is', null)
    .where('c.used_at', 'is', null)
    .where('c.expires_at', '>', now)
    .where('g.accepted_at', 'is', null)
    .where('g.revoked_at', 'is', null)
    .where('g.expires_at', '>', now)
    .where('p.archived_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** What the mailed link shows whoever holds it: which property, from whom, as what, until when. */
export async function viewGrantOffer(db: Db, token: string, now = new Date()) {
  const row = await offeredGrant(db, token, now);
  return {
    organizationName: row.organization_name,
    granterName: fullName(row.first_name, row.last_name),
    property: { id: row.property_id, name: row.property_name, address: row.address, dna_code: row.dna_code },
    role: row.role,
    scope: row.scope,
    email: row.email,
    expires_at: iso(row.expires_at),
  };
}

/**
 * Accepts a grant: only the person signed in with the invited address, confirmed (403 otherwise, the
 * link still good); the link is used up in the same transaction that binds the grant to them (of two
 * accepts at once, one wins; the other finds it used: 404). Their own organisation is not touched.
 */
export async function acceptGrant(
  db: Db,
  who: RequestActor,
  token: string,
  now = new Date(),
): Promise<{ grant: SharedWithMeOut; propertyName: string }> {
  assertNotToken(who.actor);
  const { userId } = who.actor;
  const offer = await offeredGrant(db, token, now);
  const user = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.email.toLowerCase() !== offer.email) {
    throw new AppError('FORBIDDEN', GRANT_MESSAGES.otherEmail(offer.email));
  }
  await requireVerifiedEmail(db, userId);
  await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('capabilities')
      .set({ used_at: now })
      .where('id', '=', offer.capability_id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    if (!used) throw notFound();
    const accepted = await trx
      .updateTable('property_grants')
      .set({ accepted_at: now, grantee_user_id: userId })
      .where('id', '=', offer.id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!accepted) throw notFound();
    await recordAudit(trx, {
      organizationId: offer.organization_id,
      userId,
      ip: who.ip,
      action: 'grant_accept',
      details: { propertyId: offer.property_id, via: 'grant', grantId: offer.id, email: offer.email },
    });
  });
  const grant = await liveGrant(db, userId, offer.id, now);
  return { grant: toShared(grant), propertyName: offer.property_name };
}

/** The grantee's live grants joined with what they open (one, or all with `grantId` undefined). */
function liveGrants(db: DbOrTrx, userId: string, now: Date) {
  return (
    db
      .selectFrom('property_grants as g')
      .innerJoin('properties as p', 'p.id', 'g.property_id')
      .innerJoin('organizations as o', 'o.id', 'g.organization_id')
      .select([
        'g.id',
        'g.organization_id',
        'g.property_id',
        'g.role',
        'g.scope',
        'g.expires_at',
        'g.accepted_at',
        'p.name as property_name',
        'p.address',
        'p.dna_code',
        'o.name as organization_name',
      ])
      // A property transferred away since is no longer the granting organisation's to share.
      .whereRef('p.organization_id', '=', 'g.organization_id')
      .where('g.grantee_user_id', '=', userId)
      // A closed organisation's grants (issue 31 §2) stop answering until it is reopened.
      .where('o.closed_at', 'is', null)
      .where('g.accepted_at', 'is not', null)
      .where('g.revoked_at', 'is', null)
      .where('g.expires_at', '>', now)
      .where('p.archived_at', 'is', null)
  );
}

type LiveGrant = {
  id: string;
  organization_id: string;
  property_id: string;
  role: GrantRole;
  scope: GrantScope;
  expires_at: Date | string;
  accepted_at: Date | null;
  property_name: string;
  address: string;
  dna_code: string;
  organization_name: string;
};

const toShared = (row: LiveGrant): SharedWithMeOut => ({
  grantId: row.id,
  organizationName: row.organization_name,
  property: { id: row.property_id, name: row.property_name, address: row.address, dna_code: row.dna_code },
  role: row.role,
  scope: row.scope,
  expires_at: iso(row.expires_at),
  accepted_at: iso(row.accepted_at ?? row.expires_at),
});

/**
 * The caller's live grant with this id, read now (accepted, not revoked, not expired, its property not
 * archived): every read of a grantee starts here. Anything else — another person's grant, an unknown or
 * malformed id — answers the same 404.
 */
export async function liveGrant(db: DbOrTrx, userId: string, grantId: string, now = new Date()) {
  if (!isUuid(grantId)) throw notFound();
  const row = await liveGrants(db, userId, now).where('g.id', '=', grantId).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** "Shared with me": the caller's live grants with the property each opens, soonest to expire first. */
export async function sharedWithMe(db: Db, who: RequestActor, now = new Date()): Promise<SharedWithMeOut[]> {
  assertNotToken(who.actor);
  const rows = await liveGrants(db, who.actor.userId, now).orderBy('g.expires_at').orderBy('g.id').execute();
  return rows.map(toShared);
}

/** Records a grantee's view or download in the property's audit trail, naming them. */
export function recordGranteeAccess(
  db: DbOrTrx,
  who: RequestActor,
  grant: { id: string; organization_id: string; property_id: string },
  action: 'view' | 'download',
  documentId: string | null = null,
): Promise<void> {
  return recordAudit(db, {
    organizationId: grant.organization_id,
    userId: who.actor.userId,
    ip: who.ip,
    action,
    documentId,
    details: { propertyId: grant.property_id, via: 'grant', grantId: grant.id },
  });
}

/**
 * The granted property as its grantee sees it, read now with the services that build the owner's own
 * views (called with the grant's organisation and property): its documents (without the owner's notes
 * or storage keys) and, when the scope includes it, its compliance check. Recorded as a view.
 */
export async function viewSharedProperty(
  db: Db,
  who: RequestActor,
  grantId: string,
  now = new Date(),
): Promise<{
  grant: SharedWithMeOut;
  documents: Omit<DocumentOut, 'storage_key' | 'owner_notes'>[];
  compliance: PolicyCheckOut | null;
  maintenance: SharedTask[] | null;
}> {
  assertNotToken(who.actor);
  const grant = await liveGrant(db, who.actor.userId, grantId, now);
  const documents = await listDocuments(db, grant.organization_id, grant.property_id);
  const compliance =
    grant.scope === 'documents_and_compliance'
      ? await getPolicyCheck(db, grant.organization_id, grant.property_id, now)
      : null;
  // A tenant lives with the property's upkeep: they see its tasks (what, when, how soon), nothing more.
  const maintenance =
    grant.role === 'tenant'
      ? (await listTasks(db, grant.organization_id, grant.property_id)).map((task) => ({
          id: task.id,
          title: task.title,
          next_due: task.next_due,
          status: dueBand(task.next_due, now),
        }))
      : null;
  await recordGranteeAccess(db, who, grant, 'view');
  return {
    grant: toShared(grant),
    documents: documents.map(({ storage_key: _key, owner_notes: _notes, ...document }) => document),
    compliance,
    maintenance,
  };
}

type SharedTask = { id: string; title: string; next_due: string; status: ReturnType<typeof dueBand> };

/**
 * A tenant reports an issue at the granted property: it becomes a custom maintenance reminder on the
 * owner's property (due today, high priority), its message ending "Reported by <name> (tenant)", made
 * with the reminders' own service and audited in the property's trail naming the tenant. Only a live
 * grant (404 otherwise) with the role tenant (403 for any other role).
 */
export async function reportIssue(
  db: Db,
  who: RequestActor,
  grantId: string,
  input: ReportIssueInput,
  now = new Date(),
): Promise<{ id: string; title: string; due_date: string }> {
  assertNotToken(who.actor);
  const { userId } = who.actor;
  const grant = await liveGrant(db, userId, grantId, now);
  if (grant.role !== 'tenant') throw new AppError('FORBIDDEN', GRANT_MESSAGES.tenantsOnly);
  const person = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const name = fullName(person.first_name, person.last_name) || person.email;
  return db.transaction().execute(async (trx) => {
    // Checked again inside: a grant revoked meanwhile adds nothing.
    await liveGrant(trx, userId, grantId, now);
    // The reminder is the owner's, on their property: written as the tenant, in the granting organisation.
    const asTenant: RequestActor = {
      actor: { ...who.actor, organizationId: grant.organization_id },
      ip: who.ip,
    };
    const reminder = await addReminder(
      trx,
      asTenant,
      grant.property_id,
      {
        title: input.title,
        message: `${input.description}\n\n${reportedByTenant(name)}`,
        due_date: johannesburgToday(now),
        priority: 'high',
        type: 'maintenance',
      },
      now,
    );
    await recordAudit(trx, {
      organizationId: grant.organization_id,
      userId,
      ip: who.ip,
      action: 'issue_report',
      details: {
        propertyId: grant.property_id,
        via: 'grant',
        grantId: grant.id,
        reminderId: reminder.id,
        title: input.title,
        reportedBy: name,
        role: 'tenant',
      },
    });
    return { id: reminder.id, title: reminder.title, due_date: reminder.due_date };
  });
}

/**
 * A document of a granted property, for its grantee's view or download: the grant must be live now and
 * the document that property's (any other document, of the same organisation too, is 404). Recorded.
 */
export async function grantedDocument(
  db: Db,
  who: RequestActor,
  grantId: string,
  documentId: string,
  action: 'view' | 'download',
  now = new Date(),
): Promise<DocumentOut> {
  assertNotToken(who.actor);
  const grant = await liveGrant(db, who.actor.userId, grantId, now);
  const notThere = () => new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
  if (!isUuid(documentId)) throw notThere();
  const ofProperty = await db
    .selectFrom('documents')
    .select('id')
    .where('id', '=', documentId)
    .where('organization_id', '=', grant.organization_id)
    .where('property_id', '=', grant.property_id)
    .executeTakeFirst();
  if (!ofProperty) throw notThere();
  const document = await getDocument(db, grant.organization_id, ofProperty.id);
  await recordGranteeAccess(db, who, grant, action, document.id);
  return document;
}
