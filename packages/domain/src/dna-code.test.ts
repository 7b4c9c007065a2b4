import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DNA_CODE_ALPHABET,
  DNA_PREVIEW_YEAR,
  type DnaCodeParts,
  dnaPreview,
  isLegacyDnaCode,
  issueDnaCode,
  isValidDnaCode,
  legacyDnaCode,
  normalizeDnaCodeInput,
  normalizeDnaPart,
  parcelKey,
} from './dna-code.js';
import { anyCodePointString } from './schemas/test-helpers.js';

/** The 37 symbols a code character can take in the check scheme. */
const SYMBOLS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-';
const LOWERCASE = 'abcdefghijklmnopqrstuvwxyz';

/** An independent implementation of the check sum: Σ value(c_i)·((i mod 36) + 1) mod 37. */
function referenceSum(code: string): number {
  let sum = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    const value = c === 45 ? 36 : c <= 57 ? c - 48 : c - 55;
    sum += value * ((i % 36) + 1);
  }
  return sum % 37;
}

/** Replaces the one '?' in `template` by the alphanumeric character that makes the check sum 0. */
function forge(template: string): string {
  for (const filler of SYMBOLS.slice(0, 36)) {
    const code = template.replace('?', filler);
    if (referenceSum(code) === 0) return code;
  }
  throw new Error(`no alphanumeric filler balances ${template}`);
}

/** A `random` that returns the given draws in order, then 0. */
function draws(...values: number[]): () => number {
  const queue = [...values];
  return () => queue.shift() ?? 0;
}

const drawsArb = fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
  minLength: 5,
  maxLength: 5,
});
const noiseArb = fc.oneof(
  fc.string({
    unit: fc.constantFrom(' ', '-', '/', '.', ',', '_', '#', '\t', '\u00a0', 'é', 'ü', '中', '😀'),
  }),
  anyCodePointString({ maxLength: 3 }),
);
const alnumArb = fc.constantFrom(...`${SYMBOLS.slice(0, 36)}${LOWERCASE}`);
/** Arbitrary text (unicode, punctuation, mixed case) that is mostly alphanumeric. */
const textArb = fc
  .array(fc.oneof({ weight: 3, arbitrary: alnumArb }, { weight: 1, arbitrary: noiseArb }), { maxLength: 30 })
  .map((chunks) => chunks.join(''));
const letterArb = fc.constantFrom(...`${SYMBOLS.slice(10, 36)}${LOWERCASE}`);
const countryArb = fc
  .tuple(noiseArb, letterArb, noiseArb, letterArb, fc.oneof(noiseArb, textArb))
  .map((chunks) => chunks.join(''))
  .filter((value) => /^[A-Z]{2}$/.test(normalizeDnaPart(value, 2)));
const nonEmptyArb = (maxLength: number) =>
  fc.oneof(textArb, anyCodePointString()).filter((value) => normalizeDnaPart(value, maxLength) !== '');
const unitArb = fc.oneof(fc.constant(undefined), fc.constant(null), textArb, anyCodePointString());
const partsArb: fc.Arbitrary<DnaCodeParts> = fc.record({
  country: countryArb,
  municipality: nonEmptyArb(10),
  parcelId: nonEmptyArb(20),
  unit: unitArb,
});
const yearArb = fc.integer({ min: 1000, max: 9999 });

describe('normalizeDnaPart', () => {
  it.each([
    [' cpt ', 10, 'CPT'],
    ['a-12/3', 20, 'A123'],
    ['Erf 12 345 (Portion 7)', 20, 'ERF12345PORTION7'],
    ['abcdefghijklmnop', 10, 'ABCDEFGHIJ'],
    ['zaf', 2, 'ZA'],
    ['  ', 10, ''],
    ['é-ü/中😀', 10, ''],
    [null, 10, ''],
    [undefined, 10, ''],
  ])('normalises %j (max %i) to %j', (value, maxLength, expected) => {
    expect(normalizeDnaPart(value, maxLength)).toBe(expected);
  });
});

