import {
  type AllowedContentType,
  CERTIFIED_KINDS,
  DOCUMENT_MESSAGES,
  type DocumentList,
  type DocumentSort,
  documentDates,
  documentHasStatus,
  documentLabelMatches,
  documentNameFromKind,
  EXPIRING_DOCUMENT_KINDS,
  isUuid,
  johannesburgToday,
  type ReadProvenance,
  type RegisterDocument,
  SNIFF_BYTES,
  sniffMatches,
  sortDocuments,
  startOfJohannesburgDay,
  type UpdateDocument,
} from '@propertydna/domain';
import { type SqlBool, sql, type Transaction } from 'kysely';
import type { Actor, RequestActor } from '../../auth/actor.js';
import { NOT_FOUND_MESSAGES, notOwned, requireOwned } from '../../auth/owned.js';
import { assertNotPropertyScoped, scopedPropertyId } from '../../auth/property-scope.js';
import type { Database, Db, DocumentRow, NewDocument, UploadRow } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { FileStore, SignedUpload } from '../../storage/file-store.js';
import { recordStoredObject, removeIfUnreferenced } from '../../storage/stored-objects.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit } from '../audit/audit.repo.js';
import { queueComplianceRecheckWithin } from '../compliance/compliance.jobs.js';
import { queuePolicyAnalysisWithin } from '../policies/policies.jobs.js';
import { emitWebhookEventWithin } from '../webhooks/webhook-delivery.js';
import type { DocumentOut } from './documents.schemas.js';
import { documentTrust, readProvenanceOf, supplierIssuer } from './provenance.js';

/** After its URL expires, a finished upload may still be registered for this long. */
export const REGISTRATION_GRACE_MS = 60 * 60 * 1000;

export const DOCUMENT_NOT_FOUND = NOT_FOUND_MESSAGES.document;
export const UNKNOWN_UPLOAD = 'Unknown or expired upload: sign and upload the file again';
export const UPLOAD_MISMATCH = 'The uploaded file does not match its declared size and SHA-256';
export const CONTENT_MISMATCH = "The file's content does not match its declared type";
export const NOT_UPLOADED = 'The file has not been uploaded yet';

type DocumentWithProperty = DocumentRow & {
  property_name: string | null;
  job_ref: string | null;
  read_provenance?: ReadProvenance | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A document as answered, its dates read in Johannesburg's `today`. */
export function toDocumentOut(row: DocumentWithProperty, today = johannesburgToday(new Date())): DocumentOut {
  const dates = documentDates(row, today);
  const trust = documentTrust(row);
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    storage_key: row.storage_key,
    sha256: row.sha256,
    bytes: Number(row.bytes),
    content_type: row.content_type,
    source: row.source,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: iso(row.expires_at),
    // Named as verified only when the badge says Verified (a checked issuer); a vendor without an account
    // is named, not a user: the name written at upload stands for them.
    verified_by: trust.verified ? (row.verified_by ?? row.verifier_name ?? row.issuer_name) : null,
    verified: trust.verified,
    verified_by_organization: trust.verified ? trust.provenance.issuer_name : null,
    job_ref: row.job_ref,
    status: trust.status,
    provenance: trust.provenance,
    badge: trust.badge,
    property_id: row.property_id,
    property_name: row.property_name,
    job_id: row.job_id,
    metadata: row.metadata,
    issued_on: dates.issued_on,
    issue_date: dates.issue_date,
    expires_on: dates.expires_on,
    expired: dates.expired,
    expires_in_days: dates.expires_in_days,
    expiry_notice: dates.expiry_notice,
    owner_notes: row.owner_notes,
    issued_name: row.issued_name,
  };
}

/**
 * The organisation's documents with, in the same one query, the property's name and the job it was
 * issued on: its own job, or for an adopted copy the
 * job of the original it was copied from.
 */
function selectDocuments(db: Db, organizationId: string) {
  const only = scopedPropertyId();
  return (
    db
      .selectFrom('documents')
      .leftJoin('properties', 'properties.id', 'documents.property_id')
      .leftJoin('documents as original', 'original.id', 'documents.adopted_from')
      .leftJoin('jobs', (join) =>
        join.on((eb) => eb('jobs.id', '=', eb.fn.coalesce('documents.job_id', 'original.job_id'))),
      )
      .selectAll('documents')
      .select(['properties.name as property_name'])
      .select(sql<string | null>`coalesce(jobs.job_ref, documents.metadata->>'jobRef')`.as('job_ref'))
      .select(readProvenanceOf.as('read_provenance'))
      .where('documents.organization_id', '=', organizationId)
      // A property-restricted API token (issue 30 §1) sees its property's documents only.
      .$if(only !== null, (query) => query.where('documents.property_id', '=', only ?? ''))
  );
}

