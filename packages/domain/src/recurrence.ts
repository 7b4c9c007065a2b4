import { z } from 'zod';
import { daysInMonth, formatDateOnly, parseDateOnly } from './due-band.js';

/** Spec §3: how often a maintenance task recurs. */
export const MAINTENANCE_FREQUENCIES = ['monthly', 'quarterly', 'bi-annually', 'annually'] as const;
export type MaintenanceFrequency = (typeof MAINTENANCE_FREQUENCIES)[number];
export const frequencySchema = z.enum(MAINTENANCE_FREQUENCIES);

/** Months between two occurrences of each frequency ('bi-annually' is twice a year). */
export const FREQUENCY_MONTHS = {
  monthly: 1,
  quarterly: 3,
  'bi-annually': 6,
  annually: 12,
} as const satisfies Record<MaintenanceFrequency, number>;

/**
 * Adds whole `months` (≥ 1) to a date-only string 'YYYY-MM-DD', keeping the day of the month where the
 * target month has it and otherwise taking that month's last day: Jan 31 + 1 month is Feb 28 (Feb 29
 * in a leap year); Feb 29 + 12 months is Feb 28. Pure calendar arithmetic: no time zone is involved.
 * Throws a RangeError for an invalid date, a month count that is not a positive integer, or a result
 * past 9999-12-31.
 */
export function addMonths(date: string, months: number): string {
  const { year, month, day } = parseDateOnly(date);
  if (!Number.isSafeInteger(months) || months < 1) {
    throw new RangeError(`Months to add must be a positive integer, not ${months}`);
  }
  const monthIndex = month - 1 + months;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = (monthIndex % 12) + 1;
  return formatDateOnly({
    year: targetYear,
    month: targetMonth,
    day: Math.min(day, daysInMonth(targetYear, targetMonth)),
  });
}

/**
 * The next due date of a maintenance task done (or due) on `date` ('YYYY-MM-DD'): 1, 3, 6 or 12
 * months later, month-end safe (see addMonths). Throws a RangeError for an invalid date or frequency.
 */
export function nextDueAfter(date: string, frequency: MaintenanceFrequency): string {
  if (!Object.hasOwn(FREQUENCY_MONTHS, frequency)) {
    throw new RangeError(`Unknown maintenance frequency: ${JSON.stringify(frequency)}`);
  }
  return addMonths(date, FREQUENCY_MONTHS[frequency]);
}
