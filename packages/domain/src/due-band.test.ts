import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  calendarDateOf,
  DUE_BANDS,
  DUE_SOON_DAYS,
  dayNumberOf,
  daysInMonth,
  daysUntil,
  dueBand,
  dueBandForDays,
  dueBandSchema,
  formatDateOnly,
  isDateOnly,
  isLeapYear,
  isReminderOverdue,
  isUrgent,
  johannesburgDate,
  johannesburgDayNumber,
  johannesburgToday,
  parseDateOnly,
  parseTimestamp,
  SA_TIME_ZONE,
  startOfJohannesburgDay,
  timeZoneOffsetMs,
  UPCOMING_DAYS,
} from './due-band.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** An oracle independent of the module: Intl's own calendar date in Johannesburg. */
function johannesburgDateOf(instant: Date): string {
  return instant.toLocaleDateString('en-CA', { timeZone: 'Africa/Johannesburg' });
}

/** Dates from 1900 to 2100, where Date.UTC and toLocaleDateString are safe oracles. */
const instants = fc.date({
  min: new Date('1900-01-01T00:00:00Z'),
  max: new Date('2100-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const dateOnlyStrings = instants.map((instant) => instant.toISOString().slice(0, 10));

describe('calendar helpers', () => {
  it('zone is Africa/Johannesburg', () => {
    expect(SA_TIME_ZONE).toBe('Africa/Johannesburg');
  });

  it.each([
    [2024, true],
    [2026, false],
    [1900, false],
    [2000, true],
  ])('isLeapYear(%i) is %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });

  it.each([
    [2024, 2, 29],
    [2025, 2, 28],
    [2026, 4, 30],
    [2026, 11, 30],
    [2026, 1, 31],
    [2026, 12, 31],
  ])('daysInMonth(%i, %i) is %i', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it('parses a date-only string', () => {
    expect(parseDateOnly('2026-03-10')).toEqual({ year: 2026, month: 3, day: 10 });
    expect(parseDateOnly('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDateOnly('0000-01-01')).toEqual({ year: 0, month: 1, day: 1 });
    expect(isDateOnly('2026-12-31')).toBe(true);
  });

  it.each(['', '2026-3-10', '26-03-10', '2026-03-10T00:00:00Z', ' 2026-03-10', '2026/03/10'])(
    'rejects the form of %j',
    (value) => {
      expect(() => parseDateOnly(value)).toThrow(
        new RangeError(`Not a date in the form YYYY-MM-DD: "${value}"`),
      );
      expect(isDateOnly(value)).toBe(false);
    },
  );

  it.each(['2026-00-10', '2026-13-01', '2026-01-00', '2026-01-32', '2025-02-29', '2026-04-31'])(
    'rejects the impossible date %s',
    (value) => {
      expect(() => parseDateOnly(value)).toThrow(new RangeError(`No such calendar date: ${value}`));
      expect(isDateOnly(value)).toBe(false);
    },
  );

  it('writes a calendar date as YYYY-MM-DD', () => {
    expect(formatDateOnly({ year: 7, month: 3, day: 1 })).toBe('0007-03-01');
    expect(formatDateOnly({ year: 2026, month: 11, day: 22 })).toBe('2026-11-22');
  });

  it.each([-1, 10000, 2026.5])('refuses to write year %d', (year) => {
    expect(() => formatDateOnly({ year, month: 1, day: 1 })).toThrow(RangeError);
  });

  it('numbers days from 1970-01-01', () => {
    expect(dayNumberOf({ year: 1970, month: 1, day: 1 })).toBe(0);
    expect(dayNumberOf({ year: 1969, month: 12, day: 31 })).toBe(-1);
    expect(dayNumberOf({ year: 2000, month: 3, day: 1 })).toBe(11017);
    expect(dayNumberOf({ year: 0, month: 1, day: 1 })).toBe(-719528);
  });

  it('numbers days like Date.UTC for every date of years 100-9999', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0100-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (instant) => {
          const date = parseDateOnly(instant.toISOString().slice(0, 10));
          expect(dayNumberOf(date)).toBe(Math.floor(instant.getTime() / DAY_MS));
          expect(formatDateOnly(date)).toBe(instant.toISOString().slice(0, 10));
        },
      ),
    );
  });
});

describe('parseTimestamp', () => {
  it.each([
    ['2026-03-10T08:00Z', '2026-03-10T08:00:00.000Z'],
    ['2026-03-10T08:00:00Z', '2026-03-10T08:00:00.000Z'],
    ['2026-03-10T10:00:00+02:00', '2026-03-10T08:00:00.000Z'],
    ['2026-03-10T00:30:00-05:30', '2026-03-10T06:00:00.000Z'],
    ['2026-03-10T08:00:00.5Z', '2026-03-10T08:00:00.500Z'],
    ['2026-03-10T08:00:00.123Z', '2026-03-10T08:00:00.123Z'],
    ['2026-03-10T08:00:00.123456789Z', '2026-03-10T08:00:00.123Z'],
    ['2024-02-29T23:59:59.999+02:00', '2024-02-29T21:59:59.999Z'],
  ])('reads %s', (value, iso) => {
    expect(parseTimestamp(value).toISOString()).toBe(iso);
  });

  it.each([
    '2026-03-10T08:00:00',
    '2026-03-10 08:00:00Z',
    '2026-03-10T24:00:00Z',
    '2026-03-10T08:60:00Z',
    '2026-03-10T08:00:60Z',
    '2026-03-10T08:00:00+0200',
    '2026-03-10T08:00:00+24:00',
    '2026-03-10T08:00:00.Z',
    '2026-03-10T08:00:00.1234567890Z',
    '2026-03-10t08:00:00z',
    '2026-03-10',
    'yesterday',
  ])('refuses %j', (value) => {
    expect(() => parseTimestamp(value)).toThrow(
      new RangeError(`Not an ISO 8601 timestamp with a time zone: ${JSON.stringify(value)}`),
    );
  });

  it.each(['2026-02-30T08:00:00Z', '2026-13-01T08:00:00Z'])('refuses the impossible date of %s', (value) => {
    expect(() => parseTimestamp(value)).toThrow(RangeError);
  });
});

describe('timeZoneOffsetMs', () => {
  // Intl.DateTimeFormat#format is a getter returning a bound function; TypeScript types it as a method.
  const formatPrototype = Intl.DateTimeFormat.prototype as unknown as { format: unknown };

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is UTC+2 in Johannesburg today, read from the zone data', () => {
    expect(timeZoneOffsetMs(new Date('2026-03-10T12:00:00Z'))).toBe(2 * HOUR_MS);
    expect(timeZoneOffsetMs(new Date('2026-07-10T12:00:00Z'), SA_TIME_ZONE)).toBe(2 * HOUR_MS);
  });

  it("follows the zone's history: daylight saving in 1943, +1:30 until 1903, local mean time before", () => {
    expect(timeZoneOffsetMs(new Date('1943-01-15T12:00:00Z'))).toBe(3 * HOUR_MS);
    expect(timeZoneOffsetMs(new Date('1900-01-01T12:00:00Z'))).toBe(1.5 * HOUR_MS);
    expect(timeZoneOffsetMs(new Date('1880-01-01T12:00:00Z'))).toBe((60 + 52) * 60 * 1000);
  });

  it('reads zero, negative and seconds offsets', () => {
    expect(timeZoneOffsetMs(new Date('2026-03-10T12:00:00Z'), 'UTC')).toBe(0);
    expect(timeZoneOffsetMs(new Date('2026-01-10T12:00:00Z'), 'America/St_Johns')).toBe(-3.5 * HOUR_MS);
    expect(timeZoneOffsetMs(new Date('1960-01-01T12:00:00Z'), 'Africa/Monrovia')).toBe(
      -(44 * 60 + 30) * 1000,
    );
  });

  it("reads Intl's plain 'GMT' as zero", () => {
    vi.spyOn(formatPrototype, 'format', 'get').mockReturnValue(() => '3/10/2026, GMT');
    expect(timeZoneOffsetMs(new Date('2026-03-10T12:00:00Z'))).toBe(0);
  });

  it('throws when Intl writes an offset it cannot read', () => {
    vi.spyOn(formatPrototype, 'format', 'get').mockReturnValue(() => '3/10/2026, SAST');
    expect(() => timeZoneOffsetMs(new Date('2026-03-10T12:00:00Z'))).toThrow(
      new RangeError('Unexpected time-zone offset from Intl: "3/10/2026, SAST"'),
    );
  });

  it('throws for an invalid Date or zone', () => {
    expect(() => timeZoneOffsetMs(new Date(Number.NaN))).toThrow(new RangeError('Invalid Date'));
    expect(() => timeZoneOffsetMs(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('johannesburgDayNumber', () => {
  it('counts a date-only string as that date, and instants at their Johannesburg date', () => {
    const march10 = dayNumberOf({ year: 2026, month: 3, day: 10 });
    expect(johannesburgDayNumber('2026-03-10')).toBe(march10);
    expect(johannesburgDayNumber('2026-03-09T22:00:00Z')).toBe(march10);
    expect(johannesburgDayNumber('2026-03-09T21:59:59Z')).toBe(march10 - 1);
    expect(johannesburgDayNumber(new Date('2026-03-10T21:59:59.999Z'))).toBe(march10);
    expect(johannesburgDayNumber(new Date('2026-03-10T22:00:00Z'))).toBe(march10 + 1);
  });

  it('agrees with Intl for every instant', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        expect(johannesburgDayNumber(instant)).toBe(johannesburgDayNumber(johannesburgDateOf(instant)));
      }),
    );
  });
});

describe('calendarDateOf', () => {
  it('is the inverse of dayNumberOf, before 1970, around leap days and far out', () => {
    for (const date of [
      { year: 1970, month: 1, day: 1 },
      { year: 1969, month: 12, day: 31 },
      { year: 2024, month: 2, day: 29 },
      { year: 2000, month: 3, day: 1 },
      { year: 1900, month: 2, day: 28 },
      { year: 0, month: 1, day: 1 },
      { year: 9999, month: 12, day: 31 },
    ]) {
      expect(calendarDateOf(dayNumberOf(date))).toEqual(date);
    }
    fc.assert(
      fc.property(fc.integer({ min: -800_000, max: 3_000_000 }), (n) => {
        expect(dayNumberOf(calendarDateOf(n))).toBe(n);
      }),
    );
  });

  it('throws for a day number that is not a whole number', () => {
    expect(() => calendarDateOf(1.5)).toThrow(RangeError);
    expect(() => calendarDateOf(Number.NaN)).toThrow(RangeError);
  });
});

describe('johannesburgDate and johannesburgToday', () => {
  it('are the date in Johannesburg, which turns at 22:00 UTC', () => {
    expect(johannesburgDate(new Date('2026-12-31T21:59:59.999Z'))).toEqual({
      year: 2026,
      month: 12,
      day: 31,
    });
    expect(johannesburgDate(new Date('2026-12-31T22:00:00Z'))).toEqual({ year: 2027, month: 1, day: 1 });
    expect(johannesburgToday(new Date('2026-03-09T22:30:00Z'))).toBe('2026-03-10');
    expect(johannesburgToday(new Date('2026-03-10T21:59:00Z'))).toBe('2026-03-10');
  });

  it('agree with Intl for every instant', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        expect(johannesburgToday(instant)).toBe(johannesburgDateOf(instant));
      }),
    );
  });
});