describe('dnaPreview', () => {
  it('shows PDNA-{COUNTRY}-{MUNICIPALITY}-{PARCEL}-2024-XXXXXX', () => {
    expect(dnaPreview({ country: 'ZA', municipality: 'CPT', parcelId: '12345' })).toBe(
      'PDNA-ZA-CPT-12345-2024-XXXXXX',
    );
  });

  it('adds the unit when it is not blank', () => {
    expect(dnaPreview({ country: 'ZA', municipality: 'CPT', parcelId: '12345', unit: '4B' })).toBe(
      'PDNA-ZA-CPT-12345-4B-2024-XXXXXX',
    );
  });

  it.each([['  '], [''], [null], [undefined], ['--/']])('leaves out a blank unit %j', (unit) => {
    expect(dnaPreview({ country: 'ZA', municipality: 'CPT', parcelId: '12345', unit })).toBe(
      'PDNA-ZA-CPT-12345-2024-XXXXXX',
    );
  });

  it('upper-cases and normalises the input like issueDnaCode', () => {
    expect(dnaPreview({ country: ' za ', municipality: ' cpt ', parcelId: 'a-12/3', unit: 'flat 4b' })).toBe(
      'PDNA-ZA-CPT-A123-FLAT4B-2024-XXXXXX',
    );
  });

  it('truncates long parts', () => {
    expect(
      dnaPreview({
        country: 'zaf',
        municipality: 'johannesburg metro',
        parcelId: 'abcdefghijklmnopqrstuvwxyz',
        unit: 'penthouse suite 12',
      }),
    ).toBe('PDNA-ZA-JOHANNESBU-ABCDEFGHIJKLMNOPQRST-PENTHOUSES-2024-XXXXXX');
  });

  it('shows the placeholder of each empty part', () => {
    expect(dnaPreview({ country: '', municipality: '', parcelId: '', unit: '' })).toBe(
      'PDNA-{COUNTRY}-{MUNICIPALITY}-{PARCEL}-2024-XXXXXX',
    );
    expect(dnaPreview({ country: '', municipality: 'CPT', parcelId: '1' })).toBe(
      'PDNA-{COUNTRY}-CPT-1-2024-XXXXXX',
    );
    expect(dnaPreview({ country: 'ZA', municipality: '', parcelId: '1' })).toBe(
      'PDNA-ZA-{MUNICIPALITY}-1-2024-XXXXXX',
    );
    expect(dnaPreview({ country: 'ZA', municipality: 'CPT', parcelId: '' })).toBe(
      'PDNA-ZA-CPT-{PARCEL}-2024-XXXXXX',
    );
  });

  it('shows the placeholder of a part that is empty after normalisation', () => {
    expect(dnaPreview({ country: ' - ', municipality: '//', parcelId: 'é', unit: '4' })).toBe(
      'PDNA-{COUNTRY}-{MUNICIPALITY}-{PARCEL}-4-2024-XXXXXX',
    );
  });

  it('uses the fixed preview year', () => {
    expect(DNA_PREVIEW_YEAR).toBe(2024);
  });

  it('never throws and always has the preview shape', () => {
    fc.assert(
      fc.property(
        anyCodePointString(),
        textArb,
        textArb,
        unitArb,
        (country, municipality, parcelId, unit) => {
          expect(dnaPreview({ country, municipality, parcelId, unit })).toMatch(
            /^PDNA-(?:[A-Z0-9]{1,2}|\{COUNTRY\})-(?:[A-Z0-9]{1,10}|\{MUNICIPALITY\})-(?:[A-Z0-9]{1,20}|\{PARCEL\})(?:-[A-Z0-9]{1,10})?-2024-XXXXXX$/,
          );
        },
      ),
    );
  });

  it('agrees with the issued code on everything but year and suffix', () => {
    const stripYearAndSuffix = (code: string) => code.replace(/-[^-]+-[^-]+$/, '');
    fc.assert(
      fc.property(partsArb, yearArb, drawsArb, (parts, year, values) => {
        const issued = issueDnaCode(parts, year, draws(...values));
        expect(stripYearAndSuffix(dnaPreview(parts))).toBe(stripYearAndSuffix(issued));
      }),
    );
  });
});

