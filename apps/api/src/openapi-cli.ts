import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { parseEnv } from './env.js';
import { FsFileStore } from './storage/fs-store.js';

/**
 * `pnpm openapi:lint` (first step): writes the OpenAPI document the app serves at /api/openapi.json to
 * the file named on the command line. The app is built in this process on an empty in-memory database
 * and a throw-away data directory (no configuration read, nothing listened on, no job run).
 */
const out = process.argv[2];
if (!out) {
  console.error('usage: tsx src/openapi-cli.ts <output.json>');
  process.exit(2);
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pdna-openapi-'));
const secret = 'openapi-document-only-openapi-document-only';
const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, JOBS_WORKER: 'false' });
const db = await connectDatabase({ kind: 'pglite' });
try {
  await migrateToLatest(db.db);
  const store = new FsFileStore({ root: path.join(dataDir, 'files'), secret, ttlSeconds: 60 });
  const app = await buildApp({ env, db, store, secret }, { logger: false });
  try {
    await app.ready();
    await fs.mkdir(path.dirname(path.resolve(out)), { recursive: true });
    await fs.writeFile(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
    console.log(`wrote ${out}`);
  } finally {
    await app.close(); // closes the database too
  }
} finally {
  await db.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
