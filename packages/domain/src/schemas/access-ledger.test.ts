import { describe, expect, it } from 'vitest';
import {
  ACCESS_KIND_LABELS,
  ACCESS_KINDS,
  ACCESS_LEDGER_MESSAGES,
  accessLedgerQuery,
  propertyAccessLedgerQuery,
  revokeAccessInput,
} from './access-ledger.js';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('access ledger query', () => {
  it('takes no filter, or a property, a kind, dates and a page (a query string page too)', () => {
    expect(accessLedgerQuery.parse({})).toEqual({});
    expect(
      accessLedgerQuery.parse({
        propertyId: 'p1',
        kind: 'share_link',
        from: '2026-01-01',
        to: '2026-02-01',
        page: '2',
      }),
    ).toEqual({ propertyId: 'p1', kind: 'share_link', from: '2026-01-01', to: '2026-02-01', page: 2 });
    expect(accessLedgerQuery.parse({ page: 3 })).toEqual({ page: 3 });
  });

  it('refuses an unknown kind, a bad page, dates the wrong way round and unknown fields', () => {
    expect(message(accessLedgerQuery.safeParse({ kind: 'member' }))).toBe(ACCESS_LEDGER_MESSAGES.kind);
    expect(message(accessLedgerQuery.safeParse({ page: '0' }))).toBe(ACCESS_LEDGER_MESSAGES.page);
    expect(message(accessLedgerQuery.safeParse({ page: 'two' }))).toBe(ACCESS_LEDGER_MESSAGES.page);
    expect(message(accessLedgerQuery.safeParse({ page: 1.5 }))).toBe(ACCESS_LEDGER_MESSAGES.page);
    expect(message(accessLedgerQuery.safeParse({ page: true }))).toBe(ACCESS_LEDGER_MESSAGES.page);
    expect(message(accessLedgerQuery.safeParse({ from: '2026-03-01', to: '2026-02-01' }))).toBe(
      ACCESS_LEDGER_MESSAGES.dates,
    );
    expect(accessLedgerQuery.safeParse({ from: '2026-03-01' }).success).toBe(true);
    expect(accessLedgerQuery.safeParse({ who: 'x' }).success).toBe(false);
    expect(propertyAccessLedgerQuery.safeParse({ propertyId: 'p1' }).success).toBe(false);
    expect(propertyAccessLedgerQuery.parse({ kind: 'staff' })).toEqual({ kind: 'staff' });
  });

  it('names every kind on screen', () => {
    expect(ACCESS_KINDS.map((kind) => ACCESS_KIND_LABELS[kind])).toEqual([
      'Share link',
      'Vendor upload link',
      'Shared access',
      'API token',
      'PropertyDNA staff',
      'Transfer',
    ]);
  });
});

describe('revoke access input', () => {
  it('takes a revocable kind and an id, and nothing else', () => {
    expect(revokeAccessInput.parse({ kind: 'grant', id: 'g1' })).toEqual({ kind: 'grant', id: 'g1' });
    expect(message(revokeAccessInput.safeParse({ kind: 'staff', id: 'x' }))).toBe(
      ACCESS_LEDGER_MESSAGES.revokeKind,
    );
    expect(revokeAccessInput.safeParse({ kind: 'grant', id: 'g1', also: 1 }).success).toBe(false);
  });
});

describe('a bad date in the ledger filters', () => {
  it('is refused for itself, never also as out of order', () => {
    const result = accessLedgerQuery.safeParse({ from: '2026-01-01', to: '1899-12-31' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['to']]);
  });
});
