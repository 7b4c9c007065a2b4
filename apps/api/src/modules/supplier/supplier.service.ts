import {
  daysUntil,
  isJobRef,
  issuedCertificateFacts,
  jobRef,
  johannesburgToday,
  ROOFING_SERVICE_REPORT_V1,
  type SupplierInsurance,
  type SupplierJob,
  type SupplierProfile,
  type Template,
  validateTemplateAnswers,
} from '@propertydna/domain';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { RequestActor } from '../../auth/actor.js';
import { NOT_FOUND_MESSAGES, notOwned, requireOwned } from '../../auth/owned.js';
import type { Db, DbOrTrx, TemplateRow } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { FileStore } from '../../storage/file-store.js';
import { recordStoredObject } from '../../storage/stored-objects.js';
import type { AppServices, IssuerLevelLookup } from '../../trpc/context.js';
import { recordActorAudit } from '../audit/audit.repo.js';
import type { DocumentOut } from '../documents/documents.schemas.js';
import { deleteDocument, documentsOf, getDocument } from '../documents/documents.service.js';
import { supplierIssuer } from '../documents/provenance.js';
import { secureRandom } from '../properties/properties.service.js';
import { supplierVerificationLevel } from '../verification/verification.js';
import { type ReportPhoto, renderReportPdf } from './report-pdf.js';
import type { JobOut, SupplierProfileOut, TemplateOut } from './supplier.schemas.js';

export const JOB_NOT_FOUND = NOT_FOUND_MESSAGES.job;
export const TEMPLATE_NOT_FOUND = NOT_FOUND_MESSAGES.template;
export const JOB_REF_TAKEN = 'This job reference is already in use';

export async function getSupplierProfile(db: Db, organizationId: string): Promise<SupplierProfileOut> {
  const org = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return {
    company_name: org.name,
    registration_number: org.registration_number,
    trade_registration_number: org.trade_registration_number,
    description: org.description,
    email: org.contact_email,
    phone: org.contact_phone,
    website: org.website,
    specialties: org.specialties,
  };
}

export async function updateSupplierProfile(
  db: Db,
  organizationId: string,
  profile: SupplierProfile,
): Promise<SupplierProfileOut> {
  await db
    .updateTable('organizations')
    .set({
      name: profile.company_name,
      registration_number: profile.registration_number ?? null,
      trade_registration_number: profile.trade_registration_number ?? null,
      description: profile.description ?? null,
      contact_email: profile.email ?? null,
      contact_phone: profile.phone ?? null,
      website: profile.website ?? null,
      specialties: JSON.stringify(profile.specialties),
      updated_at: new Date(),
    })
    .where('id', '=', organizationId)
    .execute();
  return getSupplierProfile(db, organizationId);
}

function selectJobs(db: Db, organizationId: string) {
  return db
    .selectFrom('jobs as j')
    .select(['j.id', 'j.job_ref', 'j.property_address', 'j.client_name', 'j.description', 'j.created_at'])
    .select((eb) =>
      eb
        .selectFrom('documents')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('documents.job_id', '=', 'j.id')
        .as('document_count'),
    )
    .where('j.organization_id', '=', organizationId);
}

type JobSelection = {
  id: string;
  job_ref: string;
  property_address: string;
  client_name: string;
  description: string;
  created_at: Date | string;
  document_count: number | string | bigint | null;
};

const toJobOut = (row: JobSelection): JobOut => ({
  id: row.id,
  job_ref: row.job_ref,
  property_address: row.property_address,
  client_name: row.client_name,
  description: row.description,
  created_at: new Date(row.created_at).toISOString(),
  document_count: Number(row.document_count ?? 0),
});

export async function listJobs(db: Db, organizationId: string): Promise<JobOut[]> {
  const rows = await selectJobs(db, organizationId).orderBy('j.created_at', 'desc').orderBy('j.id').execute();
  return rows.map(toJobOut);
}

