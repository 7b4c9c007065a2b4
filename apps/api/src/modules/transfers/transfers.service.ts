import {
  DEMO_MESSAGES,
  EMAIL_VERIFICATION_MESSAGES,
  formatDate,
  isDemoEmail,
  TRANSFER_MESSAGES,
  TRANSFER_VALID_DAYS,
  type TransferStart,
} from '@propertydna/domain';
import { sql, type Transaction } from 'kysely';
import type { RequestActor } from '../../auth/actor.js';
import { notOwned, requireOwned } from '../../auth/owned.js';
import { scopedPropertyId } from '../../auth/property-scope.js';
import { issueCapability } from '../../capabilities/capabilities.js';
import type { Database, Db, DbOrTrx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { type LimitRule, takeAttempt, waitPhrase } from '../../limits/attempt-limiter.js';
import { mailLinks } from '../../mail/links';
import { queueMailWithin } from '../../mail/mail-job.js';
import { transferDecidedMail, transferOfferMail } from '../../mail/templates.js';
import type { AppServices } from '../../trpc/context.js';
import { isDemoOrganization } from '../auth/auth.repo.js';
import {
  addressedTo,
  DAY_MS,
  emailOf,
  iso,
  selectTransfers,
  transferById,
  transferOut,
} from './transfer-rows.js';
import type { OwnershipPeriodOut } from './transfers.schemas.js';

/**
 * Issue 17: a property handed to another organisation with its DNA code, vault, maintenance history,
 * compliance results and policy findings. The seller starts a transfer to an email address; whoever is
 * signed in with that address accepts (or declines) it; the mailed link only leads them there.
 *
 * This file is the transfer's lifecycle: start, cancel, decline, the lists and the ownership history.
 * The other jobs each have their own file: accepting (accept-transfer.ts, which moves the property with
 * properties/move-property.ts), the links without an account (transfer-links.ts), the pack
 * (transfer-pack.ts), the seller's receipt (transfer-receipt.ts); what they all read, transfer-rows.ts.
 */

/** Incoming transfers already decided stay in the buyer's list this long. */
const RECENT_DAYS = 90;

/** Transfers one organisation may start within an hour (each mails an address the seller typed). */
export const MAX_TRANSFERS_PER_HOUR = 10;

const startRules = (organizationId: string): LimitRule[] => [
  {
    rule: 'transfer:organization',
    key: organizationId,
    windowMs: 60 * 60 * 1000,
    max: MAX_TRANSFERS_PER_HOUR,
    message: (seconds) => `Too many transfers started. Try again in ${waitPhrase(seconds)}.`,
  },
];

/** What the buyer is told comes with the property. */
async function includedLines(db: DbOrTrx, organizationId: string, propertyId: string): Promise<string[]> {
  const [documents, tasks] = await Promise.all([
    db
      .selectFrom('documents')
      .select(['kind', sql<number>`count(*)`.as('n')])
      .where('organization_id', '=', organizationId)
      .where('property_id', '=', propertyId)
      .groupBy('kind')
      .execute(),
    db
      .selectFrom('maintenance_tasks')
      .select(sql<number>`count(*)`.as('n'))
      .where('organization_id', '=', organizationId)
      .where('property_id', '=', propertyId)
      .executeTakeFirstOrThrow(),
  ]);
  const total = documents.reduce((sum, row) => sum + Number(row.n), 0);
  const certificates = Number(documents.find((row) => row.kind === 'certificate')?.n ?? 0);
  return [
    'The permanent PropertyDNA code, which stays with the house',
    `${total} document${total === 1 ? '' : 's'} from the vault${certificates ? `, ${certificates} of them certificate${certificates === 1 ? '' : 's'}` : ''}, with their original files and SHA-256 fingerprints`,
    `${Number(tasks.n)} maintenance task${Number(tasks.n) === 1 ? ' and its' : 's and their'} service history`,
    'The compliance results (readiness for transfer included) and the insurance policy findings',
    'The ownership history: organisation names and dates',
  ];
}

/**
 * POST /api/properties/{id}/transfer: offers the property to whoever signs in with `email`. One pending
 * transfer per property (409); never to an address of the caller's own organisation (400). The link (a
 * capability, 30 days) is mailed in the same transaction.
 */
export async function startTransfer(
  services: AppServices,
  who: RequestActor,
  propertyId: string,
  input: TransferStart,
  origin: string,
  now = new Date(),
): Promise<{ id: string; status: 'pending'; expires_at: string }> {
  const db = services.db.db;
  const { organizationId, userId } = who.actor;
  const owned = await requireOwned(db, organizationId, 'property', propertyId);
  // A demo offers its property to another demo at most: nobody real is mailed for it.
  if (!isDemoEmail(input.email) && (await isDemoOrganization(db, organizationId)))
    throw new AppError('FORBIDDEN', DEMO_MESSAGES.outsideAddress);
  const own = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where(sql<boolean>`lower(email) = ${input.email}`)
    .executeTakeFirst();
  if (own) throw new AppError('BAD_REQUEST', TRANSFER_MESSAGES.ownOrganization);
  await takeAttempt(db, startRules(organizationId), now);
  const expiresAt = new Date(now.getTime() + TRANSFER_VALID_DAYS * DAY_MS);
  const id = await db.transaction().execute(async (trx) => {
    const property = await trx
      .selectFrom('properties as p')
      .innerJoin('organizations as o', 'o.id', 'p.organization_id')
      .select(['p.name', 'p.address', 'p.dna_code', 'o.name as organization_name'])
      .where('p.id', '=', owned)
      .where('p.organization_id', '=', organizationId)
      .where('p.archived_at', 'is', null)
      .forUpdate('p')
      .executeTakeFirst();
    if (!property) throw notOwned('property');
    // A pending transfer whose link ended is expired: it no longer holds the property.
    await trx
      .updateTable('transfers')
      .set({ status: 'expired' })
      .where('property_id', '=', owned)
      .where('status', '=', 'pending')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('capabilities')
          .select('id')
          .where((c) => c.or([c('expires_at', '<=', now), c('revoked_at', 'is not', null)])),
      )
      .execute();
    const pending = await trx
      .selectFrom('transfers')
      .select('id')
      .where('property_id', '=', owned)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (pending) throw new AppError('CONFLICT', TRANSFER_MESSAGES.pendingExists);
    const seller = await trx
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const { id, token } = await issueCapability(trx, {
      purpose: 'transfer',
      organizationId,
      createdBy: userId,
      subjectId: owned,
      expiresAt,
    });
    await trx
      .insertInto('transfers')
      .values({
        id,
        property_id: owned,
        from_organization_id: organizationId,
        to_email: input.email,
        message: input.message ?? null,
        created_by: userId,
        created_at: now,
      })
      .execute();
    await queueMailWithin(services, trx, 'urgent', {
      to: input.email,
      forOrganization: organizationId,
      ...transferOfferMail({
        sellerName: `${seller.first_name} ${seller.last_name}`.trim(),
        organizationName: property.organization_name,
        propertyName: property.name,
        address: property.address,
        dnaCode: property.dna_code,
        included: await includedLines(trx, organizationId, owned),
        message: input.message ?? null,
        url: mailLinks.transferOffer(origin, token),
        expiresOn: formatDate(expiresAt),
        toEmail: input.email,
      }),
    });
    return id;
  });
  return { id, status: 'pending', expires_at: expiresAt.toISOString() };
}

