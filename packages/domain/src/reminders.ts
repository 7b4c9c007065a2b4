import type { CertificateType } from './certificates.js';
import {
  REMINDER_PRIORITIES,
  type ReminderPriority,
  type ReminderType,
  type TaskPriority,
} from './compliance.js';
import type { DocumentKind } from './documents.js';
import {
  calendarDateOf,
  type DueBand,
  dayNumberOf,
  dueBandForDays,
  formatDateOnly,
  johannesburgDayNumber,
  parseDateOnly,
  UPCOMING_DAYS,
} from './due-band.js';
import { formatDate } from './format.js';
import { type Plan, PREMIUM_PRICE_ZAR } from './plan-terms.js';

/**
 * A property's reminders (spec §2 Actions tab, §3 Reminder; issue 14): one list merged from its maintenance
 * tasks, expiring documents, dated compliance gaps, the plan's trial or renewal and the owner's custom
 * reminders. The API, the e-mail digest and the dashboard all read this list, so they agree.
 *
 * Dates are Johannesburg calendar dates (due-band.ts): `today` is 'YYYY-MM-DD'; a due date is 'YYYY-MM-DD'
 * or an ISO timestamp with a zone (read as its date in Johannesburg). Malformed dates throw a RangeError.
 *
 * What is included:
 * | source                          | included when                                  | type        |
 * |---------------------------------|------------------------------------------------|-------------|
 * | maintenance task                | due within 30 days (UPCOMING_DAYS) or overdue  | maintenance |
 * | document with an expiry date    | expiring within 60 days or expired, and not superseded | certificate |
 * | compliance gap with a due date  | due within 60 days or overdue, unless its document already has a reminder | certificate |
 * | Free plan with a trial end      | the trial ends within 30 days (today included) | payment     |
 * | Premium plan with a renewal     | it renews within 30 days (today included)      | payment     |
 * | custom reminder                 | not completed, whatever its date                | (its own, default maintenance) |
 *
 * Decisions:
 * - Overdue: the due date is before today (spec §4: not on the day itself). A document is the exception:
 *   it is expired, so overdue, from its expiry date on. The vault stores an expiry as the start of that day
 *   and the compliance check already counts it expired then; the Actions tab says the same.
 * - Priority from the band of the days until due: overdue critical, 7 days or fewer high, 30 or fewer
 *   medium, later low. A custom reminder with a priority keeps it, because the owner chose it. A task
 *   (or a gap with a priority) shows the more urgent of its own priority and the band's, so a critical task
 *   due in 20 days stays critical and an overdue low one turns critical.
 * - A document is superseded when another of the same property and series has a later expiry date, so a
 *   renewed certificate silences the old one. A series is all policies (the one that ends last counts, as
 *   in the compliance check), or the certificates of one certificate_type; an untyped certificate is a
 *   series of its own.
 * - An ended trial gives no reminder: the account is simply on Free, which is not a debt.
 * - Order: overdue first, then by due date (earliest first), then priority (critical first), then id.
 * - Ids are stable: 'task:<id>', 'document:<id>', 'gap:<id>', 'trial', 'renewal', 'custom:<id>'. Two inputs
 *   of one source with the same id throw a RangeError.
 * - The dashboard's upcoming count (reminderCounts) counts reminders that are not overdue and due within
 *   30 days: the same list as the Actions tab, cut by the same band.
 */

/** Documents and dated gaps are reminded of this many days ahead. */
export const EXPIRY_REMINDER_DAYS = 60;
/** Maintenance tasks, the trial's end and the renewal are reminded of this many days ahead. */
export const DUE_REMINDER_DAYS = UPCOMING_DAYS;

/** Where a reminder comes from. */
export const REMINDER_SOURCE_KINDS = ['task', 'document', 'gap', 'plan', 'custom'] as const;
export type ReminderSourceKind = (typeof REMINDER_SOURCE_KINDS)[number];

export interface ReminderTaskInput {
  id: string;
  title: string;
  /** YYYY-MM-DD */
  next_due: string;
  priority: TaskPriority;
  property_name?: string | null;
}

export interface ReminderDocumentInput {
  id: string;
  name: string;
  kind: DocumentKind;
  /** An ISO timestamp with a zone, or YYYY-MM-DD; null: it does not expire. */
  expires_at: string | null;
  /** What a certificate is, when known: renewals of one type supersede each other. */
  certificate_type?: CertificateType | null;
  /** Documents of different properties never supersede each other. */
  property_id?: string | null;
}

/** A compliance gap with a date by which it must be dealt with. */
export interface ReminderGapInput {
  id: string;
  title: string;
  /** YYYY-MM-DD */
  due_date: string;
  priority?: ReminderPriority | null;
  /** The document the gap is about: when that document has a reminder of its own, the gap adds none. */
  document_id?: string | null;
}

