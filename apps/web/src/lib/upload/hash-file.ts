import type { HashReply, HashRequest } from './hash-protocol';
import { type HashProgress, sha256OfBlob } from './sha256';

/** The message of a file the browser could not hash (the worker failed to start or to read the file). */
export const HASH_FAILED = 'Unable to read the file';

interface Pending {
  resolve: (sha256: string) => void;
  reject: (error: Error) => void;
  onProgress?: HashProgress;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(message: string): void {
  for (const request of pending.values()) request.reject(new Error(message));
  pending.clear();
}

function hashWorker(): Worker {
  if (worker) return worker;
  const created = new Worker(new URL('./hash-worker.ts', import.meta.url), { type: 'module' });
  created.onmessage = (event: MessageEvent<HashReply>) => {
    const reply = event.data;
    const request = pending.get(reply.id);
    if (!request) return;
    if (reply.type === 'progress') {
      request.onProgress?.(reply.hashed, reply.total);
      return;
    }
    pending.delete(reply.id);
    if (reply.type === 'done') request.resolve(reply.sha256);
    else request.reject(new Error(reply.message));
  };
  // The worker could not load or crashed: its requests fail, and the next file starts a fresh one.
  created.onerror = (event) => {
    event.preventDefault();
    created.terminate();
    if (worker === created) worker = null;
    failAll(HASH_FAILED);
  };
  worker = created;
  return created;
}

/**
 * The SHA-256 of a file, computed off the main thread by the hash worker (one worker for the page, its
 * requests answered in turn). Where workers do not exist (tests), the same function runs in place.
 */
export function hashFile(file: Blob, onProgress?: HashProgress): Promise<string> {
  if (typeof Worker === 'undefined') return sha256OfBlob(file, onProgress);
  return new Promise<string>((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject, onProgress });
    const request: HashRequest = { id, blob: file };
    try {
      hashWorker().postMessage(request);
    } catch {
      pending.delete(id);
      reject(new Error(HASH_FAILED));
    }
  });
}
