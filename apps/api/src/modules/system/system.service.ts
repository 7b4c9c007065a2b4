import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { FileStore } from '../../storage/file-store.js';

export type PartStatus = 'ok' | 'error';
export interface Health {
  status: 'ok' | 'error';
  db: PartStatus;
  storage: PartStatus;
}

async function probe(check: () => Promise<unknown>, onError: (error: unknown) => void): Promise<PartStatus> {
  try {
    await check();
    return 'ok';
  } catch (error) {
    onError(error);
    return 'error';
  }
}

/** Checks the database and the file store; the failing part is named, the cause is only logged. */
export async function checkHealth(
  db: Db,
  store: FileStore,
  log: (part: string, error: unknown) => void,
): Promise<Health> {
  const [dbStatus, storageStatus] = await Promise.all([
    probe(
      () => sql`select 1`.execute(db),
      (error) => log('db', error),
    ),
    probe(
      () => store.check(),
      (error) => log('storage', error),
    ),
  ]);
  return {
    status: dbStatus === 'ok' && storageStatus === 'ok' ? 'ok' : 'error',
    db: dbStatus,
    storage: storageStatus,
  };
}
