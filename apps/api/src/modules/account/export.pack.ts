import { type PassThrough, pipeline, type Readable } from 'node:stream';
import { type RawBuilder, sql } from 'kysely';
import yazl from 'yazl';
import type { Db } from '../../db/database.js';
import {
  StoredFileMismatchError,
  storedFileOf,
  verifyingStream,
  withManifest,
  type ZipEntry,
  ZipPaths,
} from '../../exports/zip.js';
import type { FileStore } from '../../storage/file-store.js';
import { eachAccessLedgerRow } from './ledger.service.js';

/**
 * What "Download all my data" packs (issue 31 §1): every record of the organisation as JSON under
 * data/, every stored file under `<property name>/<kind>/<name>`, manifest.json (first) with the SHA-256
 * of every file, and README.txt. The records' JSON is made before packing (the manifest needs its
 * hashes); the stored files are streamed from the store one at a time, each checked against the vault's
 * SHA-256 and size as it goes, into the store's new object: neither a file nor the ZIP is ever held in
 * memory.
 */

/** One table of the export: its file under data/, the rows that are the organisation's, what is left out. */
interface ExportedTable {
  table: string;
  file: string;
  where: (organizationId: string) => RawBuilder<boolean>;
  /** Secrets and internal keys that are not the organisation's data. */
  omit?: readonly string[];
}

const own = (organizationId: string) => sql<boolean>`organization_id = ${organizationId}`;
const through = (column: string, table: string) => (organizationId: string) =>
  sql<boolean>`${sql.ref(column)} in (select id from ${sql.table(table)} where organization_id = ${organizationId})`;

/** Every table of the organisation's records, in the order of data/ in README.txt. */
export const EXPORTED_TABLES: readonly ExportedTable[] = [
  {
    table: 'organizations',
    file: 'organization',
    where: (id) => sql<boolean>`id = ${id}`,
    omit: ['payfast_token'],
  },
  { table: 'users', file: 'members', where: own, omit: ['password_hash'] },
  { table: 'member_invites', file: 'member-invites', where: own },
  { table: 'property_grants', file: 'property-grants', where: own },
  { table: 'api_tokens', file: 'api-tokens', where: own, omit: ['token_hash'] },
  {
    table: 'webhook_endpoints',
    file: 'webhooks',
    where: own,
    omit: ['secret_sealed', 'previous_secret_sealed'],
  },
  { table: 'webhook_deliveries', file: 'webhook-deliveries', where: own },
  { table: 'properties', file: 'properties', where: own },
  { table: 'property_ownerships', file: 'property-ownerships', where: own },
  { table: 'documents', file: 'documents', where: own, omit: ['storage_key'] },
  { table: 'uploads', file: 'uploads', where: own, omit: ['storage_key'] },
  { table: 'document_extractions', file: 'document-readings', where: own },
  {
    table: 'document_pages',
    file: 'document-pages',
    where: through('document_id', 'documents'),
    omit: ['preview_key'],
  },
  { table: 'compliance_checks', file: 'compliance-checks', where: own },
  { table: 'policy_analyses', file: 'policy-analyses', where: own },
  { table: 'policy_findings', file: 'policy-findings', where: own },
  { table: 'maintenance_tasks', file: 'tasks', where: own },
  { table: 'maintenance_completions', file: 'task-completions', where: own },
  { table: 'reminders', file: 'reminders', where: own },
  { table: 'reminder_completions', file: 'reminder-completions', where: own },
  { table: 'reminder_snoozes', file: 'reminder-snoozes', where: own },
  { table: 'alert_digests', file: 'alert-digests', where: through('user_id', 'users') },
  { table: 'vendors', file: 'vendors', where: own },
  { table: 'vendor_invites', file: 'vendor-invites', where: own },
  { table: 'claims', file: 'claims', where: own },
  { table: 'claim_documents', file: 'claim-documents', where: through('claim_id', 'claims') },
  { table: 'callbacks', file: 'callbacks', where: own },
  {
    table: 'transfers',
    file: 'transfers',
    where: (id) => sql<boolean>`(from_organization_id = ${id} or to_organization_id = ${id})`,
  },
  { table: 'shares', file: 'shares', where: own },
  { table: 'share_documents', file: 'share-documents', where: through('share_id', 'shares') },
  { table: 'capabilities', file: 'links', where: own, omit: ['token_hash', 'password_hash'] },
  { table: 'capability_events', file: 'access-log', where: through('capability_id', 'capabilities') },
  { table: 'access_ledger_summaries', file: 'access-ledger-summaries', where: own },
  { table: 'audit_events', file: 'audit-trail', where: own },
  { table: 'jobs', file: 'supplier-jobs', where: own },
  { table: 'templates', file: 'supplier-templates', where: own },
  { table: 'supplier_insurance', file: 'supplier-insurance', where: own },
  { table: 'supplier_evidence', file: 'supplier-evidence', where: own },
  { table: 'pack_choices', file: 'pack-choices', where: own },
  { table: 'ocr_usage', file: 'ocr-usage', where: own },
  { table: 'payfast_orders', file: 'payment-orders', where: own },
  { table: 'payfast_payments', file: 'payments', where: own },
];

