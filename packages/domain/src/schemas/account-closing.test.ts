import { describe, expect, it } from 'vitest';
import { ACCOUNT_CLOSING_MESSAGES, closeAccountSchema, deletionDate } from './account-closing.js';

const message = (input: unknown) => closeAccountSchema.safeParse(input).error?.issues[0]?.message;

describe('close account input', () => {
  it('takes the password and the word CLOSE', () => {
    expect(closeAccountSchema.parse({ password: 'a long password', confirm: ' CLOSE ' })).toEqual({
      password: 'a long password',
      confirm: 'CLOSE',
    });
  });

  it('asks for the password, and for the word typed exactly', () => {
    expect(message({ password: '', confirm: 'CLOSE' })).toBe(ACCOUNT_CLOSING_MESSAGES.passwordRequired);
    expect(message({ confirm: 'CLOSE' })).toBe('Enter your password');
    expect(message({ password: 'x', confirm: 'close' })).toBe('Type CLOSE to confirm');
    expect(message({ password: 'x' })).toBe('Type CLOSE to confirm');
    expect(message({ password: 'x'.repeat(1000), confirm: 'CLOSE' })).toBe('Incorrect password');
    expect(message({ password: 'a\u0000b', confirm: 'CLOSE' })).toMatch(/Password/);
    expect(closeAccountSchema.safeParse({ password: 'x', confirm: 'CLOSE', now: 1 }).success).toBe(false);
  });

  it('deletes after the grace', () => {
    const closed = new Date('2026-11-28T10:00:00Z');
    expect(deletionDate(closed, 30).toISOString()).toBe('2026-12-28T10:00:00.000Z');
    expect(deletionDate(closed, 0)).toEqual(closed);
  });
});
