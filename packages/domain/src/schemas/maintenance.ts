import { z } from 'zod';
import { TASK_PRIORITIES } from '../compliance.js';
import { MAINTENANCE_FREQUENCIES } from '../recurrence.js';
import { MAX_LENGTHS, optionalText, requiredIsoDate, requiredText } from './common.js';

/** Messages of the maintenance task form (the spec gives none). */
export const MAINTENANCE_MESSAGES = {
  titleRequired: 'Title is required',
  frequencyRequired: 'Choose how often the task recurs',
  priorityRequired: 'Choose a priority',
  nextDueRequired: 'Next due date is required',
} as const;

const MAX_TITLE = 200;

/**
 * A maintenance task (spec §2 Maintenance screen, §3 Maintenance task): title required, description
 * optional, frequency and priority from their lists, next_due 'YYYY-MM-DD', assigned_to a name or null
 * (blank becomes null, shown as Unassigned).
 */
export const maintenanceTaskSchema = z.object({
  title: requiredText(MAINTENANCE_MESSAGES.titleRequired, MAX_TITLE, 'Title'),
  description: optionalText(MAX_LENGTHS.description, 'Description'),
  frequency: z.enum(MAINTENANCE_FREQUENCIES, { error: MAINTENANCE_MESSAGES.frequencyRequired }),
  priority: z.enum(TASK_PRIORITIES, { error: MAINTENANCE_MESSAGES.priorityRequired }),
  next_due: requiredIsoDate(MAINTENANCE_MESSAGES.nextDueRequired),
  assigned_to: optionalText(MAX_LENGTHS.name, 'Assignee').transform((value) => value ?? null),
});
export type MaintenanceTaskInput = z.input<typeof maintenanceTaskSchema>;
export type MaintenanceTask = z.output<typeof maintenanceTaskSchema>;
