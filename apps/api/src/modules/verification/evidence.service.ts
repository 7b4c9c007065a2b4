import {
  checkedFactsChanged,
  DEMO_MESSAGES,
  describeCheck,
  EVIDENCE_KIND_LABELS,
  type EvidenceKind,
  evidenceCheckStatus,
  johannesburgToday,
  type SubmitEvidence,
  type Trade,
  VERIFICATION_LEVEL_LABELS,
  VERIFICATION_MESSAGES,
} from '@propertydna/domain';
import { sql } from 'kysely';
import type { RequestActor } from '../../auth/actor.js';
import { requireOwned } from '../../auth/owned.js';
import type { Db, DbOrTrx } from '../../db/database.js';
import { appUrl } from '../../env.js';
import { AppError } from '../../errors.js';
import { mailLinks } from '../../mail/links';
import { queueMailWithin } from '../../mail/mail-job.js';
import { evidenceApprovedMail, evidenceRejectedMail } from '../../mail/templates.js';
import type { FileStore } from '../../storage/file-store.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit, recordAudit } from '../audit/audit.repo.js';
import { isDemoOrganization } from '../auth/auth.repo.js';
import { supplierVerification } from './verification.js';
import type { EvidenceOut, ReviewItemOut, VerificationStatusOut } from './verification.schemas.js';

export const EVIDENCE_NOT_FOUND = 'Evidence not found';

/** The evidence's columns with its document and organisation, as both lists read them. */
function selectEvidence(db: DbOrTrx) {
  return db
    .selectFrom('supplier_evidence as e')
    .innerJoin('documents as d', 'd.id', 'e.document_id')
    .innerJoin('organizations as o', 'o.id', 'e.organization_id')
    .select([
      'e.id',
      'e.organization_id',
      'e.kind',
      'e.trade',
      'e.status',
      'e.submitted_at',
      'e.reviewed_at',
      'e.reviewer_name',
      'e.checked',
      'e.reject_reason',
      'e.submitted_by',
      sql<string | null>`to_char(e.expires_on, 'YYYY-MM-DD')`.as('expires_at'),
      sql<string | null>`to_char(e.valid_until, 'YYYY-MM-DD')`.as('valid_until'),
      'd.id as document_id',
      'd.name as document_name',
      'd.content_type as document_content_type',
      'd.bytes as document_bytes',
      'd.storage_key as document_storage_key',
      'o.name as organization_name',
      'o.trading_as as organization_trading_as',
      'o.registration_number as organization_registration_number',
      'o.trade_registration_number as organization_trade_registration_number',
      'o.specialties as organization_specialties',
      'e.checked_name',
      'e.checked_registration_number',
      'e.checked_trade_number',
    ]);
}

type EvidenceRow = Awaited<ReturnType<ReturnType<typeof selectEvidence>['executeTakeFirstOrThrow']>>;

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

function toEvidenceOut(row: EvidenceRow, today: string): EvidenceOut {
  return {
    id: row.id,
    kind: row.kind,
    trade: row.trade,
    document: {
      id: row.document_id,
      name: row.document_name,
      content_type: row.document_content_type,
      bytes: Number(row.document_bytes),
    },
    expires_at: row.expires_at,
    status: evidenceCheckStatus(
      row.status,
      row.valid_until,
      today,
      checkedFactsChanged(
        row.kind,
        {
          name: row.checked_name,
          registration_number: row.checked_registration_number,
          trade_registration_number: row.checked_trade_number,
        },
        {
          name: row.organization_name,
          registration_number: row.organization_registration_number,
          trade_registration_number: row.organization_trade_registration_number,
        },
      ),
    ) as EvidenceOut['status'],
    submitted_at: new Date(row.submitted_at).toISOString(),
    reviewed_at: iso(row.reviewed_at),
    reviewer_name: row.reviewer_name,
    checked: row.checked,
    valid_until: row.valid_until,
    reject_reason: row.reject_reason,
  };
}

