import { DUE_SOON_DAYS, UPCOMING_DAYS } from './due-band.js';
import { formatDate } from './format.js';
import { type PolicyCheckItem, type PolicyCheckItemFinding, policyCheckItems } from './policy-check-items.js';
import { dueMessage, type MergedReminder } from './reminders.js';
import {
  compareSeverity,
  reminderSituation,
  SEVERITY_LABELS,
  type SeverityLevel,
  type SeveritySituation,
  severityOf,
} from './severity.js';

/**
 * The daily email alert (issue 14 §4): a user's reminders, from the same merged list as the Actions tab
 * (mergeReminders), in two parts, each grouped per property:
 * - what is overdue or due within 7 days (DUE_SOON_DAYS, the 'Due Soon' band);
 * - what comes up after that, within 30 days (UPCOMING_DAYS).
 * Reminders further off (a certificate expiring in 45 days, a custom reminder next year) are left out.
 *
 * A reminder the owner snoozed (snoozed_until set) is not dropped: it is listed apart, per property, with
 * the day it is back, and it does not make a mail go by itself; from that day it is in its band again.
 * So the digest holds exactly the Actions tab's reminders due within 30 days, in the same state.
 *
 * The plan's reminders (the trial's end, the renewal) are about the account, not a property: every
 * property's list holds them, so the digest lists each once, apart. They never make a mail go by
 * themselves: the daily mail goes only when some property has something overdue or due within 7 days.
 *
 * On the one severity scale (issue 32 §2): every property reminder carries its level, in the words the
 * cards use, and each property's reminders are listed most serious first, then overdue first, then by due
 * date. A document's reminder takes the level of the Policy Check item that names the document (an expired
 * policy is critical there, so it is critical here too); else its days left decide (severity.ts). And the
 * digest lists each property's Policy Check items, grouped and ordered as the tab shows them
 * (policyCheckItems, from the property's stored check), so the mail and the tab say the same thing. The
 * items never make a mail go by themselves: they are the standing of the property, not something due today.
 */
export const ALERT_DUE_SOON_DAYS = DUE_SOON_DAYS;
export const ALERT_COMING_UP_DAYS = UPCOMING_DAYS;

export interface AlertDigestProperty {
  id: string;
  name: string;
  /** The property's open reminders (mergeReminders, without those marked complete), in their order. */
  reminders: readonly MergedReminder[];
  /** The findings of the property's stored compliance check (none before its first check). */
  findings?: readonly AlertDigestFinding[];
}

/** A finding of a stored check, as the digest reads it: what policyCheckItems needs, and its evidence. */
export type AlertDigestFinding = PolicyCheckItemFinding & { evidence: readonly { id: string }[] };

/** A property reminder with its level on the one scale. */
export type LevelledReminder = MergedReminder & { level: SeverityLevel };

export interface AlertDigestGroup {
  property: { id: string; name: string };
  /** Most serious first, then overdue first, then by due date. */
  reminders: LevelledReminder[];
}

/** A property's Policy Check items, as its tab lists them. */
export interface AlertDigestCompliance {
  property: { id: string; name: string };
  items: PolicyCheckItem<AlertDigestFinding>[];
}

export interface AlertDigest {
  /** Overdue or due within 7 days, per property (properties in the order given, none empty). */
  dueSoon: AlertDigestGroup[];
  /** Due in 8 to 30 days, per property. */
  comingUp: AlertDigestGroup[];
  /** Snoozed by the owner (overdue or due within 30 days), per property: each says when it is back. */
  snoozed: AlertDigestGroup[];
  /** The account's reminders (trial end, renewal), each once. */
  account: MergedReminder[];
  /** Per property with any, its Policy Check items (properties in the order given). */
  compliance: AlertDigestCompliance[];
  /** How many property reminders are overdue or due within 7 days: no daily mail when 0. */
  dueSoonCount: number;
}

const isSoon = (reminder: MergedReminder) => reminder.overdue || reminder.days_until <= ALERT_DUE_SOON_DAYS;
const isDueSoon = (reminder: MergedReminder) => reminder.snoozed_until === null && isSoon(reminder);
const isComingUp = (reminder: MergedReminder) =>
  reminder.snoozed_until === null && !isSoon(reminder) && reminder.days_until <= ALERT_COMING_UP_DAYS;
