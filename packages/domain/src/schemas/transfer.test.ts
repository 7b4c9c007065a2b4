import { describe, expect, it } from 'vitest';
import { dataOf, errorsOf } from './test-helpers.js';
import { MAX_TRANSFER_MESSAGE, TRANSFER_VALID_DAYS, transferStartSchema } from './transfer.js';

describe('transferStartSchema', () => {
  it('accepts an address, lower-cased and trimmed, and an optional message', () => {
    expect(
      dataOf(transferStartSchema, { email: ' Buyer@Example.CO.ZA ', message: ' Welcome home ' }),
    ).toEqual({
      email: 'buyer@example.co.za',
      message: 'Welcome home',
    });
    expect(dataOf(transferStartSchema, { email: 'buyer@example.co.za', message: '' })).toEqual({
      email: 'buyer@example.co.za',
      message: undefined,
    });
    expect(TRANSFER_VALID_DAYS).toBe(30);
  });

  it('refuses a missing or malformed address and an over-long message', () => {
    expect(errorsOf(transferStartSchema, { email: '' })).toEqual({ email: 'Email is required' });
    expect(errorsOf(transferStartSchema, { email: 'buyer@' })).toEqual({
      email: 'Enter a valid email address',
    });
    expect(
      errorsOf(transferStartSchema, { email: 'a@b.co', message: 'x'.repeat(MAX_TRANSFER_MESSAGE + 1) }),
    ).toEqual({ message: `Message must be at most ${MAX_TRANSFER_MESSAGE} characters` });
  });
});
