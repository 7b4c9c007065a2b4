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

/** How long a storage probe's answer stands: the probe writes, reads back and removes a file. */
export const STORAGE_PROBE_FRESH_MS = 1000;
/** A probe still running after this long counts as failed: storage that hangs is down. */
export const STORAGE_PROBE_STUCK_MS = 5000;

interface StorageProbes {
  last?: { status: PartStatus; at: number };
  running?: { answer: Promise<PartStatus>; since: number };
}
const storageProbes = new WeakMap<FileStore, StorageProbes>();

/**
 * The file store's state for health. Its probe takes several trips through the thread pool, each
 * waiting for a turn of the event loop, so on a busy server it was most of a health answer: answers
 * within STORAGE_PROBE_FRESH_MS of a probe share it, and after that the last state is answered while one
 * new probe runs (every caller waits only for the first probe, or when the last one failed). A probe
 * running for longer than STORAGE_PROBE_STUCK_MS is answered as an error.
 */
export async function storageStatus(
  store: FileStore,
  onError: (error: unknown) => void,
  now = Date.now(),
): Promise<PartStatus> {
  let probes = storageProbes.get(store);
  if (!probes) {
    probes = {};
    storageProbes.set(store, probes);
  }
  const state = probes;
  if (state.running && now - state.running.since > STORAGE_PROBE_STUCK_MS) {
    onError(new Error(`storage probe running for over ${STORAGE_PROBE_STUCK_MS} ms`));
    return 'error';
  }
  if (state.last && now - state.last.at < STORAGE_PROBE_FRESH_MS) return state.last.status;
  if (!state.running) {
    const answer = probe(() => store.check(), onError).then((status) => {
      state.last = { status, at: Date.now() };
      state.running = undefined;
      return status;
    });
    state.running = { answer, since: now };
  }
  return state.last?.status === 'ok' ? 'ok' : state.running.answer;
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
  const [dbStatus, storage] = await Promise.all([
    dbBusy
      ? ('busy' as const)
      : probe(
          () => sql`select 1`.execute(db),
          (error) => log('db', error),
        ),
    storageStatus(store, (error) => log('storage', error)),
  ]);
  return {
    status: dbStatus !== 'error' && storage === 'ok' ? 'ok' : 'error',
    db: dbStatus,
    storage,
  };
}
