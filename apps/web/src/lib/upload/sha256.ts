import { createSHA256 } from 'hash-wasm';

/** The slice of a file read and hashed at a time: large enough to be fast, small enough to stay light. */
export const HASH_CHUNK_BYTES = 4 * 1024 * 1024;

/** Called with the bytes hashed so far and the total, once before the first slice and after each one. */
export type HashProgress = (hashedBytes: number, totalBytes: number) => void;

/**
 * The SHA-256 of a Blob (or File) as 64 lower-case hex characters, read in slices so that a 50 MB file
 * never sits in memory whole. Runs in the hash worker (see hash-worker.ts) and anywhere a Blob exists.
 */
export async function sha256OfBlob(
  blob: Blob,
  onProgress?: HashProgress,
  chunkBytes: number = HASH_CHUNK_BYTES,
): Promise<string> {
  if (!Number.isSafeInteger(chunkBytes) || chunkBytes <= 0) {
    throw new RangeError(`A chunk must be a positive whole number of bytes, not ${chunkBytes}`);
  }
  const hasher = await createSHA256();
  hasher.init();
  const total = blob.size;
  onProgress?.(0, total);
  for (let offset = 0; offset < total; offset += chunkBytes) {
    const end = Math.min(offset + chunkBytes, total);
    hasher.update(new Uint8Array(await blob.slice(offset, end).arrayBuffer()));
    onProgress?.(end, total);
  }
  return hasher.digest('hex');
}
