import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, databaseConfigFromEnv } from '../src/db/connect.js';
import { parseEnv } from '../src/env.js';
import { makeTempDir, TEST_SECRET } from './support/app.js';
import { databaseKind } from './support/database.js';

const repo = path.resolve(import.meta.dirname, '../../..');

/**
 * The admin commands as an operator types them (`pnpm db:migrate`, `pnpm admin:create-staff`) with a
 * relative DATA_DIR: the data lands under the directory pnpm was run from, where `pnpm start` run from
 * there would look, not under apps/api where the scripts execute. Always PGlite: DATA_DIR is its home, so
 * the PostgreSQL pass would only run the same test again; it skips it.
 */
describe.skipIf(databaseKind === 'postgres')(
  'root commands read a relative DATA_DIR against where pnpm was run',
  () => {
    let from: string;
    beforeAll(async () => {
      from = await makeTempDir('pdna-datadir-');
    });
    afterAll(async () => {
      await fs.rm(from, { recursive: true, force: true });
    });

    async function pnpm(...args: string[]) {
      const env: Record<string, string | undefined> = { ...process.env };
      // Only what the operator sets: no database URL or directory inherited from the test run.
      for (const key of ['INIT_CWD', 'DATABASE_URL', 'TEST_DATABASE_URL', 'DATA_DIR', 'NODE_ENV'])
        delete env[key];
      const child = spawn('pnpm', ['--silent', '--dir', repo, ...args], {
        cwd: from,
        env: { ...env, DATA_DIR: 'operator-data', APP_SECRET: TEST_SECRET, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk) => (output += chunk));
      child.stderr?.on('data', (chunk) => (output += chunk));
      const [code] = await once(child, 'exit');
      return { code, output };
    }

    it('migrates and creates staff in <where pnpm ran>/operator-data, nowhere else', async () => {
      const migrated = await pnpm('db:migrate');
      expect(migrated.code, migrated.output).toBe(0);
      const staff = await pnpm('admin:create-staff', 'reviewer@propertydna.test');
      expect(staff.code, staff.output).toBe(0);
      expect(staff.output).toContain('created staff account reviewer@propertydna.test');

      const dataDir = path.join(from, 'operator-data');
      expect((await fs.stat(path.join(dataDir, 'db'))).isDirectory()).toBe(true);
      await expect(fs.stat(path.join(repo, 'apps/api/operator-data'))).rejects.toThrow();
      await expect(fs.stat(path.join(repo, 'operator-data'))).rejects.toThrow();
      // The server started with that directory finds the staff account the command made.
      const handle = await connectDatabase(databaseConfigFromEnv(parseEnv({ DATA_DIR: dataDir })));
      try {
        const rows = await handle.db
          .selectFrom('staff_members as s')
          .innerJoin('users as u', 'u.id', 's.user_id')
          .select('u.email')
          .execute();
        expect(rows.map((row) => row.email)).toEqual(['reviewer@propertydna.test']);
      } finally {
        await handle.close();
      }
    }, 180_000);
  },
);
