import { describe, expect, it } from 'vitest';
import { isSha256Hex, sha256HexSchema } from './hash.js';

describe('sha256HexSchema', () => {
  const digestOfEmpty = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

  it('accepts a lower-case hex digest', () => {
    expect(isSha256Hex(digestOfEmpty)).toBe(true);
  });

  it.each([
    ['upper case', digestOfEmpty.toUpperCase()],
    ['too short', digestOfEmpty.slice(1)],
    ['too long', `${digestOfEmpty}0`],
    ['not hex', `${digestOfEmpty.slice(0, 63)}g`],
    ['empty', ''],
  ])('rejects %s', (_label, value) => {
    expect(isSha256Hex(value)).toBe(false);
    expect(sha256HexSchema.safeParse(value).error?.issues[0]?.message).toBe(
      'SHA-256 must be 64 lower-case hexadecimal characters',
    );
  });
});
