import {
  actingPerson,
  type CompleteMaintenanceTask,
  type CreateMaintenanceTaskInput,
  johannesburgToday,
  type KeyedTaskDraft,
  type MaintenanceTask,
  nextDueAfter,
  POLICY_TASK_KEY_PREFIX,
  standardTasksFor,
  type UpdateMaintenanceTask,
} from '@propertydna/domain';
import type { Transaction } from 'kysely';
import type { RequestActor } from '../../auth/actor.js';
import { requireOwned } from '../../auth/owned.js';
import { scopedPropertyId } from '../../auth/property-scope.js';
import type { Database, Db, DbOrTrx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit } from '../audit/audit.repo.js';
import { queueComplianceRecheckWithin } from '../compliance/compliance.jobs.js';
import type { CompletionOut, TaskOut } from './maintenance.schemas.js';

export const MAINTENANCE_TEXTS = {
  completedInFuture: 'A task cannot be completed on a date in the future',
  documentOfOtherProperty: 'The evidence must be a document of the same property',
} as const;

function selectTasks(db: DbOrTrx, organizationId: string) {
  const only = scopedPropertyId();
  return (
    db
      .selectFrom('maintenance_tasks as t')
      .innerJoin('properties as p', 'p.id', 't.property_id')
      .selectAll('t')
      .select('p.name as property_name')
      .where('t.organization_id', '=', organizationId)
      .where('p.archived_at', 'is', null)
      // A property-restricted API token (issue 30 §1): its property's tasks only.
      .$if(only !== null, (query) => query.where('t.property_id', '=', only ?? ''))
  );
}

type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>['executeTakeFirstOrThrow']>>;

/** The service records of these tasks, newest first, in one query. */
async function historiesOf(db: DbOrTrx, taskIds: readonly string[]): Promise<Map<string, CompletionOut[]>> {
  const histories = new Map<string, CompletionOut[]>();
  if (taskIds.length === 0) return histories;
  const rows = await db
    .selectFrom('maintenance_completions as c')
    .leftJoin('documents as d', 'd.id', 'c.document_id')
    // Who recorded it, named only while they are a member of the organisation holding the record (a
    // removed member, or the seller of a property bought with its history, is "A former member").
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'c.recorded_by').onRef('u.organization_id', '=', 'c.organization_id'),
    )
    .select([
      'u.id as recorder_id',
      'u.first_name as recorder_first_name',
      'u.last_name as recorder_last_name',
      'c.id',
      'c.task_id',
      'c.completed_on',
      'c.notes',
      'c.cost_cents',
      'c.completed_by',
      'c.document_id',
      'd.name as document_name',
      'c.created_at',
    ])
    .where('c.task_id', 'in', taskIds)
    .orderBy('c.completed_on', 'desc')
    .orderBy('c.created_at', 'desc')
    .execute();
  for (const row of rows) {
    const list = histories.get(row.task_id) ?? [];
    list.push({
      id: row.id,
      completed_on: row.completed_on,
      notes: row.notes,
      cost: row.cost_cents === null ? null : Number(row.cost_cents) / 100,
      completed_by: row.completed_by,
      recorded_by: actingPerson({
        id: row.recorder_id,
        first_name: row.recorder_first_name,
        last_name: row.recorder_last_name,
      }),
      document:
        row.document_id && row.document_name ? { id: row.document_id, name: row.document_name } : null,
      created_at: new Date(row.created_at).toISOString(),
    });
    histories.set(row.task_id, list);
  }
  return histories;
}

function toTaskOut(row: TaskRow, history: CompletionOut[]): TaskOut {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    frequency: row.frequency,
    priority: row.priority,
    next_due: row.next_due,
    assigned_to: row.assigned_to,
    property_id: row.property_id,
    property_name: row.property_name,
    standard_key: row.standard_key,
    last_completed_on: history[0]?.completed_on ?? null,
    history,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** GET /api/maintenance: the owner's tasks (of one property, or of every live one), soonest due first. */
export async function listTasks(db: Db, organizationId: string, propertyId?: string): Promise<TaskOut[]> {
  let query = selectTasks(db, organizationId);
  if (propertyId) {
    query = query.where('t.property_id', '=', await requireOwned(db, organizationId, 'property', propertyId));
  }
  const rows = await query.orderBy('t.next_due').orderBy('t.title').orderBy('t.id').execute();
  const histories = await historiesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toTaskOut(row, histories.get(row.id) ?? []));
}