export interface ReminderPlanInput {
  plan: Plan;
  /** An ISO timestamp with a zone, or YYYY-MM-DD; null: no trial. */
  trial_ends_at: string | null;
  /** When a Premium plan is due for renewal, if known. */
  renews_at?: string | null;
}

export interface CustomReminderInput {
  id: string;
  title: string;
  message: string | null;
  /** YYYY-MM-DD */
  due_date: string;
  /** null: from the due band. */
  priority: ReminderPriority | null;
  /** Default 'maintenance'. */
  type?: ReminderType | null;
  completed_at: string | null;
}

export interface MergeRemindersInput {
  /** YYYY-MM-DD, in Johannesburg. */
  today: string;
  tasks?: readonly ReminderTaskInput[];
  documents?: readonly ReminderDocumentInput[];
  gaps?: readonly ReminderGapInput[];
  plan?: ReminderPlanInput | null;
  custom?: readonly CustomReminderInput[];
}

/** A reminder as the Actions tab shows it (spec §3 Reminder, with what is derived from it). */
export interface MergedReminder {
  id: string;
  title: string;
  message: string;
  /** YYYY-MM-DD */
  due_date: string;
  priority: ReminderPriority;
  type: ReminderType;
  overdue: boolean;
  /** Calendar days from today to the due date; negative once past. */
  days_until: number;
  source: { kind: ReminderSourceKind; id: string };
  /**
   * YYYY-MM-DD: the owner snoozed it until this day (after today); null when not snoozed. A snoozed
   * reminder stays on the Actions tab and in the digest, marked, and is back in full on that day.
   */
  snoozed_until: string | null;
}

const BAND_PRIORITIES = {
  Overdue: 'critical',
  'Due Soon': 'high',
  Upcoming: 'medium',
  Scheduled: 'low',
} as const satisfies Record<DueBand, ReminderPriority>;

/** Spec §9: the priority of the due band: overdue critical, ≤ 7 days high, ≤ 30 days medium, else low. */
export function reminderPriorityForDays(days: number): ReminderPriority {
  return BAND_PRIORITIES[dueBandForDays(days)];
}

/** The more urgent of two priorities. */
export function moreUrgentPriority(a: ReminderPriority, b: ReminderPriority): ReminderPriority {
  return REMINDER_PRIORITIES.indexOf(a) <= REMINDER_PRIORITIES.indexOf(b) ? a : b;
}

function days(count: number): string {
  return `${count} day${count === 1 ? '' : 's'}`;
}

/** 'Overdue by 3 days', 'Due today', 'Due in 1 day'. */
export function dueMessage(daysUntil: number): string {
  if (daysUntil < 0) return `Overdue by ${days(-daysUntil)}`;
  return daysUntil === 0 ? 'Due today' : `Due in ${days(daysUntil)}`;
}

/** 'today', 'in 5 days' (for a day not past). */
function fromToday(daysUntil: number): string {
  return daysUntil === 0 ? 'today' : `in ${days(daysUntil)}`;
}

interface Dated {
  date: string;
  days: number;
}

const DOCUMENT_LABELS: Partial<Record<DocumentKind, string>> = {
  certificate: 'Certificate',
  policy: 'Insurance policy',
  inspection: 'Inspection report',
};

/** The document's series (see the module comment), within its property. */
function seriesOf(document: ReminderDocumentInput): string {
  const series =
    document.kind === 'policy'
      ? 'policy'
      : document.certificate_type
        ? `certificate:${document.certificate_type}`
        : `document:${document.id}`;
  return JSON.stringify([document.property_id ?? null, series]);
}

interface ReminderFields {
  title: string;
  message: string;
  /** Absent or null: from the band (overdue critical). */
  priority?: ReminderPriority | null;
  /** Absent: the due date is before today. */
  overdue?: boolean;
}

function reminder(
  kind: ReminderSourceKind,
  id: string,
  type: ReminderType,
  { date, days: daysUntil }: Dated,
  fields: ReminderFields,
): MergedReminder {
  const overdue = fields.overdue ?? daysUntil < 0;
  return {
    id: kind === 'plan' ? id : `${kind}:${id}`,
    title: fields.title,
    message: fields.message,
    due_date: date,
    priority: fields.priority ?? (overdue ? 'critical' : reminderPriorityForDays(daysUntil)),
    type,
    overdue,
    days_until: daysUntil,
    source: { kind, id },
    snoozed_until: null,
  };
}

type DateOf = (value: string) => Dated;

