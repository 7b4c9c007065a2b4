import { z } from 'zod';
import { TASK_PRIORITIES } from '../compliance.js';
import { MAINTENANCE_FREQUENCIES } from '../recurrence.js';
import {
  clearableText,
  MAX_LENGTHS,
  noControlCharacters,
  optionalIsoDateSchema,
  optionalText,
  requiredIsoDate,
  requiredText,
} from './common.js';

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

/** POST /api/maintenance: a task of one of the owner's properties. */
export const createMaintenanceTaskSchema = maintenanceTaskSchema.extend({
  propertyId: z
    .string({ error: 'Choose a property' })
    .trim()
    .check(noControlCharacters('Property'))
    .min(1, 'Choose a property'),
});
export type CreateMaintenanceTaskInput = z.input<typeof createMaintenanceTaskSchema>;

/** PATCH /api/maintenance/{id}: any of the task's fields; absent keeps one; at least one. */
export const updateMaintenanceTaskSchema = maintenanceTaskSchema
  .partial()
  .extend({
    // Blank or null clears these; absent keeps them.
    description: clearableText(MAX_LENGTHS.description, 'Description'),
    assigned_to: clearableText(MAX_LENGTHS.name, 'Assignee'),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), 'Nothing to update');
export type UpdateMaintenanceTask = z.output<typeof updateMaintenanceTaskSchema>;

/** The most a completion may cost, in rand (a typo guard, not a policy). */
export const MAX_COMPLETION_COST = 10_000_000;

/**
 * POST /api/maintenance/{id}/complete: when it was done (default today), notes, what it cost in rand
 * (up to two decimals), who did it, and a document of the vault as evidence.
 */
export const completeMaintenanceTaskSchema = z.object({
  completed_on: optionalIsoDateSchema,
  notes: optionalText(MAX_LENGTHS.description, 'Notes').transform((value) => value ?? null),
  cost: z
    .number({ error: 'Cost must be an amount in rand' })
    .min(0, 'Cost cannot be negative')
    .max(MAX_COMPLETION_COST, 'Cost can be at most R10 000 000')
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      'Cost has at most two decimals (cents)',
    )
    .nullish()
    .transform((value) => value ?? null),
  completed_by: optionalText(MAX_LENGTHS.name, 'Done by').transform((value) => value ?? null),
  document_id: z
    .string({ error: 'Invalid document id' })
    .trim()
    .check(noControlCharacters('Document'))
    .min(1, 'Invalid document id')
    .nullish()
    .transform((value) => value ?? null),
});
export type CompleteMaintenanceTaskInput = z.input<typeof completeMaintenanceTaskSchema>;
export type CompleteMaintenanceTask = z.output<typeof completeMaintenanceTaskSchema>;
