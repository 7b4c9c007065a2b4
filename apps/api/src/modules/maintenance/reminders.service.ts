import {
  type CertificateType,
  certificateTypeSchema,
  completeMaintenanceTaskSchema,
  johannesburgToday,
  type MergedReminder,
  mergeReminders,
  type ReminderPriority,
  type ReminderType,
  upcomingReminderCount,
} from '@propertydna/domain';
import type { RequestActor } from '../../auth/actor.js';
import { requireOwned } from '../../auth/owned.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { completeTask } from './maintenance.service.js';

export const REMINDER_TEXTS = {
  notFound: 'Reminder not found',
  added: 'Reminder added',
  completed: 'Reminder completed',
} as const;

/**
 * The rows reminders are merged from, of these organisations (one property of them, or all): tasks,
 * dated certificates and policies, custom reminders not done, each organisation's plan and what it
 * marked complete. Each row says its organisation and property.
 */
async function reminderRows(db: Db, organizationIds: readonly string[], propertyId: string | null) {
  let tasks = db
    .selectFrom('maintenance_tasks as t')
    .innerJoin('properties as p', 'p.id', 't.property_id')
    .select([
      't.id',
      't.title',
      't.next_due',
      't.priority',
      'p.name as property_name',
      't.organization_id',
      't.property_id',
    ])
    .where('t.organization_id', 'in', organizationIds)
    .where('p.archived_at', 'is', null);
  let documents = db
    .selectFrom('documents as d')
    .innerJoin('properties as p', 'p.id', 'd.property_id')
    .select(['d.id', 'd.name', 'd.kind', 'd.expires_at', 'd.property_id', 'd.metadata', 'd.organization_id'])
    .where('d.organization_id', 'in', organizationIds)
    .where('d.kind', 'in', ['certificate', 'policy'])
    .where('d.expires_at', 'is not', null)
    .where('p.archived_at', 'is', null);
  let custom = db
    .selectFrom('reminders as r')
    .innerJoin('properties as p', 'p.id', 'r.property_id')
    .select([
      'r.id',
      'r.title',
      'r.message',
      'r.due_date',
      'r.priority',
      'r.type',
      'r.organization_id',
      'r.property_id',
    ])
    .where('r.organization_id', 'in', organizationIds)
    .where('r.completed_at', 'is', null)
    .where('p.archived_at', 'is', null);
  if (propertyId) {
    tasks = tasks.where('t.property_id', '=', propertyId);
    documents = documents.where('d.property_id', '=', propertyId);
    custom = custom.where('r.property_id', '=', propertyId);
  }
  const [taskRows, documentRows, customRows, organizations, done] = await Promise.all([
    tasks.execute(),
    documents.execute(),
    custom.execute(),
    db
      .selectFrom('organizations')
      .select(['id', 'plan', 'trial_ends_at'])
      .where('id', 'in', organizationIds)
      .execute(),
    db
      .selectFrom('reminder_completions')
      .select(['organization_id', 'reminder_key', 'due_date'])
      .where('organization_id', 'in', organizationIds)
      .execute(),
  ]);
  return { taskRows, documentRows, customRows, organizations, done };
}
type ReminderRows = Awaited<ReturnType<typeof reminderRows>>;

/** What mergeReminders takes, from rows of one organisation (or one property of it), and what was marked done. */
function reminderSources(
  rows: Pick<ReminderRows, 'taskRows' | 'documentRows' | 'customRows'>,
  organization: ReminderRows['organizations'][number],
  done: ReminderRows['done'],
) {
  return {
    tasks: rows.taskRows,
    documents: rows.documentRows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind,
      expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
      certificate_type:
        (certificateTypeSchema.safeParse(row.metadata.certificate_type).data as
          | CertificateType
          | undefined) ?? null,
      property_id: row.property_id,
    })),
    custom: rows.customRows.map((row) => ({ ...row, completed_at: null })),
    plan: {
      plan: organization.plan,
      trial_ends_at: organization.trial_ends_at ? new Date(organization.trial_ends_at).toISOString() : null,
    },
    done: new Set(done.map((row) => `${row.reminder_key}@${row.due_date}`)),
  };
}

/** The open reminders of merged sources: those not marked complete for their due date. */
function openOf({ done, ...sources }: ReturnType<typeof reminderSources>, now: Date): MergedReminder[] {
  return mergeReminders({ today: johannesburgToday(now), ...sources }).filter(
    (reminder) => !done.has(`${reminder.id}@${reminder.due_date}`),
  );
}

/**
 * The merged reminders not marked complete for their due date, of one property or (propertyId null)
 * the whole organisation: the Actions tab, the dashboard and the email alerts read this one list.
 */
export async function openReminders(
  db: Db,
  organizationId: string,
  propertyId: string | null,
  now: Date,
): Promise<MergedReminder[]> {
  const rows = await reminderRows(db, [organizationId], propertyId);
  const [organization] = rows.organizations;
  if (!organization) throw new AppError('NOT_FOUND', 'Organisation not found');
  return openOf(reminderSources(rows, organization, rows.done), now);
}

/** Grouped by a key: the map of key to the items that have it, in their order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * The live properties of these organisations with their open reminders, in one pass (the daily alerts
 * read thousands of organisations): organisation id → its properties by name, each with the list
 * openReminders(db, organisation, property) answers. An organisation whose reminders cannot be merged
 * (mergeReminders refuses them) maps to the error instead.
 */
