import { z } from 'zod';

/**
 * Due dates, due bands and overdue reminders (spec §4, §9), counted in South African time.
 *
 * South Africa keeps one zone, Africa/Johannesburg: UTC+2 with no daylight saving today (it had some
 * in 1942-1944, and other offsets before 1903). The offset is never hard-coded here: it is read from
 * the IANA time-zone data through Intl.DateTimeFormat at the instant in question, so a change in the
 * zone's rules arrives with the runtime's time-zone data.
 *
 * A due date is either a date-only string 'YYYY-MM-DD' (that calendar date, with no zone shift), an
 * ISO 8601 timestamp string with an explicit zone ('Z' or '±HH:MM'), or a Date (an instant, taken at
 * its Johannesburg calendar date). Anything else throws a RangeError, so a bad value surfaces as a bug
 * instead of as a wrong badge.
 */

/** The IANA zone every calendar date of the product is counted in. */
export const SA_TIME_ZONE = 'Africa/Johannesburg';

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
// Hours 00-23, minutes and seconds 00-59, an optional fraction, then a required zone.
const TIMESTAMP_PATTERN =
  /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** A calendar date; month is 1-12 and day 1-31. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Whether `year` is a leap year of the proleptic Gregorian calendar. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The number of days in `month` (1-12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Reads a date-only string 'YYYY-MM-DD' (years 0000-9999); throws a RangeError when it is not one or
 * names no real day (e.g. '2026-02-30').
 */
export function parseDateOnly(value: string): CalendarDate {
  const match = DATE_ONLY_PATTERN.exec(value);
  if (!match) throw new RangeError(`Not a date in the form YYYY-MM-DD: ${JSON.stringify(value)}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`No such calendar date: ${value}`);
  }
  return { year, month, day };
}

/** Whether `value` is a real calendar date written 'YYYY-MM-DD'. */
export function isDateOnly(value: string): boolean {
  try {
    parseDateOnly(value);
    return true;
  } catch {
    return false;
  }
}

/** Writes a calendar date as 'YYYY-MM-DD'; throws a RangeError for years outside 0000-9999. */
export function formatDateOnly({ year, month, day }: CalendarDate): string {
  if (!Number.isInteger(year) || year < 0 || year > 9999) {
    throw new RangeError(`Year ${year} cannot be written as YYYY`);
  }
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/**
 * Days since 1970-01-01 of a calendar date, for any year (H. Hinnant's days_from_civil), so date
 * arithmetic never goes through Date.UTC (which maps years 0-99 to 1900-1999).
 */
export function dayNumberOf({ year, month, day }: CalendarDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/**
 * Reads an ISO 8601 timestamp with an explicit zone, e.g. '2026-03-10T08:00:00Z' or
 * '2026-03-10T10:00:00.000+02:00' (1-9 fraction digits; precision past milliseconds is dropped).
 * A timestamp without a zone would mean the reader's local time, so it is refused with a RangeError,
 * as is any impossible date or time (month 13, Feb 30, 24:00, a leap second).
 */
export function parseTimestamp(value: string): Date {
  if (!TIMESTAMP_PATTERN.test(value)) {
    throw new RangeError(`Not an ISO 8601 timestamp with a time zone: ${JSON.stringify(value)}`);
  }
  parseDateOnly(value.slice(0, 10));
  // ECMAScript only promises to read exactly 3 fraction digits.
  return new Date(
    Date.parse(value.replace(/\.(\d+)/, (_, digits: string) => `.${digits.slice(0, 3).padEnd(3, '0')}`)),
  );
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The UTC offset of `timeZone` at `instant`, in milliseconds (east positive), from the IANA data via
 * Intl's 'longOffset' zone name ('GMT+02:00'; 'GMT' or 'GMT+00:00' at zero; 'GMT-00:44:30' for offsets
 * with seconds).
 */
export function timeZoneOffsetMs(instant: Date, timeZone: string = SA_TIME_ZONE): number {
  assertValidDate(instant);
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const text = format.format(instant);
  const offset = text.slice(text.lastIndexOf('GMT') + 3);
  if (!/^(?:[+-]\d{2}:\d{2}(?::\d{2})?)?$/.test(offset)) {
    throw new RangeError(`Unexpected time-zone offset from Intl: ${JSON.stringify(text)}`);
  }
  const sign = offset.startsWith('-') ? -1 : 1;
  // Plain 'GMT' leaves '', which splits into [''] and counts as 0 hours.
  const seconds = offset
    .slice(1)
    .split(':')
    .reduce((sum, field, i) => sum + Number(field) * 60 ** (2 - i), 0);
  return sign * seconds * 1000;
}

/**
 * The Johannesburg calendar day of a due date or an instant, as days since 1970-01-01: a date-only
 * string counts as that date; a timestamp string or a Date as its calendar date in Johannesburg.
 */
export function johannesburgDayNumber(value: string | Date): number {
  if (typeof value === 'string') {
    if (DATE_ONLY_PATTERN.test(value)) return dayNumberOf(parseDateOnly(value));
    return johannesburgDayNumber(parseTimestamp(value));
  }
  return Math.floor((value.getTime() + timeZoneOffsetMs(value)) / DAY_MS);
}

/** The calendar date `dayNumber` days after 1970-01-01 (H. Hinnant's civil_from_days; the inverse of dayNumberOf). */
export function calendarDateOf(dayNumber: number): CalendarDate {
  if (!Number.isSafeInteger(dayNumber)) throw new RangeError(`Not a whole day number: ${dayNumber}`);
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** The calendar date it is in Johannesburg at `instant` (a registration year, an issue date). */
export function johannesburgDate(instant: Date): CalendarDate {
  return calendarDateOf(johannesburgDayNumber(instant));
}

/** Today's date in Johannesburg at `now`, as 'YYYY-MM-DD'. */
export function johannesburgToday(now: Date): string {
  return formatDateOnly(johannesburgDate(now));
}

/**
 * The instant a Johannesburg calendar date 'YYYY-MM-DD' begins (its midnight in South Africa, 22:00
 * UTC the day before): what a date-only expiry means as a timestamp. The offset is the zone's at that
 * midnight, from the IANA data like everywhere in this module.
 */
export function startOfJohannesburgDay(date: string): Date {
  const midnightUtc = dayNumberOf(parseDateOnly(date)) * DAY_MS;
  // The offset at UTC midnight, then at the guess: right even on a day the zone's offset changes.
  const guess = midnightUtc - timeZoneOffsetMs(new Date(midnightUtc));
  return new Date(midnightUtc - timeZoneOffsetMs(new Date(guess)));
}

/**
 * Calendar days from `today`'s Johannesburg date to the due date (spec §4): 0 on the day itself,
 * negative once it has passed. The count flips at midnight South African time (22:00 UTC), not at
 * midnight UTC or midnight in the reader's zone.
 */
export function daysUntil(due: string | Date, today: Date): number {
  return johannesburgDayNumber(due) - johannesburgDayNumber(today);
}

/** Spec §4, §9: the maintenance due badges. */
export const DUE_BANDS = ['Overdue', 'Due Soon', 'Upcoming', 'Scheduled'] as const;
export type DueBand = (typeof DUE_BANDS)[number];
export const dueBandSchema = z.enum(DUE_BANDS);

/** Spec §9: the band limits, in days. */
export const DUE_SOON_DAYS = 7;
export const UPCOMING_DAYS = 30;

/** Spec §4: below 0 Overdue; 7 or fewer Due Soon; 30 or fewer Upcoming; otherwise Scheduled. */
export function dueBandForDays(days: number): DueBand {
  if (Number.isNaN(days)) throw new RangeError('Days until due is NaN');
  if (days < 0) return 'Overdue';
  if (days <= DUE_SOON_DAYS) return 'Due Soon';
  if (days <= UPCOMING_DAYS) return 'Upcoming';
  return 'Scheduled';
}

/** The due badge of a maintenance task's next_due on `today` (spec §4). */
export function dueBand(nextDue: string | Date, today: Date): DueBand {
  return dueBandForDays(daysUntil(nextDue, today));
}

/** Spec §4: the days until due are shown in red when 7 or fewer (overdue included). */
export function isUrgent(nextDue: string | Date, today: Date): boolean {
  return daysUntil(nextDue, today) <= DUE_SOON_DAYS;
}

/**
 * Spec §4: a reminder is overdue once its due date is in the past. A date-only due date is past once
 * Johannesburg's calendar date is after it (it is not overdue on the day itself); a timestamp or Date
 * is past once `now` is later than it.
 */
export function isReminderOverdue(dueDate: string | Date, now: Date): boolean {
  if (typeof dueDate === 'string' && DATE_ONLY_PATTERN.test(dueDate)) return daysUntil(dueDate, now) < 0;
  const due = typeof dueDate === 'string' ? parseTimestamp(dueDate) : dueDate;
  assertValidDate(due);
  assertValidDate(now);
  return now.getTime() > due.getTime();
}

function assertValidDate(value: Date): void {
  if (Number.isNaN(value.getTime())) throw new RangeError('Invalid Date');
}