describe('startOfJohannesburgDay', () => {
  it("is that date's midnight in South Africa (22:00 UTC the day before)", () => {
    expect(startOfJohannesburgDay('2027-03-31').toISOString()).toBe('2027-03-30T22:00:00.000Z');
    expect(startOfJohannesburgDay('2028-01-01').toISOString()).toBe('2027-12-31T22:00:00.000Z');
    expect(startOfJohannesburgDay('2024-02-29').toISOString()).toBe('2024-02-28T22:00:00.000Z');
  });

  it('is the first instant of that Johannesburg date, for every date', () => {
    fc.assert(
      fc.property(dateOnlyStrings, (date) => {
        const start = startOfJohannesburgDay(date);
        expect(johannesburgToday(start)).toBe(date);
        expect(johannesburgToday(new Date(start.getTime() - 1))).not.toBe(date);
      }),
    );
  });

  it('throws for anything but a real date', () => {
    expect(() => startOfJohannesburgDay('2026-02-30')).toThrow(RangeError);
    expect(() => startOfJohannesburgDay('2026-03-10T00:00:00Z')).toThrow(RangeError);
  });
});

describe('daysUntil', () => {
  it('flips at midnight in Johannesburg (22:00 UTC), not at midnight UTC', () => {
    expect(daysUntil('2026-03-10', new Date('2026-03-09T21:59:59Z'))).toBe(1);
    expect(daysUntil('2026-03-10', new Date('2026-03-09T22:00:00Z'))).toBe(0);
    expect(daysUntil('2026-03-10', new Date('2026-03-10T21:59:59.999Z'))).toBe(0);
    expect(daysUntil('2026-03-10', new Date('2026-03-10T22:00:00Z'))).toBe(-1);
    // Midnight UTC is already 02:00 in Johannesburg: still the same day there.
    expect(daysUntil('2026-03-10', new Date('2026-03-10T00:00:00Z'))).toBe(0);
  });

  it('takes a Date or timestamp due date at its Johannesburg calendar date', () => {
    const today = new Date('2026-03-09T10:00:00Z');
    expect(daysUntil(new Date('2026-03-09T21:59:59Z'), today)).toBe(0);
    expect(daysUntil(new Date('2026-03-09T22:00:00Z'), today)).toBe(1);
    expect(daysUntil('2026-03-09T22:00:00Z', today)).toBe(1);
    expect(daysUntil('2026-03-10T00:00:00+02:00', today)).toBe(1);
    expect(daysUntil('2026-03-09T23:59:00+02:00', today)).toBe(0);
  });

  it('counts across month, year and leap-day boundaries', () => {
    expect(daysUntil('2024-03-01', new Date('2024-02-28T10:00:00Z'))).toBe(2);
    expect(daysUntil('2027-01-01', new Date('2026-12-31T10:00:00Z'))).toBe(1);
    expect(daysUntil('2025-03-10', new Date('2026-03-10T10:00:00Z'))).toBe(-365);
  });

  it('throws for an invalid due date or today', () => {
    expect(() => daysUntil('2026-02-30', new Date())).toThrow(RangeError);
    expect(() => daysUntil('soon', new Date())).toThrow(RangeError);
    expect(() => daysUntil(new Date('nope'), new Date())).toThrow(RangeError);
    expect(() => daysUntil('2026-03-10', new Date(Number.NaN))).toThrow(RangeError);
  });

  it("for a date-only due date is the difference between it and today's Johannesburg date", () => {
    fc.assert(
      fc.property(dateOnlyStrings, instants, (due, today) => {
        const expected = (Date.parse(due) - Date.parse(johannesburgDateOf(today))) / DAY_MS;
        expect(daysUntil(due, today)).toBe(expected);
      }),
    );
  });

  it('is the same for every instant of one Johannesburg day (UTC+2 since 1944)', () => {
    const daysSince1944 = fc
      .date({
        min: new Date('1944-06-01T00:00:00Z'),
        max: new Date('2100-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((instant) => instant.toISOString().slice(0, 10));
    fc.assert(
      fc.property(dateOnlyStrings, daysSince1944, fc.integer({ min: 0, max: DAY_MS - 1 }), (due, day, ms) => {
        const midnight = Date.parse(`${day}T00:00:00+02:00`);
        expect(daysUntil(due, new Date(midnight + ms))).toBe(daysUntil(due, new Date(midnight)));
      }),
    );
  });
});

describe('due bands', () => {
  it('are the four badges of spec §4 with limits 7 and 30', () => {
    expect(DUE_BANDS).toEqual(['Overdue', 'Due Soon', 'Upcoming', 'Scheduled']);
    expect(dueBandSchema.parse('Due Soon')).toBe('Due Soon');
    expect(dueBandSchema.safeParse('Soon').success).toBe(false);
    expect([DUE_SOON_DAYS, UPCOMING_DAYS]).toEqual([7, 30]);
  });

  it.each([
    [Number.NEGATIVE_INFINITY, 'Overdue'],
    [-1, 'Overdue'],
    [0, 'Due Soon'],
    [7, 'Due Soon'],
    [8, 'Upcoming'],
    [30, 'Upcoming'],
    [31, 'Scheduled'],
    [Number.POSITIVE_INFINITY, 'Scheduled'],
  ] as const)('%d days is %s', (days, band) => {
    expect(dueBandForDays(days)).toBe(band);
  });

  it('refuses NaN days', () => {
    expect(() => dueBandForDays(Number.NaN)).toThrow(new RangeError('Days until due is NaN'));
  });

  it.each([
    ['2026-03-09', 'Overdue', true],
    ['2026-03-10', 'Due Soon', true],
    ['2026-03-17', 'Due Soon', true],
    ['2026-03-18', 'Upcoming', false],
    ['2026-04-09', 'Upcoming', false],
    ['2026-04-10', 'Scheduled', false],
  ] as const)('due %s on 2026-03-10 is %s (urgent: %s)', (due, band, urgent) => {
    const today = new Date('2026-03-10T09:00:00+02:00');
    expect(dueBand(due, today)).toBe(band);
    expect(isUrgent(due, today)).toBe(urgent);
  });

  it('does not flip at the wrong hour', () => {
    expect(dueBand('2026-03-10', new Date('2026-03-10T21:59:59Z'))).toBe('Due Soon');
    expect(dueBand('2026-03-10', new Date('2026-03-10T22:00:00Z'))).toBe('Overdue');
    expect(dueBand('2026-03-18', new Date('2026-03-10T21:59:59Z'))).toBe('Upcoming');
    expect(dueBand('2026-03-18', new Date('2026-03-10T22:00:00Z'))).toBe('Due Soon');
  });

  it('is monotone in the days until due', () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), fc.integer({ min: -400, max: 400 }), (a, b) => {
        const [fewer, more] = a <= b ? [a, b] : [b, a];
        expect(DUE_BANDS.indexOf(dueBandForDays(fewer))).toBeLessThanOrEqual(
          DUE_BANDS.indexOf(dueBandForDays(more)),
        );
      }),
    );
  });

  it('is the band of daysUntil, and urgent exactly when 7 days or fewer', () => {
    fc.assert(
      fc.property(dateOnlyStrings, instants, (due, today) => {
        const days = daysUntil(due, today);
        expect(dueBand(due, today)).toBe(dueBandForDays(days));
        expect(isUrgent(due, today)).toBe(days <= 7);
      }),
    );
  });
});