/**
 * Tables with an organisation's id that the export leaves out, and why (the test over the schema holds
 * every such table to one list or the other).
 */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  idempotency_keys: 'replayed answers of REST calls, kept a day: not records',
  account_exports: 'the exports themselves',
};

/** The rows of one exported table, as the JSON file holds them (secrets left out). */
export async function exportedRows(db: Db, table: ExportedTable, organizationId: string) {
  const { rows } = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(table.table)} where ${table.where(organizationId)} order by 1`.execute(db);
  const omit = new Set(table.omit ?? []);
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !omit.has(column))));
}

const README = (organizationName: string, generatedAt: Date, tables: string[]) =>
  `PropertyDNA — all data of ${organizationName}
Made ${generatedAt.toISOString()}

This archive holds everything PropertyDNA keeps for your organisation.

manifest.json
  Every other file of the archive with its size and SHA-256. Each stored file's hash is the one the
  vault recorded when it was uploaded, and the bytes were checked against it while the archive was made.
  (sha256sum, shasum -a 256 or Get-FileHash compute the same hash.)

README.txt
  This file.

data/<records>.json
  Every record, one file per kind, each a JSON array of objects (dates in ISO 8601, UTC). Secrets are
  left out: password hashes, API token and link hashes, webhook signing secrets. The files:
${tables.map((name) => `    data/${name}.json`).join('\n')}
    data/access-ledger.json  (every access by someone outside the organisation, as /account lists it)