function toReviewItem(row: EvidenceRow, today: string): ReviewItemOut {
  return {
    ...toEvidenceOut(row, today),
    organization: {
      id: row.organization_id,
      name: row.organization_name,
      trading_as: row.organization_trading_as,
      registration_number: row.organization_registration_number,
      specialties: row.organization_specialties,
    },
  };
}

/** The supplier's own level, checks and submissions (newest first). */
export async function verificationStatus(
  db: Db,
  organizationId: string,
  today = johannesburgToday(new Date()),
): Promise<VerificationStatusOut> {
  const [verification, rows] = await Promise.all([
    supplierVerification(db, [organizationId], today),
    selectEvidence(db)
      .where('e.organization_id', '=', organizationId)
      .orderBy('e.submitted_at', 'desc')
      .orderBy('e.id', 'desc')
      .execute(),
  ]);
  return {
    verification: verification.get(organizationId) ?? { level: 'self_declared', checks: [] },
    evidence: rows.map((row) => toEvidenceOut(row, today)),
  };
}

/**
 * The supplier submits one of its organisation documents (uploaded with `organization: true`) as
 * evidence for review. Another organisation's document, or one of a property or job, is 404.
 */
export async function submitEvidence(
  db: Db,
  who: RequestActor,
  input: SubmitEvidence,
  today = johannesburgToday(new Date()),
): Promise<EvidenceOut> {
  const organizationId = who.actor.organizationId;
  // A private demo is sample data: it must not put anything in front of the real reviewers.
  if (await isDemoOrganization(db, organizationId))
    throw new AppError('FORBIDDEN', DEMO_MESSAGES.verification);
  const documentId = await requireOwned(db, organizationId, 'certificate', input.document_id);
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('supplier_evidence')
      .values({
        organization_id: organizationId,
        kind: input.kind,
        trade: input.trade,
        document_id: documentId,
        expires_on: input.expires_at,
        submitted_by: who.actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordActorAudit(trx, who, 'evidence_submit', documentId, {
      evidence: row.id,
      kind: input.kind,
      ...(input.trade ? { trade: input.trade } : {}),
      ...(input.expires_at ? { expires_at: input.expires_at } : {}),
    });
    return row.id;
  });
  const row = await selectEvidence(db).where('e.id', '=', id).executeTakeFirstOrThrow();
  return toEvidenceOut(row, today);
}

/** The back office's lists: the submissions waiting (oldest first) or the decided ones (newest first). */
export async function listReviews(
  db: Db,
  status: 'pending' | 'decided',
  today = johannesburgToday(new Date()),
): Promise<ReviewItemOut[]> {
  const query = selectEvidence(db);
  const rows =
    status === 'pending'
      ? await query
          .where('e.status', '=', 'pending')
          .orderBy('e.submitted_at')
          .orderBy('e.id')
          .limit(200)
          .execute()
      : await query
          .where('e.status', '<>', 'pending')
          .orderBy('e.reviewed_at', 'desc')
          .orderBy('e.id', 'desc')
          .limit(200)
          .execute();
  return rows.map((row) => toReviewItem(row, today));
}

async function findEvidence(db: DbOrTrx, id: string): Promise<EvidenceRow> {
  const row = await selectEvidence(db).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', EVIDENCE_NOT_FOUND);
  return row;
}

export async function getReview(
  db: Db,
  id: string,
  today = johannesburgToday(new Date()),
): Promise<ReviewItemOut> {
  return toReviewItem(await findEvidence(db, id), today);
}

/**
 * Opens a submitted document for a reviewer (inline view in the back office): only a document that is
 * evidence, found by the evidence's id, never any other document of the organisation. Recorded in the
 * supplier's audit trail.
 */