/** What an organisation has signed for upload and not registered yet, in bytes, may not pass `quota`. */
export const uploadQuotaMessage = (quota: number) =>
  `You have ${formatQuota(quota)} of uploads waiting to be saved. Finish or cancel them (unsaved uploads expire within about an hour) before starting more.`;
const formatQuota = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Step 1 of the upload sequence (spec §4): the declaration is checked (type, size, hash format —
 * by the input schema), a server-made key and a signed URL are issued, and the declaration is
 * remembered so the registration can be held to it. The organisation's signed but unregistered
 * bytes may not pass `quotaBytes` (counted under a per-organisation lock, so parallel signs cannot
 * each pass alone).
 */
export async function signUpload(
  db: Db,
  store: FileStore,
  who: RequestActor,
  declaration: { contentType: AllowedContentType; sha256: string; bytes: number },
  quotaBytes: number,
  now = new Date(),
): Promise<SignedUpload> {
  const organizationId = who.actor.organizationId;
  const upload = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${organizationId}`}, 0))`.execute(trx);
    const pending = await trx
      .selectFrom('uploads')
      .select(sql<number>`coalesce(sum(bytes), 0)`.as('bytes'))
      .where('organization_id', '=', organizationId)
      // What vendors bring in through invites counts against each invite's own caps, not the owner's.
      .where('vendor_invite_id', 'is', null)
      .where('registered_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    if (Number(pending.bytes) + declaration.bytes > quotaBytes) {
      throw new AppError('TOO_MANY_REQUESTS', uploadQuotaMessage(quotaBytes));
    }
    const signed = await store.createUpload(declaration);
    await trx
      .insertInto('uploads')
      .values({
        storage_key: signed.key,
        organization_id: organizationId,
        user_id: who.actor.userId,
        bytes: declaration.bytes,
        sha256: declaration.sha256,
        content_type: declaration.contentType,
        expires_at: new Date(signed.expiresAt.getTime() + REGISTRATION_GRACE_MS),
      })
      .execute();
    return signed;
  });
  await recordActorAudit(db, who, 'upload', null, {
    storageKey: upload.key,
    bytes: declaration.bytes,
    contentType: declaration.contentType,
  });
  return upload;
}

/**
 * Reads the first bytes of a stored object, for sniffing its type. An object gone since it was
 * verified (the orphan sweep took an expired upload) is "not uploaded", like one never sent.
 */
async function headOf(store: FileStore, key: string, bytes: number): Promise<Uint8Array> {
  if (bytes === 0) return new Uint8Array();
  const chunks: Buffer[] = [];
  const stream = await store
    .openRead(key, { start: 0, end: Math.min(SNIFF_BYTES, bytes) - 1 })
    .catch((error) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND')
        throw new AppError('BAD_REQUEST', NOT_UPLOADED);
      throw error;
    });
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

type DocumentTarget =
  | { table: 'properties'; id: string }
  | { table: 'jobs'; id: string }
  | { table: 'organizations'; id: null };

/**
 * Where a registered document goes: a live property of the caller's organisation, one of its jobs
 * (suppliers), or the supplier organisation itself (its own insurance certificate). A foreign or
 * unknown property or job is 404.
 */
async function resolveTarget(db: Db, actor: Actor, input: RegisterDocument): Promise<DocumentTarget> {
  if (input.organization) {
    if (actor.userType !== 'supplier') {
      throw new AppError('FORBIDDEN', 'Only supplier accounts keep organisation documents');
    }
    // An organisation document is no property's: not for a property-restricted API token (issue 30 §1).
    assertNotPropertyScoped();
    return { table: 'organizations', id: null };
  }
  if (input.job_id !== null) {
    return { table: 'jobs', id: await requireOwned(db, actor.organizationId, 'job', input.job_id) };
  }
  return {
    table: 'properties',
    id: await requireOwned(db, actor.organizationId, 'property', input.property_id ?? ''),
  };
}

