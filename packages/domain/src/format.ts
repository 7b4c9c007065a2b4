import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { dayNumberOf, parseDateOnly, parseTimestamp, timeZoneOffsetMs } from './due-band.js';
import { isSha256Hex } from './hash.js';

/**
 * Display formats (spec §5, §9). Every function throws a RangeError on input it cannot format
 * (negative or fractional byte counts, an invalid date, a malformed hash), so a bug surfaces in tests
 * instead of as a blank or misleading label.
 */

dayjs.extend(utc);

const DAY_MS = 24 * 60 * 60 * 1000;
const KB = 1024;
const MB = 1024 * 1024;

function assertByteCount(bytes: number): void {
  if (!Number.isSafeInteger(bytes) || bytes < 0) {
    throw new RangeError(`A size must be a whole, non-negative number of bytes, not ${bytes}`);
  }
}

/**
 * Spec §5: MB with one decimal at 1 MB (1024 × 1024 bytes) or more, otherwise KB (1024 bytes), also
 * with one decimal: 12_595 → '12.3 KB', 2_621_440 → '2.5 MB'. Under 1 KB, bytes (issue 32: a short text
 * file is '312 bytes', not '0.3 KB' or '0.0 KB'). The unit follows the byte count, not the rounded
 * figure, so 1_048_575 bytes is '1024.0 KB'. Rounding is Number#toFixed's.
 */
export function formatSize(bytes: number): string {
  assertByteCount(bytes);
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : formatSizeKb(bytes);
}

/**
 * Spec §5: the property detail shows every size in KB, with one decimal like formatSize ('51200.0 KB');
 * under 1 KB in bytes, as formatSize.
 */
export function formatSizeKb(bytes: number): string {
  assertByteCount(bytes);
  if (bytes < KB) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  return `${(bytes / KB).toFixed(1)} KB`;
}

/** Spec §5: the property detail shows a SHA-256 digest (64 lower-case hex characters) as its first 16. */
export function shortHash(sha256: string): string {
  if (!isSha256Hex(sha256)) throw new RangeError(`Not a SHA-256 hex digest: ${JSON.stringify(sha256)}`);
  return sha256.slice(0, 16);
}

/**
 * A dayjs in UTC showing the wall-clock time of `value` in Johannesburg: an instant (Date or ISO
 * timestamp with a zone) is shifted by the zone's offset from Intl (see due-band.ts), which avoids
 * dayjs's timezone plugin re-parsing a local-time string in the reader's own zone.
 */
function wallClock(value: Date | string): dayjs.Dayjs {
  const instant = typeof value === 'string' ? parseTimestamp(value) : value;
  return dayjs.utc(instant.getTime() + timeZoneOffsetMs(instant)).locale('en');
}

/**
 * Spec §9: a date as 'MMM DD, YYYY' ('Nov 22, 2026'; the spec's 'MMM dd, yyyy'), in English whatever
 * dayjs's global locale. A date-only 'YYYY-MM-DD' string is that date; a Date or an ISO timestamp
 * with a zone shows its date in Johannesburg.
 */
export function formatDate(value: Date | string): string {
  const day =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? dayjs.utc(dayNumberOf(parseDateOnly(value)) * DAY_MS).locale('en')
      : wallClock(value);
  return day.format('MMM DD, YYYY');
}

/**
 * Spec §9: a time of day as 'HH:mm' (24-hour) in Johannesburg, e.g. the policy check's last-checked
 * time. Only instants have a time of day: a date-only string throws a RangeError.
 */
export function formatTime(value: Date | string): string {
  return wallClock(value).format('HH:mm');
}

/**
 * An instant as ISO 8601 in Johannesburg's wall-clock time with its offset, to the second:
 * '2026-11-23T14:05:09+02:00' (audit trails, which a reader in South Africa checks against a clock).
 */
export function formatJohannesburgTimestamp(value: Date | string): string {
  const instant = typeof value === 'string' ? parseTimestamp(value) : value;
  const offsetMinutes = Math.round(timeZoneOffsetMs(instant) / 60_000);
  const wall = new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  // South Africa keeps UTC+2 all year (no daylight saving since 1944): the offset is never negative.
  const hours = String(Math.floor(offsetMinutes / 60)).padStart(2, '0');
  const minutes = String(offsetMinutes % 60).padStart(2, '0');
  return `${wall}+${hours}:${minutes}`;
}