describe('DNA_CODE_ALPHABET', () => {
  it('has the 31 unambiguous characters', () => {
    expect(DNA_CODE_ALPHABET).toHaveLength(31);
    expect(new Set(DNA_CODE_ALPHABET).size).toBe(31);
    expect(DNA_CODE_ALPHABET).toMatch(/^[2-9A-HJKMNP-Z]+$/);
  });
});

describe('issueDnaCode', () => {
  it('issues PDNA-{COUNTRY}-{MUNICIPALITY}-{PARCEL}-{UNIT}-{YYYY}-{SUFFIX6} from the draws', () => {
    const code = issueDnaCode(
      { country: 'za', municipality: ' cpt ', parcelId: 'erf 12345', unit: '4b' },
      2025,
      draws(0, 0.1, 0.5, 0.9, 0.3),
    );
    // Draws 0, 0.1, 0.5, 0.9, 0.3 pick alphabet indices 0, 3, 15, 27, 9: '2', '5', 'H', 'W', 'B'.
    expect(code).toBe('PDNA-ZA-CPT-ERF12345-4B-2025-25HWB5');
    expect(referenceSum(code)).toBe(0);
    expect(isValidDnaCode(code)).toBe(true);
  });

  it('leaves out a blank unit', () => {
    const code = issueDnaCode(
      { country: 'ZA', municipality: 'CPT', parcelId: '1', unit: '  ' },
      2024,
      () => 0,
    );
    expect(code).toMatch(/^PDNA-ZA-CPT-1-2024-[2-9A-HJKMNP-Z]{6}$/);
    expect(isValidDnaCode(code)).toBe(true);
  });

  it('takes exactly 5 draws', () => {
    let calls = 0;
    issueDnaCode({ country: 'ZA', municipality: 'CPT', parcelId: '1' }, 2024, () => {
      calls++;
      return 0.42;
    });
    expect(calls).toBe(5);
  });

  it('is deterministic for a given sequence of draws', () => {
    const parts = { country: 'ZA', municipality: 'JHB', parcelId: '998', unit: '12' };
    const values = [0.11, 0.22, 0.33, 0.44, 0.55];
    expect(issueDnaCode(parts, 2030, draws(...values))).toBe(issueDnaCode(parts, 2030, draws(...values)));
  });

  it('moves the 5th random character on when the check value is not in the alphabet', () => {
    // With all draws 0 the random part is 22222; for parcel 5 the check value would be unusable, so the 5th
    // character moves on to 3.
    expect(issueDnaCode({ country: 'ZA', municipality: 'CPT', parcelId: '5' }, 2024, () => 0)).toBe(
      'PDNA-ZA-CPT-5-2024-222232',
    );
    // For parcel 1030 it has to move on twice (2 → 3 → 4).
    expect(issueDnaCode({ country: 'ZA', municipality: 'CPT', parcelId: '1030' }, 2024, () => 0)).toBe(
      'PDNA-ZA-CPT-1030-2024-22224R',
    );
    expect(isValidDnaCode('PDNA-ZA-CPT-5-2024-222232')).toBe(true);
    expect(isValidDnaCode('PDNA-ZA-CPT-1030-2024-22224R')).toBe(true);
    // The unadjusted random parts cannot be completed by an alphabet character.
    for (const c of DNA_CODE_ALPHABET) {
      expect(referenceSum(`PDNA-ZA-CPT-5-2024-22222${c}`)).not.toBe(0);
      expect(referenceSum(`PDNA-ZA-CPT-1030-2024-22222${c}`)).not.toBe(0);
      expect(referenceSum(`PDNA-ZA-CPT-1030-2024-22223${c}`)).not.toBe(0);
    }
  });

  it('clamps draws at or near 1 (and below 0) into the alphabet', () => {
    const parts = { country: 'ZA', municipality: 'CPT', parcelId: '1' };
    expect(issueDnaCode(parts, 2024, () => 0.9999999999999999)).toBe('PDNA-ZA-CPT-1-2024-ZZZZZX');
    expect(issueDnaCode(parts, 2024, () => 1)).toBe('PDNA-ZA-CPT-1-2024-ZZZZZX');
    expect(issueDnaCode(parts, 2024, () => -0.5)).toBe(issueDnaCode(parts, 2024, () => 0));
  });

  it.each<[string, DnaCodeParts, number, RegExp]>([
    ['an empty country', { country: '', municipality: 'CPT', parcelId: '1' }, 2024, /country is empty/],
    ['a blank country', { country: ' -/ ', municipality: 'CPT', parcelId: '1' }, 2024, /country is empty/],
    [
      'a one-letter country',
      { country: 'Z', municipality: 'CPT', parcelId: '1' },
      2024,
      /two letters, got "Z"/,
    ],
    ['a country with a digit', { country: 'Z1', municipality: 'CPT', parcelId: '1' }, 2024, /two letters/],
    [
      'an empty municipality',
      { country: 'ZA', municipality: '', parcelId: '1' },
      2024,
      /municipality is empty/,
    ],
    ['a blank municipality', { country: 'ZA', municipality: ' é ', parcelId: '1' }, 2024, /municipality/],
    ['an empty parcel', { country: 'ZA', municipality: 'CPT', parcelId: '' }, 2024, /parcel is empty/],
    ['a blank parcel', { country: 'ZA', municipality: 'CPT', parcelId: '#/' }, 2024, /parcel is empty/],
    ['year 999', { country: 'ZA', municipality: 'CPT', parcelId: '1' }, 999, /year/],
    ['year 10000', { country: 'ZA', municipality: 'CPT', parcelId: '1' }, 10000, /year/],
    ['year 2024.5', { country: 'ZA', municipality: 'CPT', parcelId: '1' }, 2024.5, /year/],
    ['year NaN', { country: 'ZA', municipality: 'CPT', parcelId: '1' }, Number.NaN, /year/],
  ])('throws a RangeError for %s', (_label, parts, year, message) => {
    expect(() => issueDnaCode(parts, year, () => 0)).toThrow(RangeError);
    expect(() => issueDnaCode(parts, year, () => 0)).toThrow(message);
  });

  it('throws a RangeError whenever a required part normalises to empty', () => {
    const emptyArb = fc.string({
      unit: fc.constantFrom(' ', '-', '/', '.', '\t', 'é', '中', '😀', '\u00a0'),
    });
    fc.assert(
      fc.property(
        partsArb,
        fc.constantFrom('country', 'municipality', 'parcelId'),
        emptyArb,
        (parts, key, empty) => {
          expect(() => issueDnaCode({ ...parts, [key]: empty }, 2024, () => 0)).toThrow(RangeError);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('throws a RangeError for every year that is not an integer from 1000 to 9999', () => {
    const badYearArb = fc.oneof(
      fc.integer({ max: 999 }),
      fc.integer({ min: 10000 }),
      fc.double({ min: 1000, max: 9999, noInteger: true }),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
    );
    fc.assert(
      fc.property(partsArb, badYearArb, (parts, year) => {
        expect(() => issueDnaCode(parts, year, () => 0)).toThrow(RangeError);
      }),
      { numRuns: 200 },
    );
  });

  it('always issues a valid code', () => {
    fc.assert(
      fc.property(partsArb, yearArb, drawsArb, (parts, year, values) => {
        const code = issueDnaCode(parts, year, draws(...values));
        expect(referenceSum(code)).toBe(0);
        expect(code.endsWith(`-${year}-${code.slice(-6)}`)).toBe(true);
        expect(isValidDnaCode(code)).toBe(true);
      }),
    );
  });

  it('keeps the first 4 random characters as drawn', () => {
    fc.assert(
      fc.property(partsArb, yearArb, drawsArb, (parts, year, values) => {
        const code = issueDnaCode(parts, year, draws(...values));
        const drawn = values.slice(0, 4).map((v) => DNA_CODE_ALPHABET.charAt(Math.floor(v * 31)));
        expect(code.slice(-6, -2)).toBe(drawn.join(''));
      }),
    );
  });

  it('detects every single-character substitution', () => {
    fc.assert(
      fc.property(partsArb, yearArb, drawsArb, (parts, year, values) => {
        const code = issueDnaCode(parts, year, draws(...values));
        for (let i = 0; i < code.length; i++) {
          for (const c of `${SYMBOLS}${LOWERCASE}`) {
            if (c === code[i]) continue;
            const changed = `${code.slice(0, i)}${c}${code.slice(i + 1)}`;
            if (isValidDnaCode(changed)) throw new Error(`substitution ${changed} of ${code} is valid`);
          }
        }
      }),
    );
  });

  it('detects every swap of two different adjacent characters', () => {
    fc.assert(
      fc.property(partsArb, yearArb, drawsArb, (parts, year, values) => {
        const code = issueDnaCode(parts, year, draws(...values));
        for (let i = 0; i + 1 < code.length; i++) {
          if (code[i] === code[i + 1]) continue;
          const swapped = `${code.slice(0, i)}${code[i + 1]}${code[i]}${code.slice(i + 2)}`;
          if (isValidDnaCode(swapped)) throw new Error(`swap ${swapped} of ${code} is valid`);
        }
      }),
    );
  });
});

describe('isValidDnaCode', () => {
  const valid = 'PDNA-ZA-CPT-ERF12345-4B-2025-25HWB5';

  it('accepts an issued code and a well-formed code with a zero check sum', () => {
    expect(isValidDnaCode(valid)).toBe(true);
    expect(isValidDnaCode(forge('PDNA-ZA-CPT-?1-2024-23456A'))).toBe(true);
    expect(isValidDnaCode(forge('PDNA-ZA-ABCDEFGHIJ-ABCDEFGHIJKLMNOPQRS?-ABCDEFGHIJ-9999-ZZZZZZ'))).toBe(
      true,
    );
  });

  it('rejects a code whose check sum is not zero', () => {
    expect(isValidDnaCode('PDNA-ZA-CPT-ERF12345-4B-2025-25HWB6')).toBe(false);
  });

  // Every forged code below has a zero check sum, so it is rejected for its structure alone.
  it.each([
    ['wrong prefix', forge('PDNX-ZA-CPT-?1-2024-23456A')],
    ['no prefix', forge('ZA-CPT-?1-2024-23456A')],
    ['three-letter country', forge('PDNA-ZAF-CPT-?1-2024-23456A')],
    ['country with a digit', forge('PDNA-Z1-CPT-?1-2024-23456A')],
    ['missing municipality', forge('PDNA-ZA--?1-2024-23456A')],
    ['missing parcel', forge('PDNA-ZA-CP?--2024-23456A')],
    ['empty unit', forge('PDNA-ZA-CPT-?1--2024-23456A')],
    ['missing year', forge('PDNA-ZA-CPT-?1-23456A')],
    ['missing suffix', forge('PDNA-ZA-CPT-?1-2024')],
    ['11-character municipality', forge('PDNA-ZA-ABCDEFGHIJK-?1-2024-23456A')],
    ['21-character parcel', forge('PDNA-ZA-CPT-?BCDEFGHIJKLMNOPQRSTU-2024-23456A')],
    ['11-character unit', forge('PDNA-ZA-CPT-?1-ABCDEFGHIJK-2024-23456A')],
    ['3-digit year', forge('PDNA-ZA-CPT-?1-202-23456A')],
    ['5-digit year', forge('PDNA-ZA-CPT-?1-20245-23456A')],
    ['letters as year', forge('PDNA-ZA-CPT-?1-ABCD-23456A')],
    ['suffix with 0', forge('PDNA-ZA-CPT-?1-2024-03456A')],
    ['suffix with O', forge('PDNA-ZA-CPT-?1-2024-2O456A')],
    ['suffix with 1', forge('PDNA-ZA-CPT-?1-2024-23156A')],
    ['suffix with I', forge('PDNA-ZA-CPT-?1-2024-234I6A')],
    ['suffix with L', forge('PDNA-ZA-CPT-?1-2024-2345LA')],
    ['5-character suffix', forge('PDNA-ZA-CPT-?1-2024-23456')],
    ['7-character suffix', forge('PDNA-ZA-CPT-?1-2024-23456AB')],
    ['two unit segments', forge('PDNA-ZA-CPT-?1-A-B-2024-23456A')],
  ])('rejects a code with %s: %s', (_label, code) => {
    expect(referenceSum(code)).toBe(0);
    expect(isValidDnaCode(code)).toBe(false);
  });

  it.each([
    ['lower case', valid.toLowerCase()],
    ['lower-case suffix', `${valid.slice(0, -6)}${valid.slice(-6).toLowerCase()}`],
    ['lower-case prefix', `pdna${valid.slice(4)}`],
    ['leading space', ` ${valid}`],
    ['trailing space', `${valid} `],
    ['trailing newline', `${valid}\n`],
    ['inner space', valid.replace('-CPT-', '- CPT-')],
    ['underscores', valid.replaceAll('-', '_')],
    ['the empty string', ''],
    ['the preview', dnaPreview({ country: 'ZA', municipality: 'CPT', parcelId: 'ERF12345', unit: '4B' })],
  ])('rejects %s', (_label, code) => {
    expect(isValidDnaCode(code)).toBe(false);
  });

  it('rejects values that are not strings', () => {
    expect(isValidDnaCode(undefined as unknown as string)).toBe(false);
    expect(isValidDnaCode(12345 as unknown as string)).toBe(false);
  });
});

describe('normalizeDnaCodeInput', () => {
  it('trims and upper-cases user input for lookup', () => {
    expect(normalizeDnaCodeInput('  pdna-za-cpt-erf12345-4b-2025-25hwb5 \n')).toBe(
      'PDNA-ZA-CPT-ERF12345-4B-2025-25HWB5',
    );
    expect(isValidDnaCode(normalizeDnaCodeInput(' pdna-za-cpt-erf12345-4b-2025-25hwb5'))).toBe(true);
  });
});

describe('legacyDnaCode', () => {
  it.each([
    [0, 'RES-1000-CT'],
    [0.5, 'RES-5500-CT'],
    [0.9999999999999999, 'RES-9999-CT'],
    [1, 'RES-9999-CT'],
    [-0.1, 'RES-1000-CT'],
  ])('turns the draw %d into %s', (draw, expected) => {
    expect(legacyDnaCode(() => draw)).toBe(expected);
  });

  it('takes one draw', () => {
    let calls = 0;
    legacyDnaCode(() => {
      calls++;
      return 0.3;
    });
    expect(calls).toBe(1);
  });

  it('always makes a legacy code numbered 1000..9999', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (draw) => {
        const code = legacyDnaCode(() => draw);
        expect(isLegacyDnaCode(code)).toBe(true);
        const number = Number(code.slice(4, 8));
        expect(number).toBeGreaterThanOrEqual(1000);
        expect(number).toBeLessThanOrEqual(9999);
        expect(number).toBe(1000 + Math.floor(draw * 9000));
      }),
    );
  });
});

describe('isLegacyDnaCode', () => {
  it.each(['RES-1000-CT', 'RES-9999-CT', 'RES-4821-CT'])('accepts %s', (value) => {
    expect(isLegacyDnaCode(value)).toBe(true);
  });

  it.each([
    '',
    'RES-0999-CT',
    'RES-999-CT',
    'RES-10000-CT',
    'res-1000-ct',
    'RES-1000-JHB',
    ' RES-1000-CT',
    'RES-1000-CT ',
    'RES-1A00-CT',
  ])('rejects %j', (value) => {
    expect(isLegacyDnaCode(value)).toBe(false);
  });
});

describe('parcelKey', () => {
  it('is one key for one parcel however it is typed, and tells units apart', () => {
    const parcel = { country: 'za', municipality: ' cpt ', parcel_id: 'erf 1234' };
    expect(parcelKey(parcel)).toBe('ZA-CPT-ERF1234-');
    expect(parcelKey({ ...parcel, municipality: 'CPT', parcel_id: 'ERF-1234' })).toBe(parcelKey(parcel));
    expect(parcelKey({ ...parcel, unit: '12A' })).toBe('ZA-CPT-ERF1234-12A');
    expect(parcelKey({ ...parcel, municipality: 'WC011' })).not.toBe(parcelKey(parcel));
  });
});
