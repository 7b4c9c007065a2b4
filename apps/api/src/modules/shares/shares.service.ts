import {
  type CertificateType,
  certificateTypeOf,
  type DocumentDates,
  documentDates,
  insuredUntil,
  isUuid,
  johannesburgToday,
  type NewProperty,
  type Provenance,
  SHARE_MESSAGES,
  type SupplierVerification,
  type TrustBadge,
} from '@propertydna/domain';
import { sql } from 'kysely';
import type { Actor } from '../../auth/actor.js';
import { notOwned, requireOwned } from '../../auth/owned.js';
import {
  capabilityStatus,
  checkLinkPassword,
  findLiveCapability,
  hashLinkPassword,
  issueCapability,
  LINK_LOCK_WINDOW_MS,
  logCapabilityEvent,
  MAX_LINK_FAILURES,
  revokeCapability,
} from '../../capabilities/capabilities.js';
import type { Db, DbOrTrx, ShareRow } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { firstInWindow } from '../../limits/attempt-limiter.js';
import { queueMail } from '../../mail/mail-job.js';
import { shareLockedMail } from '../../mail/templates.js';
import { lockStoredObjects } from '../../storage/stored-objects.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit, recordAudit, viaToken } from '../audit/audit.repo.js';
import { queueComplianceRecheckWithin } from '../compliance/compliance.jobs.js';
import { documentTrust } from '../documents/provenance.js';
import { copyReadingsWithin } from '../extraction/extraction.service.js';
import { queuePolicyAnalysisWithin } from '../policies/policies.jobs.js';
import { insertProperty } from '../properties/properties.service.js';
import { supplierVerification } from '../verification/verification.js';

export const SHARE_NOT_FOUND = SHARE_MESSAGES.notFound;
export const PASSWORD_REQUIRED = 'This link is protected by a password';

/** What a share link's actions are called in its access log. */
export type ShareAction = 'view' | 'unlock_ok' | 'unlock_failed' | 'download' | 'adopt';

/** A live share link: what it shares, and its password (from the link's capability). */
export type LiveShare = ShareRow & { password_hash: string | null; expires_at: Date };

/** A shared document, with what its dates say (the same as in the owner's vault). */
export interface ShareDocumentOut extends DocumentDates {
  id: string;
  name: string;
  kind: string;
  bytes: number;
  sha256: string;
  content_type: string;
  created_at: string;
  status: 'Pending' | 'Verified';
  verified: boolean;
  certificate_type: CertificateType | null;
  provenance: Provenance;
  badge: TrustBadge;
  job_ref: string | null;
}

export interface ShareView {
  kind: 'job' | 'property';
  job: { job_ref: string; property_address: string; client_name: string } | null;
  /** insured_until: the supplier's reviewed liability cover, while it is current; its level and checks. */
  supplier: { company_name: string; insured_until: string | null; verification: SupplierVerification } | null;
  property: { name: string; address: string; dna_code: string } | null;
  owner: { name: string } | null;
  expires_at: string;
  documents: ShareDocumentOut[];
}

/**
 * Creates a link: a capability (192 random bits shown once, only the SHA-256 stored, the password
 * argon2id-hashed) and, under the same id, what it shares.
 */
async function insertShare(
  db: Db,
  actor: Actor,
  target: { job_id: string } | { property_id: string },
  input: { password: string | null; expiresInDays: number },
  documentIds: string[] = [],
  now = new Date(),
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + input.expiresInDays * 86_400_000);
  const passwordHash = await hashLinkPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const { id, token } = await issueCapability(
      trx,
      { purpose: 'share', organizationId: actor.organizationId, createdBy: actor.userId, expiresAt },
      passwordHash,
    );
    await trx
      .insertInto('shares')
      .values({
        id,
        organization_id: actor.organizationId,
        created_by: actor.userId,
        job_id: 'job_id' in target ? target.job_id : null,
        property_id: 'property_id' in target ? target.property_id : null,
      })
      .execute();
    if (documentIds.length > 0) {
      await trx
        .insertInto('share_documents')
        .values(documentIds.map((document_id) => ({ share_id: id, document_id })))
        .execute();
    }
    await recordAudit(trx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'share',
      details: {
        shareId: id,
        ...target,
        documentIds,
        passwordProtected: passwordHash !== null,
        ...viaToken(actor),
      },
    });
    return { id, token, expiresAt };
  });
}

export async function shareJob(
  db: Db,
  actor: Actor,
  jobId: string,
  input: { password: string | null; expiresInDays: number },
) {
  const job = await requireOwned(db, actor.organizationId, 'job', jobId);
  return insertShare(db, actor, { job_id: job }, input);
}

