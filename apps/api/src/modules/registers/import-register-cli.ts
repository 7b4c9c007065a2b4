import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { connectDatabase, databaseConfigFromEnv } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { loadEnv } from '../../env.js';
import { AppError } from '../../errors.js';
import { importRegister } from './import-register.js';

/**
 * `pnpm admin:import-register <source> <file.csv>`: imports an official register file as `source`,
 * replacing that source's entries in one transaction (import-register.ts). A relative path is read from
 * the directory the command was typed in (pnpm runs the script in apps/api and says where it started in
 * INIT_CWD). Exits 1 with the wrong line's message, having changed nothing, for a bad file.
 */
const [sourceName, fileArg] = process.argv.slice(2);
if (!sourceName || !fileArg) {
  console.error('usage: pnpm admin:import-register <source> <file.csv>');
  process.exit(2);
}
const filePath = path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArg);
try {
  await stat(filePath);
} catch {
  console.error(`cannot read ${filePath}`);
  process.exit(2);
}
const handle = await connectDatabase(databaseConfigFromEnv(loadEnv()));
let failed = false;
try {
  await migrateToLatest(handle.db);
  const done = await importRegister(handle.db, sourceName, {
    name: path.basename(filePath),
    open: () => createReadStream(filePath),
  });
  console.log(
    `imported ${done.entry_count} entries of "${done.source}" from ${done.file_name} at ${done.imported_at} (sha256 ${done.file_sha256})`,
  );
} catch (error) {
  failed = true;
  console.error(error instanceof AppError ? error.message : error);
} finally {
  await handle.close();
}
if (failed) process.exit(1);
