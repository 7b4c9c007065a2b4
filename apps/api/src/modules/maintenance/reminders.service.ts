import {
  type CertificateType,
  type CompleteReminder,
  certificateTypeSchema,
  completeMaintenanceTaskSchema,
  documentExpiry,
  expiringDocumentCount,
  featureOfDocument,
  formatDate,
  johannesburgToday,
  type MergedReminder,
  mergeReminders,
  needsReplacementOrReason,
  openReminderList,
  PROPERTY_FEATURE_LABELS,
  type PropertyFeature,
  propertyFeaturesSchema,
  REMINDER_COMPLETION_MESSAGES,
  type ReminderPriority,
  type ReminderType,
  reminderMarkKey,
  replacementProblem,
  snoozeProblem,
  upcomingReminderCount,
} from '@propertydna/domain';
import type { Transaction } from 'kysely';
import type { RequestActor } from '../../auth/actor.js';
import { requireOwned } from '../../auth/owned.js';
import { scopedPropertyId } from '../../auth/property-scope.js';
import type { Database, Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit } from '../audit/audit.repo.js';
import { queueComplianceRecheckWithin } from '../compliance/compliance.jobs.js';
import { emitWebhookEventOfDbWithin } from '../webhooks/webhook-delivery.js';
import { completeTask } from './maintenance.service.js';

export const REMINDER_TEXTS = {
  notFound: 'Reminder not found',
  added: 'Reminder added',
  completed: 'Reminder completed',
  featureRemoved: (feature: PropertyFeature) =>
    `Reminder completed. ${PROPERTY_FEATURE_LABELS[feature]} is no longer listed on the property.`,
  noLongerHave: (feature: PropertyFeature) => `We no longer have: ${PROPERTY_FEATURE_LABELS[feature]}`,
  snoozed: (until: string) => `Reminder snoozed until ${formatDate(until)}`,
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
    .select([
      'd.id',
      'd.name',
      'd.kind',
      'd.expires_at',
      'd.property_id',
      'd.metadata',
      'd.organization_id',
      'd.issue_date_unconfirmed',
    ])
    .where('d.organization_id', 'in', organizationIds)
    // Inspection reports too: a roof inspection's expiry is its issue date plus its validity, and the
    // vault calls it Expired from then (the expiry itself is worked out in reminderSources).
    .where('d.kind', 'in', ['certificate', 'policy', 'inspection'])
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
  // A property-restricted API token (issue 30 §1) hears only of its property's reminders.
  const only = scopedPropertyId();
  if (only) {
    tasks = tasks.where('t.property_id', '=', only);
    documents = documents.where('d.property_id', '=', only);
    custom = custom.where('r.property_id', '=', only);
  }
  const [taskRows, documentRows, customRows, organizations, done, snoozes] = await Promise.all([
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
    db
      .selectFrom('reminder_snoozes')
      .select(['organization_id', 'reminder_key', 'due_date', 'until'])
      .where('organization_id', 'in', organizationIds)
      .execute(),
  ]);
  // A mark is what the owner did about a reminder of one due date: completed it, or snoozed it.
  const marks = [
    ...done.map((row) => ({ ...row, until: null })),
    ...snoozes.map((row) => ({ ...row, until: row.until })),
  ];
  return { taskRows, documentRows, customRows, organizations, done: marks };
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
      // The expiry every screen shows (domain documentExpiry): none from an unconfirmed issue date.
      expires_at: documentExpiry(row),
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
    done: new Set(
      done.filter((row) => row.until === null).map((row) => `${row.reminder_key}@${row.due_date}`),
    ),
    snoozed: new Map(
      done.flatMap((row): [string, string][] =>
        row.until === null ? [] : [[`${row.reminder_key}@${row.due_date}`, row.until]],
      ),
    ),
  };
}

/**
 * The open reminders of merged sources: those not marked complete for their due date, each snoozed one
 * saying until when (domain openReminderList: the Actions tab and the digest read this same list).
 */