/** An owner shares chosen documents of one of their properties (the Vault's share modal). */
export async function shareProperty(
  db: Db,
  actor: Actor,
  propertyId: string,
  input: { password: string | null; expiresInDays: number; documentIds: string[] },
) {
  const property = await requireOwned(db, actor.organizationId, 'property', propertyId);
  const documentIds = [...new Set(input.documentIds.map((id) => id.toLowerCase()))];
  if (documentIds.length === 0) throw new AppError('BAD_REQUEST', 'Choose at least one document to share');
  // Every chosen document must be one of the property's: one query for the set, the guard's 404.
  if (!documentIds.every(isUuid)) throw notOwned('document');
  const found = await db
    .selectFrom('documents')
    .select('id')
    .where('organization_id', '=', actor.organizationId)
    .where('property_id', '=', property)
    .where('id', 'in', documentIds)
    .execute();
  if (found.length !== documentIds.length) throw notOwned('document');
  return insertShare(db, actor, { property_id: property }, input, documentIds);
}

export async function revokeShare(db: Db, actor: Actor, shareId: string, now = new Date()): Promise<void> {
  const share = await requireOwned(db, actor.organizationId, 'share', shareId);
  // Revoked already: answered as before, like a link that is not there.
  if (!(await revokeCapability(db, share, actor.organizationId, now))) throw notOwned('share');
}

/** The links of a job or a property with their status and how often they were viewed and downloaded. */
export async function listShares(
  db: Db,
  actor: Actor,
  target: { job_id: string } | { property_id: string },
  now = new Date(),
) {
  // A foreign or unknown job or property is 404, like everywhere else.
  const owner =
    'job_id' in target
      ? {
          column: 's.job_id' as const,
          id: await requireOwned(db, actor.organizationId, 'job', target.job_id),
        }
      : {
          column: 's.property_id' as const,
          id: await requireOwned(db, actor.organizationId, 'property', target.property_id),
        };
  const rows = await db
    .selectFrom('shares as s')
    .innerJoin('capabilities as c', 'c.id', 's.id')
    .leftJoin('jobs as j', 'j.id', 's.job_id')
    .select([
      's.id',
      's.created_at',
      'c.expires_at',
      'c.revoked_at',
      'c.used_at',
      'c.password_hash',
      'j.job_ref',
    ])
    .select([
      // What it shares: the chosen documents' names (a job's link shares the job, named by its reference).
      sql<string[]>`array(
        select d.name from share_documents sd join documents d on d.id = sd.document_id
        where sd.share_id = s.id order by d.name, d.id
      )`.as('document_names'),
      sql<number>`(select count(*) from capability_events e where e.capability_id = s.id and e.action = 'view')`.as(
        'views',
      ),
      sql<number>`(select count(*) from capability_events e where e.capability_id = s.id and e.action = 'download')`.as(
        'downloads',
      ),
    ])
    .where('s.organization_id', '=', actor.organizationId)
    .where(owner.column, '=', owner.id)
    .orderBy('s.created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    // A share link is never single-use, so it is active, expired or revoked.
    status: capabilityStatus(row, now) as 'active' | 'expired' | 'revoked',
    password_protected: row.password_hash !== null,
    job_ref: row.job_ref ?? null,
    document_names: row.document_names,
    views: Number(row.views),
    downloads: Number(row.downloads),
  }));
}

/** The access log of one link, for its creator. */
export async function shareEvents(db: Db, actor: Actor, shareId: string) {
  const share = await requireOwned(db, actor.organizationId, 'share', shareId);
  const rows = await db
    .selectFrom('capability_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('documents as d', 'd.id', 'e.document_id')
    .select(['e.action', 'e.ip', 'e.user_id', 'e.document_id', 'e.created_at', 'd.name as document_name'])
    .select(sql<string | null>`nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')`.as('user_name'))
    .where('e.capability_id', '=', share)
    .orderBy('e.id', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    action: row.action as ShareAction,
    ip: row.ip,
    user_id: row.user_id,
    user_name: row.user_name,
    document_id: row.document_id,
    document_name: row.document_name,
    created_at: new Date(row.created_at).toISOString(),
  }));
}

/** A live link by its token: unknown, expired and revoked links all answer the same 404. */
export async function findLiveShare(db: DbOrTrx, token: string, now = new Date()): Promise<LiveShare> {
  const capability = await findLiveCapability(db, 'share', token, now);
  const share =
    capability &&
    (await db.selectFrom('shares').selectAll().where('id', '=', capability.id).executeTakeFirst());
  if (!capability || !share) throw new AppError('NOT_FOUND', SHARE_NOT_FOUND);
  return { ...share, password_hash: capability.password_hash, expires_at: new Date(capability.expires_at) };
}

