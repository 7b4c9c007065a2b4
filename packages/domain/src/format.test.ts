import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatJohannesburgTimestamp,
  formatSize,
  formatSizeKb,
  formatTime,
  shortHash,
} from './format.js';

dayjs.extend(utc);

const MB = 1024 * 1024;

describe('formatSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [312, '312 bytes'],
    [1023, '1023 bytes'],
    [1024, '1.0 KB'],
    [1075, '1.0 KB'],
    [1076, '1.1 KB'],
    [12_595, '12.3 KB'],
    [MB - 1, '1024.0 KB'],
    [MB, '1.0 MB'],
    [2.5 * MB, '2.5 MB'],
    [50 * MB, '50.0 MB'],
    [10 * 1024 * MB, '10240.0 MB'],
  ])('%i bytes is %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });

  it('uses MB from 1 MB and KB from 1 KB, always with one decimal, and whole bytes below', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (bytes) => {
        const unit = bytes >= MB ? /^\d+\.\d MB$/ : bytes >= 1024 ? /^\d+\.\d KB$/ : /^\d+ bytes?$/;
        expect(formatSize(bytes)).toMatch(unit);
      }),
    );
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY, 1.5, 2 ** 53])('refuses %d bytes', (bytes) => {
    expect(() => formatSize(bytes)).toThrow(
      new RangeError(`A size must be a whole, non-negative number of bytes, not ${bytes}`),
    );
    expect(() => formatSizeKb(bytes)).toThrow(RangeError);
  });
});

describe('formatSizeKb', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1024, '1.0 KB'],
    [12_595, '12.3 KB'],
    [MB, '1024.0 KB'],
    [50 * MB, '51200.0 KB'],
  ])('%i bytes is %s', (bytes, text) => {
    expect(formatSizeKb(bytes)).toBe(text);
  });
});

describe('shortHash', () => {
  it('is the first 16 characters of the digest', () => {
    expect(shortHash('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')).toBe(
      'e3b0c44298fc1c14',
    );
  });

  it.each(['', 'e3b0c44298fc1c14', 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855'])(
    'refuses %j',
    (value) => {
      expect(() => shortHash(value)).toThrow(
        new RangeError(`Not a SHA-256 hex digest: ${JSON.stringify(value)}`),
      );
    },
  );
});

describe('formatDate', () => {
  it.each([
    ['2026-11-22', 'Nov 22, 2026'],
    ['2026-11-02', 'Nov 02, 2026'],
    ['2024-02-29', 'Feb 29, 2024'],
    ['0005-03-01', 'Mar 01, 0005'],
  ])('writes the date-only %s as that date: %s', (value, text) => {
    expect(formatDate(value)).toBe(text);
  });

  it('writes an instant as its date in Johannesburg', () => {
    expect(formatDate(new Date('2026-11-21T21:59:59Z'))).toBe('Nov 21, 2026');
    expect(formatDate(new Date('2026-11-21T22:00:00Z'))).toBe('Nov 22, 2026');
    expect(formatDate('2026-12-31T22:30:00Z')).toBe('Jan 01, 2027');
    expect(formatDate('2026-11-22T00:30:00+02:00')).toBe('Nov 22, 2026');
  });

  it("is English whatever dayjs's global locale", async () => {
    await import('dayjs/locale/af.js');
    const previous = dayjs.locale();
    dayjs.locale('af');
    try {
      expect(dayjs.utc('2026-10-22').format('MMM')).toBe('Okt');
      expect(formatDate('2026-10-22')).toBe('Oct 22, 2026');
      expect(formatDate(new Date('2026-10-22T08:00:00Z'))).toBe('Oct 22, 2026');
    } finally {
      dayjs.locale(previous);
    }
  });

  it("matches Intl's date in Johannesburg for every instant", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2100-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (instant) => {
          const expected = instant.toLocaleDateString('en-US', {
            timeZone: 'Africa/Johannesburg',
            month: 'short',
            day: '2-digit',
            year: 'numeric',
          });
          expect(formatDate(instant)).toBe(expected);
        },
      ),
    );
  });

  it.each(['2026-02-30', '22/11/2026', '2026-11-22T10:00:00', ''])('refuses %j', (value) => {
    expect(() => formatDate(value)).toThrow(RangeError);
  });

  it('refuses an invalid Date', () => {
    expect(() => formatDate(new Date(Number.NaN))).toThrow(new RangeError('Invalid Date'));
  });
});

describe('formatTime', () => {
  it('writes an instant as HH:mm in Johannesburg', () => {
    expect(formatTime(new Date('2026-11-22T07:05:00Z'))).toBe('09:05');
    expect(formatTime(new Date('2026-11-21T22:00:00Z'))).toBe('00:00');
    expect(formatTime('2026-11-22T21:59:59.999Z')).toBe('23:59');
    expect(formatTime('2026-11-22T13:15:00+02:00')).toBe('13:15');
  });

  it("matches Intl's 24-hour time in Johannesburg for every instant", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1904-01-01T00:00:00Z'),
          max: new Date('2100-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (instant) => {
          const expected = instant.toLocaleTimeString('en-GB', {
            timeZone: 'Africa/Johannesburg',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          });
          expect(formatTime(instant)).toBe(expected);
        },
      ),
    );
  });

  it('refuses a date-only string, which has no time of day, and invalid input', () => {
    expect(() => formatTime('2026-11-22')).toThrow(RangeError);
    expect(() => formatTime('2026-11-22T25:00:00Z')).toThrow(RangeError);
    expect(() => formatTime(new Date(Number.NaN))).toThrow(new RangeError('Invalid Date'));
  });
});

describe('formatJohannesburgTimestamp', () => {
  it('writes an instant in South African time with its offset, to the second', () => {
    expect(formatJohannesburgTimestamp(new Date('2026-11-23T12:05:09.987Z'))).toBe(
      '2026-11-23T14:05:09+02:00',
    );
    // Late in the UTC evening it is already the next day in Johannesburg.
    expect(formatJohannesburgTimestamp('2026-12-31T22:30:00Z')).toBe('2027-01-01T00:30:00+02:00');
  });

  it('refuses what is not an instant', () => {
    expect(() => formatJohannesburgTimestamp('2026-11-23')).toThrow(RangeError);
    expect(() => formatJohannesburgTimestamp(new Date(Number.NaN))).toThrow(RangeError);
  });
});