function openOf(
  { done, snoozed, ...sources }: ReturnType<typeof reminderSources>,
  now: Date,
): MergedReminder[] {
  const today = johannesburgToday(now);
  return openReminderList(mergeReminders({ today, ...sources }), { today, done, snoozed });
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
  const only = scopedPropertyId();
  const [rows, properties] = await Promise.all([
    reminderRows(db, organizationIds, null),
    db
      .selectFrom('properties')
      .select(['id', 'name', 'organization_id'])
      .where('organization_id', 'in', organizationIds)
      .where('archived_at', 'is', null)
      .$if(only !== null, (query) => query.where('id', '=', only ?? ''))
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

/**
 * The dashboard's reminder figures across the portfolio, from the same reminders as the Actions tabs:
 * those due within 30 days, and the documents expiring within 60 days (the "Upcoming expiries").
 */
export async function reminderFigures(
  db: Db,
  organizationId: string,
  now = new Date(),
): Promise<{ upcomingReminders: number; expiringDocuments: number }> {
  const reminders = await openReminders(db, organizationId, null, now);
  return {
    upcomingReminders: upcomingReminderCount(reminders),
    expiringDocuments: expiringDocumentCount(reminders),
  };
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
  const insert = async (trx: Transaction<Database>) => {
    const inserted = await trx
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
    await emitWebhookEventOfDbWithin(db, trx, organizationId, 'reminder.created', {
      // The id the reminders list answers ('custom:<id>'), which completing and snoozing take.
      reminderId: `custom:${inserted.id}`,
      propertyId,
      title: inserted.title,
      dueDate: input.due_date,
      priority: inserted.priority,
      type: inserted.type,
    });
    return inserted;
  };
  const row = await (db.isTransaction
    ? insert(db as Transaction<Database>)
    : db.transaction().execute(insert));
  // As the property's list will show it: merged the same way, from its own row.
  const [added] = mergeReminders({ today: johannesburgToday(now), custom: [{ ...row, completed_at: null }] });
  if (!added) throw new AppError('INTERNAL', 'The new reminder was not found');
  return added;
}

/** The open reminder of the organisation with this id, or 404. */
async function findOpenReminder(db: Db, organizationId: string, id: string, now: Date) {
  const open = (await openReminders(db, organizationId, null, now)).find((reminder) => reminder.id === id);
  if (!open) throw new AppError('NOT_FOUND', REMINDER_TEXTS.notFound);
  return open;
}

/** The expiring document a reminder is about (its property, kind and type), if it is a document's. */
async function documentOf(db: Db, reminder: MergedReminder) {
  if (reminder.source.kind !== 'document') return null;
  const row = await db
    .selectFrom('documents')
    .select(['id', 'property_id', 'kind', 'metadata', 'expires_at', 'issue_date_unconfirmed'])
    .where('id', '=', reminder.source.id)
    .executeTakeFirstOrThrow();
  return expiringDocument(row);
}

/** An expiring document as the completion checks read it: its type and the expiry the screens show. */
function expiringDocument(row: {
  id: string;
  property_id: string | null;
  kind: string;
  metadata: Record<string, unknown>;
  expires_at: Date | string | null;
  issue_date_unconfirmed: boolean;
}) {
  return {
    id: row.id,
    property_id: row.property_id,
    kind: row.kind,
    expires_on: documentExpiry(row),
    certificate_type: certificateTypeSchema.safeParse(row.metadata.certificate_type).data ?? null,
  };
}
type ExpiringDocument = ReturnType<typeof expiringDocument>;

/**
 * The replacement a certificate's or policy's reminder is completed with: a document of the
 * organisation (else 404) that domain replacementProblem accepts (same property, kind and type, current,
 * valid for longer than the one it replaces; each refusal a 400 with its message).
 */
async function checkReplacement(
  db: Db,
  organizationId: string,
  replacementId: string,
  expiring: ExpiringDocument,
  now: Date,
): Promise<string> {
  const id = await requireOwned(db, organizationId, 'document', replacementId);
  const row = await db
    .selectFrom('documents')
    .select(['id', 'property_id', 'kind', 'expires_at', 'metadata', 'issue_date_unconfirmed'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const problem = replacementProblem(expiring, expiringDocument(row), johannesburgToday(now));
  if (problem !== null) throw new AppError('BAD_REQUEST', problem);
  return row.id;
}

/**
 * A document's reminder no longer open because the given replacement really superseded it: checked as
 * any replacement is, and of the document's series (a policy, or a certificate of the same type) with a
 * later expiry date, so the reminders list drops the old one by itself. Recorded as completed with that
 * replacement for the document's expiry date, audited like any completion, and true. False when the
 * reminder is still open, the document does not expire, or the replacement supersedes nothing (the usual
 * path decides: a reminder that is not open is not found).
 */
async function supersededReminder(
  db: Db,
  who: RequestActor,
  documentId: string,
  replacementId: string,
  now: Date,
): Promise<boolean> {
  const organizationId = who.actor.organizationId;
  const id = `document:${documentId}`;
  const open = await openReminders(db, organizationId, null, now);
  if (open.some((reminder) => reminder.id === id)) return false;
  const owned = await requireOwned(db, organizationId, 'document', documentId).catch(() => null);
  if (owned === null) throw new AppError('NOT_FOUND', REMINDER_TEXTS.notFound);
  const row = await db
    .selectFrom('documents')
    .select(['id', 'name', 'property_id', 'kind', 'metadata', 'expires_at', 'issue_date_unconfirmed'])
    .where('id', '=', owned)
    .executeTakeFirstOrThrow();
  const expiring = expiringDocument(row);
  if (expiring.expires_on === null || !EXPIRING_KINDS.includes(row.kind)) return false;
  const replacement = await checkReplacement(db, organizationId, replacementId, expiring, now);
  const next = await db
    .selectFrom('documents')
    .select(['kind', 'expires_at', 'metadata', 'issue_date_unconfirmed'])
    .where('id', '=', replacement)
    .executeTakeFirstOrThrow();
  const nextExpiry = documentExpiry(next);
  const sameSeries =
    row.kind === 'policy' ||
    (expiring.certificate_type !== null &&
      certificateTypeSchema.safeParse(next.metadata.certificate_type).data === expiring.certificate_type);
  if (!sameSeries || nextExpiry === null || nextExpiry <= expiring.expires_on) return false;
  const dueDate = expiring.expires_on;
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('reminder_completions')
      .values({
        organization_id: organizationId,
        reminder_key: id,
        due_date: dueDate,
        completed_by: who.actor.userId,
        replacement_document_id: replacement,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('reminder_key')
      .executeTakeFirst();
    if (!inserted) return;
    await recordActorAudit(trx, who, 'reminder_complete', row.id, {
      reminder: id,
      title: row.name,
      dueDate,
      replacementDocumentId: replacement,
      reason: null,
      removedFeature: null,
    });
  });
  return true;
}

/** The kinds of document whose expiry is reminded of. */
const EXPIRING_KINDS: readonly string[] = ['certificate', 'policy', 'inspection'];

/**
 * POST /api/reminders/{id}/complete ('Mark Complete'): a maintenance reminder completes its task (next
 * due moves on); a custom one is done; a certificate's or policy's expiry is done for its current due
 * date only with the replacement document, a reason it is no longer needed, or a feature the property no
 * longer has (removed from the property, its compliance rechecked, in the same transaction); without
 * any of them 400, nothing changed. Any other (the trial's end) is done for its current due date. A
 * done reminder comes back when its date moves; one done with a replacement also when that is deleted.
 * Ids are those the reminders list answers.
 */
export async function completeReminder(
  services: AppServices,
  who: RequestActor,
  id: string,
  input: CompleteReminder = { replacement_document_id: null, reason: null, no_longer_have: null },
  now = new Date(),
): Promise<{ ok: true; message: string }> {
  const db = services.db.db;
  const organizationId = who.actor.organizationId;
  const [kind, sourceId = ''] = id.split(/:(.*)/s);
  if (kind === 'task') {
    // Done today, nothing else said: the completion's defaults.
    await completeTask(services, who, sourceId, completeMaintenanceTaskSchema.parse({}), now);
    return { ok: true, message: REMINDER_TEXTS.completed };
  }
  if (kind === 'custom') {
    const reminderId = await requireOwned(db, organizationId, 'reminder', sourceId);
    await db
      .updateTable('reminders')
      .set({ completed_at: now, completed_by: who.actor.userId })
      .where('id', '=', reminderId)
      .execute();
    return { ok: true, message: REMINDER_TEXTS.completed };
  }
  const { replacement_document_id: replacementId, no_longer_have: feature } = input;
  // A replacement that expires later supersedes the expiring document by itself, so uploading it (as
  // the completion dialog does) can end the reminder before Mark Complete arrives: that is done too.
  if (kind === 'document' && replacementId !== null) {
    const superseded = await supersededReminder(db, who, sourceId, replacementId, now);
    if (superseded) return { ok: true, message: REMINDER_TEXTS.completed };
  }
  const open = await findOpenReminder(db, organizationId, id, now);
  const needs = needsReplacementOrReason(open);
  if (needs && replacementId === null && input.reason === null && feature === null)
    throw new AppError('BAD_REQUEST', REMINDER_COMPLETION_MESSAGES.replacementOrReason);
  const expiring = needs ? await documentOf(db, open) : null;
  const replacement =
    needs && replacementId !== null && expiring
      ? await checkReplacement(db, organizationId, replacementId, expiring, now)
      : null;
  const removed = needs && feature !== null ? feature : null;
  // 'We no longer have' ends a reminder only for the feature its certificate is about (a gas CoC: the
  // gas installation); a policy, or a certificate of the property itself, belongs to no feature.
  if (removed !== null && (expiring === null || featureOfDocument(expiring) !== removed))
    throw new AppError('BAD_REQUEST', REMINDER_COMPLETION_MESSAGES.featureNotForDocument);
  await db.transaction().execute(async (trx) => {
    if (removed !== null) {
      // The property's lock: its features are read and written without another change between.
      const propertyId = expiring?.property_id ?? null;
      const property = propertyId
        ? await trx
            .selectFrom('properties')
            .select(['id', 'features'])
            .where('id', '=', propertyId)
            .where('organization_id', '=', organizationId)
            .forUpdate()
            .executeTakeFirst()
        : undefined;
      const features = propertyFeaturesSchema.safeParse(property?.features ?? []).data ?? [];
      if (!property || !features.includes(removed))
        throw new AppError('BAD_REQUEST', REMINDER_COMPLETION_MESSAGES.featureNotOnProperty);
      await trx
        .updateTable('properties')
        .set({ features: JSON.stringify(features.filter((item) => item !== removed)), updated_at: now })
        .where('id', '=', property.id)
        .execute();
      await queueComplianceRecheckWithin(services, trx, organizationId, [property.id]);
    }
    const reason = input.reason ?? (removed !== null ? REMINDER_TEXTS.noLongerHave(removed) : null);
    await trx
      .insertInto('reminder_completions')
      .values({
        organization_id: organizationId,
        reminder_key: open.id,
        due_date: open.due_date,
        completed_by: who.actor.userId,
        ...(needs ? { replacement_document_id: replacement, reason, removed_feature: removed } : {}),
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    if (needs) {
      await recordActorAudit(trx, who, 'reminder_complete', expiring?.id ?? null, {
        reminder: open.id,
        title: open.title,
        dueDate: open.due_date,
        replacementDocumentId: replacement,
        reason,
        removedFeature: removed,
      });
    }
  });
  return {
    ok: true,
    message: removed !== null ? REMINDER_TEXTS.featureRemoved(removed) : REMINDER_TEXTS.completed,
  };
}

/**
 * POST /api/reminders/{id}/snooze: the reminder (of its current due date) put off until a day after
 * today, at most MAX_SNOOZE_DAYS ahead (400 otherwise). It stays on the Actions tab and in the digest,
 * marked 'Snoozed until …', and is back in full on that day; a new snooze replaces the last one.
 */
export async function snoozeReminder(
  db: Db,
  who: RequestActor,
  id: string,
  until: string,
  now = new Date(),
): Promise<{ ok: true; message: string }> {
  const organizationId = who.actor.organizationId;
  const open = await findOpenReminder(db, organizationId, id, now);
  const problem = snoozeProblem(until, johannesburgToday(now));
  if (problem) throw new AppError('BAD_REQUEST', problem);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('reminder_snoozes')
      .values({
        organization_id: organizationId,
        reminder_key: open.id,
        due_date: open.due_date,
        until,
        snoozed_by: who.actor.userId,
        snoozed_at: now,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['organization_id', 'reminder_key', 'due_date'])
          .doUpdateSet({ until, snoozed_by: who.actor.userId, snoozed_at: now }),
      )
      .execute();
    await recordActorAudit(
      trx,
      who,
      'reminder_snooze',
      open.source.kind === 'document' ? open.source.id : null,
      {
        reminder: reminderMarkKey(open),
        title: open.title,
        until,
      },
    );
  });
  return { ok: true, message: REMINDER_TEXTS.snoozed(until) };
}
