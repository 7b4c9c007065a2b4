import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createScratchPostgresDatabase, TEST_DATABASE_URL } from './database.js';

/** Where a test file's database starts: see createTestDatabase (database.ts). */
export type MigratedDatabase = { kind: 'pglite'; image: string } | { kind: 'postgres'; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    migratedDatabase: MigratedDatabase | null;
  }
}

/**
 * Runs the migrations once per test run, on an empty database, and keeps the result for every test
 * file to start from: on PGlite an image of the data directory (starting an empty cluster and
 * migrating it costs ~2.5 s of CPU per database, loading the image ~0.5 s), on PostgreSQL a template
 * database that createTestDatabase copies. A failing migration fails the run here, before any file.
 * The migrations from an empty database are also tested on their own (database.test.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (TEST_DATABASE_URL) {
    const { url, drop } = await createScratchPostgresDatabase();
    const handle = await connectDatabase({ kind: 'postgres', url, poolSize: 1, connectTimeoutMs: 5000 });
    try {
      await migrateToLatest(handle.db);
    } catch (error) {
      await handle.close();
      await drop();
      throw error;
    }
    // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
    await handle.close();
    project.provide('migratedDatabase', { kind: 'postgres', template: new URL(url).pathname.slice(1) });
    return drop;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pdna-migrated-'));
  const removeDir = () => fs.rm(dir, { recursive: true, force: true });
  const handle = await connectDatabase({ kind: 'pglite' });
  try {
    await migrateToLatest(handle.db);
    if (handle.jobs.kind !== 'pglite') throw new Error('expected PGlite');
    const image = path.join(dir, 'migrated.tar');
    const tarball = await handle.jobs.pglite.dumpDataDir('none');
    await fs.writeFile(image, Buffer.from(await tarball.arrayBuffer()));
    project.provide('migratedDatabase', { kind: 'pglite', image });
  } catch (error) {
    await removeDir();
    throw error;
  } finally {
    await handle.close();
  }
  return removeDir;
}
