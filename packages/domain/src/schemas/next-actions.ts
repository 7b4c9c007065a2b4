import { z } from 'zod';
import { NEXT_ACTION_KINDS } from '../next-actions.js';
import { SEVERITY_LEVELS } from '../severity.js';

/** Issue 32 §1: the dashboard's "what to do next" list, as the API answers it (tRPC and REST). */
export const nextActionSchema = z.object({
  id: z.string(),
  level: z.enum(SEVERITY_LEVELS),
  title: z.string(),
  reason: z.string(),
  property: z.object({ id: z.string(), name: z.string() }),
  due_date: z.string().nullable(),
  overdue: z.boolean(),
  action: z.object({
    kind: z.enum(NEXT_ACTION_KINDS),
    label: z.string(),
    tab: z.enum(['vault', 'escalation', 'actions']),
  }),
  reminder_id: z.string().nullable(),
});

/** The list (the first NEXT_ACTIONS_LIMIT) and how many there are in all. */
export const nextActionsSchema = z.object({
  items: z.array(nextActionSchema),
  total: z.number().int().nonnegative(),
});
export type NextActionsOut = z.output<typeof nextActionsSchema>;

/** The most items answered at once: the dashboard shows the first few and says how many more. */
export const NEXT_ACTIONS_LIMIT = 50;