/**
 * Holds a registration to its signed declaration: the upload must exist, be unregistered and unexpired,
 * match the declared size, SHA-256 and type, and its stored bytes must hash as declared (the store
 * verifies: see FileStore.verifyUpload) and sniff as declared (their first bytes). A mismatching
 * object is removed and its declaration spent. Answers the upload row.
 */
export async function checkUploaded(
  db: Db,
  store: FileStore,
  upload: UploadRow | undefined,
  input: { bytes: number; sha256: string; content_type: AllowedContentType },
  now = new Date(),
): Promise<UploadRow> {
  if (!upload || upload.registered_at !== null || new Date(upload.expires_at) < now) {
    throw new AppError('BAD_REQUEST', UNKNOWN_UPLOAD);
  }
  if (
    Number(upload.bytes) !== input.bytes ||
    upload.sha256 !== input.sha256 ||
    upload.content_type !== input.content_type
  ) {
    throw new AppError('BAD_REQUEST', 'The document does not match the signed upload');
  }
  const stored = await store.verifyUpload(upload.storage_key, { bytes: input.bytes, sha256: input.sha256 });
  if (!stored.ok) {
    // The store removed a mismatching object; the declaration is spent either way.
    if (stored.reason !== 'missing')
      await db.deleteFrom('uploads').where('storage_key', '=', upload.storage_key).execute();
    throw new AppError('BAD_REQUEST', stored.reason === 'missing' ? NOT_UPLOADED : UPLOAD_MISMATCH);
  }
  if (!sniffMatches(input.content_type, await headOf(store, upload.storage_key, input.bytes))) {
    // Spent, and its object removed, only while unregistered: no document can name it then.
    const spent = await db
      .deleteFrom('uploads')
      .where('storage_key', '=', upload.storage_key)
      .where('registered_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numDeletedRows) > 0) await store.remove(upload.storage_key);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', CONTENT_MISMATCH);
  }
  return upload;
}

/** What a registration says of the file itself, whichever door it came through (who and where aside). */
export function registeredValues(
  input: {
    kind: RegisterDocument['kind'];
    sha256: string;
    bytes: number;
    content_type: string;
    expires_at: string | null;
    metadata: Record<string, unknown>;
  },
  upload: UploadRow,
  name: string,
) {
  return {
    kind: input.kind,
    name,
    storage_key: upload.storage_key,
    sha256: input.sha256,
    bytes: input.bytes,
    content_type: input.content_type,
    expires_at: input.expires_at ? startOfJohannesburgDay(input.expires_at) : null,
    metadata: JSON.stringify(input.metadata),
  };
}

/**
 * What follows a change to a document of a property, queued inside the change's own transaction (so it
 * happens if and only if the change commits, whichever door made it): the property's compliance check
 * is rechecked, and a policy that is new or changed (not `gone`) has its wording analysed.
 */
export async function queueDocumentEffectsWithin(
  services: Pick<AppServices, 'jobs'>,
  trx: Transaction<Database>,
  organizationId: string,
  document: { id: string; kind: string; property_id: string | null },
  gone = false,
): Promise<void> {
  if (!document.property_id) return;
  if (document.kind === 'policy' && !gone) {
    await queuePolicyAnalysisWithin(services, trx, organizationId, [document.id]);
  }
  await queueComplianceRecheckWithin(services, trx, organizationId, [document.property_id]);
}

/**
 * In one transaction: claims the checked upload (the first of two concurrent registrations wins), inserts
 * its document and lets `record` write what goes with it (the audit row, …). Answers the document's id.
 */
export function insertRegistered(
  db: Db,
  upload: UploadRow,
  document: NewDocument,
  record: (trx: Transaction<Database>, documentId: string) => Promise<void>,
  now = new Date(),
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('uploads')
      .set({ registered_at: now })
      .where('storage_key', '=', upload.storage_key)
      .where('registered_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw new AppError('BAD_REQUEST', UNKNOWN_UPLOAD);
    await recordStoredObject(trx, upload.storage_key);
    const row = await trx.insertInto('documents').values(document).returning('id').executeTakeFirstOrThrow();
    await record(trx, row.id);
    return row.id;
  });
}

/**
 * Step 3: registers an uploaded file as a document. Nothing the client says is trusted: the key
 * must be one this organisation signed and has not registered yet; size, SHA-256 and type must be
 * the signed ones; the store verifies the stored bytes and their first bytes are sniffed; the source
 * and verifier come from who the caller is.
 */
