import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyAddressShown, propertyLine, reportFileName } from './report-file-name.js';

describe('reportFileName', () => {
  it('names a download <property>-<report>-<date>.<extension>', () => {
    expect(reportFileName('12 Kloof Street', 'insurance-pack', '2026-11-28', 'pdf')).toBe(
      '12-kloof-street-insurance-pack-2026-11-28.pdf',
    );
    expect(reportFileName('Sea Point Flat (Unit 4)', 'audit-trail', '2026-01-02', 'csv')).toBe(
      'sea-point-flat-unit-4-audit-trail-2026-01-02.csv',
    );
  });

  it('drops accents, keeps the name short and never empty', () => {
    expect(reportFileName('Kaapse Ánnex Café', 'export', '2026-11-28', 'zip')).toBe(
      'kaapse-annex-cafe-export-2026-11-28.zip',
    );
    expect(reportFileName('  ---  ', 'export', '2026-11-28', 'zip')).toBe('property-export-2026-11-28.zip');
    expect(reportFileName('Ikhaya 家', 'export', '2026-11-28', 'zip')).toBe('ikhaya-export-2026-11-28.zip');
    const long = reportFileName('a'.repeat(30) + ' ' + 'b'.repeat(30), 'r', '2026-11-28', 'pdf');
    expect(long).toBe(`${'a'.repeat(30)}-${'b'.repeat(17)}-r-2026-11-28.pdf`);
  });

  it('is always a plain file name: letters, digits and dashes before the report', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const file = reportFileName(name, 'report', '2026-11-28', 'pdf');
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
