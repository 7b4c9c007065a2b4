import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_SORT_LABELS,
  DOCUMENT_SORTS,
  DOCUMENT_STATUS_FILTER_LABELS,
  DOCUMENT_STATUS_FILTERS,
  documentHasStatus,
  type ListedDocument,
  sortDocuments,
} from './document-list.js';

const doc = (id: string, facts: Partial<ListedDocument> = {}): ListedDocument => ({
  id,
  name: id,
  created_at: '2026-11-01T08:00:00.000Z',
  expires_on: null,
  expired: false,
  expiry_notice: null,
  provenance: { issuer_level: null },
  ...facts,
});

describe('documentHasStatus', () => {
  const expired = doc('a', { expires_on: '2026-01-01', expired: true, expiry_notice: 'Expired' });
  const expiring = doc('b', { expires_on: '2026-12-01', expiry_notice: 'Expires in 5 days' });
  const later = doc('c', { expires_on: '2028-01-01' });
  const verified = doc('d', { provenance: { issuer_level: 'documents_checked' } });
  const supplierUnchecked = doc('e', { provenance: { issuer_level: 'self_declared' } });

  it('picks expired from its expiry day on, expiring within the badge’s 60 days', () => {
    expect([expired, expiring, later].map((d) => documentHasStatus(d, 'expired'))).toEqual([
      true,
      false,
      false,
    ]);
    expect([expired, expiring, later].map((d) => documentHasStatus(d, 'expiring'))).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('picks by the one trust badge: Verified only for a checked issuer', () => {
    expect([verified, supplierUnchecked, later].map((d) => documentHasStatus(d, 'verified'))).toEqual([
      true,
      false,
      false,
    ]);
    expect([verified, supplierUnchecked, later].map((d) => documentHasStatus(d, 'self_declared'))).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('labels every filter and sort', () => {
    expect(Object.keys(DOCUMENT_STATUS_FILTER_LABELS)).toEqual([...DOCUMENT_STATUS_FILTERS]);
    expect(Object.keys(DOCUMENT_SORT_LABELS)).toEqual([...DOCUMENT_SORTS]);
  });
});

describe('sortDocuments', () => {
  const older = doc('old', {
    name: 'plan 10.pdf',
    created_at: '2026-01-01T00:00:00.000Z',
    expires_on: '2027-03-01',
  });
  const newer = doc('new', { name: 'Plan 2.pdf', created_at: '2026-06-01T00:00:00.000Z' });
  const twin = doc('twin', {
    name: 'Élan.pdf',
    created_at: '2026-06-01T00:00:00.000Z',
    expires_on: '2025-01-01',
  });
  const soon = doc('soon', {
    name: 'elan.pdf',
    created_at: '2026-03-01T00:00:00.000Z',
    expires_on: '2026-12-01',
  });
  const all = [older, newer, twin, soon];
  const ids = (documents: ListedDocument[]) => documents.map((d) => d.id);

  it('newest or oldest upload first, equal times by id', () => {
    expect(ids(sortDocuments(all, 'newest'))).toEqual(['new', 'twin', 'soon', 'old']);
    expect(ids(sortDocuments(all, 'oldest'))).toEqual(['old', 'soon', 'twin', 'new']);
  });

  it('by name as people read it: case and accents aside, numbers by value, ties newest first', () => {
    expect(ids(sortDocuments(all, 'name'))).toEqual(['twin', 'soon', 'new', 'old']);
  });

  it('soonest expiry first, the expired leading, no expiry last', () => {
    expect(ids(sortDocuments(all, 'expiry'))).toEqual(['twin', 'soon', 'old', 'new']);
    expect(
      ids(sortDocuments([newer, doc('none', { created_at: '2026-01-01T00:00:00.000Z' })], 'expiry')),
    ).toEqual(['new', 'none']);
  });

  it('answers a new array', () => {
    const input = [older, newer];
    expect(sortDocuments(input, 'newest')).not.toBe(input);
    expect(input).toEqual([older, newer]);
  });
});
