import { idParamsSchema } from '@propertydna/domain';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/init.js';
import { messageSchema, okSchema } from '../auth/auth.schemas.js';
import {
  addReminderInput,
  bootstrapInput,
  bootstrapResultSchema,
  completeReminderInput,
  completeTaskInput,
  createTaskInput,
  maintenanceQuery,
  reminderOutSchema,
  snoozeReminderInput,
  taskIdParams,
  taskSchema,
  updateTaskInput,
} from './maintenance.schemas.js';
import {
  bootstrapStandards,
  completeTask,
  createTask,
  deleteTask,
  getTask,
  listTasks,
  updateTask,
} from './maintenance.service.js';
import { addReminder, completeReminder, listReminders, snoozeReminder } from './reminders.service.js';

export const maintenanceRouter = router({
  /** The owner's maintenance tasks, of one property or all, soonest due first, each with its history. */
  list: authedProcedure
    .meta({ requires: 'read' })
    .input(maintenanceQuery)
    .output(z.array(taskSchema))
    .query(({ ctx, input }) => listTasks(ctx.db, ctx.actor.organizationId, input.propertyId)),

  byId: authedProcedure
    .meta({ requires: 'read' })
    .input(taskIdParams)
    .output(taskSchema)
    .query(({ ctx, input }) => getTask(ctx.db, ctx.actor.organizationId, input.id)),

  create: authedProcedure
    .meta({ requires: 'maintenance.write' })
    .input(createTaskInput)
    .output(taskSchema)
    .mutation(({ ctx, input }) => createTask(ctx.db, ctx.who, input)),

  update: authedProcedure
    .meta({ requires: 'maintenance.write' })
    .input(updateTaskInput)
    .output(taskSchema)
    .mutation(({ ctx, input }) => updateTask(ctx.deps, ctx.who, input.id, input.patch)),

  remove: authedProcedure
    .meta({ requires: 'maintenance.write' })
    .input(taskIdParams)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteTask(ctx.deps, ctx.who, input.id);
      return { ok: true as const };
    }),

  /** Records the service and moves next_due on by the task's frequency. */
  /** 'Bootstrap Standards': the standard schedule for the property, each task once. */
  bootstrap: authedProcedure
    .meta({ requires: 'maintenance.write' })
    .input(bootstrapInput)
    .output(bootstrapResultSchema)
    .mutation(({ ctx, input }) => bootstrapStandards(ctx.db, ctx.who, input.propertyId)),

  /** The property's reminders (spec §3), overdue first. */
  reminders: authedProcedure
    .meta({ requires: 'read' })
    .input(idParamsSchema)
    .output(z.array(reminderOutSchema))
    .query(({ ctx, input }) => listReminders(ctx.db, ctx.actor.organizationId, input.id)),

  /** 'Add Custom Reminder'. */
  addReminder: authedProcedure
    .meta({ requires: 'maintenance.write' })
    .input(addReminderInput)
    .output(reminderOutSchema)
    .mutation(({ ctx, input }) => {
      const { id, ...reminder } = input;
      return addReminder(ctx.db, ctx.who, id, reminder);
    }),

  /**
   * 'Mark Complete': a task's reminder completes the task; a certificate's or policy's needs the
   * replacement document, a reason or a feature no longer there; others are done for their due date.
   */
  completeReminder: authedProcedure
    .meta({ requires: 'maintenance.write' })
    .input(completeReminderInput)
    .output(messageSchema)
    .mutation(({ ctx, input }) => {
      const { id, ...completion } = input;
      return completeReminder(ctx.deps, ctx.who, id, completion);
    }),

  /** 'Snooze': put off until a day (at most 30 days ahead); listed as snoozed, back in full that day. */
  snoozeReminder: authedProcedure
    .meta({ requires: 'maintenance.write' })
    .input(snoozeReminderInput)
    .output(messageSchema)
    .mutation(({ ctx, input }) => snoozeReminder(ctx.db, ctx.who, input.id, input.until)),

  complete: authedProcedure
    .meta({ requires: 'maintenance.write' })
    .input(completeTaskInput)
    .output(taskSchema)
    .mutation(({ ctx, input }) => {
      const { id, ...completion } = input;
      return completeTask(ctx.deps, ctx.who, id, completion);
    }),
});
