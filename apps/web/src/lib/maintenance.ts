import {
  type DueBand,
  daysUntil,
  dueBandForDays,
  dueMessage,
  isUrgent,
  MAINTENANCE_FREQUENCIES,
  type MaintenanceFrequency,
  type ReminderPriority,
  TASK_PRIORITIES,
  type TaskPriority,
} from '@propertydna/domain';
import type { RouterOutputs } from './trpc';

/** A maintenance task as the API answers it (spec §3, with its property and its history). */
export type MaintenanceTask = RouterOutputs['maintenance']['list'][number];
export type MaintenanceCompletion = MaintenanceTask['history'][number];
/** A property's reminder as the Actions tab shows it (spec §3 Reminder). */
export type PropertyReminder = RouterOutputs['maintenance']['reminders'][number];

/** How the screens name each frequency (spec §3). */
export const FREQUENCY_LABELS: Record<MaintenanceFrequency, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  'bi-annually': 'Bi-annually',
  annually: 'Annually',
};

/** How far a completion moves the next due date on. */
export const FREQUENCY_INTERVALS: Record<MaintenanceFrequency, string> = {
  monthly: 'a month',
  quarterly: '3 months',
  'bi-annually': '6 months',
  annually: 'a year',
};

export const FREQUENCY_OPTIONS = MAINTENANCE_FREQUENCIES.map((value) => ({
  value,
  label: FREQUENCY_LABELS[value],
}));

/** How the screens name a priority (tasks and reminders share the four of spec §3). */
export const PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

/** Most urgent first, as a form offers them. */
export const PRIORITY_OPTIONS = [...TASK_PRIORITIES].reverse().map((value) => ({
  value,
  label: PRIORITY_LABELS[value],
}));

export const PRIORITY_COLORS: Record<ReminderPriority, string> = {
  critical: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'gray',
};

/** Spec §4: the due badges' colours. */
export const DUE_BAND_COLORS: Record<DueBand, string> = {
  Overdue: 'red',
  'Due Soon': 'orange',
  Upcoming: 'blue',
  Scheduled: 'gray',
};

/** What a task's card says of its due date on `today` (spec §4): the band, the days and whether in red. */
export interface TaskDue {
  band: DueBand;
  days: number;
  /** 'Due in 12 days', 'Due today', 'Overdue by 3 days'. */
  text: string;
  /** Spec §4: the days until due are red at 7 or fewer (overdue included). */
  urgent: boolean;
}

export function taskDue(nextDue: string, today: Date): TaskDue {
  const days = daysUntil(nextDue, today);
  return { band: dueBandForDays(days), days, text: dueMessage(days), urgent: isUrgent(nextDue, today) };
}

/**
 * An amount in rand as the screens show it: 'R 1 250.00' (a space between thousands, two decimals, a
 * point before the cents), whatever the browser's locale.
 */
export function formatRand(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`);
  const cents = Math.round(Math.abs(amount) * 100);
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${amount < 0 ? '-' : ''}R ${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * Reads an amount typed in rand ('1250', '1 250.50', '1250,50', 'R 80'): blank is null; anything else
 * that is not a number is answered as it was typed, for the schema to refuse with its message.
 */
export function parseRand(text: string): number | string | null {
  const compact = text.replace(/[\s\u00a0]/g, '').replace(/^R/i, '');
  if (compact === '') return null;
  const normalised = compact.replace(',', '.');
  return /^\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : text;
}
