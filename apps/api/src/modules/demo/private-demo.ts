import { randomUUID } from 'node:crypto';
import { DEMO_LIFETIME_HOURS, DEMO_MESSAGES, issueDnaCode, jobRef } from '@propertydna/domain';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { FileStore } from '../../storage/file-store.js';
import { lockStoredObjects, recordStoredObject, removeIfUnreferenced } from '../../storage/stored-objects.js';
import type { AppServices } from '../../trpc/context.js';
import { copyReadingsWithin } from '../extraction/extraction.service.js';
import { registrationYear, secureRandom } from '../properties/properties.service.js';
import { renderReportPdf } from '../supplier/report-pdf.js';
import { findTemplate, getSupplierProfile } from '../supplier/supplier.service.js';
import { type DemoKind, demoAddress, findDemoTemplate } from './seed.js';

type Row = Record<string, unknown>;

/**
 * The tables a template's rows are copied from, in an order that puts every row after the rows it
 * names. Each has an organization_id; claim_documents and property_ownerships, which have none, are
 * copied apart. Every column is copied as it is (so a column added later comes along), except:
 * - ids: each row gets a new one, and every value anywhere in the copy (a column, or inside a JSON
 *   column such as a check's findings) that is an id of the template's rows becomes the copy's id;
 * - the columns below, which the database keeps itself (triggers) or which must be new.
 */
const COPIED_TABLES = [
  'properties',
  'vendors',
  'jobs',
  'templates',
  'documents',
  'supplier_insurance',
  'compliance_checks',
  'policy_analyses',
  'policy_findings',
  'maintenance_tasks',
  'maintenance_completions',
  'reminders',
  'claims',
] as const satisfies readonly (keyof Database)[];

const NOT_COPIED: Record<string, readonly string[]> = {
  organizations: ['id', 'demo_template', 'portfolio_version', 'created_at', 'updated_at'],
  users: ['id', 'email', 'created_at', 'updated_at'],
  // Kept by the documents' triggers (migration 0018): they count the copied documents as they come.
  properties: ['documents_count', 'last_document_at', 'earliest_expiry', 'dna_code'],
};

