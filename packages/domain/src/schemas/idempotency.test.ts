import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_MESSAGES, idempotencyKeySchema } from './idempotency.js';
import { dataOf, errorsOf } from './test-helpers.js';

describe('idempotencyKeySchema', () => {
  it('accepts a UUID, any visible ASCII and the longest key, unchanged', () => {
    expect(dataOf(idempotencyKeySchema, '6f1c2a7e-3b9d-4f5e-8a21-0c4d7b9e1f30')).toBe(
      '6f1c2a7e-3b9d-4f5e-8a21-0c4d7b9e1f30',
    );
    expect(dataOf(idempotencyKeySchema, 'order:42/retry=1~A_b.c')).toBe('order:42/retry=1~A_b.c');
    const longest = 'k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH);
    expect(dataOf(idempotencyKeySchema, longest)).toBe(longest);
  });

  it('refuses an empty, too long, spaced, non-ASCII or non-string key with the one message', () => {
    for (const key of [
      '',
      'k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1),
      'a key',
      'clé',
      'tab\there',
      ['a'],
      7,
    ]) {
      expect(errorsOf(idempotencyKeySchema, key)).toEqual({ '': IDEMPOTENCY_MESSAGES.invalidKey });
    }
  });
});
