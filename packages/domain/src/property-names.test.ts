import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyAddressShown, propertyLine, reportFileName } from './property-names.js';

/** Noon in Johannesburg on `day`. */
const at = (day: string) => new Date(`${day}T10:00:00Z`);

describe('reportFileName', () => {
  it('names a download <property>-<report>-<date>.<extension>', () => {
    expect(reportFileName({ name: '12 Kloof Street' }, 'insurance-pack', 'pdf', at('2026-11-28'))).toBe(
      '12-kloof-street-insurance-pack-2026-11-28.pdf',
    );
    expect(reportFileName({ name: 'Sea Point Flat (Unit 4)' }, 'audit-trail', 'csv', at('2026-01-02'))).toBe(
      'sea-point-flat-unit-4-audit-trail-2026-01-02.csv',
    );
  });

  it('dates it by the day in South Africa: 23:00 UTC is the next day there', () => {
    expect(reportFileName({ name: 'Kloof House' }, 'export', 'zip', new Date('2026-11-27T23:00:00Z'))).toBe(
      'kloof-house-export-2026-11-28.zip',
    );
  });

  it('drops accents, keeps the name short and never empty', () => {
    expect(reportFileName({ name: 'Kaapse Ánnex Café' }, 'export', 'zip', at('2026-11-28'))).toBe(
      'kaapse-annex-cafe-export-2026-11-28.zip',
    );
    expect(reportFileName({ name: '  ---  ' }, 'export', 'zip', at('2026-11-28'))).toBe(
      'property-export-2026-11-28.zip',
    );
    expect(reportFileName({ name: 'Ikhaya 家' }, 'export', 'zip', at('2026-11-28'))).toBe(
      'ikhaya-export-2026-11-28.zip',
    );
    const long = reportFileName(
      { name: 'a'.repeat(30) + ' ' + 'b'.repeat(30) },
      'r',
      'pdf',
      at('2026-11-28'),
    );
    expect(long).toBe(`${'a'.repeat(30)}-${'b'.repeat(17)}-r-2026-11-28.pdf`);
  });

  it('is always a plain file name: letters, digits and dashes before the report', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const file = reportFileName({ name }, 'report', 'pdf', at('2026-11-28'));
        expect(file).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*-report-2026-11-28\.pdf$/);
        expect(file.length).toBeLessThanOrEqual(48 + '-report-2026-11-28.pdf'.length);
      }),
    );
  });
});

describe('propertyLine', () => {
  it('names a property and its address once each, and a property named by its address once', () => {
    expect(propertyLine({ name: 'Kloof House', address: '14 Kloof Street' })).toBe(
      'Kloof House, 14 Kloof Street',
    );
    expect(propertyLine({ name: '14 Kloof Street', address: '14 Kloof Street' })).toBe('14 Kloof Street');
    expect(propertyLine({ name: '14 kloof street,', address: '14 Kloof  Street' })).toBe('14 kloof street,');
    expect(propertyAddressShown({ name: 'Flat 4', address: 'Flat 4, 2 Beach Road' })).toBe(true);
  });
});