export async function openEvidenceDocument(
  db: Db,
  store: FileStore,
  who: RequestActor,
  id: string,
): Promise<{ document: EvidenceOut['document']; stream: NodeJS.ReadableStream }> {
  const row = await findEvidence(db, id);
  const stream = await store.openRead(row.document_storage_key);
  await recordAudit(db, {
    organizationId: row.organization_id,
    userId: who.actor.userId,
    ip: who.ip,
    action: 'view',
    documentId: row.document_id,
    details: { evidence: row.id, staff: true },
  });
  return {
    document: {
      id: row.document_id,
      name: row.document_name,
      content_type: row.document_content_type,
      bytes: Number(row.document_bytes),
    },
    stream,
  };
}

/** The reviewer's name for the record, as it is now. */
async function reviewerName(db: DbOrTrx, userId: string): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/** Who hears about a decision: whoever submitted it, else the organisation's first user. */
async function supplierContact(
  db: DbOrTrx,
  organizationId: string,
  submittedBy: string | null,
): Promise<{ email: string; first_name: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['email', 'first_name'])
    .where('organization_id', '=', organizationId)
    .orderBy(sql`id = ${submittedBy}`, 'desc')
    .orderBy('created_at')
    .executeTakeFirst();
}

/**
 * Locks a pending submission for its decision; 404 unknown, 409 already decided, 403 when it is the
 * reviewer's own organisation's (a supplier account promoted to staff keeps its organisation, and nobody
 * checks their own papers).
 */