export async function getJob(db: Db, organizationId: string, id: string): Promise<JobOut> {
  const owned = await requireOwned(db, organizationId, 'job', id);
  const row = await selectJobs(db, organizationId).where('j.id', '=', owned).executeTakeFirst();
  if (!row) throw notOwned('job');
  return toJobOut(row);
}

/**
 * Creates a job. The client proposes the JOB reference (spec §5 format); the server checks the
 * format (schema) and uniqueness, and makes one itself when none is given.
 */
export async function createJob(
  db: Db,
  who: RequestActor,
  input: SupplierJob,
  now = new Date(),
): Promise<JobOut> {
  const ref = input.job_ref ?? jobRef(now, secureRandom);
  if (!isJobRef(ref)) throw new AppError('BAD_REQUEST', 'Invalid job reference');
  const row = await db
    .insertInto('jobs')
    .values({
      organization_id: who.actor.organizationId,
      job_ref: ref,
      property_address: input.property_address,
      client_name: input.client_name,
      description: input.description,
      created_by: who.actor.userId,
    })
    .onConflict((conflict) => conflict.column('job_ref').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new AppError('CONFLICT', JOB_REF_TAKEN);
  return getJob(db, who.actor.organizationId, row.id);
}

/** A job's documents, newest first: the ownership check and ONE query, however many documents. */
export async function listJobDocuments(
  db: Db,
  organizationId: string,
  jobId: string,
): Promise<DocumentOut[]> {
  return documentsOf(db, organizationId, { job_id: await requireOwned(db, organizationId, 'job', jobId) });
}

const builtIn = (template: Template): TemplateOut => ({
  ...template,
  certificate_type: template.certificate_type ?? null,
  issue_date_field: template.issue_date_field ?? null,
  builtIn: true,
});
const fromRow = (row: TemplateRow): TemplateOut => ({
  id: row.id,
  name: row.name,
  category: row.category,
  version: row.version,
  fields: row.fields,
  certificate_type: row.certificate_type,
  issue_date_field: row.issue_date_field,
  builtIn: false,
});

/** The built-in Roofing Service Report v1 first, then the supplier's own templates. */
export async function listTemplates(db: Db, organizationId: string): Promise<TemplateOut[]> {
  const rows = await db
    .selectFrom('templates')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .execute();
  return [builtIn(ROOFING_SERVICE_REPORT_V1), ...rows.map(fromRow)];
}

export async function findTemplate(db: Db, organizationId: string, id: string): Promise<TemplateOut> {
  if (id === ROOFING_SERVICE_REPORT_V1.id) return builtIn(ROOFING_SERVICE_REPORT_V1);
  const owned = await requireOwned(db, organizationId, 'template', id);
  const row = await db.selectFrom('templates').selectAll().where('id', '=', owned).executeTakeFirst();
  if (!row) throw notOwned('template');
  return fromRow(row);
}

export async function saveTemplate(
  db: Db,
  organizationId: string,
  template: Omit<Template, 'id'>,
  id?: string,
): Promise<TemplateOut> {
  const values = {
    name: template.name,
    category: template.category,
    version: template.version,
    fields: JSON.stringify(template.fields),
    certificate_type: template.certificate_type ?? null,
    issue_date_field: template.issue_date_field ?? null,
  };
  if (id === undefined) {
    const row = await db
      .insertInto('templates')
      .values({ ...values, organization_id: organizationId })
      .returningAll()
      .executeTakeFirstOrThrow();
    return fromRow(row);
  }
  const owned = await requireOwned(db, organizationId, 'template', id);
  const row = await db
    .updateTable('templates')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', owned)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notOwned('template');
  return fromRow(row);
}

/** Photos a report shows at most: the job's first ones, in the order they were attached. */
export const REPORT_PHOTOS_MAX = 6;
/** A photo's long side in the report, in pixels (about 150 dpi across the page's text). */
const REPORT_PHOTO_PIXELS = 1200;
/** The pixels a photo may declare before decoding (a 48-megapixel phone photo has 48 million). */
const REPORT_PHOTO_INPUT_PIXELS = 100_000_000;

/**
 * The photos attached on a job, as the report shows them: the first REPORT_PHOTOS_MAX pictures (JPEG,
 * PNG, WebP, HEIC) in the order they were attached, each streamed from the store, turned upright by its
 * EXIF orientation and scaled to REPORT_PHOTO_PIXELS on its long side as a JPEG (so the memory a report
 * takes is bounded whatever was uploaded). A picture that cannot be decoded is left out.
 */
export async function jobPhotos(
  db: DbOrTrx,
  store: FileStore,
  organizationId: string,
  jobId: string,
): Promise<ReportPhoto[]> {
  const rows = await db
    .selectFrom('documents')
    .select(['name', 'storage_key'])
    .where('organization_id', '=', organizationId)
    .where('job_id', '=', jobId)
    .where('content_type', 'in', ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(REPORT_PHOTOS_MAX)
    .execute();
  const photos: ReportPhoto[] = [];
  for (const row of rows) {
    try {
      const resize = sharp({ limitInputPixels: REPORT_PHOTO_INPUT_PIXELS })
        .rotate()
        .resize(REPORT_PHOTO_PIXELS, REPORT_PHOTO_PIXELS, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 80 });
      const source = await store.openRead(row.storage_key);
      source.on('error', (error) => resize.destroy(error));
      const jpeg = await source.pipe(resize).toBuffer();
      photos.push({ name: row.name, jpeg });
    } catch {
      // Not a picture sharp reads (a HEIC without its codec, a damaged file): the report goes without it.
    }
  }
  return photos;
}

/**
 * Fills a template for a job: the answers are validated with the domain's rules, rendered to a PDF
 * and stored as a document the supplier issued on the job, with its name and verification level today,
 * carrying the certificate type and issue date its template declares.
 */
export async function createJobReport(
  db: Db,
  store: FileStore,
  who: RequestActor,
  jobId: string,
  templateId: string,
  answers: Record<string, unknown>,
  now = new Date(),
  issuerLevel: IssuerLevelLookup = supplierVerificationLevel,
  /** Queues its reading with it (every door but the demo seed, which runs before the queue exists). */
  queueReadingWithin?: AppServices['queueReadingWithin'],
): Promise<DocumentOut> {
  const job = await getJob(db, who.actor.organizationId, jobId);
  const template = await findTemplate(db, who.actor.organizationId, templateId);
  const result = validateTemplateAnswers(template, answers);
  if (!result.ok) {
    throw new AppError('BAD_REQUEST', Object.values(result.errors).join('; '), { fields: result.errors });
  }
  const profile = await getSupplierProfile(db, who.actor.organizationId);
  const pdf = await renderReportPdf(template, result.values, {
    companyName: profile.company_name,
    registrationNumber: profile.registration_number,
    tradeRegistrationNumber: profile.trade_registration_number,
    contact: { email: profile.email, phone: profile.phone, website: profile.website },
    photos: await jobPhotos(db, store, who.actor.organizationId, job.id),
    jobRef: job.job_ref,
    propertyAddress: job.property_address,
    clientName: job.client_name,
    issuedAt: now,
  });
  const stored = await store.putObject(pdf, 'application/pdf');
  const issuer = await supplierIssuer(db, issuerLevel, who.actor.organizationId, johannesburgToday(now));
  const id = await db.transaction().execute(async (trx) => {
    await recordStoredObject(trx, stored.key);
    const row = await trx
      .insertInto('documents')
      .values({
        organization_id: who.actor.organizationId,
        job_id: job.id,
        property_id: null,
        kind: 'inspection',
        name: `${template.name} ${job.job_ref}.pdf`,
        storage_key: stored.key,
        sha256: stored.sha256,
        bytes: stored.bytes,
        content_type: 'application/pdf',
        source: 'supplier_verified',
        verified_by: who.actor.userId,
        provenance_kind: 'supplier_issued',
        ...issuer,
        // What the report is and when it was issued, as the issuer's template declares: the compliance
        // rules read them, and an owner's adopted copy carries them.
        metadata: JSON.stringify({
          templateId: template.id,
          templateVersion: template.version,
          answers: result.values,
          ...issuedCertificateFacts(template, result.values),
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordActorAudit(trx, who, 'register', row.id, {
      report: template.id,
      jobRef: job.job_ref,
      sha256: stored.sha256,
    });
    await queueReadingWithin?.(trx, who.actor.organizationId, [row.id]);
    return row.id;
  });
  return getDocument(db, who.actor.organizationId, id);
}

export interface InsuranceOut {
  insurer: string;
  policy_number: string;
  expires_at: string;
  /** Cover runs to the end of its expiry day. */
  insured: boolean;
  /** The uploaded certificate, if any (open it at /api/documents/{id}/view). */
  certificate: { id: string; name: string; bytes: number; content_type: string; uploaded_at: string } | null;
}

export const CERTIFICATE_NOT_FOUND = NOT_FOUND_MESSAGES.certificate;

/** The supplier's liability insurance, with whether it is current today (South African date). */
export async function getInsurance(
  db: DbOrTrx,
  organizationId: string,
  now = new Date(),
): Promise<InsuranceOut | null> {
  const row = await db
    .selectFrom('supplier_insurance as i')
    .leftJoin('documents as d', 'd.id', 'i.certificate_document_id')
    .select([
      'i.insurer',
      'i.policy_number',
      sql<string>`to_char(i.expires_on, 'YYYY-MM-DD')`.as('expires_at'),
      'd.id as certificate_id',
      'd.name as certificate_name',
      'd.bytes as certificate_bytes',
      'd.content_type as certificate_content_type',
      'd.created_at as certificate_uploaded_at',
    ])
    .where('i.organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!row) return null;
  const {
    certificate_id,
    certificate_name,
    certificate_bytes,
    certificate_content_type,
    certificate_uploaded_at,
  } = row;
  return {
    insurer: row.insurer,
    policy_number: row.policy_number,
    expires_at: row.expires_at,
    // Current through its expiry day, counted in South African time.
    insured: daysUntil(row.expires_at, now) >= 0,
    certificate:
      certificate_id && certificate_name && certificate_content_type && certificate_uploaded_at
        ? {
            id: certificate_id,
            name: certificate_name,
            bytes: Number(certificate_bytes),
            content_type: certificate_content_type,
            uploaded_at: new Date(certificate_uploaded_at).toISOString(),
          }
        : null,
  };
}

/**
 * Records the supplier's insurance. A certificate must be an organisation document of the supplier
 * (uploaded with `organization: true`); the certificate it replaces (or that is removed with null) is
 * deleted with its stored file. Left out, the certificate stays as it is.
 */
export async function saveInsurance(
  services: AppServices,
  who: RequestActor,
  input: SupplierInsurance,
): Promise<InsuranceOut> {
  const db = services.db.db;
  const organizationId = who.actor.organizationId;
  const certificateId = input.certificate_document_id;
  if (certificateId) await requireOwned(db, organizationId, 'certificate', certificateId);
  const before = await db
    .selectFrom('supplier_insurance')
    .select('certificate_document_id')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  const fields = {
    insurer: input.insurer,
    policy_number: input.policy_number,
    expires_on: input.expires_at,
    ...(certificateId !== undefined ? { certificate_document_id: certificateId } : {}),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('supplier_insurance')
      .values({ organization_id: organizationId, ...fields })
      .onConflict((conflict) =>
        conflict.column('organization_id').doUpdateSet({ ...fields, updated_at: new Date() }),
      )
      .execute();
    await recordActorAudit(trx, who, 'update', certificateId ?? null, {
      insurance: { insurer: input.insurer, policy_number: input.policy_number, expires_at: input.expires_at },
    });
  });
  const replaced = before?.certificate_document_id;
  if (certificateId !== undefined && replaced && replaced !== certificateId) {
    await deleteDocument(services, who, replaced);
  }
  const saved = await getInsurance(db, organizationId);
  if (!saved) throw new AppError('INTERNAL', 'Insurance was not saved');
  return saved;
}
