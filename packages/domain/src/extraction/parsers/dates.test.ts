import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATE_YEARS, isIsoDate } from '../../schemas/common.js';
import { anyCodePointString } from '../../schemas/test-helpers.js';
import { findDates, fullYearOfTwoDigits, parseSaDate, SA_MONTH_NAMES } from './dates.js';

const IN_2026 = { currentYear: 2026 };
const parse = (text: string) => parseSaDate(text, IN_2026);

describe('parseSaDate', () => {
  it('reads every South African form of 14 March 2025', () => {
    for (const text of [
      '14 March 2025',
      '14 Mar 2025',
      '14 MAR 2025',
      '14-Mar-2025',
      '14 Mar. 2025',
      '14.Mar.2025',
      '14 March, 2025',
      'March 14, 2025',
      'Mar 14 2025',
      'Mar. 14 2025',
      '14/03/2025',
      '14/3/2025',
      '14 / 03 / 2025',
      '14.03.2025',
      '14-03-2025',
      '2025-03-14',
      '2025/03/14',
      '2025.03.14',
      '14/03/25',
      '14.03.25',
      '14 Mar 25',
      '14 Maart 2025',
      '14 Mrt 2025',
      '14 mrt. 2025',
      '14th March 2025',
      '14th of March 2025',
      '14de van Maart 2025',
      '14th day of March 2025',
      '14de dag van Maart 2025',
      '  14 March 2025. ',
      '14MAR2025',
      '14 March2025',
      '14–Mar–2025',
      '14–03–2025',
      '2025–03–14',
    ]) {
      expect(parse(text), text).toBe('2025-03-14');
    }
  });

  it('knows the Afrikaans months and ordinals', () => {
    expect(parse('1ste Januarie 2025')).toBe('2025-01-01');
    expect(parse('2de Februarie 2025')).toBe('2025-02-02');
    expect(parse('3 Mei 2025')).toBe('2025-05-03');
    expect(parse('4 Junie 2025')).toBe('2025-06-04');
    expect(parse('5 Julie 2025')).toBe('2025-07-05');
    expect(parse('6 Augustus 2025')).toBe('2025-08-06');
    expect(parse('7 Okt 2025')).toBe('2025-10-07');
    expect(parse('8ste Oktober 2025')).toBe('2025-10-08');
    expect(parse('9 Desember 2025')).toBe('2025-12-09');
    expect(parse('10 Des 2025')).toBe('2025-12-10');
    expect(parse('21st Sept 2025')).toBe('2025-09-21');
    expect(parse('22nd Aug 2025')).toBe('2025-08-22');
    expect(parse('23rd Nov 2025')).toBe('2025-11-23');
  });

  it('mends O for 0 and I or l for 1 inside digit groups, and says so', () => {
    expect(parse('l4/O3/2O25')).toBe('2025-03-14');
    expect(parse('1O March 2O25')).toBe('2025-03-10');
    expect(parse('2025-O3-l4')).toBe('2025-03-14');
    expect(findDates('Issued l4/03/2025', IN_2026)).toEqual([
      { value: '2025-03-14', index: 7, length: 10, mended: true },
    ]);
    expect(findDates('Issued 14/03/2025', IN_2026)[0]?.mended).toBe(false);
    // A group with no real digit, or another letter, is not a number.
    expect(parse('Il/03/2025')).toBeNull();
    expect(parse('14/Ol/2025')).toBeNull();
    expect(parse('14/03/OOOO')).toBeNull();
    expect(parse('1L/03/2025')).toBeNull();
    expect(parse('14/03/2i25')).toBeNull();
  });

  it('refuses ambiguous and impossible dates', () => {
    for (const text of [
      '31/02/2025',
      '29/02/2025',
      '32 March 2025',
      '0 March 2025',
      '14/13/2025',
      '03/14/2025',
      '14 March 20 25',
      '14/03/20 25',
      '20 25/03/14',
      '2 0 25-03-14',
      'March 20 25',
      'March 14, 25',
      '5/3/25',
      '14/03-2025',
      '14/03/1899',
      '14/03/2201',
      '14 Marc 2025',
      'March 2025',
      '14032025',
      '',
      'no date here',
      'on 14/03/2025',
      '14/03/2025 and 15/03/2025',
    ]) {
      expect(parse(text), text).toBeNull();
    }
    expect(parse('29/02/2024')).toBe('2024-02-29');
    expect(parse('14/03/1900')).toBe('1900-03-14');
    expect(parse('14/03/2200')).toBe('2200-03-14');
  });

  it('reads a two-digit year from ten years ahead back to 89 years before', () => {
    expect(parse('14/03/36')).toBe('2036-03-14');
    expect(parse('14/03/37')).toBe('1937-03-14');
    expect(parse('14/03/00')).toBe('2000-03-14');
    expect(parse('14 Des 99')).toBe('1999-12-14');
    expect(parseSaDate('14/03/36', { currentYear: 2030 })).toBe('2036-03-14');
    expect(parseSaDate('14/03/41', { currentYear: 2031 })).toBe('2041-03-14');
    expect(parseSaDate('14/03/41', { currentYear: 2030 })).toBe('1941-03-14');
    expect(parseSaDate('14/03/00', { currentYear: 2095 })).toBe('2100-03-14');
    expect(parseSaDate('14/03/05', { currentYear: 1995 })).toBe('2005-03-14');
    expect(parseSaDate('14/03/06', { currentYear: 1995 })).toBe('1906-03-14');
    const year = new Date().getUTCFullYear();
    expect(parseSaDate('14/03/00')).toBe(`${fullYearOfTwoDigits(0, year)}-03-14`);
  });

  it('fullYearOfTwoDigits keeps the window whatever the century', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1900, max: 2190 }), (yy, current) => {
        const year = fullYearOfTwoDigits(yy, current);
        expect(year % 100).toBe(yy);
        expect(year).toBeLessThanOrEqual(current + 10);
        expect(year).toBeGreaterThan(current + 10 - 100);
      }),
    );
  });
});

