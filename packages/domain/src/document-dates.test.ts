import { describe, expect, it } from 'vitest';
import { documentDates, EXPIRY_NOTICE_DAYS, expiryNotice, reliableDates } from './document-dates.js';

const TODAY = '2026-11-27';

describe('expiryNotice', () => {
  it('says Expired from the expiry date on, and counts down within 60 days', () => {
    expect(expiryNotice(null, TODAY)).toBeNull();
    expect(expiryNotice('2026-11-27', TODAY)).toBe('Expired');
    expect(expiryNotice('2025-01-01', TODAY)).toBe('Expired');
    expect(expiryNotice('2026-11-28', TODAY)).toBe('Expires in 1 day');
    expect(expiryNotice('2026-12-27', TODAY)).toBe('Expires in 30 days');
    expect(expiryNotice('2027-01-26', TODAY)).toBe(`Expires in ${EXPIRY_NOTICE_DAYS} days`);
    expect(expiryNotice('2027-01-27', TODAY)).toBeNull();
  });
});

describe('documentDates', () => {
  it('reads a policy: its expiry as a Johannesburg date, expired on that day, no issue date to speak of', () => {
    // Stored as the start of the Johannesburg day: 22:00 UTC the day before.
    const policy = { kind: 'policy', expires_at: '2026-11-26T22:00:00.000Z', metadata: {} };
    expect(documentDates(policy, TODAY)).toEqual({
      issued_on: null,
      issue_date: null,
      expires_on: '2026-11-27',
      expired: true,
      expires_in_days: null,
      expiry_notice: 'Expired',
    });
    expect(documentDates(policy, '2026-11-26')).toMatchObject({
      expired: false,
      expires_in_days: 1,
      expiry_notice: 'Expires in 1 day',
    });
  });

  it('says "date unknown" of a certificate nobody dated, and never invents an expiry for it', () => {
    const certificate = {
      kind: 'certificate',
      expires_at: null,
      metadata: { certificate_type: 'beetle_clearance' },
    };
    expect(documentDates(certificate, TODAY)).toEqual({
      issued_on: null,
      issue_date: 'unknown',
      expires_on: null,
      expired: false,
      expires_in_days: null,
      expiry_notice: null,
    });
  });

  it('works out the expiry of a type with a validity from a known issue date', () => {
    const report = {
      kind: 'inspection',
      expires_at: null,
      metadata: { certificate_type: 'roof_inspection', issued_on: '2025-11-01' },
    };
    expect(documentDates(report, TODAY)).toMatchObject({
      issued_on: '2025-11-01',
      issue_date: 'known',
      expires_on: '2026-11-01',
      expired: true,
    });
    const noValidity = {
      ...report,
      metadata: { certificate_type: 'electrical_coc', issued_on: '2020-01-01' },
    };
    expect(documentDates(noValidity, TODAY)).toMatchObject({
      issue_date: 'known',
      expires_on: null,
      expired: false,
    });
    const bad = { ...report, metadata: { certificate_type: 'nonsense', issued_on: '2026-02-30' } };
    expect(documentDates(bad, TODAY)).toMatchObject({
      issued_on: null,
      issue_date: 'unknown',
      expires_on: null,
    });
  });

  it('treats an unconfirmed issue date, and the expiry worked out from it, as unknown', () => {
    const beetle = {
      kind: 'certificate',
      expires_at: '2027-02-26',
      metadata: { certificate_type: 'beetle_clearance', issued_on: '2026-11-26' },
      issue_date_unconfirmed: true,
    };
    expect(reliableDates(beetle)).toEqual({ issued_on: null, expires_on: null });
    expect(documentDates(beetle, TODAY)).toMatchObject({
      issued_on: '2026-11-26',
      issue_date: 'unconfirmed',
      expires_on: null,
      expired: false,
    });
    // An expiry typed apart from the issue date still stands.
    const typed = { ...beetle, expires_at: '2026-12-01' };
    expect(reliableDates(typed)).toEqual({ issued_on: null, expires_on: '2026-12-01' });
    // A type without a validity: its own expiry stands.
    const gas = { ...beetle, metadata: { certificate_type: 'gas_coc', issued_on: '2026-11-26' } };
    expect(reliableDates(gas)).toEqual({ issued_on: null, expires_on: '2027-02-26' });
    // Confirmed: both count.
    expect(reliableDates({ ...beetle, issue_date_unconfirmed: false })).toEqual({
      issued_on: '2026-11-26',
      expires_on: '2027-02-26',
    });
    // Flagged but with no date recorded: nothing to mask.
    expect(reliableDates({ ...beetle, metadata: {} })).toEqual({ issued_on: null, expires_on: '2027-02-26' });
  });

  it('reads an expiry given as a Date', () => {
    const policy = { kind: 'policy', expires_at: new Date('2027-03-01T10:00:00Z'), metadata: {} };
    expect(documentDates(policy, TODAY)).toMatchObject({ expires_on: '2027-03-01', expires_in_days: 94 });
  });
});
