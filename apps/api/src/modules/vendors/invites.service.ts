import {
  type AllowedContentType,
  type DocumentKind,
  documentNameFromKind,
  type InviteDocument,
  isVerifiedLevel,
  johannesburgToday,
  provenanceLine,
  VENDOR_MESSAGES,
  type VerificationLevel,
  vendorVerifierName,
} from '@propertydna/domain';
import { type SqlBool, sql } from 'kysely';
import type { Actor } from '../../auth/actor.js';
import { findLiveCapability, logCapabilityEvent } from '../../capabilities/capabilities.js';
import type { Db, DbOrTrx } from '../../db/database.js';
import { appUrl } from '../../env.js';
import { AppError } from '../../errors.js';
import {
  firstInWindow,
  hearGuess,
  type LimitRule,
  takeAttempt,
  waitPhrase,
} from '../../limits/attempt-limiter.js';
import { mailLinks } from '../../mail/links';
import { queueMailWithin } from '../../mail/mail-job.js';
import { vendorUploadMail } from '../../mail/templates.js';
import type { FileStore, SignedUpload } from '../../storage/file-store.js';
import type { AppServices } from '../../trpc/context.js';
import { recordAudit } from '../audit/audit.repo.js';
import type { DocumentOut } from '../documents/documents.schemas.js';
import {
  checkUploaded,
  getDocument,
  insertRegistered,
  queueDocumentEffectsWithin,
  REGISTRATION_GRACE_MS,
  registeredValues,
} from '../documents/documents.service.js';
import { supplierVerificationLevel } from '../verification/verification.js';
import { emitWebhookEventWithin } from '../webhooks/webhook-delivery.js';
import type { InviteViewOut } from './vendors.schemas.js';

/** Who is at the other end of an invite: anyone with the link, or a signed-in supplier (their organisation). */
export interface InviteCaller {
  ip: string;
  actor: Actor | null;
}

/** A live invite, with what the vendor may see and what the server needs to register for the owner. */
export interface LiveInvite {
  id: string;
  organization_id: string;
  property_id: string;
  vendor_id: string;
  created_by: string | null;
  allowed_kinds: DocumentKind[];
  max_files: number;
  max_bytes: number;
  expires_at: Date;
  property_name: string;
  property_address: string;
  dna_code: string;
  owner_first_name: string | null;
  vendor_name: string;
  vendor_company: string | null;
  vendor_email: string;
}

/** Unknown or expired links asked for from one address within 15 minutes, before it must wait. */
export const MAX_INVITE_MISSES = 30;
const INVITE_MISS_WINDOW_MS = 15 * 60 * 1000;
/** Uploads one invite may sign within an hour (its caps bound what is kept; this bounds the work). */
export const MAX_INVITE_SIGNS_PER_HOUR = 120;

const missRule = (ip: string): LimitRule => ({
  rule: 'invite-token:ip',
  key: ip,
  windowMs: INVITE_MISS_WINDOW_MS,
  max: MAX_INVITE_MISSES,
  message: (seconds) => `Too many invalid upload links. Try again in ${waitPhrase(seconds)}.`,
});

const signRule = (inviteId: string): LimitRule => ({
  rule: 'invite-sign:invite',
  key: inviteId,
  windowMs: 60 * 60 * 1000,
  max: MAX_INVITE_SIGNS_PER_HOUR,
  message: (seconds) => `Too many uploads through this link. Try again in ${waitPhrase(seconds)}.`,
});

const notFound = () => new AppError('NOT_FOUND', VENDOR_MESSAGES.inviteNotFound);

/**
 * The live invite a token opens. Unknown, expired and revoked links, and links of an archived property,
 * all answer the same 404; guessing is limited per address (a miss counts, a hit does not).
 */
