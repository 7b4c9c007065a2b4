import { createHash } from 'node:crypto';
import {
  CsvError,
  CsvReader,
  type RegisterEntry,
  RegisterFileReader,
  registerSourceSchema,
} from '@propertydna/domain';
import type { Db } from '../../db/database.js';
import { AppError, describeIssues } from '../../errors.js';

/** A register file to import: its name (kept with the import) and a way to read its bytes, twice. */
export interface RegisterFile {
  name: string;
  open: () => AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;
}

export interface RegisterImportOut {
  source: string;
  imported_at: string;
  file_name: string;
  file_sha256: string;
  entry_count: number;
}

/** Entries written per INSERT: memory stays bounded by one batch, whatever the file's size. */
export const REGISTER_BATCH_SIZE = 500;

export const REGISTER_FILE_CHANGED =
  'The register file changed while it was being imported; nothing was changed. Import it again.';

interface ReadResult {
  entryCount: number;
  sha256: string;
}

/**
 * Reads a register file once, from start to end, in batches: every line checked (CsvReader and
 * RegisterFileReader from the domain), each batch of entries handed to `onBatch` in file order. Throws
 * AppError BAD_REQUEST naming the line that is wrong ('Line 7: valid_until "2026-13-01" is not a date…').
 */
async function readRegisterFile(
  file: RegisterFile,
  onBatch: (entries: (RegisterEntry & { line: number })[]) => Promise<void>,
): Promise<ReadResult> {
  const hash = createHash('sha256');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const csv = new CsvReader({ leadingComments: true });
  const register = new RegisterFileReader();
  let batch: (RegisterEntry & { line: number })[] = [];
  let entryCount = 0;
  const take = async (rows: ReturnType<CsvReader['push']>) => {
    for (const row of rows) {
      const entry = register.accept(row);
      if (!entry) continue;
      batch.push({ ...entry, line: row.line });
      entryCount += 1;
      if (batch.length >= REGISTER_BATCH_SIZE) {
        await onBatch(batch);
        batch = [];
      }
    }
  };
  try {
    for await (const chunk of file.open()) {
      const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
      hash.update(bytes);
      await take(csv.push(decoder.decode(bytes, { stream: true })));
    }
    await take(csv.push(decoder.decode()));
    await take(csv.end());
    register.finish();
  } catch (error) {
    if (error instanceof CsvError) throw new AppError('BAD_REQUEST', `${file.name}: ${error.message}`);
    if ((error as { code?: unknown }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA')
      throw new AppError('BAD_REQUEST', `${file.name}: the file is not UTF-8 text`);
    throw error;
  }
  if (batch.length > 0) await onBatch(batch);
  return { entryCount, sha256: hash.digest('hex') };
}

/**
 * Imports an official register file as `source` (issue 26 §2), replacing that source's entries
 * atomically: the file is read and every line checked first, outside any transaction, so a bad file
 * changes nothing and says which line is wrong; then, in one transaction, the source's row is written
 * (its lock queues a concurrent import of the same source), its old entries deleted and the file read
 * again into new ones in batches. The second read must give the same bytes (SHA-256), or nothing changes.
 * Matching is computed from the entries (register-checks.ts), so every supplier is re-checked by the
 * import itself: one that matched an entry the new file lacks is no longer matched once it commits.
 */
export async function importRegister(
  db: Db,
  sourceName: string,
  file: RegisterFile,
  now = new Date(),
): Promise<RegisterImportOut> {
  const parsed = registerSourceSchema.safeParse(sourceName);
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeIssues(parsed.error));
  const source = parsed.data;
  const checked = await readRegisterFile(file, async () => {});
  const values = {
    source,
    imported_at: now,
    file_name: file.name,
    file_sha256: checked.sha256,
    entry_count: checked.entryCount,
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('register_imports')
      .values(values)
      .onConflict((conflict) =>
        conflict.column('source').doUpdateSet({
          imported_at: now,
          file_name: file.name,
          file_sha256: checked.sha256,
          entry_count: checked.entryCount,
        }),
      )
      .execute();
    await trx.deleteFrom('register_entries').where('source', '=', source).execute();
    const written = await readRegisterFile(file, async (entries) => {
      await trx
        .insertInto('register_entries')
        .values(entries.map((entry) => ({ ...entry, source })))
        .execute();
    });
    if (written.sha256 !== checked.sha256) throw new AppError('CONFLICT', REGISTER_FILE_CHANGED);
  });
  return { ...values, imported_at: now.toISOString() };
}

/** The imported sources, newest first: what the operator sees after an import. */
export async function listRegisterImports(db: Db): Promise<RegisterImportOut[]> {
  const rows = await db.selectFrom('register_imports').selectAll().orderBy('imported_at', 'desc').execute();
  return rows.map((row) => ({ ...row, imported_at: new Date(row.imported_at).toISOString() }));
}
