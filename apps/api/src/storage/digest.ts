import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * A pass-through stream that hashes and counts what flows through it, and fails as soon as more
 * than `limit` bytes arrive (so an oversized body is cut off instead of written out in full).
 */
export class DigestStream extends Transform {
  readonly #hash = createHash('sha256');
  bytes = 0;

  constructor(
    private readonly limit = Number.POSITIVE_INFINITY,
    highWaterMark?: number,
  ) {
    super({ highWaterMark });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      callback(new TooLargeError(this.limit));
      return;
    }
    this.#hash.update(chunk);
    callback(null, chunk);
  }

  /** Hex SHA-256 of everything seen; call once, after the stream has finished. */
  digest(): string {
    return this.#hash.digest('hex');
  }
}

export class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Upload is larger than the declared ${limit} bytes`);
  }
}

/** Reads a stream to its end, returning its size and hex SHA-256 without holding it in memory. */
export async function digestOf(source: NodeJS.ReadableStream): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of source) {
    const buffer = chunk as Buffer;
    bytes += buffer.length;
    hash.update(buffer);
  }
  return { bytes, sha256: hash.digest('hex') };
}
