import type { ComplianceFinding } from './compliance-rules.js';
import { dueMessage, type MergedReminder } from './reminders.js';
import {
  compareSeverity,
  expirySituation,
  findingLevel,
  SEVERITY_SCALE,
  type SeverityLevel,
  severityOf,
} from './severity.js';

/**
 * The dashboard's "what to do next" (issue 32 §1): one list across the portfolio, most serious first, each
 * item with its reason, its property and one action that opens where it is done.
 *
 * What is listed, per property:
 * - the gaps of its stored compliance check (not compliant or unknown findings, which the Policy Check tab
 *   shows): the ongoing and insurance ones always; the transfer ones only while the property is being sold
 *   (a pending transfer), because a sale's certificates are not due before one;
 * - its open reminders that are not snoozed: maintenance tasks and the owner's own reminders when overdue
 *   or due within 7 days; documents expiring within 60 days (or expired) unless a gap already names that
 *   document. Reminders of a gap or of the plan are left out (the gap itself, or the plan card, says it).
 *
 * Levels (severity.ts): a gap's level is the one its finding carries (findingLevel: the situations the
 * scale calls critical, which a check stores as high, are critical: no insurance policy or an expired one,
 * a certificate the law requires for a transfer), and its due date the finding's. An overdue task is
 * task_overdue (high), one due within 7 days task_due_soon (medium); an expiring document by its days left
 * (expirySituation).
 *
 * Order: level (critical first), then overdue before not, then the earlier due date (undated gaps after
 * dated items of their level), then the property's name, then the item's id.
 */

/** What an item's one button does; the web app opens the property on the tab where it is done. */
export const NEXT_ACTION_KINDS = ['upload', 'book_provider', 'mark_done'] as const;
export type NextActionKind = (typeof NEXT_ACTION_KINDS)[number];

/** The property tab each action opens (the tab's value, as in the property's address ?tab=…). */
export const NEXT_ACTION_TABS = {
  upload: 'vault',
  book_provider: 'escalation',
  mark_done: 'actions',
} as const satisfies Record<NextActionKind, string>;

export const NEXT_ACTION_LABELS = {
  upload: 'Upload',
  book_provider: 'Book a provider',
  mark_done: 'Mark done',
} as const satisfies Record<NextActionKind, string>;

export interface NextActionsProperty {
  id: string;
  name: string;
  /** The property has a pending transfer: the sale's certificates are due. */
  selling: boolean;
  findings: readonly (Pick<
    ComplianceFinding,
    'id' | 'type' | 'title' | 'description' | 'severity' | 'rule' | 'context' | 'evidence' | 'action'
  > &
    Partial<Pick<ComplianceFinding, 'level' | 'due_date'>>)[];
  reminders: readonly MergedReminder[];
}

export interface NextAction {
  /** Unique in the list: `${property id}:${finding or reminder id}`. */
  id: string;
  level: SeverityLevel;
  /** What needs doing, in a few words. */
  title: string;
  /** Why, in one sentence. */
  reason: string;
  property: { id: string; name: string };
  /** YYYY-MM-DD, when it has a date. */
  due_date: string | null;
  overdue: boolean;
  action: { kind: NextActionKind; label: string; tab: (typeof NEXT_ACTION_TABS)[NextActionKind] };
  /** The reminder a Mark done completes, for mark_done. */
  reminder_id: string | null;
}

/** Tasks and own reminders due within this many days are listed. */
export const NEXT_ACTION_TASK_DAYS = 7;

function actionOf(kind: NextActionKind): NextAction['action'] {
  return { kind, label: NEXT_ACTION_LABELS[kind], tab: NEXT_ACTION_TABS[kind] };
}

const isPolicyRule = (rule: string) => rule === 'insurance_policy.insurance';

function findingItem(
  property: NextActionsProperty,
  finding: NextActionsProperty['findings'][number],
): NextAction {
  // Nothing held, or a policy (renewed with the insurer, then uploaded): upload. Otherwise a provider renews it.
  const kind = finding.evidence.length === 0 || isPolicyRule(finding.rule) ? 'upload' : 'book_provider';
  return {
    id: `${property.id}:${finding.id}`,
    level: findingLevel(finding),
    title: finding.title,
    reason: finding.description,
    property: { id: property.id, name: property.name },
    due_date: finding.due_date ?? null,
    overdue: false,
    action: actionOf(kind),
    reminder_id: null,
  };
}

function reminderItem(
  property: NextActionsProperty,
  reminder: MergedReminder,
  named: ReadonlySet<string>,
): NextAction | null {
  if (reminder.snoozed_until !== null) return null;
  const { kind } = reminder.source;
  let level: SeverityLevel;
  let why: string;
  if (kind === 'task' || kind === 'custom') {
    if (!reminder.overdue && reminder.days_until > NEXT_ACTION_TASK_DAYS) return null;
    const situation = reminder.overdue ? 'task_overdue' : 'task_due_soon';
    level = severityOf(situation);
    why = SEVERITY_SCALE[situation].why;
  } else if (kind === 'document') {
    const situation = expirySituation(reminder.days_until);
    if (situation === null || named.has(reminder.source.id)) return null;
    level = severityOf(situation);
    why = SEVERITY_SCALE[situation].why;
  } else {
    return null;
  }
  return {
    id: `${property.id}:${reminder.id}`,
    level,
    title: reminder.title,
    reason: `${kind === 'document' ? reminder.message : dueMessage(reminder.days_until)}. ${why}`,
    property: { id: property.id, name: property.name },
    due_date: reminder.due_date,
    overdue: reminder.overdue,
    action: actionOf(kind === 'document' ? 'upload' : 'mark_done'),
    reminder_id: kind === 'document' ? null : reminder.id,
  };
}

function compareItems(a: NextAction, b: NextAction): number {
  return (
    compareSeverity(a.level, b.level) ||
    Number(b.overdue) - Number(a.overdue) ||
    (a.due_date ?? '9999-12-31').localeCompare(b.due_date ?? '9999-12-31') ||
    a.property.name.localeCompare(b.property.name) ||
    // Ids are unique within the list: never equal.
    (a.id < b.id ? -1 : 1)
  );
}

/** The portfolio's next actions, ranked (see the module comment). Pure. */
export function nextActions(properties: readonly NextActionsProperty[]): NextAction[] {
  const items = properties.flatMap((property) => {
    const gaps = property.findings.filter(
      (finding) => finding.type === 'gap' && (finding.context !== 'transfer' || property.selling),
    );
    const named = new Set(gaps.flatMap((gap) => gap.evidence.map((document) => document.id)));
    return [
      ...gaps.map((gap) => findingItem(property, gap)),
      ...property.reminders.flatMap((reminder) => reminderItem(property, reminder, named) ?? []),
    ];
  });
  return items.sort(compareItems);
}