export async function logShareEvent(
  db: DbOrTrx,
  shareId: string,
  action: ShareAction,
  ip: string,
  userId: string | null,
  documentId: string | null = null,
): Promise<void> {
  await logCapabilityEvent(db, shareId, action, { ip, userId }, documentId);
}

/**
 * Checks a share's password through the link's password gate (10 wrong per address in 15 minutes;
 * 100 from all addresses in an hour lock the link, and its creator is told by email, once).
 */
export async function unlockShare(
  services: AppServices,
  token: string,
  password: string,
  who: { ip: string; userId: string | null },
  now = new Date(),
): Promise<LiveShare> {
  const { db } = services.db;
  const share = await findLiveShare(db, token, now);
  const result = await checkLinkPassword(db, share, password, who, now);
  if (result.ok) return share;
  if (
    result.failuresOnLink >= MAX_LINK_FAILURES &&
    (await firstInWindow(
      db,
      { rule: 'notice:link-locked', key: share.id, windowMs: LINK_LOCK_WINDOW_MS },
      now,
    ))
  ) {
    await tellCreatorLinkLocked(services, share, result.failuresOnLink);
  }
  throw new AppError('UNAUTHORIZED', SHARE_MESSAGES.invalidPassword.message, {
    title: SHARE_MESSAGES.invalidPassword.title,
  });
}

async function tellCreatorLinkLocked(services: AppServices, share: LiveShare, failures: number) {
  const { db } = services.db;
  const creator = share.created_by
    ? await db
        .selectFrom('users')
        .select(['email', 'first_name'])
        .where('id', '=', share.created_by)
        .executeTakeFirst()
    : undefined;
  if (!creator) return;
  const what = share.job_id
    ? `job ${(await db.selectFrom('jobs').select('job_ref').where('id', '=', share.job_id).executeTakeFirst())?.job_ref ?? ''}`.trim()
    : `documents of ${
        (
          await db
            .selectFrom('properties')
            .select('name')
            .where('id', '=', share.property_id ?? '')
            .executeTakeFirst()
        )?.name ?? 'a property'
      }`;
  await queueMail(services, 'urgent', {
    to: creator.email,
    ...shareLockedMail({
      firstName: creator.first_name,
      failures,
      what,
      lockedMinutes: LINK_LOCK_WINDOW_MS / 60_000,
    }),
  });
}

/** The documents a link gives: a job's documents, or the owner's chosen ones. */
function sharedDocuments(db: DbOrTrx, share: ShareRow) {
  const query = db
    .selectFrom('documents')
    .select([
      'id',
      'name',
      'kind',
      'bytes',
      'sha256',
      'content_type',
      'created_at',
      'verified_by',
      'verifier_name',
      'provenance_kind',
      'issuer_name',
      'issuer_level',
      'issued_name',
      'storage_key',
      'source',
      'job_id',
      'expires_at',
      'metadata',
      'issue_date_unconfirmed',
    ])
    // The job it was issued on, as the vault names it (an adopted copy keeps the job's reference).
    .select(
      sql<
        string | null
      >`coalesce((select jobs.job_ref from jobs where jobs.id = documents.job_id), documents.metadata->>'jobRef')`.as(
        'job_ref',
      ),
    )
    .where('organization_id', '=', share.organization_id);
  return share.job_id
    ? query.where('job_id', '=', share.job_id)
    : query.where('id', 'in', (eb) =>
        eb.selectFrom('share_documents').select('document_id').where('share_id', '=', share.id),
      );
}