export async function getTask(db: DbOrTrx, organizationId: string, id: string): Promise<TaskOut> {
  const taskId = await requireOwned(db, organizationId, 'task', id);
  const row = await selectTasks(db, organizationId).where('t.id', '=', taskId).executeTakeFirstOrThrow();
  return toTaskOut(row, (await historiesOf(db, [taskId])).get(taskId) ?? []);
}

/** POST /api/maintenance. */
export async function createTask(
  db: Db,
  who: RequestActor,
  input: MaintenanceTask & Pick<CreateMaintenanceTaskInput, 'propertyId'>,
): Promise<TaskOut> {
  const organizationId = who.actor.organizationId;
  const propertyId = await requireOwned(db, organizationId, 'property', input.propertyId);
  const row = await db
    .insertInto('maintenance_tasks')
    .values({
      organization_id: organizationId,
      property_id: propertyId,
      title: input.title,
      description: input.description ?? null,
      frequency: input.frequency,
      priority: input.priority,
      next_due: input.next_due,
      assigned_to: input.assigned_to,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getTask(db, organizationId, row.id);
}

/**
 * A task accepted from a policy's condition that no certificate proves answers that condition in the
 * compliance check once done (issue 28): a change to such a task (done, due date, removed) rechecks its
 * property, in the change's transaction. Other tasks are not read by the check.
 */
export async function recheckIfPolicyTask(
  services: Pick<AppServices, 'jobs'>,
  trx: Transaction<Database>,
  organizationId: string,
  task: { property_id: string; standard_key: string | null },
): Promise<void> {
  if (task.standard_key?.startsWith(POLICY_TASK_KEY_PREFIX)) {
    await queueComplianceRecheckWithin(services, trx, organizationId, [task.property_id]);
  }
}

/** PATCH /api/maintenance/{id}: the fields given. */
export async function updateTask(
  services: AppServices,
  who: RequestActor,
  id: string,
  patch: UpdateMaintenanceTask,
): Promise<TaskOut> {
  const organizationId = who.actor.organizationId;
  const fields = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  return services.db.db.transaction().execute(async (trx) => {
    const taskId = await requireOwned(trx, organizationId, 'task', id, { lock: true });
    const task = await trx
      .updateTable('maintenance_tasks')
      .set({ ...fields, updated_at: new Date() })
      .where('id', '=', taskId)
      .returning(['property_id', 'standard_key'])
      .executeTakeFirstOrThrow();
    await recheckIfPolicyTask(services, trx, organizationId, task);
    return getTask(trx, organizationId, taskId);
  });
}

/** DELETE /api/maintenance/{id}: the task and its history (its evidence documents stay in the vault). */
export async function deleteTask(services: AppServices, who: RequestActor, id: string): Promise<void> {
  const organizationId = who.actor.organizationId;
  await services.db.db.transaction().execute(async (trx) => {
    const taskId = await requireOwned(trx, organizationId, 'task', id, { lock: true });
    const task = await trx
      .deleteFrom('maintenance_tasks')
      .where('id', '=', taskId)
      .returning(['property_id', 'standard_key'])
      .executeTakeFirstOrThrow();
    await recheckIfPolicyTask(services, trx, organizationId, task);
  });
}

/**
 * POST /api/maintenance/{id}/complete: records the service (when, notes, cost, who, evidence from the
 * property's vault) and moves the task on: next_due = nextDueAfter(completed_on, frequency).
 */
export async function completeTask(
  services: AppServices,
  who: RequestActor,
  id: string,
  completion: CompleteMaintenanceTask,
  now = new Date(),
): Promise<TaskOut> {
  const organizationId = who.actor.organizationId;
  const today = johannesburgToday(now);
  const completedOn = completion.completed_on ?? today;
  if (completedOn > today) throw new AppError('BAD_REQUEST', MAINTENANCE_TEXTS.completedInFuture);
  return services.db.db.transaction().execute(async (trx) => {
    const taskId = await requireOwned(trx, organizationId, 'task', id, { lock: true });
    const task = await trx
      .selectFrom('maintenance_tasks')
      .select(['property_id', 'frequency', 'standard_key'])
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    let documentId: string | null = null;
    if (completion.document_id) {
      documentId = await requireOwned(trx, organizationId, 'document', completion.document_id);
      const document = await trx
        .selectFrom('documents')
        .select('property_id')
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow();
      if (document.property_id !== task.property_id) {
        throw new AppError('BAD_REQUEST', MAINTENANCE_TEXTS.documentOfOtherProperty);
      }
    }
    await trx
      .insertInto('maintenance_completions')
      .values({
        task_id: taskId,
        organization_id: organizationId,
        completed_on: completedOn,
        notes: completion.notes,
        cost_cents: completion.cost === null ? null : Math.round(completion.cost * 100),
        completed_by: completion.completed_by,
        document_id: documentId,
        recorded_by: who.actor.userId,
      })
      .execute();
    await trx
      .updateTable('maintenance_tasks')
      .set({ next_due: nextDueAfter(completedOn, task.frequency), updated_at: now })
      .where('id', '=', taskId)
      .execute();
    if (documentId) {
      await recordActorAudit(trx, who, 'update', documentId, { evidenceOfTask: taskId, completedOn });
    }
    await recheckIfPolicyTask(services, trx, organizationId, task);
    return getTask(trx, organizationId, taskId);
  });
}

/**
 * Adds these tasks to the property's schedule, each key once (a key already there is left as it is).
 * Answers the ids of the tasks added.
 */
export async function insertKeyedTasks(
  db: DbOrTrx,
  organizationId: string,
  propertyId: string,
  drafts: readonly KeyedTaskDraft[],
): Promise<{ id: string }[]> {
  if (drafts.length === 0) return [];
  return db
    .insertInto('maintenance_tasks')
    .values(
      drafts.map((draft) => ({
        organization_id: organizationId,
        property_id: propertyId,
        title: draft.title,
        description: draft.description,
        frequency: draft.frequency,
        priority: draft.priority,
        next_due: draft.next_due,
        assigned_to: null,
        standard_key: draft.key,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['property_id', 'standard_key']).where('standard_key', 'is not', null).doNothing(),
    )
    .returning('id')
    .execute();
}

export const BOOTSTRAP_TEXTS = {
  added: (count: number) => `Added ${count} standard ${count === 1 ? 'task' : 'tasks'} to the schedule`,
  nothing: 'The standard schedule is already in place: nothing was added',
} as const;

/**
 * POST /api/maintenance/bootstrap ('Bootstrap Standards'): the domain's standard South African schedule
 * for the property's features and rainfall region, each task once (a second call adds nothing and says
 * so). Each task says why it matters and where that comes from.
 */
export async function bootstrapStandards(
  db: Db,
  who: RequestActor,
  id: string,
  now = new Date(),
): Promise<{ created: number; message: string; tasks: TaskOut[] }> {
  const organizationId = who.actor.organizationId;
  const propertyId = await requireOwned(db, organizationId, 'property', id);
  const property = await db
    .selectFrom('properties')
    .select(['municipality', 'features'])
    .where('id', '=', propertyId)
    .executeTakeFirstOrThrow();
  const drafts = standardTasksFor(property, johannesburgToday(now));
  const inserted = await insertKeyedTasks(
    db,
    organizationId,
    propertyId,
    drafts.map((draft) => ({
      ...draft,
      description: `${draft.description}\n\nWhy: ${draft.reason} (${draft.source})`,
    })),
  );
  return {
    created: inserted.length,
    message: inserted.length > 0 ? BOOTSTRAP_TEXTS.added(inserted.length) : BOOTSTRAP_TEXTS.nothing,
    tasks: await listTasks(db, organizationId, propertyId),
  };
}
