import { describe, expect, it } from 'vitest';
import { ACCOUNT_EXPORT_MESSAGES, accountExportIdInput, exportPercent } from './account-export.js';

describe('account exports', () => {
  it('takes a UUID only', () => {
    const id = '6f1c2a1e-8d3b-4a47-9f0e-2b7c5d9e1a33';
    expect(accountExportIdInput.parse({ id })).toEqual({ id });
    const bad = accountExportIdInput.safeParse({ id: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(ACCOUNT_EXPORT_MESSAGES.badId);
    expect(accountExportIdInput.safeParse({ id, more: 1 }).success).toBe(false);
  });

  it('counts progress in whole percent', () => {
    expect(exportPercent(0, 0)).toBe(0);
    expect(exportPercent(1, 3)).toBe(33);
    expect(exportPercent(3, 3)).toBe(100);
    expect(exportPercent(5, 3)).toBe(100);
  });
});
