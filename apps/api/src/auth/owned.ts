import { isUuid, PROPERTY_MESSAGES } from '@propertydna/domain';
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database.js';
import { AppError } from '../errors.js';
import { assertPropertyWritable } from './plan-read-only.js';
import { scopedPropertyId } from './property-scope.js';

/**
 * What an organisation owns and can be asked for by id, each with its one 404 message. Anything
 * not the caller's — a malformed id, an unknown one, another organisation's, an archived property —
 * answers the same 404, so an outsider learns nothing about which ids exist.
 */
export const NOT_FOUND_MESSAGES = {
  /** A live (not archived) property. */
  property: PROPERTY_MESSAGES.notFound,
  /** A supplier's job. */
  job: 'Job not found',
  /** Any document of the organisation (property, job or organisation document). */
  document: 'Document not found',
  /** A share link the organisation created, whatever its state (its creator still reads its log). */
  share: 'Share link not found',
  /** A supplier's own template (the built-in ones are nobody's). */
  template: 'Template not found',
  /** An organisation document (in no property and no job): a supplier's insurance certificate. */
  certificate: 'Certificate document not found',
  /** A maintenance task of a live property. */
  task: 'Maintenance task not found',
  /** A custom reminder of a live property. */
  reminder: 'Reminder not found',
  /** A service provider in the organisation's vendor directory. */
  vendor: 'Vendor not found',
  /** An insurance claim of a live property. */
  claim: 'Claim not found',
  /** A transfer the organisation started (the seller's side); the buyer's side is by e-mail address. */
  transfer: 'Transfer not found',
  /** A clause found in a policy of a live property (issue 28: its condition accepted as a task). */
  finding: 'Policy finding not found',
} as const;

export type OwnedKind = keyof typeof NOT_FOUND_MESSAGES;

/** The 404 of a kind, for a scoped write that found its row gone after the guard passed. */
export const notOwned = (kind: OwnedKind): AppError => new AppError('NOT_FOUND', NOT_FOUND_MESSAGES[kind]);

/**
 * The row of `kind` with this id, if it is the organisation's: the one place the ownership rules are
 * written. A property-restricted API token (issue 30 §1) narrows them to its one property and what
 * belongs to it (its documents, tasks, reminders, claims, findings, share links, transfers, and the
 * vendors invited to it); an organisation document, a supplier's job or template belongs to no property
 * and so to no restricted token. Anything else answers the same 404 as another organisation's.
 */
function ownedRow(db: DbOrTrx, organizationId: string, kind: OwnedKind, id: string) {
  const only = scopedPropertyId();
  const scoped = only !== null;
  const none = only ?? '';
  switch (kind) {
    case 'property':
      return db
        .selectFrom('properties')
        .select('id')
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .where('archived_at', 'is', null)
        .$if(scoped, (query) => query.where('id', '=', none));
    case 'job':
      return db
        .selectFrom('jobs')
        .select('id')
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .$if(scoped, (query) => query.where(sql<boolean>`false`));
    case 'document':
      return db
        .selectFrom('documents')
        .select('id')
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .$if(scoped, (query) => query.where('property_id', '=', none));
    case 'certificate':
      return db
        .selectFrom('documents')
        .select('id')
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .where('property_id', 'is', null)
        .where('job_id', 'is', null)
        .$if(scoped, (query) => query.where(sql<boolean>`false`));
    case 'share':
      return db
        .selectFrom('shares')
        .select('id')
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .$if(scoped, (query) => query.where('property_id', '=', none));
    case 'template':
      return db
        .selectFrom('templates')
        .select('id')
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .$if(scoped, (query) => query.where(sql<boolean>`false`));
    case 'task':
      return db
        .selectFrom('maintenance_tasks as t')
        .innerJoin('properties as p', 'p.id', 't.property_id')
        .select('t.id')
        .where('t.id', '=', id)
        .where('t.organization_id', '=', organizationId)
        .where('p.archived_at', 'is', null)
        .$if(scoped, (query) => query.where('p.id', '=', none));
    case 'reminder':
      return db
        .selectFrom('reminders as r')
        .innerJoin('properties as p', 'p.id', 'r.property_id')
        .select('r.id')
        .where('r.id', '=', id)
        .where('r.organization_id', '=', organizationId)
        .where('p.archived_at', 'is', null)
        .$if(scoped, (query) => query.where('p.id', '=', none));
    case 'vendor':
      return db
        .selectFrom('vendors')
        .select('id')
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .$if(scoped, (query) =>
          query.where((eb) =>
            eb.exists(
              eb
                .selectFrom('vendor_invites as i')
                .select('i.id')
                .whereRef('i.vendor_id', '=', 'vendors.id')
                .where('i.property_id', '=', none),
            ),
          ),
        );
    case 'claim':
      return db
        .selectFrom('claims as c')
        .innerJoin('properties as p', 'p.id', 'c.property_id')
        .select('c.id')
        .where('c.id', '=', id)
        .where('c.organization_id', '=', organizationId)
        .where('p.archived_at', 'is', null)
        .$if(scoped, (query) => query.where('p.id', '=', none));
    case 'transfer':
      return db
        .selectFrom('transfers')
        .select('id')
        .where('id', '=', id)
        .where('from_organization_id', '=', organizationId)
        .$if(scoped, (query) => query.where('property_id', '=', none));
    case 'finding':
      return db
        .selectFrom('policy_findings as f')
        .innerJoin('properties as p', 'p.id', 'f.property_id')
        .select('f.id')
        .where('f.id', '=', id)
        .where('f.organization_id', '=', organizationId)
        .where('p.archived_at', 'is', null)
        .$if(scoped, (query) => query.where('p.id', '=', none));
  }
}

/**
 * "Is this id the caller's?": answers the row's id (lower case, as stored) when the organisation
 * owns a `kind` with that id, else throws NOT_FOUND with the kind's message. Every service asks this
 * before it reads or changes a row by an id the client sent.
 *
 * In a request that writes a property's records (plan-read-only.ts), a property that is read-only on
 * the Free plan (or a record of one) answers 403 instead.
 *
 * `lock` takes the row's lock (SELECT … FOR UPDATE) for the rest of the caller's transaction, so a
 * write that follows cannot race an archive or delete of the same row.
 */
export async function requireOwned(
  db: DbOrTrx,
  organizationId: string,
  kind: OwnedKind,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<string> {
  if (!isUuid(id)) throw notOwned(kind);
  const query = ownedRow(db, organizationId, kind, id);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw notOwned(kind);
  // Issue 31 §5: a write of a property beyond the Free limit after Premium lapsed is 403 (reads pass).
  await assertPropertyWritable(db, organizationId, kind, row.id);
  return row.id;
}