/** A value as the insert takes it: JSON columns as their text, with the template's ids replaced. */
function remapValue(value: unknown, ids: Map<string, string>, pattern: RegExp | null): unknown {
  if (value === null || value instanceof Date) return value;
  if (typeof value !== 'string' && typeof value !== 'object') return value;
  if (typeof value === 'string' && ids.has(value)) return ids.get(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return pattern ? text.replace(pattern, (id) => ids.get(id) ?? id) : text;
}

function copyRow(
  row: Row,
  ids: Map<string, string>,
  pattern: RegExp | null,
  skip: readonly string[] = [],
): Row {
  const copy: Row = {};
  for (const [column, value] of Object.entries(row)) {
    if (skip.includes(column)) continue;
    copy[column] = remapValue(value, ids, pattern);
  }
  return copy;
}

/** Ids (UUIDs) and job references: letters, digits and hyphens only, so none needs escaping. */
const idPattern = (ids: Map<string, string>) =>
  ids.size === 0
    ? null
    : new RegExp([...ids.keys()].map((id) => id.replace(/[^0-9a-z-]/gi, '')).join('|'), 'g');

/**
 * A new private demo: the template of `kind` copied into an organisation and a user of their own, in one
 * transaction. The copy names the template's stored files (never copies them) and takes its policy
 * analysis and compliance check as they are: nothing slow happens here. Answers the new user's id.
 */
export async function createPrivateDemo(
  services: Pick<AppServices, 'db' | 'store' | 'jobs' | 'env'>,
  kind: DemoKind,
  now = new Date(),
): Promise<string> {
  const db = services.db.db;
  const store = services.store;
  const template = await findDemoTemplate(db, kind);
  if (!template) throw new AppError('UNAVAILABLE', DEMO_MESSAGES.unavailable);
  const reports = await renderReportCopies(db, store, template.organizationId, now);
  return db.transaction().execute(async (trx) => {
    const ids = new Map<string, string>(reports.jobRefs);
    const organization = await trx
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', template.organizationId)
      .executeTakeFirstOrThrow();
    const organizationId = randomUUID();
    ids.set(template.organizationId, organizationId);
    await trx
      .insertInto('organizations')
      .values({
        ...copyRow(organization, ids, null, NOT_COPIED.organizations),
        id: organizationId,
        is_demo: true,
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', template.userId)
      .executeTakeFirstOrThrow();
    const userId = randomUUID();
    ids.set(template.userId, userId);
    await trx
      .insertInto('users')
      .values({
        ...copyRow(user, ids, null, NOT_COPIED.users),
        id: userId,
        email: demoAddress(kind),
        is_demo: true,
        created_at: now,
        updated_at: now,
      } as never)
      .execute();

    // Every row first, with its new id, so that rows naming each other in any order are remapped.
    const rowsOf = new Map<string, Row[]>();
    for (const table of COPIED_TABLES) {
      const rows = (await trx
        .selectFrom(table)
        .selectAll()
        .where('organization_id', '=', template.organizationId)
        .execute()) as Row[];
      for (const row of rows) if (typeof row.id === 'string') ids.set(row.id, randomUUID());
      rowsOf.set(table, rows);
    }
    const claimIds = (rowsOf.get('claims') ?? []).map((row) => row.id as string);
    const claimDocuments =
      claimIds.length === 0
        ? []
        : await trx.selectFrom('claim_documents').selectAll().where('claim_id', 'in', claimIds).execute();
    const pattern = idPattern(ids);
    // The files stay the template's: held while the copies are added (a removal waits for this).
    const keys = (rowsOf.get('documents') ?? []).map((row) => row.storage_key as string);
    await lockStoredObjects(trx, keys);
    // A supplier's reports are its own files (they name the copy's job reference).
    for (const report of reports.files.values()) await recordStoredObject(trx, report.storage_key);
    rowsOf.set(
      'documents',
      (rowsOf.get('documents') ?? []).map((row) => ({ ...row, ...reports.files.get(row.id as string) })),
    );
    for (const table of COPIED_TABLES) {
      const rows = rowsOf.get(table) ?? [];
      if (rows.length === 0) continue;
      if (table === 'properties') {
        for (const row of rows)
          await insertPropertyCopy(trx, copyRow(row, ids, pattern, NOT_COPIED.properties), now);
        continue;
      }
      await trx
        .insertInto(table)
        .values(rows.map((row) => copyRow(row, ids, pattern, NOT_COPIED[table])) as never)
        .execute();
    }
    if (claimDocuments.length > 0) {
      await trx
        .insertInto('claim_documents')
        .values(claimDocuments.map((row) => copyRow(row, ids, pattern) as never))
        .execute();
    }
    // The template's readings (read once, when it was made): their pages name the same preview objects,
    // locked meanwhile. A document the template has no finished reading of has its reading queued: the
    // job takes the template's once it is done.
    await copyReadingsWithin(
      services,
      trx,
      organizationId,
      (rowsOf.get('documents') ?? []).map((row) => ({
        id: ids.get(row.id as string) as string,
        original: row.id as string,
      })),
    );
    return userId;
  });
}

interface ReportCopies {
  /** The template's job references and the copy's. */
  jobRefs: Map<string, string>;
  /** A template report's id and the file of the copy's report. */
  files: Map<string, { storage_key: string; sha256: string; bytes: number }>;
}

/**
 * A supplier demo's jobs get job references of their own (they are unique), and the reports issued on
 * them say so: each report is rendered again for the copy's reference (the one part of a sign-in that
 * renders a PDF, about as long as a supplier's own report takes), outside the transaction.
 */
async function renderReportCopies(
  db: Db,
  store: FileStore,
  templateOrganizationId: string,
  now: Date,
): Promise<ReportCopies> {
  const copies: ReportCopies = { jobRefs: new Map(), files: new Map() };
  const jobs = await db
    .selectFrom('jobs')
    .selectAll()
    .where('organization_id', '=', templateOrganizationId)
    .execute();
  if (jobs.length === 0) return copies;
  const profile = await getSupplierProfile(db, templateOrganizationId);
  for (const job of jobs) {
    const ref = jobRef(now, secureRandom);
    copies.jobRefs.set(job.job_ref, ref);
    const reports = await db
      .selectFrom('documents')
      .select(['id', 'metadata', 'created_at'])
      .where('job_id', '=', job.id)
      .where('source', '=', 'supplier_verified')
      .execute();
    for (const report of reports) {
      const metadata = report.metadata as { templateId?: string; answers?: Record<string, unknown> };
      if (!metadata.templateId || !metadata.answers) continue;
      const template = await findTemplate(db, templateOrganizationId, metadata.templateId);
      const answers = Object.fromEntries(
        Object.entries(metadata.answers).map(([name, value]) => [name, value === job.job_ref ? ref : value]),
      ) as Parameters<typeof renderReportPdf>[1];
      const pdf = await renderReportPdf(template, answers, {
        companyName: profile.company_name,
        jobRef: ref,
        propertyAddress: job.property_address,
        clientName: job.client_name,
        issuedAt: new Date(report.created_at),
      });
      const stored = await store.putObject(pdf, 'application/pdf');
      copies.files.set(report.id, { storage_key: stored.key, sha256: stored.sha256, bytes: stored.bytes });
    }
  }
  return copies;
}

/** A copy of the template's property with a DNA code of its own (drawn again on the rare clash). */
async function insertPropertyCopy(trx: Transaction<Database>, row: Row, now: Date): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const dnaCode = issueDnaCode(
      {
        country: row.country as never,
        municipality: row.municipality as string,
        parcelId: row.parcel_id as string,
        unit: (row.unit as string | null) ?? undefined,
      },
      registrationYear(now),
      secureRandom,
    );
    const inserted = await trx
      .insertInto('properties')
      .values({ ...row, dna_code: dnaCode, created_at: now, updated_at: now } as never)
      .onConflict((conflict) => conflict.column('dna_code').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      await trx
        .insertInto('property_ownerships')
        .values((eb) => ({
          property_id: inserted.id,
          organization_id: row.organization_id as string,
          organization_name: eb
            .selectFrom('organizations')
            .select('name')
            .where('id', '=', row.organization_id as string),
          started_at: now,
        }))
        .execute();
      return;
    }
  }
  throw new AppError('INTERNAL', 'Could not issue a unique DNA code');
}

/** How long a private demo lives. */
export const DEMO_LIFETIME_MS = DEMO_LIFETIME_HOURS * 60 * 60 * 1000;
/** Demos removed per housekeeping round at most (the rest wait for the next). */
const REMOVE_BATCH = 200;

/**
 * Housekeeping: every demo organisation made more than DEMO_LIFETIME_HOURS ago (never a current
 * template, never a real organisation) goes with all its rows (the foreign keys cascade from the
 * organisation: users and so their sessions, properties, documents, links, …), then each stored object
 * its documents or uploads named, unless something else still names it (the template, another demo, a
 * real owner's adopted copy). Answers how many demos went.
 */
export async function removeExpiredDemos(db: Db, store: FileStore, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - DEMO_LIFETIME_MS);
  const expired = await db
    .selectFrom('organizations')
    .select('id')
    .where('is_demo', '=', true)
    .where('demo_template', 'is', null)
    .where('created_at', '<', cutoff)
    .orderBy('created_at')
    .limit(REMOVE_BATCH)
    .execute();
  for (const { id } of expired) {
    const keys = await db.transaction().execute(async (trx) => {
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
      // Checked again under the row's lock: a template is never removed.
      const gone = await trx
        .deleteFrom('organizations')
        .where('id', '=', id)
        .where('is_demo', '=', true)
        .where('demo_template', 'is', null)
        .executeTakeFirst();
      return Number(gone.numDeletedRows) > 0 ? named.map((row) => row.storage_key) : [];
    });
    for (const key of new Set(keys)) await removeIfUnreferenced(db, store, key, now);
  }
  return expired.length;
}