export async function registerDocument(
  services: AppServices,
  who: RequestActor,
  input: RegisterDocument,
  now = new Date(),
): Promise<DocumentOut> {
  const db = services.db.db;
  const { actor } = who;
  const target = await resolveTarget(db, actor, input);

  const upload = await checkUploaded(
    db,
    services.store,
    await db
      .selectFrom('uploads')
      .selectAll()
      .where('storage_key', '=', input.storage_key)
      .where('organization_id', '=', actor.organizationId)
      .where('vendor_invite_id', 'is', null)
      .executeTakeFirst(),
    input,
    now,
  );

  // Suppliers issue documents (spec §6), recorded with their name and level today; an organisation's own
  // papers are just its upload.
  const issued = actor.userType === 'supplier' && target.table !== 'organizations';
  const issuer = issued
    ? await supplierIssuer(db, services.issuerLevel, actor.organizationId, johannesburgToday(now))
    : null;
  // Spec §7's payload has no name: the schema took metadata.name or metadata.filename, else the kind and day.
  const name = input.name ?? documentNameFromKind(input.kind, johannesburgToday(now), input.content_type);
  const propertyId = target.table === 'properties' ? target.id : null;
  const id = await insertRegistered(
    db,
    upload,
    {
      ...registeredValues(input, upload, name),
      organization_id: actor.organizationId,
      property_id: propertyId,
      job_id: target.table === 'jobs' ? target.id : null,
      source: issued ? 'supplier_verified' : 'owner_upload',
      verified_by: issued ? actor.userId : null,
      provenance_kind: issued ? 'supplier_issued' : 'owner_upload',
      ...issuer,
    },
    async (trx, documentId) => {
      await recordActorAudit(trx, who, 'register', documentId, {
        name,
        kind: input.kind,
        bytes: input.bytes,
        sha256: input.sha256,
      });
      await queueDocumentEffectsWithin(services, trx, actor.organizationId, {
        id: documentId,
        kind: input.kind,
        property_id: propertyId,
      });
      await services.queueReadingWithin(trx, actor.organizationId, [documentId]);
      await emitWebhookEventWithin(services.jobs, trx, actor.organizationId, 'document.created', {
        documentId,
        propertyId,
        jobId: target.table === 'jobs' ? target.id : null,
        kind: input.kind,
        name,
        expiresAt: input.expires_at ?? null,
      });
    },
    now,
  );
  return getDocument(db, actor.organizationId, id);
}

export async function getDocument(db: Db, organizationId: string, id: string): Promise<DocumentOut> {
  const owned = await requireOwned(db, organizationId, 'document', id);
  const row = await selectDocuments(db, organizationId).where('documents.id', '=', owned).executeTakeFirst();
  // Deleted between the two reads.
  if (!row) throw notOwned('document');
  return toDocumentOut(row);
}

/** What narrows and orders a list of documents (the vault's search, filters and sort: issue 32). */
export type DocumentListing = Omit<DocumentList, 'propertyId' | 'sort'> & { sort?: DocumentSort };

/**
 * The vault's list: the organisation's documents, or one live property's (`propertyId`: a foreign,
 * unknown or archived one is 404), searched, filtered and sorted as `listing` says.
 */
export async function listDocuments(
  db: Db,
  organizationId: string,
  propertyId?: string,
  listing: DocumentListing = {},
): Promise<DocumentOut[]> {
  if (propertyId === undefined) return documentsOf(db, organizationId, undefined, listing);
  return documentsOf(
    db,
    organizationId,
    { property_id: await requireOwned(db, organizationId, 'property', propertyId) },
    listing,
  );
}

/** `text` for LIKE: its wildcards and the escape character match themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The vault's search (case-insensitive, anywhere in the text): the document's name, its owner's notes,
 * any value of its metadata (a confirmed certificate number, insurer, supplier…), the text read from it
 * with the values of its proposed fields (document_extractions.search_text), and its kind's or
 * certificate type's label ('policy', 'electrical').
 */
