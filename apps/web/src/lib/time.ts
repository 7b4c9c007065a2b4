import { formatDate, formatTime } from '@propertydna/domain';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';

dayjs.extend(relativeTime);

/** An instant as date and time in Johannesburg ('Nov 22, 2026 10:00'). */
export function formatDateTime(value: string | Date): string {
  return `${formatDate(value)} ${formatTime(value)}`;
}

/** How long ago an instant was, in words ('a few seconds ago', '3 hours ago'), in English. */
export function timeAgo(value: string | Date, now: Date = new Date()): string {
  const instant = dayjs(value);
  // A clock a little ahead of the reader's reads as just now, not 'in a few seconds'.
  return (instant.isAfter(now) ? dayjs(now) : instant).locale('en').from(now);
}