export async function openInvite(db: Db, token: string, ip: string, now = new Date()): Promise<LiveInvite> {
  let invite: LiveInvite | undefined;
  const { ok } = await hearGuess(
    db,
    [missRule(ip)],
    async () => {
      const capability = await findLiveCapability(db, 'vendor_invite', token, now);
      if (!capability) return false;
      invite = await db
        .selectFrom('vendor_invites as vi')
        .innerJoin('properties as p', 'p.id', 'vi.property_id')
        .innerJoin('vendors as v', 'v.id', 'vi.vendor_id')
        .leftJoin('users as owner', 'owner.id', 'vi.created_by')
        .select([
          'vi.id',
          'vi.organization_id',
          'vi.property_id',
          'vi.vendor_id',
          'vi.created_by',
          'vi.allowed_kinds',
          'vi.max_files',
          'vi.max_bytes',
          'p.name as property_name',
          'p.address as property_address',
          'p.dna_code',
          'owner.first_name as owner_first_name',
          'v.name as vendor_name',
          'v.company as vendor_company',
          'v.email as vendor_email',
        ])
        .select(sql<Date>`${new Date(capability.expires_at)}::timestamptz`.as('expires_at'))
        .where('vi.id', '=', capability.id)
        .where('p.archived_at', 'is', null)
        // The inner join on vendors: a removed vendor's links were revoked with it.
        .$narrowType<{ vendor_id: string }>()
        .executeTakeFirst()
        .then((row) =>
          row ? { ...row, max_bytes: Number(row.max_bytes), expires_at: new Date(row.expires_at) } : row,
        );
      return invite !== undefined;
    },
    { now },
  );
  if (!ok || !invite) throw notFound();
  return invite;
}

