import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { dataPaths, type Env } from './env.js';

/**
 * APP_SECRET if set; otherwise a random secret created once and kept (mode 0600) in
 * DATA_DIR/app-secret, so signed URLs survive a restart on a machine with no configuration.
 */
export async function resolveAppSecret(env: Pick<Env, 'APP_SECRET' | 'DATA_DIR'>): Promise<string> {
  if (env.APP_SECRET) return env.APP_SECRET;
  const file = dataPaths(env).secret;
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await fs.readFile(file, 'utf8')).trim();
    throw error;
  }
}
