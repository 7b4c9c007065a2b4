import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle, databaseConfigFromEnv } from '../src/db/connect.js';
import { parseEnv } from '../src/env.js';
import { makeTempDir, TEST_SECRET } from './support/app.js';
import { createScratchPostgresDatabase, databaseKind, TEST_DATABASE_URL } from './support/database.js';
import { runScript } from './support/server-process.js';

/** `pnpm admin:create-staff <email>` as an operator runs it: its own process, on the configured database. */
describe(`the admin:create-staff command (${databaseKind})`, () => {
  let dataDir: string;
  let env: Record<string, string>;
  let drop = async () => {};
  beforeAll(async () => {
    dataDir = await makeTempDir('pdna-staff-');
    env = { DATA_DIR: dataDir, APP_SECRET: TEST_SECRET, LOG_LEVEL: 'silent' };
    if (TEST_DATABASE_URL) {
      const scratch = await createScratchPostgresDatabase();
      env.DATABASE_URL = scratch.url;
      drop = scratch.drop;
    }
  });
  afterAll(async () => {
    await drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function run(...args: string[]) {
    const proc = runScript('src/create-staff-cli.ts', env, args);
    const code = await proc.exited;
    return { code, output: proc.output() };
  }

  async function staffEmails(): Promise<string[]> {
    const handle: DatabaseHandle = await connectDatabase(databaseConfigFromEnv(parseEnv(env)));
    try {
      const rows = await handle.db
        .selectFrom('staff_members as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select('u.email')
        .execute();
      return rows.map((row) => row.email);
    } finally {
      await handle.close();
    }
  }

  it('creates a staff account with a one-time password, then promotes idempotently', async () => {
    const created = await run('reviewer@propertydna.test');
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain('created staff account reviewer@propertydna.test');
    expect(created.output).toMatch(/password \(shown once[^)]*\): \S{20,}/);
    const again = await run('Reviewer@PropertyDNA.test');
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('is staff now (existing account, password unchanged)');
    expect(await staffEmails()).toEqual(['reviewer@propertydna.test']);
    const bad = await run('not-an-address');
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('Enter a valid email address');
  }, 120_000);
});
