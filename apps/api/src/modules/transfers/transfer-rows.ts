import { isUuid, TRANSFER_MESSAGES } from '@propertydna/domain';
import { sql } from 'kysely';
import { scopedPropertyId } from '../../auth/property-scope.js';
import { capabilityStatus } from '../../capabilities/capabilities.js';
import type { DbOrTrx, TransferRow } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { requireVerifiedEmail } from '../auth/email-ownership.js';
import type { TransferOut } from './transfers.schemas.js';

/**
 * The transfers as their two sides read them, shared by the transfer's jobs: its lifecycle
 * (transfers.service.ts), its acceptance, its links, its pack and its receipt.
 */

export const DAY_MS = 86_400_000;

export const iso = (value: Date | string) => new Date(value).toISOString();
export const notFound = () => new AppError('NOT_FOUND', TRANSFER_MESSAGES.notFound);

/** The signed-in user's email address (lower case, as signup stores it). */
export async function emailOf(db: DbOrTrx, userId: string): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.email.toLowerCase();
}

/** Transfers with what both sides see of them: the property, the organisations and the link's state. */
export function selectTransfers(db: DbOrTrx) {
  return db
    .selectFrom('transfers as t')
    .innerJoin('capabilities as c', 'c.id', 't.id')
    .innerJoin('properties as p', 'p.id', 't.property_id')
    .innerJoin('organizations as fo', 'fo.id', 't.from_organization_id')
    .leftJoin('organizations as tor', 'tor.id', 't.to_organization_id')
    .select([
      't.id',
      't.status',
      't.property_id',
      't.from_organization_id',
      't.to_organization_id',
      't.to_email',
      't.message',
      't.documents',
      't.created_at',
      't.decided_at',
      'c.expires_at',
      'c.revoked_at',
      'c.used_at',
      'p.name as property_name',
      'p.address as property_address',
      'p.dna_code',
      'fo.name as from_organization',
      'tor.name as to_organization',
      sql<number>`(select count(*) from documents d where d.property_id = t.property_id and d.organization_id = t.from_organization_id)`.as(
        'live_documents',
      ),
    ]);
}

export type SelectedTransfer = Awaited<ReturnType<ReturnType<typeof selectTransfers>['execute']>>[number];

/** A pending transfer whose link has ended (its 30 days passed) is expired. */
export const statusOf = (
  row: Pick<SelectedTransfer, 'status' | 'expires_at' | 'revoked_at' | 'used_at'>,
  now: Date,
) => (row.status === 'pending' && capabilityStatus(row, now) !== 'active' ? 'expired' : row.status);

export function transferOut(row: SelectedTransfer, now: Date): TransferOut {
  return {
    id: row.id,
    status: statusOf(row, now),
    property: {
      id: row.property_id,
      name: row.property_name,
      address: row.property_address,
      dna_code: row.dna_code,
    },
    from_organization: row.from_organization,
    to_email: row.to_email,
    to_organization: row.to_organization ?? null,
    message: row.message,
    documents_count: row.documents ? row.documents.length : Number(row.live_documents),
    created_at: iso(row.created_at),
    expires_at: iso(row.expires_at),
    decided_at: row.decided_at ? iso(row.decided_at) : null,
  };
}

export async function transferById(db: DbOrTrx, id: string, now: Date): Promise<TransferOut> {
  const row = await selectTransfers(db).where('t.id', '=', id).executeTakeFirstOrThrow();
  return transferOut(row, now);
}

/**
 * The transfer with this id addressed to the signed-in user's email address, or 404 'Transfer not found'
 * (anyone else, and any malformed or unknown id, alike). Deciding on it (accept, decline) depends on
 * owning that address: an account that has not confirmed it gets 403 'Confirm your email address first…'.
 */
export async function addressedTo(db: DbOrTrx, userId: string, id: string): Promise<TransferRow> {
  // A property-restricted API token (issue 30 §1) hears of no transfer offered to its person: it is
  // about another organisation's property, not the token's one.
  if (!isUuid(id) || scopedPropertyId()) throw notFound();
  const email = await emailOf(db, userId);
  const row = await db
    .selectFrom('transfers')
    .selectAll()
    .where('id', '=', id.toLowerCase())
    .where('to_email', '=', email)
    .executeTakeFirst();
  if (!row) throw notFound();
  await requireVerifiedEmail(db, userId);
  return row;
}
