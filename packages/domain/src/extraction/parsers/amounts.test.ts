import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyCodePointString } from '../../schemas/test-helpers.js';
import { findAmounts, parseRandAmount } from './amounts.js';

describe('parseRandAmount', () => {
  it('reads rand in every South African form', () => {
    const cases: [string, string][] = [
      ['R 1 234,56', '1234.56'],
      ['R1,234.56', '1234.56'],
      ['R1 234.56', '1234.56'],
      ['R1.234,56', '1234.56'],
      ['R 12 500', '12500.00'],
      ['R12500.00', '12500.00'],
      ['R12500', '12500.00'],
      ['ZAR 1,234.56', '1234.56'],
      ['R\u00a01\u00a0234,56', '1234.56'],
      ['R 1\u202f234\u202f567,89', '1234567.89'],
      ['R 2 500 000', '2500000.00'],
      ['R1.234.567', '1234567.00'],
      ['R0,50', '0.50'],
      ['R 007', '7.00'],
      ['  R 1 234,56. ', '1234.56'],
    ];
    for (const [text, value] of cases) expect(parseRandAmount(text), text).toBe(value);
  });

  it('reads one separator and three digits as thousands, and one or two digits as decimals', () => {
    expect(parseRandAmount('R1,234')).toBe('1234.00');
    expect(parseRandAmount('R1.234')).toBe('1234.00');
    expect(parseRandAmount('R1,23')).toBe('1.23');
    expect(parseRandAmount('R1,5')).toBe('1.50');
    expect(parseRandAmount('R1.5')).toBe('1.50');
  });

  it('refuses what is not exactly one amount in rand', () => {
    for (const text of [
      '1 234,56',
      '1234.56',
      'R1,2345',
      'R1,234,56',
      'R1.234.56',
      'R 12 50',
      'R 100 2',
      'R 021 123 4567',
      'R',
      'R abc',
      'FOR 100',
      'R100abc',
      'R 100 and R 200',
      'Total R 100',
      'R 14.03.2025',
      '',
    ]) {
      expect(parseRandAmount(text), text).toBeNull();
    }
  });
});

describe('findAmounts', () => {
  it('finds every amount in a line with where it is', () => {
    expect(findAmounts('Subtotal R1 000,00 VAT R150,00 Total R 1 150,00')).toEqual([
      { value: '1000.00', index: 9, length: 9, currency: true },
      { value: '150.00', index: 23, length: 7, currency: true },
      { value: '1150.00', index: 37, length: 10, currency: true },
    ]);
    expect(findAmounts('Sum insured ZAR 2,500,000 excess R5 000.')).toEqual([
      { value: '2500000.00', index: 12, length: 13, currency: true },
      { value: '5000.00', index: 33, length: 6, currency: true },
    ]);
  });

  it('with bare, also takes money-like numbers without their currency', () => {
    expect(findAmounts('Labour 2 1 234,56 12 500 | 0,50', { bare: true })).toEqual([
      { value: '1234.56', index: 9, length: 8, currency: false },
      { value: '12500.00', index: 18, length: 6, currency: false },
      { value: '0.50', index: 27, length: 4, currency: false },
    ]);
    expect(findAmounts('Labour 2 1 234,56 12 500 0,50')).toEqual([]);
    // Not a quantity, a year, a one-decimal number, a date, a time or a phone number.
    expect(
      findAmounts('Qty 3 in 2025 for 1,5 h on 14.03.2025 at 10:30, call 021 123 4567', { bare: true }),
    ).toEqual([]);
    expect(findAmounts('R 100 R 2,50', { bare: true }).map((amount) => amount.value)).toEqual([
      '100.00',
      '2.50',
    ]);
  });

  it('keeps an amount with decimals before another number, but not one without', () => {
    expect(findAmounts('R1,50 2 items')).toEqual([{ value: '1.50', index: 0, length: 5, currency: true }]);
    expect(findAmounts('R100 2 items')).toEqual([]);
  });

  const amountArb = fc.record({
    rand: fc.oneof(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999_999_999_999 })),
    cents: fc.integer({ min: 0, max: 99 }),
  });
  const group = (digits: string, separator: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

  it('reads back any amount written in any form (property)', () => {
    fc.assert(
      fc.property(
        amountArb,
        fc.constantFrom('', ' ', ',', '.', '\u00a0', '\u202f'),
        fc.constantFrom(',', '.', null),
        fc.constantFrom('R', 'R ', 'ZAR ', 'R\u00a0'),
        ({ rand, cents }, separator, point, currency) => {
          const decimalPoint = point === separator ? null : point;
          const digits = group(String(rand), separator);
          const text = `${currency}${digits}${decimalPoint === null ? '' : `${decimalPoint}${String(cents).padStart(2, '0')}`}`;
          const expected = `${rand}.${decimalPoint === null ? '00' : String(cents).padStart(2, '0')}`;
          expect(parseRandAmount(text), text).toBe(expected);
          const line = `Total due: ${text} (incl. VAT)`;
          expect(findAmounts(line)).toEqual([
            { value: expected, index: 11, length: text.length, currency: true },
          ]);
        },
      ),
    );
  });

  it('whatever the line, every amount found reads back from its own text (property)', () => {
    const pieces = fc.constantFrom(
      'R',
      'ZAR',
      '1',
      '234',
      '12',
      '0',
      ' ',
      ',',
      '.',
      '\u00a0',
      '-',
      '/',
      'a',
      '50',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          anyCodePointString({ maxLength: 60 }),
          fc.array(pieces, { maxLength: 30 }).map((parts) => parts.join('')),
        ),
        fc.boolean(),
        (line, bare) => {
          for (const amount of findAmounts(line, { bare })) {
            expect(amount.value).toMatch(/^(0|[1-9][0-9]*)\.[0-9]{2}$/);
            const text = line.slice(amount.index, amount.index + amount.length);
            expect(findAmounts(text, { bare }).map((found) => found.value)).toEqual([amount.value]);
            if (amount.currency) expect(parseRandAmount(text)).toBe(amount.value);
          }
        },
      ),
    );
  });

  it('reads long adversarial lines in linear time (no catastrophic backtracking)', () => {
    const chunks = ['R1,', 'R ', '1 ', '123 ', '1,234', '.5', ',', 'ZAR', '0', 'R1 234,5'];
    fc.assert(
      fc.property(fc.constantFrom(...chunks), fc.constantFrom(...chunks), fc.boolean(), (a, b, bare) => {
        const line = `${a.repeat(5000)}${b.repeat(5000)}x`;
        for (const amount of findAmounts(line, { bare })) expect(amount.value).toMatch(/^[0-9]+\.[0-9]{2}$/);
      }),
      { numRuns: 20 },
    );
    expect(findAmounts('R 1 234,56 '.repeat(5000))).toHaveLength(5000);
  });
});