export async function viewShare(
  db: Db,
  share: LiveShare,
  ip: string,
  userId: string | null,
): Promise<ShareView> {
  const documents = await sharedDocuments(db, share).orderBy('created_at').execute();
  const organization = await db
    .selectFrom('organizations')
    .select(['name', 'trading_as'])
    .where('id', '=', share.organization_id)
    .executeTakeFirstOrThrow();
  let view: Omit<ShareView, 'documents' | 'expires_at'>;
  if (share.job_id) {
    const job = await db
      .selectFrom('jobs')
      .select(['job_ref', 'property_address', 'client_name'])
      .where('id', '=', share.job_id)
      .executeTakeFirstOrThrow();
    const verification = (await supplierVerification(db, [share.organization_id])).get(
      share.organization_id,
    ) ?? { level: 'self_declared' as const, checks: [] };
    view = {
      kind: 'job',
      job,
      supplier: {
        company_name: organization.name,
        // From a reviewed, unexpired insurance certificate only: typed insurance is self-declared.
        insured_until: insuredUntil(verification.checks),
        verification,
      },
      property: null,
      owner: null,
    };
  } else {
    const property = await db
      .selectFrom('properties')
      .select(['name', 'address', 'dna_code'])
      .where('id', '=', share.property_id ?? '')
      .executeTakeFirstOrThrow();
    view = { kind: 'property', job: null, supplier: null, property, owner: { name: organization.name } };
  }
  await logShareEvent(db, share.id, 'view', ip, userId);
  const today = johannesburgToday(new Date());
  return {
    ...view,
    expires_at: new Date(share.expires_at).toISOString(),
    documents: documents.map((d) => ({
      id: d.id,
      name: d.name,
      kind: d.kind,
      bytes: Number(d.bytes),
      sha256: d.sha256,
      content_type: d.content_type,
      created_at: new Date(d.created_at).toISOString(),
      // The same provenance, badge and status as in the owner's vault.
      ...documentTrust(d),
      job_ref: d.job_ref,
      certificate_type: certificateTypeOf(d.metadata),
      ...documentDates(d, today),
    })),
  };
}

/** One document of the link; a document outside it answers 404. */
export async function sharedDocument(db: Db, share: ShareRow, documentId: string) {
  if (!isUuid(documentId)) throw new AppError('NOT_FOUND', 'Document not found');
  const document = await sharedDocuments(db, share).where('id', '=', documentId).executeTakeFirst();
  if (!document) throw new AppError('NOT_FOUND', 'Document not found');
  return { ...document, bytes: Number(document.bytes) };
}

/**
 * Every document of the link, for its "Download all" (issue 32), and what the archive is named after: the
 * shared property, or the job's property address.
 */
export async function sharedArchiveDocuments(db: Db, share: ShareRow) {
  const documents = await sharedDocuments(db, share).orderBy('created_at').orderBy('id').execute();
  const subject = share.job_id
    ? await db
        .selectFrom('jobs')
        .select(['property_address as name', 'job_ref'])
        .where('id', '=', share.job_id)
        .executeTakeFirstOrThrow()
    : {
        ...(await db
          .selectFrom('properties')
          .select('name')
          .where('id', '=', share.property_id ?? '')
          .executeTakeFirstOrThrow()),
        job_ref: null,
      };
  return {
    subject,
    documents: documents.map((document) => ({ ...document, bytes: Number(document.bytes) })),
  };
}

/** What the issuer said a certificate is, kept on the adopted copy (the compliance rules read it). */
function certificateFacts(metadata: Record<string, unknown>): Record<string, unknown> {
  const facts: Record<string, unknown> = {};
  for (const key of ['certificate_type', 'issued_on'] as const) {
    if (typeof metadata[key] === 'string') facts[key] = metadata[key];
  }
  return facts;
}

/**
 * Copies the shared documents into one of the caller's properties (or a new one): the same stored
 * objects, source and verifier kept, the job reference and the original recorded; in one
 * transaction; adopting twice adds nothing. The documents are read in that transaction with their
 * stored objects locked (storage/stored-objects.ts): one its supplier deleted meanwhile is not copied,
 * and an object copied stays as long as the copy names it. A link left with nothing to copy answers
 * 409 and creates nothing.
 */