describe('isReminderOverdue', () => {
  it('is overdue for a date-only due date once that date has passed in Johannesburg', () => {
    expect(isReminderOverdue('2026-03-10', new Date('2026-03-09T22:00:00Z'))).toBe(false);
    expect(isReminderOverdue('2026-03-10', new Date('2026-03-10T21:59:59Z'))).toBe(false);
    expect(isReminderOverdue('2026-03-10', new Date('2026-03-10T22:00:00Z'))).toBe(true);
  });

  it('is overdue for a timestamp or Date once now is later', () => {
    const due = '2026-03-10T08:00:00Z';
    expect(isReminderOverdue(due, new Date('2026-03-10T08:00:00Z'))).toBe(false);
    expect(isReminderOverdue(due, new Date('2026-03-10T08:00:00.001Z'))).toBe(true);
    expect(isReminderOverdue(new Date(due), new Date('2026-03-10T07:59:59Z'))).toBe(false);
    expect(isReminderOverdue(new Date(due), new Date('2026-03-10T09:00:00Z'))).toBe(true);
  });

  it('throws for invalid input', () => {
    expect(() => isReminderOverdue('2026-02-30', new Date())).toThrow(RangeError);
    expect(() => isReminderOverdue('2026-03-10T08:00:00', new Date())).toThrow(RangeError);
    expect(() => isReminderOverdue(new Date(Number.NaN), new Date())).toThrow(new RangeError('Invalid Date'));
    expect(() => isReminderOverdue(new Date(), new Date(Number.NaN))).toThrow(new RangeError('Invalid Date'));
  });

  it('for a date-only due date agrees with daysUntil < 0', () => {
    fc.assert(
      fc.property(dateOnlyStrings, instants, (due, now) => {
        expect(isReminderOverdue(due, now)).toBe(daysUntil(due, now) < 0);
      }),
    );
  });
});