describe('findDates', () => {
  it('finds every date in a line with where it is', () => {
    const line = 'Date of issue: 14 Mrt 2025  Valid until 13/03/2026; ref 2025-03-14T10:00Z';
    expect(findDates(line, IN_2026)).toEqual([
      { value: '2025-03-14', index: 15, length: 11, mended: false },
      { value: '2026-03-13', index: 40, length: 10, mended: false },
      { value: '2025-03-14', index: 56, length: 10, mended: false },
    ]);
  });

  it('takes a time after a two-digit year but no other number', () => {
    expect(findDates('14/03/25 10:30', IN_2026).map((date) => date.value)).toEqual(['2025-03-14']);
    expect(findDates('14/03/25 10h30', IN_2026).map((date) => date.value)).toEqual(['2025-03-14']);
    expect(findDates('14/03/25 7 items', IN_2026)).toEqual([]);
    expect(findDates('10:30 14/03/25', IN_2026).map((date) => date.value)).toEqual(['2025-03-14']);
    expect(findDates('Page 1 of 2 14/03/2025', IN_2026).map((date) => date.value)).toEqual(['2025-03-14']);
  });

  it('does not read dates inside words or numbers', () => {
    expect(findDates('INV114/03/2025', IN_2026)).toEqual([]);
    expect(findDates('114/03/20255', IN_2026)).toEqual([]);
    expect(findDates('The mayor 3 May 2025', IN_2026).map((date) => date.value)).toEqual(['2025-05-03']);
    expect(findDates('3 Mayor 2025', IN_2026)).toEqual([]);
  });

  it('where two forms overlap, the one starting first wins', () => {
    // "1 March 14" (a two-digit year) starts before "March 14, 2025": ambiguous, the first is kept.
    expect(findDates('1 March 14, 2025', IN_2026).map((date) => date.value)).toEqual(['2014-03-01']);
  });

  const dateArb = fc
    .date({
      min: new Date(Date.UTC(DATE_YEARS.min, 0, 1)),
      max: new Date(Date.UTC(DATE_YEARS.max, 11, 31)),
      noInvalidDate: true,
    })
    .map((date) => ({
      iso: date.toISOString().slice(0, 10),
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
    }));
  const namesOf = (month: number) =>
    Object.entries(SA_MONTH_NAMES)
      .filter(([, number]) => number === month)
      .map(([name]) => name);

  it('reads back any date written in any form (property)', () => {
    fc.assert(
      fc.property(
        dateArb,
        fc.nat(),
        fc.constantFrom('/', '.', '-'),
        fc.constantFrom('', 'st', 'th', 'ste', 'de'),
        fc.boolean(),
        ({ iso, year, month, day }, pick, separator, ordinal, upper) => {
          const names = namesOf(month);
          const name = names[pick % names.length] as string;
          const written = upper ? name.toUpperCase() : name;
          const dd = String(day).padStart(2, '0');
          const mm = String(month).padStart(2, '0');
          const forms = [
            `${day}${ordinal} ${written} ${year}`,
            `${dd}-${written}-${year}`,
            `${written} ${day}, ${year}`,
            `${dd}${separator}${mm}${separator}${year}`,
            `${day}${separator}${month}${separator}${year}`,
            `${year}${separator}${mm}${separator}${dd}`,
          ];
          for (const form of forms) expect(parse(form), form).toBe(iso);
          const yy = String(year % 100).padStart(2, '0');
          const short = `${dd}/${mm}/${yy}`;
          expect(parse(short), short).toBe(
            fullYearOfTwoDigits(year % 100, 2026) === year
              ? iso
              : `${fullYearOfTwoDigits(year % 100, 2026)}-${mm}-${dd}`,
          );
          const line = `Issued on ${dd}${separator}${mm}${separator}${year} by the inspector`;
          expect(findDates(line, IN_2026)).toEqual([{ value: iso, index: 10, length: 10, mended: false }]);
        },
      ),
    );
  });

  it('never answers an impossible date (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 1800, max: 2300 }),
        (day, month, year) => {
          const value = parse(`${day}/${month}/${year}`);
          const valid =
            isIsoDate(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`) &&
            year >= DATE_YEARS.min &&
            year <= DATE_YEARS.max;
          expect(value !== null).toBe(valid);
        },
      ),
    );
  });

  it('whatever the line, every date found is real and reads back from its own text (property)', () => {
    const pieces = fc.constantFrom(
      '14',
      '3',
      '2025',
      '25',
      'O',
      'l',
      ' ',
      '/',
      '-',
      '.',
      ',',
      'Mar',
      'Maart',
      'th',
      'T1',
      ':',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          anyCodePointString({ maxLength: 60 }),
          fc.array(pieces, { maxLength: 30 }).map((parts) => parts.join('')),
        ),
        (line) => {
          for (const date of findDates(line, IN_2026)) {
            expect(isIsoDate(date.value)).toBe(true);
            expect(parse(line.slice(date.index, date.index + date.length))).toBe(date.value);
          }
        },
      ),
    );
  });

  it('reads long adversarial lines in linear time (no catastrophic backtracking)', () => {
    // Each of these would take hours with a backtracking blow-up; read linearly they take milliseconds.
    const chunks = ['1/', '14 ', 'l', 'O0', '14 Mar ', '14 / 03 / ', '2025-', '1st of ', ' ', '14/03/20 '];
    fc.assert(
      fc.property(fc.constantFrom(...chunks), fc.constantFrom(...chunks), (a, b) => {
        const line = `${a.repeat(5000)}${b.repeat(5000)}x`;
        for (const date of findDates(line, IN_2026)) expect(isIsoDate(date.value)).toBe(true);
      }),
      { numRuns: 20 },
    );
    const dates = findDates('14/03/2025 '.repeat(5000), IN_2026);
    expect(dates).toHaveLength(5000);
  });
});