<property name>/<kind>/<file name>
  Every stored file of each property: title deeds, certificates, policies, photos, reports, by kind.
  Names are made safe for every computer (characters like / : * ? are replaced by _); two files of the
  same name are told apart as "name (2).pdf". Files of no property (a supplier's jobs and evidence) are
  under "Organisation". data/documents.json lists every file with its id, kind, dates and SHA-256;
  manifest.json gives the path of each document id.
`;

export interface BuiltExport {
  entries: ZipEntry[];
  /** Stored files packed (the progress counts these). */
  fileCount: number;
}

/** The archive's entries for one organisation, manifest first (nothing is read from the store yet). */
export async function buildExportEntries(
  db: Db,
  organizationId: string,
  exportId: string,
  now: Date,
): Promise<BuiltExport> {
  const organization = await db
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  const records: ZipEntry[] = [];
  for (const table of EXPORTED_TABLES) {
    const rows = await exportedRows(db, table, organizationId);
    records.push({ path: `data/${table.file}.json`, content: `${JSON.stringify(rows, null, 2)}\n` });
  }
  // Issue 31 §3: every access by someone outside the organisation, as /account's access ledger lists it.
  const ledger = [];
  for await (const row of eachAccessLedgerRow(db, organizationId, now)) ledger.push(row);
  records.push({ path: 'data/access-ledger.json', content: `${JSON.stringify(ledger, null, 2)}\n` });

  const properties = await db
    .selectFrom('properties')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const paths = new ZipPaths();
  // The top folders: one per property (two of the same name told apart), README and data/ kept clear.
  const folders = new ZipPaths();
  for (const taken of ['README.txt', 'manifest.json', 'data', 'Organisation']) folders.add('', taken);
  const folderOf = new Map<string | null, string>([[null, 'Organisation']]);
  for (const property of properties) folderOf.set(property.id, folders.add('', property.name));
  const documents = await db
    .selectFrom('documents')
    .select(['id', 'property_id', 'kind', 'name', 'content_type', 'storage_key', 'sha256', 'bytes'])
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const files: ZipEntry[] = documents.map((document) => ({
    path: paths.add(
      `${folderOf.get(document.property_id) ?? 'Organisation'}/${document.kind}`,
      document.name,
      document.content_type,
    ),
    document: storedFileOf({ ...document, bytes: Number(document.bytes) }),
  }));

  const readme = README(
    organization.name,
    now,
    EXPORTED_TABLES.map((table) => table.file),
  );
  const entries = withManifest(
    [{ path: 'README.txt', content: readme }, ...records, ...files],
    { organization: { id: organization.id, name: organization.name }, export_id: exportId },
    now,
  );
  return { entries, fileCount: files.length };
}

/**
 * Packs the entries into one new object of the store, streamed: the ZIP (stored, not compressed: its
 * size is known before the first byte) is written as it is made, each stored file read only when its
 * turn comes and verified on the way (verifyingStream). `onFile` is told how many files are packed.
 * A missing or resized file refuses before anything is written; bytes that do not match the vault's
 * SHA-256 stop the packing, and nothing is kept.
 */
export async function packExport(
  store: FileStore,
  entries: readonly ZipEntry[],
  mtime: Date,
  onFile: (done: number) => unknown,
): Promise<{ key: string; bytes: number; sha256: string }> {
  for (const entry of entries) {
    if (!('document' in entry)) continue;
    const stored = await store.stat(entry.document.storage_key);
    if (stored?.bytes !== entry.document.bytes) {
      throw new StoredFileMismatchError({
        path: entry.path,
        document_id: entry.document.id,
        expected_sha256: entry.document.sha256,
        expected_bytes: entry.document.bytes,
        actual_sha256: null,
        actual_bytes: stored?.bytes ?? 0,
      });
    }
  }
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as PassThrough;
  let reading: Readable | null = null;
  let stopped = false;
  const stop = (error: Error) => {
    if (stopped) return;
    stopped = true;
    reading?.destroy();
    output.destroy(error);
  };
  zip.on('error', stop);
  const options = { compress: false, mtime };
  let done = 0;
  for (const entry of entries) {
    if ('content' in entry) {
      zip.addBuffer(Buffer.from(entry.content), entry.path, options);
      continue;
    }
    const { path, document } = entry;
    zip.addReadStreamLazy(path, { ...options, size: document.bytes }, (ready) => {
      if (stopped) return;
      store.openRead(document.storage_key).then(
        (source) => {
          reading = source;
          const checked = verifyingStream(path, document);
          checked.on('end', () => {
            done += 1;
            onFile(done);
          });
          pipeline(source, checked, (error) => {
            if (error) stop(error);
          });
          ready(null, checked);
        },
        (error: unknown) => stop(error as Error),
      );
    });
  }
  let size = -1;
  zip.end({ forceZip64Format: false, comment: '' }, (...args: unknown[]) => {
    size = Number(args[0]);
  });
  if (size < 0) throw new Error('The size of the export could not be known before packing');
  return store.putStream(output, 'application/zip', size);
}