function searchWhere(q: string) {
  const pattern = `%${likeLiteral(q)}%`;
  const { kinds, certificateTypes } = documentLabelMatches(q);
  const conditions = [
    sql<SqlBool>`documents.name ilike ${pattern}`,
    sql<SqlBool>`documents.owner_notes ilike ${pattern}`,
    sql<SqlBool>`exists (select 1 from jsonb_each_text(documents.metadata) as m where m.value ilike ${pattern})`,
    sql<SqlBool>`exists (select 1 from document_extractions as e where e.document_id = documents.id and e.search_text ilike ${pattern})`,
  ];
  if (kinds.length > 0) conditions.push(sql<SqlBool>`documents.kind in (${sql.join(kinds)})`);
  if (certificateTypes.length > 0) {
    conditions.push(sql<SqlBool>`documents.metadata->>'certificate_type' in (${sql.join(certificateTypes)})`);
  }
  return sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}

/**
 * The organisation's documents, or those of one of its properties or jobs (an id the guard has
 * answered), those the search `q` finds and of the `kind` asked, in ONE query; then those showing the
 * `status` asked (it reads their dates, worked out as every answer shows them: documentHasStatus), in the
 * `sort` order (newest first by default: sortDocuments).
 */
export async function documentsOf(
  db: Db,
  organizationId: string,
  of?: { property_id: string } | { job_id: string },
  { q, kind, status, sort = 'newest' }: DocumentListing = {},
): Promise<DocumentOut[]> {
  let query = selectDocuments(db, organizationId);
  if (of && 'property_id' in of) query = query.where('documents.property_id', '=', of.property_id);
  if (of && 'job_id' in of) query = query.where('documents.job_id', '=', of.job_id);
  if (q !== undefined) query = query.where(searchWhere(q));
  if (kind !== undefined) query = query.where('documents.kind', '=', kind);
  const rows = await query.orderBy('documents.created_at', 'desc').orderBy('documents.id').execute();
  const today = johannesburgToday(new Date());
  const documents = rows.map((row) => toDocumentOut(row, today));
  const shown = status === undefined ? documents : documents.filter((d) => documentHasStatus(d, status));
  return sort === 'newest' ? shown : sortDocuments(shown, sort);
}

export const ISSUER_FACTS_FIXED =
  'A supplier-verified document cannot be changed; you can only remove it from your vault or add your own notes';

/** What a document's facts become, once the rules of a change were checked (see planDocumentUpdate). */
export interface DocumentUpdatePlan {
  set: {
    name?: string;
    issued_name?: string;
    expires_at?: Date | null;
    issue_date_unconfirmed?: false;
    owner_notes?: string | null;
    metadata: string;
  };
  /** Whether the change touches what the rules read (notes alone do not). */
  affectsRules: boolean;
}

/**
 * The rules of a change to a document's facts, whoever asks (the owner's PATCH, a confirmed reading):
 * the expiry of a certificate or policy, what a certificate (or inspection) is and when it was issued,
 * more metadata `facts` (null removes one), and the owner's notes. A document someone else issued (a
 * supplier, an invited vendor) keeps what its issuer said: the owner may add notes and facts its issuer
 * did not state, and may confirm an issue date an old form filled in (sending it unchanged), never alter
 * it. Sending the issue date, changed or not, confirms it: the document's date counts from then on.
 * Throws the refusal; answers what to write.
 */