/** Ends a pending transfer (cancelled by the seller, declined by the buyer) and its link; 409 if not pending. */
async function endPending(
  trx: DbOrTrx,
  id: string,
  status: 'cancelled' | 'declined',
  userId: string,
  now: Date,
): Promise<void> {
  const ended = await trx
    .updateTable('transfers')
    .set({ status, decided_at: now, decided_by: userId })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('capabilities')
        .select('id')
        .where('expires_at', '>', now)
        .where('revoked_at', 'is', null)
        .where('used_at', 'is', null),
    )
    .executeTakeFirst();
  if (Number(ended.numUpdatedRows) === 0) throw new AppError('CONFLICT', TRANSFER_MESSAGES.notPending);
  await trx.updateTable('capabilities').set({ revoked_at: now }).where('id', '=', id).execute();
}

/** POST /api/transfers/{id}/cancel: the seller withdraws a pending transfer. */
export async function cancelTransfer(db: Db, who: RequestActor, id: string, now = new Date()) {
  const owned = await requireOwned(db, who.actor.organizationId, 'transfer', id);
  await db.transaction().execute((trx) => endPending(trx, owned, 'cancelled', who.actor.userId, now));
  return transferById(db, owned, now);
}

/** Tells the seller who started the transfer (if their account still exists) what the buyer decided. */
export async function mailSeller(
  services: AppServices,
  trx: Transaction<Database>,
  transferId: string,
  decision: 'accepted' | 'declined',
  buyer: string,
  origin: string,
): Promise<void> {
  const row = await trx
    .selectFrom('transfers as t')
    .innerJoin('users as u', 'u.id', 't.created_by')
    .innerJoin('properties as p', 'p.id', 't.property_id')
    .select(['u.email', 'u.first_name', 'p.name', 'p.dna_code'])
    .where('t.id', '=', transferId)
    .executeTakeFirst();
  if (!row) return;
  await queueMailWithin(services, trx, 'urgent', {
    to: row.email,
    ...transferDecidedMail({
      firstName: row.first_name,
      propertyName: row.name,
      dnaCode: row.dna_code,
      decision,
      buyer,
      url: mailLinks.transfers(origin),
    }),
  });
}