function taskReminders(tasks: readonly ReminderTaskInput[], dated: DateOf): MergedReminder[] {
  return tasks.flatMap((task) => {
    const due = dated(task.next_due);
    if (due.days > DUE_REMINDER_DAYS) return [];
    const place = task.property_name ? ` (${task.property_name})` : '';
    return reminder('task', task.id, 'maintenance', due, {
      title: task.title,
      message: `${dueMessage(due.days)}${place}`,
      priority: moreUrgentPriority(task.priority, reminderPriorityForDays(due.days)),
    });
  });
}

function documentReminders(documents: readonly ReminderDocumentInput[], dated: DateOf): MergedReminder[] {
  const expiring = documents.flatMap((document) =>
    document.expires_at === null ? [] : [{ document, expiry: dated(document.expires_at) }],
  );
  const latestExpiry = new Map<string, string>();
  for (const { document, expiry } of expiring) {
    const series = seriesOf(document);
    const latest = latestExpiry.get(series);
    if (latest === undefined || expiry.date > latest) latestExpiry.set(series, expiry.date);
  }
  return expiring.flatMap(({ document, expiry }) => {
    if (expiry.days > EXPIRY_REMINDER_DAYS || expiry.date !== latestExpiry.get(seriesOf(document))) return [];
    const expired = expiry.days <= 0;
    const label = DOCUMENT_LABELS[document.kind] ?? 'Document';
    return reminder('document', document.id, 'certificate', expiry, {
      title: `${label} ${expired ? 'expired' : 'expires soon'}: ${document.name}`,
      message: expired
        ? `Expired ${expiry.days === 0 ? 'today' : `on ${formatDate(expiry.date)}`}`
        : `Expires on ${formatDate(expiry.date)} (${fromToday(expiry.days)})`,
      overdue: expired,
    });
  });
}

function gapReminders(
  gaps: readonly ReminderGapInput[],
  remindedDocuments: ReadonlySet<string>,
  dated: DateOf,
): MergedReminder[] {
  return gaps.flatMap((gap) => {
    const due = dated(gap.due_date);
    if (due.days > EXPIRY_REMINDER_DAYS) return [];
    if (gap.document_id != null && remindedDocuments.has(gap.document_id)) return [];
    const band = reminderPriorityForDays(due.days);
    return reminder('gap', gap.id, 'certificate', due, {
      title: gap.title,
      message: dueMessage(due.days),
      priority: gap.priority ? moreUrgentPriority(gap.priority, band) : band,
    });
  });
}

/** A payment date from today to DUE_REMINDER_DAYS ahead, or null (past, further off, or none). */
function comingPayment(value: string | null | undefined, dated: DateOf): Dated | null {
  if (!value) return null;
  const due = dated(value);
  return due.days >= 0 && due.days <= DUE_REMINDER_DAYS ? due : null;
}

function planReminders(plan: ReminderPlanInput | null | undefined, dated: DateOf): MergedReminder[] {
  const trialEnd = plan?.plan === 'free' ? comingPayment(plan.trial_ends_at, dated) : null;
  if (trialEnd) {
    const when =
      trialEnd.days === 0 ? 'today' : `on ${formatDate(trialEnd.date)} (${fromToday(trialEnd.days)})`;
    return [
      reminder('plan', 'trial', 'payment', trialEnd, {
        title: 'Premium trial ends',
        message: `Your Premium trial ends ${when}. Upgrade for R${PREMIUM_PRICE_ZAR} per year to keep maintenance alerts and more than one property.`,
      }),
    ];
  }
  const renewal = plan?.plan === 'premium' ? comingPayment(plan.renews_at, dated) : null;
  if (renewal) {
    return [
      reminder('plan', 'renewal', 'payment', renewal, {
        title: 'Premium renewal',
        message: `Your Premium plan is due for renewal on ${formatDate(renewal.date)} (${fromToday(renewal.days)}).`,
      }),
    ];
  }
  return [];
}

function customReminders(custom: readonly CustomReminderInput[], dated: DateOf): MergedReminder[] {
  return custom.flatMap((entry) => {
    if (entry.completed_at !== null) return [];
    const due = dated(entry.due_date);
    return reminder('custom', entry.id, entry.type ?? 'maintenance', due, {
      title: entry.title,
      message: entry.message?.trim() || dueMessage(due.days),
      priority: entry.priority,
    });
  });
}

/**
 * The reminders of `input` (see the module comment for what is included, how, and in what order).
 * Pure: the same input always gives the same list.
 */