export function planDocumentUpdate(
  document: DocumentOut,
  patch: UpdateDocument,
  facts: Readonly<Record<string, string | null>> = {},
): DocumentUpdatePlan {
  const recordedIssue = stringOrNull(document.metadata.issued_on);
  if (document.source !== 'owner_upload') {
    const confirmsOnly =
      patch.issued_on === undefined ||
      (document.issue_date === 'unconfirmed' && patch.issued_on === recordedIssue);
    const restatesIssuer = Object.entries(facts).some(
      ([key, value]) => document.metadata[key] !== undefined && document.metadata[key] !== value,
    );
    if (
      patch.expires_at !== undefined ||
      patch.certificate_type !== undefined ||
      !confirmsOnly ||
      restatesIssuer
    ) {
      throw new AppError('FORBIDDEN', ISSUER_FACTS_FIXED);
    }
  }
  if (
    patch.expires_at !== undefined &&
    !(EXPIRING_DOCUMENT_KINDS as readonly string[]).includes(document.kind)
  ) {
    throw new AppError('BAD_REQUEST', DOCUMENT_MESSAGES.expiryNotAllowed);
  }
  if (
    (patch.certificate_type || patch.issued_on) &&
    !(CERTIFIED_KINDS as readonly string[]).includes(document.kind)
  ) {
    throw new AppError('BAD_REQUEST', DOCUMENT_MESSAGES.certificateTypeKind);
  }
  const issuedOn = patch.issued_on !== undefined ? patch.issued_on : recordedIssue;
  const expiresOn =
    patch.expires_at !== undefined
      ? patch.expires_at
      : document.expires_at
        ? johannesburgToday(new Date(document.expires_at))
        : null;
  if (issuedOn && expiresOn && expiresOn <= issuedOn) {
    throw new AppError('BAD_REQUEST', DOCUMENT_MESSAGES.expiryBeforeIssue);
  }
  const changed: Record<string, string | null> = { ...facts };
  if (patch.certificate_type !== undefined) changed.certificate_type = patch.certificate_type;
  if (patch.issued_on !== undefined) changed.issued_on = patch.issued_on;
  const metadata = { ...document.metadata };
  for (const [key, value] of Object.entries(changed)) {
    if (value === null) delete metadata[key];
    else metadata[key] = value;
  }
  return {
    set: {
      ...renamed(document, patch.name),
      ...(patch.expires_at !== undefined
        ? { expires_at: patch.expires_at ? startOfJohannesburgDay(patch.expires_at) : null }
        : {}),
      ...(patch.issued_on !== undefined ? { issue_date_unconfirmed: false as const } : {}),
      ...(patch.owner_notes !== undefined ? { owner_notes: patch.owner_notes } : {}),
      metadata: JSON.stringify(metadata),
    },
    affectsRules:
      Object.keys(facts).length > 0 ||
      Object.entries(patch).some(
        ([key, value]) => key !== 'owner_notes' && key !== 'name' && value !== undefined,
      ),
  };
}

/**
 * A rename (issue 32): only the name the vault shows and a download is saved as. The stored file, its
 * size, SHA-256, provenance and badge stay as they were, so a rename never changes what "verified" says.
 * A document someone else issued (a supplier, a vendor) may be renamed by its owner like any other; the
 * name its issuer gave it is kept, the first time, as `issued_name`, which /verify goes on naming.
 */
function renamed(document: DocumentOut, name: string | undefined): { name?: string; issued_name?: string } {
  if (name === undefined || name === document.name) return {};
  const keepIssued = document.provenance.issuer_name !== null && document.issued_name === null;
  return { name, ...(keepIssued ? { issued_name: document.name } : {}) };
}

/**
 * Writes a checked change of a document inside the caller's transaction and queues what follows it (the
 * compliance recheck, the policy analysis) when it touches what the rules read.
 */
export async function writeDocumentUpdate(
  services: Pick<AppServices, 'jobs'>,
  trx: Transaction<Database>,
  organizationId: string,
  document: DocumentOut,
  plan: DocumentUpdatePlan,
): Promise<void> {
  await trx
    .updateTable('documents')
    .set(plan.set)
    .where('id', '=', document.id)
    .where('organization_id', '=', organizationId)
    .execute();
  if (plan.affectsRules) await queueDocumentEffectsWithin(services, trx, organizationId, document);
}

