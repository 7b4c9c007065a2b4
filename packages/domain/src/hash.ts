import { z } from 'zod';

/** A SHA-256 digest as the browser and the server both write it: 64 lower-case hex characters. */
export const sha256HexSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'SHA-256 must be 64 lower-case hexadecimal characters');

export function isSha256Hex(value: string): boolean {
  return sha256HexSchema.safeParse(value).success;
}
