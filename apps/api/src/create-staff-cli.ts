import { ZodError } from 'zod';
import { connectDatabase, databaseConfigFromEnv } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { loadEnv } from './env.js';
import { createStaff } from './modules/verification/staff.service.js';

/**
 * `pnpm admin:create-staff <email>`: makes the account with this address PropertyDNA staff (creating it
 * when there is none; its password read from standard input with --password-stdin, else a generated one
 * printed once: never from the command line, where other users of the machine can read it). Runs against
 * the configured database (DATABASE_URL, or the PGlite database in DATA_DIR: stop the server first).
 */
const args = process.argv.slice(2);
const email = args.find((arg) => !arg.startsWith('--'));
if (!email) {
  console.error('usage: pnpm admin:create-staff <email> [--password-stdin]');
  process.exit(2);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

const password = args.includes('--password-stdin') ? await readStdin() : undefined;
const handle = await connectDatabase(databaseConfigFromEnv(loadEnv()));
try {
  await migrateToLatest(handle.db);
  const staff = await createStaff(handle.db, email, password);
  if (staff.created) {
    console.log(`created staff account ${staff.email}`);
    if (staff.generatedPassword) {
      console.log(`its password (shown once; change it with "Forgot password"): ${staff.generatedPassword}`);
    }
  } else {
    console.log(`${staff.email} is staff now (existing account, password unchanged)`);
  }
} catch (error) {
  if (error instanceof ZodError) {
    console.error(error.issues.map((issue) => issue.message).join('; '));
    process.exitCode = 2;
  } else throw error;
} finally {
  await handle.close();
}
