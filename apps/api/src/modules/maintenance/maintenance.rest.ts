import {
  completeMaintenanceTaskSchema,
  idParamsSchema,
  updateMaintenanceTaskSchema,
} from '@propertydna/domain';
import { z } from 'zod';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { messageSchema, okSchema } from '../auth/auth.schemas.js';
import {
  addReminderBody,
  bootstrapInput,
  bootstrapResultSchema,
  completeReminderBody,
  createTaskInput,
  maintenanceQuery,
  reminderIdParams,
  reminderOutSchema,
  snoozeReminderBody,
  taskIdParams,
  taskSchema,
} from './maintenance.schemas.js';

/** The REST routes of maintenance tasks and reminders: each a door to one procedure. */
export const maintenanceRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/maintenance',
    summary:
      "The owner's maintenance tasks (spec §3), soonest due first, each with its history; ?propertyId= for one property",
    tags: ['maintenance'],
    query: maintenanceQuery,
    response: z.array(taskSchema),
    call: (caller, { query }) => caller.maintenance.list(query),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/maintenance',
    summary: 'Add Task: a recurring maintenance task of one of your properties',
    tags: ['maintenance'],
    body: createTaskInput,
    response: taskSchema,
    call: (caller, { body }) => caller.maintenance.create(body),
    status: () => 201,
  }),
  defineRoute({
    method: 'POST',
    url: '/api/maintenance/bootstrap',
    summary:
      "Bootstrap Standards: the standard South African maintenance schedule for the property's features and rainfall region, each task once (a second call adds nothing)",
    tags: ['maintenance'],
    body: bootstrapInput,
    response: bootstrapResultSchema,
    call: (caller, { body }) => caller.maintenance.bootstrap(body),
    status: (result) => (result.created > 0 ? 201 : 200),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/properties/:id/reminders',
    summary:
      "The property's reminders (spec §3): tasks due within 30 days or overdue, certificates and policies expiring within 60 days or expired, the trial's end, and custom reminders; overdue first",
    tags: ['maintenance'],
    params: idParamsSchema,
    response: z.array(reminderOutSchema),
    call: (caller, { params }) => caller.maintenance.reminders(params),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/properties/:id/reminders',
    summary: 'Add Custom Reminder: {title, message, due_date, priority}',
    tags: ['maintenance'],
    params: idParamsSchema,
    body: addReminderBody,
    response: reminderOutSchema,
    call: (caller, { params, body }) => caller.maintenance.addReminder({ id: params.id, ...body }),
    status: () => 201,
  }),
  defineRoute({
    method: 'POST',
    url: '/api/reminders/:id/complete',
    summary:
      "Mark Complete: a maintenance reminder completes its task (next due moves on); a custom one is done; a certificate's or policy's expiry needs {replacement_document_id} (a current document of the same property and kind), {reason} or {no_longer_have: <feature>} (removed from the property), else 400 'Add the replacement document or say why it is no longer needed'; others are done for their current due date",
    tags: ['maintenance'],
    params: reminderIdParams,
    body: completeReminderBody.nullish(),
    response: messageSchema,
    call: (caller, { params, body }) =>
      caller.maintenance.completeReminder({ ...(body ?? {}), id: params.id }),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/reminders/:id/snooze',
    summary:
      "Snooze: {until: 'YYYY-MM-DD'}, a day after today and at most 30 days ahead; the reminder stays listed (snoozed_until) on the Actions tab and in the digest, and is back in full that day",
    tags: ['maintenance'],
    params: reminderIdParams,
    body: snoozeReminderBody,
    response: messageSchema,
    call: (caller, { params, body }) => caller.maintenance.snoozeReminder({ ...body, id: params.id }),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/maintenance/:id',
    summary: 'One maintenance task with its history',
    tags: ['maintenance'],
    params: taskIdParams,
    response: taskSchema,
    call: (caller, { params }) => caller.maintenance.byId(params),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/api/maintenance/:id',
    summary: 'Edit a task: the fields given (description and assigned_to are cleared by null)',
    tags: ['maintenance'],
    params: taskIdParams,
    body: updateMaintenanceTaskSchema,
    response: taskSchema,
    call: (caller, { params, body }) => caller.maintenance.update({ id: params.id, patch: body }),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/maintenance/:id',
    summary: 'Delete a task and its history (evidence documents stay in the vault)',
    tags: ['maintenance'],
    params: taskIdParams,
    response: okSchema,
    call: (caller, { params }) => caller.maintenance.remove(params),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/maintenance/:id/complete',
    summary:
      'Complete: record when, notes, cost (rand), who and an evidence document; next_due moves on by the frequency',
    tags: ['maintenance'],
    params: taskIdParams,
    body: completeMaintenanceTaskSchema,
    response: taskSchema,
    call: (caller, { params, body }) => caller.maintenance.complete({ id: params.id, ...body }),
  }),
];