/** POST /api/transfers/{id}/decline: the addressee says no; the property stays where it is. */
export async function declineTransfer(
  services: AppServices,
  who: RequestActor,
  id: string,
  origin: string,
  now = new Date(),
) {
  const db = services.db.db;
  const transfer = await addressedTo(db, who.actor.userId, id);
  await db.transaction().execute(async (trx) => {
    await endPending(trx, transfer.id, 'declined', who.actor.userId, now);
    await mailSeller(services, trx, transfer.id, 'declined', transfer.to_email, origin);
  });
  return transferById(db, transfer.id, now);
}

/** GET /api/transfers: addressed to the caller's email (pending and recent), and started by their organisation. */
export async function listTransfers(db: Db, who: RequestActor, now = new Date()) {
  // A property-restricted API token (issue 30 §1) sees its property's outgoing transfers, no offer made
  // to its person (each about another organisation's property).
  if (scopedPropertyId()) {
    const outgoing = await outgoingTransfers(db, who.actor.organizationId);
    return {
      incoming: [],
      outgoing: outgoing.map((row) => transferOut(row, now)),
      incoming_withheld: 0,
      confirm_first: null,
    };
  }
  const email = await emailOf(db, who.actor.userId);
  const since = new Date(now.getTime() - RECENT_DAYS * DAY_MS);
  // An address nobody confirmed may be someone else's: what is addressed to it (the property, the
  // seller, the message) stays hidden until its owner opens the confirmation link; only how many wait.
  const { email_verified_at: confirmed } = await db
    .selectFrom('users')
    .select('email_verified_at')
    .where('id', '=', who.actor.userId)
    .executeTakeFirstOrThrow();
  if (confirmed === null) {
    const [waiting, outgoing] = await Promise.all([
      db
        .selectFrom('transfers')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('to_email', '=', email)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow(),
      outgoingTransfers(db, who.actor.organizationId),
    ]);
    const withheld = Number(waiting.count);
    return {
      incoming: [],
      outgoing: outgoing.map((row) => transferOut(row, now)),
      incoming_withheld: withheld,
      confirm_first: withheld > 0 ? EMAIL_VERIFICATION_MESSAGES.required(email) : null,
    };
  }
  const [incoming, outgoing] = await Promise.all([
    selectTransfers(db)
      .where('t.to_email', '=', email)
      .where((eb) => eb.or([eb('t.status', '=', 'pending'), eb('t.created_at', '>', since)]))
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id')
      .limit(100)
      .execute(),
    outgoingTransfers(db, who.actor.organizationId),
  ]);
  return {
    incoming: incoming.map((row) => transferOut(row, now)),
    outgoing: outgoing.map((row) => transferOut(row, now)),
    incoming_withheld: 0,
    confirm_first: null,
  };
}

/** The transfers an organisation started, newest first. */
function outgoingTransfers(db: Db, organizationId: string) {
  const only = scopedPropertyId();
  return selectTransfers(db)
    .where('t.from_organization_id', '=', organizationId)
    .$if(only !== null, (query) => query.where('t.property_id', '=', only ?? ''))
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id')
    .limit(100)
    .execute();
}

/** GET /api/properties/{id}/ownership: who owned the property when, oldest first. */
export async function ownershipHistory(
  db: Db,
  organizationId: string,
  propertyId: string,
): Promise<OwnershipPeriodOut[]> {
  const owned = await requireOwned(db, organizationId, 'property', propertyId);
  const periods = await db
    .selectFrom('property_ownerships')
    .select(['organization_name', 'started_at', 'ended_at'])
    .where('property_id', '=', owned)
    .orderBy('started_at')
    .orderBy('id')
    .execute();
  return periods.map((period) => ({
    organization_name: period.organization_name,
    from: iso(period.started_at),
    until: period.ended_at ? iso(period.ended_at) : null,
  }));
}