/** What the invite has brought in so far: registered documents and uploads still waiting, in files and bytes. */
async function inviteUsage(db: DbOrTrx, inviteId: string, now: Date) {
  const row = await db
    .selectFrom('uploads')
    .select([sql<number>`count(*)`.as('files'), sql<number>`coalesce(sum(bytes), 0)`.as('bytes')])
    .where('vendor_invite_id', '=', inviteId)
    .where((eb) => eb.or([eb('registered_at', 'is not', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return { files: Number(row.files), bytes: Number(row.bytes) };
}

/** GET /api/invites/{token}: what the vendor may see — the property, who asks, what for, until when. */
export async function viewInvite(
  db: Db,
  invite: LiveInvite,
  caller: InviteCaller,
  now = new Date(),
): Promise<InviteViewOut> {
  const [uploads, usage] = await Promise.all([
    db
      .selectFrom('documents')
      .select(['id', 'name', 'kind', 'created_at'])
      .where('vendor_invite_id', '=', invite.id)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute(),
    inviteUsage(db, invite.id, now),
  ]);
  if (
    await firstInWindow(
      db,
      { rule: 'invite-view', key: `${invite.id} ${caller.ip}`, windowMs: VIEW_LOG_WINDOW_MS },
      now,
    )
  ) {
    await logCapabilityEvent(db, invite.id, 'view', { ip: caller.ip, userId: caller.actor?.userId ?? null });
  }
  const supplier = await supplierUploader(db, invite, caller, now);
  return {
    vendor: { name: invite.vendor_name, company: invite.vendor_company },
    property: { address: invite.property_address, dna_code: invite.dna_code },
    owner: { first_name: invite.owner_first_name ?? 'The owner' },
    allowed_kinds: invite.allowed_kinds,
    expires_at: invite.expires_at.toISOString(),
    limits: { max_files: invite.max_files, max_bytes: invite.max_bytes },
    used: usage,
    uploading_as: supplier?.name ?? null,
    uploads: uploads.map((upload) => ({
      id: upload.id,
      name: upload.name,
      kind: upload.kind,
      created_at: new Date(upload.created_at).toISOString(),
    })),
  };
}

/**
 * The registered supplier the invited vendor is, when the caller is signed in as it: a supplier account
 * of an organisation that has a user with the invited e-mail address (a forwarded link, or another
 * supplier's session, uploads as the anonymous vendor). Its name, and whether its level is verified.
 */
async function supplierUploader(
  db: Db,
  invite: Pick<LiveInvite, 'vendor_email'>,
  caller: InviteCaller,
  now: Date,
): Promise<{ userId: string; organizationId: string; name: string; level: VerificationLevel } | null> {
  const actor = caller.actor;
  if (actor?.userType !== 'supplier') return null;
  const row = await db
    .selectFrom('organizations as o')
    .select('o.name')
    .where('o.id', '=', actor.organizationId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('users as u')
          .select('u.id')
          .whereRef('u.organization_id', '=', 'o.id')
          .where(sql<SqlBool>`lower(u.email) = lower(${invite.vendor_email})`)
          // Only an address its account has proved: anyone can sign up with the invited address.
          .where('u.email_verified_at', 'is not', null),
      ),
    )
    .executeTakeFirst();
  if (!row) return null;
  // Verified by its level (reviewed evidence or an official register), never by typed insurance.
  const level = await supplierVerificationLevel(db, actor.organizationId, johannesburgToday(now));
  return { userId: actor.userId, organizationId: actor.organizationId, name: row.name, level };
}

/** Views of a link logged per address at most once in this window (the page refetches after uploads). */
const VIEW_LOG_WINDOW_MS = 10 * 60 * 1000;

/**
 * POST /api/invites/{token}/sign: step 1 of the vault's upload sequence, scoped to the invite. The type,
 * size and hash format are the input schema's; the invite's caps on files and bytes (registered and
 * waiting together) are counted under a per-invite lock, so parallel signs cannot each pass alone.
 */
export async function signInviteUpload(
  db: Db,
  store: FileStore,
  invite: LiveInvite,
  caller: InviteCaller,
  declaration: { contentType: AllowedContentType; sha256: string; bytes: number },
  now = new Date(),
): Promise<SignedUpload> {
  await takeAttempt(db, [signRule(invite.id)], now);
  const { signed, replaced } = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`invite-uploads:${invite.id}`}, 0))`.execute(
      trx,
    );
    // Signing the same file again (a retry) replaces its earlier upload that was never registered, so
    // retries do not use up the invite's caps.
    const replaced = await trx
      .deleteFrom('uploads')
      .where('vendor_invite_id', '=', invite.id)
      .where('sha256', '=', declaration.sha256)
      .where('registered_at', 'is', null)
      .returning('storage_key')
      .execute();
    const used = await inviteUsage(trx, invite.id, now);
    if (used.files + 1 > invite.max_files) throw new AppError('BAD_REQUEST', VENDOR_MESSAGES.tooManyFiles);
    if (used.bytes + declaration.bytes > invite.max_bytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', VENDOR_MESSAGES.tooManyBytes);
    }
    const signed = await store.createUpload(declaration);
    await trx
      .insertInto('uploads')
      .values({
        storage_key: signed.key,
        organization_id: invite.organization_id,
        user_id: caller.actor?.userType === 'supplier' ? caller.actor.userId : null,
        vendor_invite_id: invite.id,
        bytes: declaration.bytes,
        sha256: declaration.sha256,
        content_type: declaration.contentType,
        expires_at: new Date(signed.expiresAt.getTime() + REGISTRATION_GRACE_MS),
      })
      .execute();
    return { signed, replaced };
  });
  // The replaced objects: never registered, so no document refers to them; removed once committed.
  for (const { storage_key } of replaced) await store.remove(storage_key);
  return signed;
}

/**
 * POST /api/invites/{token}/documents: step 3, scoped to the invite. The kind must be one the invite
 * allows; the key must be one signed through this invite; size, hash and type are held to the signed
 * declaration and the stored bytes (the vault's own checks). The document lands in the property's vault
 * named as verified by the vendor — a signed-in supplier uploads as their organisation —, with the
 * invite as its provenance, the audit row and the owner's mail in the same transaction.
 */
export async function registerInviteDocument(
  services: AppServices,
  invite: LiveInvite,
  caller: InviteCaller,
  input: InviteDocument,
  now = new Date(),
): Promise<DocumentOut> {
  const db = services.db.db;
  if (!invite.allowed_kinds.includes(input.kind)) {
    throw new AppError('BAD_REQUEST', VENDOR_MESSAGES.kindNotAllowed(invite.allowed_kinds));
  }
  const upload = await checkUploaded(
    db,
    services.store,
    await db
      .selectFrom('uploads')
      .selectAll()
      .where('storage_key', '=', input.storage_key)
      .where('vendor_invite_id', '=', invite.id)
      .executeTakeFirst(),
    input,
    now,
  );
  // Issued by a registered supplier (its name, its level today) only when signed in as it; anyone else
  // with the link is the vendor the owner named, whom nobody checked: self-declared.
  const supplier = await supplierUploader(db, invite, caller, now);
  const verifier = supplier
    ? vendorVerifierName({ name: supplier.name, company: null, verified: isVerifiedLevel(supplier.level) })
    : vendorVerifierName({ name: invite.vendor_name, company: invite.vendor_company, verified: false });
  const issuerLevel: VerificationLevel = supplier ? supplier.level : 'self_declared';
  const name = input.name ?? documentNameFromKind(input.kind, johannesburgToday(now), input.content_type);
  const recipient = await db
    .selectFrom('users')
    .select(['email', 'first_name'])
    .where('organization_id', '=', invite.organization_id)
    .orderBy(sql`id = ${invite.created_by ?? '00000000-0000-0000-0000-000000000000'}`, 'desc')
    .orderBy('created_at')
    .executeTakeFirst();
  const id = await insertRegistered(
    db,
    upload,
    {
      ...registeredValues(input, upload, name),
      organization_id: invite.organization_id,
      property_id: invite.property_id,
      job_id: null,
      source: supplier ? 'supplier_verified' : 'vendor_upload',
      verified_by: supplier ? supplier.userId : null,
      verifier_name: verifier,
      vendor_invite_id: invite.id,
      provenance_kind: 'vendor_upload',
      issuer_name: supplier ? supplier.name : verifier,
      issuer_level: issuerLevel,
    },
    async (trx, documentId) => {
      // Still live, and not revoked while the file was being checked: the revoke waits for this row's
      // lock, or this waits for the revoke and then finds the link ended.
      const live = await trx
        .selectFrom('capabilities')
        .select('id')
        .where('id', '=', invite.id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .forShare()
        .executeTakeFirst();
      if (!live) throw notFound();
      await recordAudit(trx, {
        organizationId: invite.organization_id,
        userId: supplier?.userId ?? null,
        ip: caller.ip,
        action: 'register',
        documentId,
        details: {
          name,
          kind: input.kind,
          bytes: input.bytes,
          sha256: input.sha256,
          via: 'vendor_invite',
          inviteId: invite.id,
          vendorId: invite.vendor_id,
          verifier,
          issuerLevel,
        },
      });
      await logCapabilityEvent(
        trx,
        invite.id,
        'upload',
        { ip: caller.ip, userId: supplier?.userId ?? null },
        documentId,
      );
      await queueDocumentEffectsWithin(services, trx, invite.organization_id, {
        id: documentId,
        kind: input.kind,
        property_id: invite.property_id,
      });
      await services.queueReadingWithin(trx, invite.organization_id, [documentId]);
      const created = { documentId, propertyId: invite.property_id, kind: input.kind, name };
      await emitWebhookEventWithin(services.jobs, trx, invite.organization_id, 'document.created', created);
      await emitWebhookEventWithin(services.jobs, trx, invite.organization_id, 'vendor.upload', {
        ...created,
        vendorId: invite.vendor_id,
        inviteId: invite.id,
        verifier,
      });
      if (recipient) {
        await queueMailWithin(services, trx, 'bulk', {
          to: recipient.email,
          ...vendorUploadMail({
            firstName: recipient.first_name,
            vendor: verifier,
            document: name,
            property: invite.property_name,
            provenance: provenanceLine({
              kind: 'vendor_upload',
              issuer_name: supplier ? supplier.name : verifier,
              issuer_level: issuerLevel,
            }),
            url: mailLinks.property(appUrl(services.env), invite.property_id),
          }),
        });
      }
    },
    now,
  );
  return getDocument(db, invite.organization_id, id);
}