export async function openRemindersOfProperties(
  db: Db,
  organizationIds: readonly string[],
  now: Date,
): Promise<Map<string, { id: string; name: string; reminders: MergedReminder[] }[] | Error>> {
  const result = new Map<string, { id: string; name: string; reminders: MergedReminder[] }[] | Error>();
  if (organizationIds.length === 0) return result;
  const [rows, properties] = await Promise.all([
    reminderRows(db, organizationIds, null),
    db
      .selectFrom('properties')
      .select(['id', 'name', 'organization_id'])
      .where('organization_id', 'in', organizationIds)
      .where('archived_at', 'is', null)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  const byOrganization = <T extends { organization_id: string }>(items: readonly T[]) =>
    groupBy(items, (item) => item.organization_id);
  const byProperty = <T extends { property_id: string | null }>(items: readonly T[] | undefined) =>
    groupBy(items ?? [], (item) => item.property_id ?? '');
  const tasks = byOrganization(rows.taskRows);
  const documents = byOrganization(rows.documentRows);
  const custom = byOrganization(rows.customRows);
  const done = byOrganization(rows.done);
  const live = byOrganization(properties);
  for (const organization of rows.organizations) {
    try {
      const taskRows = byProperty(tasks.get(organization.id));
      const documentRows = byProperty(documents.get(organization.id));
      const customRows = byProperty(custom.get(organization.id));
      const marked = done.get(organization.id) ?? [];
      result.set(
        organization.id,
        (live.get(organization.id) ?? []).map(({ id, name }) => ({
          id,
          name,
          reminders: openOf(
            reminderSources(
              {
                taskRows: taskRows.get(id) ?? [],
                documentRows: documentRows.get(id) ?? [],
                customRows: customRows.get(id) ?? [],
              },
              organization,
              marked,
            ),
            now,
          ),
        })),
      );
    } catch (error) {
      result.set(organization.id, error instanceof Error ? error : new Error(String(error)));
    }
  }
  return result;
}

/** GET /api/properties/{id}/reminders (spec §3 Reminder): what needs doing, overdue first. */
export async function listReminders(
  db: Db,
  organizationId: string,
  id: string,
  now = new Date(),
): Promise<MergedReminder[]> {
  const propertyId = await requireOwned(db, organizationId, 'property', id);
  return openReminders(db, organizationId, propertyId, now);
}

/** The dashboard's upcoming count: the same reminders as the Actions tabs, across the portfolio. */
export async function upcomingReminders(db: Db, organizationId: string, now = new Date()): Promise<number> {
  return upcomingReminderCount(await openReminders(db, organizationId, null, now));
}

/** POST /api/properties/{id}/reminders ('Add Custom Reminder'). */
export async function addReminder(
  db: Db,
  who: RequestActor,
  id: string,
  input: {
    title: string;
    message?: string | undefined;
    due_date: string;
    priority: ReminderPriority;
    type?: ReminderType;
  },
  now = new Date(),
): Promise<MergedReminder> {
  const organizationId = who.actor.organizationId;
  const propertyId = await requireOwned(db, organizationId, 'property', id);
  const row = await db
    .insertInto('reminders')
    .values({
      organization_id: organizationId,
      property_id: propertyId,
      title: input.title,
      message: input.message ?? null,
      due_date: input.due_date,
      priority: input.priority,
      ...(input.type ? { type: input.type } : {}),
      created_by: who.actor.userId,
    })
    .returning(['id', 'title', 'message', 'due_date', 'priority', 'type'])
    .executeTakeFirstOrThrow();
  // As the property's list will show it: merged the same way, from its own row.
  const [added] = mergeReminders({ today: johannesburgToday(now), custom: [{ ...row, completed_at: null }] });
  if (!added) throw new AppError('INTERNAL', 'The new reminder was not found');
  return added;
}

/**
 * POST /api/reminders/{id}/complete ('Mark Complete'): a maintenance reminder completes its task (next
 * due moves on); a custom one is done; any other (an expiring document, the trial's end) is done for
 * its current due date and comes back when that date moves. Ids are those the reminders list answers.
 */
export async function completeReminder(
  db: Db,
  who: RequestActor,
  id: string,
  now = new Date(),
): Promise<{ ok: true; message: string }> {
  const organizationId = who.actor.organizationId;
  const [kind, sourceId = ''] = id.split(/:(.*)/s);
  if (kind === 'task') {
    // Done today, nothing else said: the completion's defaults.
    await completeTask(db, who, sourceId, completeMaintenanceTaskSchema.parse({}), now);
    return { ok: true, message: REMINDER_TEXTS.completed };
  }
  if (kind === 'custom') {
    const reminderId = await requireOwned(db, organizationId, 'reminder', sourceId);
    await db.updateTable('reminders').set({ completed_at: now }).where('id', '=', reminderId).execute();
    return { ok: true, message: REMINDER_TEXTS.completed };
  }
  const open = (await openReminders(db, organizationId, null, now)).find((reminder) => reminder.id === id);
  if (!open) throw new AppError('NOT_FOUND', REMINDER_TEXTS.notFound);
  await db
    .insertInto('reminder_completions')
    .values({
      organization_id: organizationId,
      reminder_key: open.id,
      due_date: open.due_date,
      completed_by: who.actor.userId,
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return { ok: true, message: REMINDER_TEXTS.completed };
}
