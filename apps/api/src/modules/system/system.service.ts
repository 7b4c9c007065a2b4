import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { FileStore } from '../../storage/file-store.js';

/** The API's version: GET /api/info answers it and the OpenAPI document carries it. */
export const APP_VERSION = '0.1.0';

export type PartStatus = 'ok' | 'error';
export interface Health {
  status: 'ok' | 'error';
  db: PartStatus | 'busy';
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

/**
 * Checks the database and the file store; the failing part is named, the cause is only logged. While the
 * database is overloaded (`dbBusy`) its probe is skipped and it is reported busy: the probe would only wait
 * behind the work it measures, and a server answering 503s at once to shed load is alive, not failing (a
 * supervisor restarting it would lose the requests in flight and come back to the same load).
 */
export async function checkHealth(
  db: Db,
  store: FileStore,
  log: (part: string, error: unknown) => void,
  dbBusy = false,
): Promise<Health> {
  const [dbStatus, storageStatus] = await Promise.all([
    dbBusy
      ? ('busy' as const)
      : probe(
          () => sql`select 1`.execute(db),
          (error) => log('db', error),
        ),
    probe(
      () => store.check(),
      (error) => log('storage', error),
    ),
  ]);
  return {
    status: dbStatus !== 'error' && storageStatus === 'ok' ? 'ok' : 'error',
    db: dbStatus,
    storage: storageStatus,
  };
}
