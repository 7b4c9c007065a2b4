import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysInMonth, isDateOnly, parseDateOnly } from './due-band.js';
import {
  addMonths,
  FREQUENCY_MONTHS,
  frequencySchema,
  MAINTENANCE_FREQUENCIES,
  type MaintenanceFrequency,
  nextDueAfter,
} from './recurrence.js';

const dates = fc
  .date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9998-12-31T00:00:00Z'), noInvalidDate: true })
  .map((instant) => instant.toISOString().slice(0, 10));
const frequencies = fc.constantFrom(...MAINTENANCE_FREQUENCIES);

describe('maintenance frequencies', () => {
  it('are the four of spec §3, as a zod enum', () => {
    expect(MAINTENANCE_FREQUENCIES).toEqual(['monthly', 'quarterly', 'bi-annually', 'annually']);
    expect(frequencySchema.parse('bi-annually')).toBe('bi-annually');
    expect(frequencySchema.safeParse('weekly').success).toBe(false);
    expect(FREQUENCY_MONTHS).toEqual({ monthly: 1, quarterly: 3, 'bi-annually': 6, annually: 12 });
  });
});

describe('nextDueAfter', () => {
  it.each([
    ['2026-03-10', 'monthly', '2026-04-10'],
    ['2026-03-10', 'quarterly', '2026-06-10'],
    ['2026-03-10', 'bi-annually', '2026-09-10'],
    ['2026-03-10', 'annually', '2027-03-10'],
    ['2026-12-15', 'monthly', '2027-01-15'],
    ['2026-11-30', 'quarterly', '2027-02-28'],
    ['2026-01-31', 'monthly', '2026-02-28'],
    ['2024-01-31', 'monthly', '2024-02-29'],
    ['2026-03-31', 'monthly', '2026-04-30'],
    ['2025-08-31', 'bi-annually', '2026-02-28'],
    ['2023-08-31', 'bi-annually', '2024-02-29'],
    ['2024-02-29', 'annually', '2025-02-28'],
    ['2024-02-29', 'monthly', '2024-03-29'],
    ['1999-12-31', 'annually', '2000-12-31'],
    ['9999-11-30', 'monthly', '9999-12-30'],
  ] as const)('%s + %s is %s', (date, frequency, next) => {
    expect(nextDueAfter(date, frequency)).toBe(next);
  });

  it.each(['2026-02-30', '2026-13-01', '2026-3-1', '2026-03-10T00:00:00Z', ''])(
    'refuses the date %j',
    (date) => {
      expect(() => nextDueAfter(date, 'monthly')).toThrow(RangeError);
    },
  );

  it('refuses an unknown frequency', () => {
    expect(() => nextDueAfter('2026-03-10', 'weekly' as MaintenanceFrequency)).toThrow(
      new RangeError('Unknown maintenance frequency: "weekly"'),
    );
    expect(() => nextDueAfter('2026-03-10', 'toString' as MaintenanceFrequency)).toThrow(RangeError);
  });

  it('refuses a result past 9999-12-31', () => {
    expect(() => nextDueAfter('9999-12-01', 'monthly')).toThrow(
      new RangeError('Year 10000 cannot be written as YYYY'),
    );
  });

  it('is always a valid date strictly after the input', () => {
    fc.assert(
      fc.property(dates, frequencies, (date, frequency) => {
        const next = nextDueAfter(date, frequency);
        expect(isDateOnly(next)).toBe(true);
        expect(next > date).toBe(true);
      }),
    );
  });

  it('advances the month by exactly n, carrying into the year, and clamps the day to the month', () => {
    fc.assert(
      fc.property(dates, frequencies, (date, frequency) => {
        const from = parseDateOnly(date);
        const to = parseDateOnly(nextDueAfter(date, frequency));
        const n = FREQUENCY_MONTHS[frequency];
        expect(to.year * 12 + (to.month - 1)).toBe(from.year * 12 + (from.month - 1) + n);
        expect(to.month).toBe(((from.month - 1 + n) % 12) + 1);
        expect(to.day).toBe(Math.min(from.day, daysInMonth(to.year, to.month)));
      }),
    );
  });
});

describe('addMonths', () => {
  it('adds any whole number of months', () => {
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-01-31', 25)).toBe('2028-02-29');
    expect(addMonths('0000-02-29', 48)).toBe('0004-02-29');
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d months', (months) => {
    expect(() => addMonths('2026-01-31', months)).toThrow(
      new RangeError(`Months to add must be a positive integer, not ${months}`),
    );
  });
});
