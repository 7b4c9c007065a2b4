import { describe, expect, it } from 'vitest';
import type { FileStore } from '../../storage/file-store.js';
import { STORAGE_PROBE_FRESH_MS, STORAGE_PROBE_STUCK_MS, storageStatus } from './system.service.js';

/** A store whose probe is counted and answered by the test (only check() is used by health). */
function probedStore() {
  const probes: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const store = {
    check: () => new Promise<void>((resolve, reject) => probes.push({ resolve, reject })),
  } as unknown as FileStore;
  return { store, probes };
}
const ignore = () => {};

describe('storage status for health', () => {
  it('lets callers at the same moment share one probe, and answers from it while it is fresh', async () => {
    const { store, probes } = probedStore();
    const start = Date.now();
    const answers = Array.from({ length: 5 }, () => storageStatus(store, ignore, start));
    expect(probes).toHaveLength(1);
    probes[0]?.resolve();
    expect(await Promise.all(answers)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(await storageStatus(store, ignore, Date.now() + STORAGE_PROBE_FRESH_MS / 2)).toBe('ok');
    expect(probes).toHaveLength(1);
  });

  it('answers the last good state at once while a new probe runs, then what that probe found', async () => {
    const { store, probes } = probedStore();
    const first = storageStatus(store, ignore);
    probes[0]?.resolve();
    expect(await first).toBe('ok');
    const later = Date.now() + STORAGE_PROBE_FRESH_MS + 1;
    expect(await storageStatus(store, ignore, later)).toBe('ok');
    expect(probes).toHaveLength(2);
    const errors: unknown[] = [];
    probes[1]?.reject(new Error('disk gone'));
    // The failed probe's answer is kept (once its promise chain has run): the next caller hears of it
    // without a new probe.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await storageStatus(store, (error) => errors.push(error), Date.now())).toBe('error');
    expect(probes).toHaveLength(2);
  });

  it('waits for a new probe when the last one failed, and calls a probe that hangs an error', async () => {
    const { store, probes } = probedStore();
    const errors: unknown[] = [];
    const failed = storageStatus(store, (error) => errors.push(error));
    probes[0]?.reject(new Error('read-only file system'));
    expect(await failed).toBe('error');
    expect(errors).toHaveLength(1);
    const start = Date.now() + STORAGE_PROBE_FRESH_MS + 1;
    const waiting = storageStatus(store, ignore, start);
    expect(probes).toHaveLength(2);
    // Never answered: a caller after the stuck bound hears 'error' without waiting for it.
    expect(
      await storageStatus(store, (error) => errors.push(error), start + STORAGE_PROBE_STUCK_MS + 1),
    ).toBe('error');
    expect(String(errors[1])).toMatch(/storage probe running for over/);
    probes[1]?.resolve();
    expect(await waiting).toBe('ok');
  });
});
