import { z } from 'zod';
import { REMINDER_PRIORITIES, REMINDER_TYPES } from '../compliance.js';
import { MAX_LENGTHS, optionalText, requiredIsoDate, requiredText } from './common.js';

/** Messages of the reminder form (the spec gives none). */
export const REMINDER_MESSAGES = {
  titleRequired: 'Title is required',
  dueDateRequired: 'Due date is required',
  priorityRequired: 'Choose a priority',
  typeRequired: 'Choose a reminder type',
} as const;

const MAX_TITLE = 200;

/**
 * A reminder, as Add Custom Reminder creates it (spec §2 Actions tab, §3 Reminder): title required,
 * message optional, due_date 'YYYY-MM-DD', priority and type from their lists.
 */
export const reminderSchema = z.object({
  title: requiredText(REMINDER_MESSAGES.titleRequired, MAX_TITLE, 'Title'),
  message: optionalText(MAX_LENGTHS.description, 'Message'),
  due_date: requiredIsoDate(REMINDER_MESSAGES.dueDateRequired),
  priority: z.enum(REMINDER_PRIORITIES, { error: REMINDER_MESSAGES.priorityRequired }),
  type: z.enum(REMINDER_TYPES, { error: REMINDER_MESSAGES.typeRequired }),
});
export type ReminderInput = z.input<typeof reminderSchema>;
export type Reminder = z.output<typeof reminderSchema>;