export async function adoptShare(
  services: AppServices,
  share: ShareRow,
  who: { actor: Actor; ip: string },
  target: { create_property: true; property: NewProperty } | { create_property: false; property_id: string },
): Promise<{ property_id: string; adopted: number }> {
  const db = services.db.db;
  const organizationId = who.actor.organizationId;
  const jobRef = share.job_id
    ? (await db.selectFrom('jobs').select('job_ref').where('id', '=', share.job_id).executeTakeFirstOrThrow())
        .job_ref
    : null;
  return db.transaction().execute(async (trx) => {
    // An existing property is locked (as an accepting transfer or an archive locks it): still the
    // caller's and live while the copies go in, or 404. A new one is created in the same transaction:
    // if the copy fails, no empty property is left.
    const propertyId = target.create_property
      ? await insertProperty(trx, organizationId, target.property)
      : await requireOwned(trx, organizationId, 'property', target.property_id, { lock: true });
    const shared = await sharedDocuments(trx, share).orderBy('created_at').orderBy('id').execute();
    const present = await lockStoredObjects(
      trx,
      shared.map((d) => d.storage_key),
    );
    const documents = shared.filter((d) => present.has(d.storage_key));
    if (documents.length === 0) throw new AppError('CONFLICT', SHARE_MESSAGES.nothingToAdopt);
    const rows = await trx
      .insertInto('documents')
      .values(
        documents.map((d) => ({
          organization_id: organizationId,
          property_id: propertyId,
          job_id: null,
          kind: d.kind,
          name: d.name,
          storage_key: d.storage_key,
          sha256: d.sha256,
          bytes: Number(d.bytes),
          content_type: d.content_type,
          source: d.source,
          verified_by: d.verified_by,
          verifier_name: d.verifier_name,
          // Adopted from a share, still issued by whom it was and at the level it was then.
          provenance_kind: 'share_adopted' as const,
          issuer_name: d.issuer_name,
          issuer_level: d.issuer_level,
          issued_name: d.issued_name,
          adopted_from: d.id,
          expires_at: d.expires_at,
          // An issue date nobody confirmed on the original is no better on the copy.
          issue_date_unconfirmed: d.issue_date_unconfirmed,
          metadata: JSON.stringify({
            ...certificateFacts(d.metadata),
            adoptedFromShare: share.id,
            ...(jobRef ? { jobRef } : {}),
          }),
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['property_id', 'adopted_from']).where('adopted_from', 'is not', null).doNothing(),
      )
      .returning(['id', 'kind', 'adopted_from'])
      .execute();
    // Each copy carries its original's reading (proposed again for its new owner), not a second one.
    await copyReadingsWithin(
      services,
      trx,
      organizationId,
      rows.map((row) => ({ id: row.id, original: row.adopted_from ?? '' })),
    );
    for (const row of rows) {
      await recordActorAudit(trx, who, 'adopt', row.id, { shareId: share.id, ...(jobRef ? { jobRef } : {}) });
    }
    await logShareEvent(trx, share.id, 'adopt', who.ip, who.actor.userId);
    // What arrived is followed up once this commits: its policies analysed, the property rechecked.
    await queuePolicyAnalysisWithin(
      services,
      trx,
      organizationId,
      rows.filter((row) => row.kind === 'policy').map((row) => row.id),
    );
    // A property made here is checked once this commits (createProperty checks its own at once).
    if (rows.length > 0 || target.create_property) {
      await queueComplianceRecheckWithin(services, trx, organizationId, [propertyId]);
    }
    return { property_id: propertyId, adopted: rows.length };
  });
}

/** At most this many registrations of the same bytes are listed by /verify. */
export const VERIFY_MATCH_LIMIT = 20;

/**
 * Public verification: is this SHA-256 a document registered on PropertyDNA, who issued it and how far
 * that issuer was checked then. Each match carries the same provenance and badge the vault shows for it
 * (an adopted copy answers through its original while that exists). Nothing private: a document with
 * no issuer (the owner's own upload) answers only that it is registered, self-declared, and when — no
 * name, owner or property; the property's DNA code only for a Verified document that was adopted.
 */
export async function verifyHash(db: Db, sha256: string) {
  const rows = await db
    .selectFrom('documents as d')
    .leftJoin('jobs as j', 'j.id', 'd.job_id')
    .select([
      'd.id',
      'd.name',
      'd.created_at',
      'd.provenance_kind',
      'd.issuer_name',
      'd.issuer_level',
      // What was issued: the issuer's name for it, though its owner may have renamed it since.
      sql<string>`coalesce(d.issued_name, d.name)`.as('issued_name'),
      sql<string | null>`coalesce(j.job_ref, d.metadata->>'jobRef')`.as('job_ref'),
    ])
    .select((eb) =>
      eb
        .selectFrom('documents as copy')
        .innerJoin('properties as p', 'p.id', 'copy.property_id')
        .select('p.dna_code')
        .whereRef('copy.adopted_from', '=', 'd.id')
        .orderBy('copy.created_at')
        .limit(1)
        .as('dna_code'),
    )
    .where('d.sha256', '=', sha256)
    .where((eb) =>
      eb.or([
        eb('d.adopted_from', 'is', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('documents as original')
              .select('original.id')
              .whereRef('original.id', '=', 'd.adopted_from'),
          ),
        ),
      ]),
    )
    .orderBy('d.created_at')
    .orderBy('d.id')
    .limit(VERIFY_MATCH_LIMIT)
    .execute();
  return rows.map((row) => {
    const trust = documentTrust(row);
    const issued = row.issuer_name !== null;
    return {
      provenance: trust.provenance,
      badge: trust.badge,
      verified: trust.verified,
      /** Kept for older clients: the issuer's name (null for the owner's own upload). */
      company_name: row.issuer_name,
      issued_at: new Date(row.created_at).toISOString(),
      job_ref: issued ? row.job_ref : null,
      dna_code: trust.verified ? (row.dna_code ?? null) : null,
      name: issued ? row.issued_name : null,
    };
  });
}