/** An owner changes a document of their own (PATCH /api/documents/{id}): see planDocumentUpdate. */
export async function updateDocument(
  services: AppServices,
  who: RequestActor,
  id: string,
  patch: UpdateDocument,
): Promise<DocumentOut> {
  const db = services.db.db;
  const document = await getDocument(db, who.actor.organizationId, id);
  const plan = planDocumentUpdate(document, patch);
  const { name, ...facts } = patch;
  await db.transaction().execute(async (trx) => {
    await writeDocumentUpdate(services, trx, who.actor.organizationId, document, plan);
    if (plan.set.name !== undefined) {
      await recordActorAudit(trx, who, 'rename', document.id, {
        from: document.name,
        to: name,
        ...(document.property_id ? { propertyId: document.property_id } : {}),
      });
    }
    if (Object.values(facts).some((value) => value !== undefined)) {
      await recordActorAudit(trx, who, 'update', document.id, { ...facts });
    }
  });
  return getDocument(db, who.actor.organizationId, document.id);
}

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The organisation's documents with these ids, in the order asked, all or none: an id that is not one of
 * its documents (malformed, unknown, another organisation's) answers 404 for the whole batch.
 */
export async function ownedDocuments(db: Db, organizationId: string, ids: readonly string[]) {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (wanted.length === 0 || !wanted.every(isUuid)) throw notOwned('document');
  const rows = await selectDocuments(db, organizationId).where('documents.id', 'in', wanted).execute();
  if (rows.length !== wanted.length) throw notOwned('document');
  const today = johannesburgToday(new Date());
  const byId = new Map(rows.map((row) => [row.id, toDocumentOut(row, today)]));
  return wanted.map((id) => byId.get(id) as DocumentOut);
}

/**
 * Locks, FOR UPDATE and in id order (so two batches cannot deadlock), the organisation's properties with
 * these ids: the mode a document change's figures trigger takes (refresh_property_figures). A weaker lock
 * would be upgraded there, while an upload's insert holds the key-share lock of its foreign key and waits
 * for the counters — a deadlock (seen on PostgreSQL). Answers the ids locked that are live.
 */
export async function lockProperties(
  trx: Transaction<Database>,
  organizationId: string,
  propertyIds: readonly (string | null)[],
): Promise<Set<string>> {
  const ids = [...new Set(propertyIds.filter((id): id is string => id !== null))].sort();
  if (ids.length === 0) return new Set();
  const rows = await trx
    .selectFrom('properties')
    .select(['id', 'archived_at'])
    .where('id', 'in', ids)
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Set(rows.filter((row) => row.archived_at === null).map((row) => row.id));
}

/**
 * Removes documents from the vault (one, or a selection: issue 32), all or nothing. Their rows are deleted
 * only if every one is still the caller's when locked (a transfer accepted meanwhile has made one the
 * buyer's: 404 and none is deleted), with their properties' rows locked first, as an accepting transfer
 * locks them. A document someone else issued may be removed like any other (only its facts stay as
 * issued). Each delete is in the audit trail naming its property, whose compliance is rechecked. The stored
 * objects go too, after that commits, once no document names them any more (an adopted copy of a
 * supplier's document keeps it; see storage/stored-objects.ts). Answers what the documents were.
 */
export async function deleteDocuments(
  services: AppServices,
  who: RequestActor,
  ids: readonly string[],
): Promise<DocumentOut[]> {
  const db = services.db.db;
  const organizationId = who.actor.organizationId;
  const documents = await ownedDocuments(db, organizationId, ids);
  const documentIds = documents.map((document) => document.id);
  // The previews of their readings' pages go with them (document_pages cascade), their objects once unnamed.
  const previews = await db
    .selectFrom('document_pages')
    .select('preview_key')
    .where('document_id', 'in', documentIds)
    .where('preview_key', 'is not', null)
    .execute();
  await db.transaction().execute(async (trx) => {
    await lockProperties(
      trx,
      organizationId,
      documents.map((document) => document.property_id),
    );
    const deleted = await trx
      .deleteFrom('documents')
      .where('id', 'in', documentIds)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== documentIds.length) throw notOwned('document');
    for (const document of documents) {
      // The property is named, so the property's audit trail keeps the document's history after it is gone.
      await recordActorAudit(trx, who, 'delete', document.id, {
        name: document.name,
        sha256: document.sha256,
        ...(document.property_id ? { propertyId: document.property_id } : {}),
      });
    }
    await queueComplianceRecheckWithin(
      services,
      trx,
      organizationId,
      documents.map((document) => document.property_id),
    );
  });
  // The delete has committed, so it answers as done whatever happens to the files: one whose removal
  // fails here is housekeeping's (the hourly round takes an object no document names, the nightly sweep
  // a file whose row is gone), never a 500 for a delete a retry would then answer 404.
  for (const key of new Set(documents.map((document) => document.storage_key))) {
    await removeIfUnreferenced(db, services.store, key).catch(() => false);
  }
  for (const { preview_key } of previews) {
    if (preview_key) await removeIfUnreferenced(db, services.store, preview_key).catch(() => false);
  }
  return documents;
}

/** Removes one document from the vault: see deleteDocuments. */
export async function deleteDocument(
  services: AppServices,
  who: RequestActor,
  id: string,
): Promise<DocumentOut> {
  const [document] = await deleteDocuments(services, who, [id]);
  return document as DocumentOut;
}

/** Finds a document for viewing or downloading and records that it was opened. */
export async function openDocument(
  db: Db,
  store: FileStore,
  who: RequestActor,
  id: string,
  action: 'view' | 'download',
): Promise<{ document: DocumentOut; stream: NodeJS.ReadableStream }> {
  const document = await getDocument(db, who.actor.organizationId, id);
  const stream = await store.openRead(document.storage_key);
  await recordActorAudit(db, who, action, document.id);
  return { document, stream };
}
