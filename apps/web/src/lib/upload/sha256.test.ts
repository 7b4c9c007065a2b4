import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HASH_CHUNK_BYTES, sha256OfBlob } from './sha256';

const nodeSha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function bytesOf(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index++) bytes[index] = (index * 31 + (index >> 8)) & 0xff;
  return bytes;
}

describe('sha256OfBlob', () => {
  it('gives the SHA-256 of an empty blob', async () => {
    expect(await sha256OfBlob(new Blob([]))).toBe(nodeSha256(new Uint8Array()));
  });

  it.each([
    [1, 7],
    [1000, 64],
    [1000, 1000],
    [1000, 999],
    [4096, 1024],
    [65_537, 4096],
  ])('matches node for %i bytes read %i at a time', async (length, chunk) => {
    const bytes = bytesOf(length);
    expect(await sha256OfBlob(new Blob([bytes]), undefined, chunk)).toBe(nodeSha256(bytes));
  });

  it('matches node for a PDF-like file across the default 4 MB slices, reporting each slice', async () => {
    const length = HASH_CHUNK_BYTES * 2 + 12_345;
    const bytes = bytesOf(length);
    bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
    const progress: [number, number][] = [];
    const digest = await sha256OfBlob(new Blob([bytes], { type: 'application/pdf' }), (done, total) =>
      progress.push([done, total]),
    );
    expect(digest).toBe(nodeSha256(bytes));
    expect(progress).toEqual([
      [0, length],
      [HASH_CHUNK_BYTES, length],
      [HASH_CHUNK_BYTES * 2, length],
      [length, length],
    ]);
  });

  it('answers 64 lower-case hex characters', async () => {
    expect(await sha256OfBlob(new Blob(['PropertyDNA']))).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a chunk size that is not a positive whole number', async () => {
    await expect(sha256OfBlob(new Blob(['x']), undefined, 0)).rejects.toThrow(RangeError);
    await expect(sha256OfBlob(new Blob(['x']), undefined, 1.5)).rejects.toThrow(RangeError);
  });
});
