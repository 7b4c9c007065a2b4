import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { streetOf } from './address.js';
import { addressMismatch } from './index.js';

describe('addressMismatch', () => {
  it('names both addresses, as printed, when the street number differs', () => {
    expect(
      addressMismatch({ kind: 'certificate', read: '14 Kloof St, Gardens', property: '12 Kloof St' }),
    ).toBe('This certificate names 14 Kloof St; this property is 12 Kloof St');
    expect(
      addressMismatch({ kind: 'policy', read: '3 Oak Avenue, Rondebosch', property: '3 Elm Avenue' }),
    ).toBe('This policy names 3 Oak Avenue; this property is 3 Elm Avenue');
    expect(addressMismatch({ kind: 'invoice', read: '9 Main Rd', property: '19 Main Road, Kalk Bay' })).toBe(
      'This invoice names 9 Main Rd; this property is 19 Main Road',
    );
    expect(addressMismatch({ kind: 'unknown', read: '1 Long Street', property: '2 Long Street' })).toBe(
      'This document names 1 Long Street; this property is 2 Long Street',
    );
  });

  it('says nothing when they are the same street written differently', () => {
    const same: [string, string][] = [
      ['14 Kloof Street, Gardens, Cape Town, 8001', '14 Kloof St'],
      ['14 KLOOF STR.', '14 kloof street, Gardens'],
      ['Unit 5, 14 Kloof Rd', '14 Kloof Road'],
      ['Erf 1234, 14 Kloof Avenue', '14 Kloof Ave, Cape Town'],
      ['14 Kloof Gardens Cape Town', '14 Kloof St'],
      ['14A Kloof Street', '14 Kloof Street'],
      // One letter misread in a long name is the reader, not another street.
      ['14 Kloofnek Road', '14 Kl0ofnek Road'],
      ['14 Kloofnek Road', '14 Kloofnk Road'],
      ['14 Kloofnk Road', '14 Kloofnek Road'],
    ];
    for (const [read, property] of same) {
      expect(addressMismatch({ kind: 'certificate', read, property }), `${read} / ${property}`).toBeNull();
    }
  });

  it('says it when a short name differs by a letter, or a long one by more', () => {
    expect(addressMismatch({ kind: 'certificate', read: '14 Oak St', property: '14 Elk St' })).not.toBeNull();
    expect(
      addressMismatch({ kind: 'certificate', read: '14 Kloofnek Rd', property: '14 Klipfontein Rd' }),
    ).not.toBeNull();
    expect(
      addressMismatch({ kind: 'certificate', read: '14 Kloofnek Rd', property: '14 Kloofneck Rd x' }),
    ).toBeNull();
    expect(
      addressMismatch({ kind: 'certificate', read: '14 Kloofnek Rd', property: '14 Kloofnekkk Rd' }),
    ).not.toBeNull();
  });

  it('says nothing when either address is unknown or has no street address', () => {
    expect(addressMismatch({ kind: 'certificate', read: null, property: '12 Kloof St' })).toBeNull();
    expect(addressMismatch({ kind: 'certificate', read: '12 Kloof St', property: null })).toBeNull();
    expect(
      addressMismatch({ kind: 'certificate', read: 'Erf 1234, Gardens', property: '12 Kloof St' }),
    ).toBeNull();
    expect(
      addressMismatch({ kind: 'certificate', read: 'PO Box 12, 8001', property: '12 Kloof St' }),
    ).toBeNull();
  });

  it('never says two copies of one address differ', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.stringMatching(/^[A-Z][a-z]{2,10}$/),
        fc.constantFrom('St', 'Street', 'Rd', 'Road', 'Ave', 'Avenue'),
        (number, name, type) => {
          const address = `${number} ${name} ${type}`;
          expect(
            addressMismatch({ kind: 'policy', read: address.toUpperCase(), property: address }),
          ).toBeNull();
        },
      ),
    );
  });
});

describe('streetOf', () => {
  it('finds the number and street, leaving out units, erven, boxes and the suburb', () => {
    expect(streetOf('Unit 5, 14 Kloof St., Gardens')).toEqual({
      number: '14',
      name: ['kloof'],
      printed: '14 Kloof St',
    });
    expect(streetOf('Portion 3 of Erf 1234, 7 St James Street')).toEqual({
      number: '7',
      name: ['st', 'james'],
      printed: '7 St James Street',
    });
    expect(streetOf('22 - Kerkstraat')).toBeNull();
    expect(streetOf('22 Kerkstraat 8001')).toEqual({
      number: '22',
      name: ['kerkstraat'],
      printed: '22 Kerkstraat',
    });
    expect(streetOf('')).toBeNull();
  });
});