async function lockPending(db: DbOrTrx, who: RequestActor, id: string) {
  const row = await db
    .selectFrom('supplier_evidence')
    .select([
      'id',
      'organization_id',
      'kind',
      'trade',
      'status',
      'document_id',
      'submitted_by',
      sql<string | null>`to_char(expires_on, 'YYYY-MM-DD')`.as('expires_at'),
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', EVIDENCE_NOT_FOUND);
  if (row.organization_id === who.actor.organizationId) {
    throw new AppError('FORBIDDEN', VERIFICATION_MESSAGES.ownOrganisation);
  }
  if (row.status !== 'pending') throw new AppError('CONFLICT', VERIFICATION_MESSAGES.notPending);
  return row;
}

const whatOf = (kind: EvidenceKind, trade: Trade | null) => describeCheck({ kind, trade });

/**
 * A reviewer approves a submission: what they checked, valid until the date given or, left out, the
 * evidence's own expiry. An insurance approval always has a date (the cover's end), and no approval
 * outlasts the document's expiry or ends before today. Recorded in the supplier's audit trail; the
 * supplier is mailed (inside the transaction: no decision without its mail, no mail without it).
 */
export async function approveEvidence(
  services: AppServices,
  who: RequestActor,
  input: { id: string; checked: string; valid_until: string | null },
  today = johannesburgToday(new Date()),
): Promise<ReviewItemOut> {
  const db = services.db.db;
  await db.transaction().execute(async (trx) => {
    const evidence = await lockPending(trx, who, input.id);
    // The approval holds no longer than the earliest expiry known: the one typed at submission and the
    // document's own stored expiry.
    const stored = await trx
      .selectFrom('documents')
      .select('expires_at')
      .where('id', '=', evidence.document_id)
      .executeTakeFirstOrThrow();
    const expiries = [
      evidence.expires_at,
      stored.expires_at ? johannesburgToday(new Date(stored.expires_at)) : null,
    ].filter((value): value is string => value !== null);
    const expiresAt = expiries.length > 0 ? (expiries.sort()[0] ?? null) : null;
    const validUntil = input.valid_until ?? expiresAt;
    if (!validUntil && evidence.kind === 'liability_insurance') {
      throw new AppError('BAD_REQUEST', VERIFICATION_MESSAGES.validUntilRequired);
    }
    if (validUntil && validUntil < today) {
      throw new AppError('BAD_REQUEST', VERIFICATION_MESSAGES.validUntilPast);
    }
    if (validUntil && expiresAt && validUntil > expiresAt) {
      throw new AppError(
        'BAD_REQUEST',
        `The approval cannot outlast the document, which expires on ${expiresAt}`,
      );
    }
    const name = await reviewerName(trx, who.actor.userId);
    // What was checked is the profile as it stands now: a later change makes the check outdated.
    const facts = await trx
      .selectFrom('organizations')
      .select(['name', 'registration_number', 'trade_registration_number'])
      .where('id', '=', evidence.organization_id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('supplier_evidence')
      .set({
        status: 'approved',
        reviewed_by: who.actor.userId,
        reviewer_name: name,
        reviewed_at: new Date(),
        checked: input.checked,
        valid_until: validUntil,
        checked_name: facts.name,
        checked_registration_number: facts.registration_number,
        checked_trade_number: evidence.kind === 'trade_registration' ? facts.trade_registration_number : null,
      })
      .where('id', '=', evidence.id)
      .execute();
    await recordAudit(trx, {
      organizationId: evidence.organization_id,
      userId: who.actor.userId,
      ip: who.ip,
      action: 'evidence_approve',
      documentId: evidence.document_id,
      details: {
        evidence: evidence.id,
        kind: evidence.kind,
        checked: input.checked,
        valid_until: validUntil,
        company_name: facts.name,
        registration_number: facts.registration_number,
        ...(evidence.kind === 'trade_registration'
          ? { trade_registration_number: facts.trade_registration_number }
          : {}),
      },
    });
    const contact = await supplierContact(trx, evidence.organization_id, evidence.submitted_by);
    if (contact) {
      const level = (await supplierVerification(trx, [evidence.organization_id], today)).get(
        evidence.organization_id,
      )?.level;
      const document = await documentName(trx, evidence.document_id);
      await queueMailWithin(services, trx, 'bulk', {
        to: contact.email,
        ...evidenceApprovedMail({
          firstName: contact.first_name,
          what: whatOf(evidence.kind, evidence.trade),
          document,
          validUntil,
          level: VERIFICATION_LEVEL_LABELS[level ?? 'self_declared'],
          url: mailLinks.supplierVerification(appUrl(services.env)),
        }),
      });
    }
  });
  return getReview(db, input.id, today);
}

async function documentName(db: DbOrTrx, id: string): Promise<string> {
  const row = await db.selectFrom('documents').select('name').where('id', '=', id).executeTakeFirstOrThrow();
  return row.name;
}

/** A reviewer rejects a submission with a reason, mailed to the supplier at once (urgent lane). */
export async function rejectEvidence(
  services: AppServices,
  who: RequestActor,
  input: { id: string; reason: string },
  today = johannesburgToday(new Date()),
): Promise<ReviewItemOut> {
  const db = services.db.db;
  await db.transaction().execute(async (trx) => {
    const evidence = await lockPending(trx, who, input.id);
    await trx
      .updateTable('supplier_evidence')
      .set({
        status: 'rejected',
        reviewed_by: who.actor.userId,
        reviewer_name: await reviewerName(trx, who.actor.userId),
        reviewed_at: new Date(),
        reject_reason: input.reason,
      })
      .where('id', '=', evidence.id)
      .execute();
    await recordAudit(trx, {
      organizationId: evidence.organization_id,
      userId: who.actor.userId,
      ip: who.ip,
      action: 'evidence_reject',
      documentId: evidence.document_id,
      details: { evidence: evidence.id, kind: evidence.kind, reason: input.reason },
    });
    const contact = await supplierContact(trx, evidence.organization_id, evidence.submitted_by);
    if (contact) {
      await queueMailWithin(services, trx, 'urgent', {
        to: contact.email,
        ...evidenceRejectedMail({
          firstName: contact.first_name,
          what: EVIDENCE_KIND_LABELS[evidence.kind],
          document: await documentName(trx, evidence.document_id),
          reason: input.reason,
          url: mailLinks.supplierVerification(appUrl(services.env)),
        }),
      });
    }
  });
  return getReview(db, input.id, today);
}