export function mergeReminders(input: MergeRemindersInput): MergedReminder[] {
  const today = dayNumberOf(parseDateOnly(input.today));
  const dated: DateOf = (value) => {
    const day = johannesburgDayNumber(value);
    return { date: formatDateOnly(calendarDateOf(day)), days: day - today };
  };
  const documents = documentReminders(input.documents ?? [], dated);
  const remindedDocuments = new Set(documents.map((entry) => entry.source.id));
  const reminders = [
    ...taskReminders(input.tasks ?? [], dated),
    ...documents,
    ...gapReminders(input.gaps ?? [], remindedDocuments, dated),
    ...planReminders(input.plan, dated),
    ...customReminders(input.custom ?? [], dated),
  ];
  const ids = new Set<string>();
  for (const entry of reminders) {
    if (ids.has(entry.id)) throw new RangeError(`Two reminders have the id ${entry.id}`);
    ids.add(entry.id);
  }
  return reminders.sort(compareReminders);
}

/** Overdue first, then by due date, then priority (critical first), then id (code-unit order). */
export function compareReminders(
  a: Pick<MergedReminder, 'overdue' | 'due_date' | 'priority' | 'id'>,
  b: Pick<MergedReminder, 'overdue' | 'due_date' | 'priority' | 'id'>,
): number {
  return (
    Number(b.overdue) - Number(a.overdue) ||
    compareText(a.due_date, b.due_date) ||
    REMINDER_PRIORITIES.indexOf(a.priority) - REMINDER_PRIORITIES.indexOf(b.priority) ||
    compareText(a.id, b.id)
  );
}

function compareText(a: string, b: string): number {
  return Number(a > b) - Number(a < b);
}

/**
 * The counts the dashboard shows beside the Actions tab: overdue; upcoming (not overdue and due within
 * 30 days, UPCOMING_DAYS); later (the rest: documents expiring in 31-60 days, custom reminders further off).
 */
export function reminderCounts(reminders: readonly Pick<MergedReminder, 'overdue' | 'days_until'>[]): {
  overdue: number;
  upcoming: number;
  later: number;
} {
  const counts = { overdue: 0, upcoming: 0, later: 0 };
  for (const reminder of reminders) {
    if (reminder.overdue) counts.overdue += 1;
    else if (reminder.days_until <= UPCOMING_DAYS) counts.upcoming += 1;
    else counts.later += 1;
  }
  return counts;
}

/** The dashboard's upcoming count: reminders not overdue and due within 30 days (see reminderCounts). */
export function upcomingReminderCount(
  reminders: readonly Pick<MergedReminder, 'overdue' | 'days_until'>[],
): number {
  return reminderCounts(reminders).upcoming;
}

/**
 * The dashboard's "Upcoming expiries" (issue 32): documents expiring within 60 days (EXPIRY_REMINDER_DAYS),
 * not yet expired and not superseded by a renewal: the document reminders of the list that are not overdue.
 */
export function expiringDocumentCount(
  reminders: readonly Pick<MergedReminder, 'overdue' | 'source'>[],
): number {
  return reminders.filter((reminder) => reminder.source.kind === 'document' && !reminder.overdue).length;
}

/** The longest a reminder can be snoozed at a time, in days from today. */
export const MAX_SNOOZE_DAYS = 30;

/**
 * Whether Mark Complete on this reminder needs the replacement document or a reason: a certificate's or
 * policy's expiry (and a dated compliance gap) is regenerated from the documents, so 'done' means the
 * document was replaced or is no longer needed, and the owner says which.
 */
export function needsReplacementOrReason(reminder: { source: { kind: string } }): boolean {
  return reminder.source.kind === 'document' || reminder.source.kind === 'gap';
}

/** What the owner did about merged reminders, each keyed '<reminder id>@<due date>'. */
export interface ReminderMarks {
  /** YYYY-MM-DD, in Johannesburg. */
  today: string;
  /** Marked complete for that due date. */
  done: ReadonlySet<string>;
  /** Snoozed until that day (YYYY-MM-DD). */
  snoozed: ReadonlyMap<string, string>;
}

/** The key of a reminder's marks: a mark holds for its due date only, so a moved date brings it back. */
export const reminderMarkKey = (reminder: Pick<MergedReminder, 'id' | 'due_date'>) =>
  `${reminder.id}@${reminder.due_date}`;

/**
 * The reminders the owner still has to act on, in their order: those marked complete for their due
 * date are left out; those snoozed until a day after today say until when (snoozed_until), and are back
 * in full from that day. Nothing is dropped by a snooze. The Actions tab and the digest both read this.
 */
export function openReminderList(
  reminders: readonly MergedReminder[],
  marks: ReminderMarks,
): MergedReminder[] {
  return reminders.flatMap((reminder) => {
    const key = reminderMarkKey(reminder);
    if (marks.done.has(key)) return [];
    const until = marks.snoozed.get(key);
    return [{ ...reminder, snoozed_until: until !== undefined && until > marks.today ? until : null }];
  });
}
