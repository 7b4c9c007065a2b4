import {
  actingPersonSchema,
  answeredDateSchema,
  answeredDateTimeSchema,
  completeMaintenanceTaskSchema,
  completeReminderSchema,
  createMaintenanceTaskSchema,
  idParamsSchema,
  idSchema,
  MAINTENANCE_FREQUENCIES,
  REMINDER_PRIORITIES,
  REMINDER_TYPES,
  reminderSchema,
  snoozeReminderSchema,
  TASK_PRIORITIES,
  updateMaintenanceTaskSchema,
} from '@propertydna/domain';
import { z } from 'zod';

/** Which property's tasks (absent: all the owner's). */
export const maintenanceQuery = z.object({ propertyId: idSchema.optional() });
export const taskIdParams = idParamsSchema;
export const createTaskInput = createMaintenanceTaskSchema;
export const updateTaskInput = taskIdParams.extend({ patch: updateMaintenanceTaskSchema });
export const completeTaskInput = taskIdParams.extend(completeMaintenanceTaskSchema.shape);
export const bootstrapInput = z.object({ propertyId: idSchema });

/** A task's service record. */
export const completionSchema = z
  .object({
    id: z.string(),
    completed_on: answeredDateSchema,
    notes: z.string().nullable(),
    cost: z.number().nullable().meta({ description: 'In rand' }),
    completed_by: z
      .string()
      .nullable()
      .meta({ description: "'Done by' as the owner wrote it (who did the work)" }),
    /** The member who recorded the completion (issue 29 §4), or 'A former member'. */
    recorded_by: actingPersonSchema,
    document: z.object({ id: z.string(), name: z.string() }).nullable(),
    created_at: answeredDateTimeSchema,
  })
  .meta({ id: 'MaintenanceCompletion' });
export type CompletionOut = z.infer<typeof completionSchema>;

/** Spec §3 Maintenance task, with its property, its standard (if any) and its history. */
export const taskSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    frequency: z.enum(MAINTENANCE_FREQUENCIES),
    priority: z.enum(TASK_PRIORITIES),
    next_due: answeredDateSchema,
    assigned_to: z.string().nullable(),
    property_id: z.string(),
    property_name: z.string(),
    standard_key: z.string().nullable(),
    last_completed_on: answeredDateSchema.nullable(),
    history: z.array(completionSchema),
    created_at: answeredDateTimeSchema,
    updated_at: answeredDateTimeSchema,
  })
  .meta({ id: 'MaintenanceTask' });
export type TaskOut = z.infer<typeof taskSchema>;

export const bootstrapResultSchema = z.object({
  created: z.number().int(),
  message: z.string(),
  tasks: z.array(taskSchema),
});

/** Spec §3 Reminder, merged from tasks, expiring documents, the plan and custom reminders. */
export const reminderOutSchema = z
  .object({
    id: z
      .string()
      .meta({ description: "'task:<id>', 'document:<id>', 'trial', 'custom:<id>', …: the id to complete" }),
    title: z.string(),
    message: z.string(),
    due_date: answeredDateSchema,
    priority: z.enum(REMINDER_PRIORITIES),
    type: z.enum(REMINDER_TYPES),
    overdue: z.boolean(),
    days_until: z.number().int(),
    source: z.object({ kind: z.string(), id: z.string() }),
    snoozed_until: answeredDateSchema.nullable().meta({
      description:
        'YYYY-MM-DD: snoozed by the owner until this day (still listed, and in the digest, marked); null: not snoozed',
    }),
  })
  .meta({ id: 'Reminder' });

/** Add Custom Reminder: {title, message, due_date, priority} (type optional, maintenance by default). */
export const addReminderBody = reminderSchema.partial({ type: true });
export const addReminderInput = idParamsSchema.extend(addReminderBody.shape);
export const reminderIdParams = z.object({ id: idSchema.max(200, 'Reminder not found') });
/**
 * Mark Complete's body: for a certificate's or policy's reminder the replacement document, a reason, or
 * a feature no longer there (one of them required); ignored by other reminders. Absent: {}.
 */
export const completeReminderBody = completeReminderSchema;
export const completeReminderInput = reminderIdParams.extend(completeReminderSchema.shape);
/** Snooze: {until: 'YYYY-MM-DD'}, a day after today, at most 30 days ahead. */
export const snoozeReminderBody = snoozeReminderSchema;
export const snoozeReminderInput = reminderIdParams.extend(snoozeReminderSchema.shape);