const isSnoozed = (reminder: MergedReminder) =>
  reminder.snoozed_until !== null && (reminder.overdue || reminder.days_until <= ALERT_COMING_UP_DAYS);

/**
 * A property reminder's level: a document's is that of the first (most serious) item naming it; else
 * its situation's. Only reminders due within 30 days or overdue are listed, and those always have one.
 */
function levelOf(
  reminder: MergedReminder,
  items: readonly PolicyCheckItem<AlertDigestFinding>[],
): SeverityLevel {
  const naming = items.find((item) =>
    item.findings.some((finding) => finding.evidence.some((document) => document.id === reminder.source.id)),
  );
  if (reminder.source.kind === 'document' && naming) return naming.level;
  return severityOf(reminderSituation(reminder) as SeveritySituation);
}

function byLevel(a: LevelledReminder, b: LevelledReminder): number {
  return (
    compareSeverity(a.level, b.level) ||
    Number(b.overdue) - Number(a.overdue) ||
    a.due_date.localeCompare(b.due_date)
  );
}

function groups(
  properties: readonly { id: string; name: string; reminders: readonly LevelledReminder[] }[],
  keep: (reminder: MergedReminder) => boolean,
): AlertDigestGroup[] {
  return properties.flatMap(({ id, name, reminders }) => {
    const kept = reminders.filter(keep).sort(byLevel);
    return kept.length > 0 ? [{ property: { id, name }, reminders: kept }] : [];
  });
}

/** The digest of a user's properties (see the module comment). Pure. */
export function alertDigest(properties: readonly AlertDigestProperty[]): AlertDigest {
  const checked = properties.map((property) => ({
    property,
    items: policyCheckItems(property.findings ?? []),
  }));
  const levelled = checked.map(({ property: { id, name, reminders }, items }) => ({
    id,
    name,
    reminders: reminders.flatMap((reminder) =>
      reminder.source.kind === 'plan' ? [] : [{ ...reminder, level: levelOf(reminder, items) }],
    ),
  }));
  const dueSoon = groups(levelled, isDueSoon);
  const account = new Map<string, MergedReminder>();
  for (const { reminders } of properties) {
    for (const reminder of reminders) {
      if (reminder.source.kind === 'plan' && reminder.days_until <= ALERT_COMING_UP_DAYS)
        account.set(reminder.id, reminder);
    }
  }
  return {
    dueSoon,
    comingUp: groups(levelled, isComingUp),
    snoozed: groups(levelled, isSnoozed),
    account: [...account.values()],
    compliance: checked.flatMap(({ property: { id, name }, items }) =>
      items.length > 0 ? [{ property: { id, name }, items }] : [],
    ),
    dueSoonCount: dueSoon.reduce((count, group) => count + group.reminders.length, 0),
  };
}

/**
 * One reminder as a line of the mail: 'High: Service the geyser — Overdue by 3 days (Mar 07, 2027)', led by
 * its level in the cards' words when it has one. A document's own message already says when ('Expires on
 * …'); the plan's says everything ('Your Premium trial ends …').
 */
export function alertLine(reminder: MergedReminder & { level?: SeverityLevel }): string {
  if (reminder.source.kind === 'plan') return reminder.message;
  const when =
    reminder.source.kind === 'document'
      ? reminder.message
      : `${dueMessage(reminder.days_until)} (${formatDate(reminder.due_date)})`;
  const snoozed = reminder.snoozed_until ? ` — ${snoozedLabel(reminder.snoozed_until)}` : '';
  const level = reminder.level ? `${SEVERITY_LABELS[reminder.level]}: ` : '';
  return `${level}${reminder.title} — ${when}${snoozed}`;
}

/** 'Snoozed until Dec 05, 2026': how the Actions tab and the digest mark a snoozed reminder. */
export const snoozedLabel = (until: string) => `Snoozed until ${formatDate(until)}`;
