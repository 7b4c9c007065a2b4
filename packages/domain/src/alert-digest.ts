import { DUE_SOON_DAYS, UPCOMING_DAYS } from './due-band.js';
import { formatDate } from './format.js';
import { dueMessage, type MergedReminder } from './reminders.js';

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
 */
export const ALERT_DUE_SOON_DAYS = DUE_SOON_DAYS;
export const ALERT_COMING_UP_DAYS = UPCOMING_DAYS;

export interface AlertDigestProperty {
  id: string;
  name: string;
  /** The property's open reminders (mergeReminders, without those marked complete), in their order. */
  reminders: readonly MergedReminder[];
}

export interface AlertDigestGroup {
  property: { id: string; name: string };
  reminders: MergedReminder[];
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
  /** How many property reminders are overdue or due within 7 days: no daily mail when 0. */
  dueSoonCount: number;
}

const isSoon = (reminder: MergedReminder) => reminder.overdue || reminder.days_until <= ALERT_DUE_SOON_DAYS;
const isDueSoon = (reminder: MergedReminder) => reminder.snoozed_until === null && isSoon(reminder);
const isComingUp = (reminder: MergedReminder) =>
  reminder.snoozed_until === null && !isSoon(reminder) && reminder.days_until <= ALERT_COMING_UP_DAYS;
const isSnoozed = (reminder: MergedReminder) =>
  reminder.snoozed_until !== null && (reminder.overdue || reminder.days_until <= ALERT_COMING_UP_DAYS);

function groups(
  properties: readonly AlertDigestProperty[],
  keep: (reminder: MergedReminder) => boolean,
): AlertDigestGroup[] {
  return properties.flatMap(({ id, name, reminders }) => {
    const kept = reminders.filter((reminder) => reminder.source.kind !== 'plan' && keep(reminder));
    return kept.length > 0 ? [{ property: { id, name }, reminders: kept }] : [];
  });
}

/** The digest of a user's properties (see the module comment). Pure. */
export function alertDigest(properties: readonly AlertDigestProperty[]): AlertDigest {
  const dueSoon = groups(properties, isDueSoon);
  const account = new Map<string, MergedReminder>();
  for (const { reminders } of properties) {
    for (const reminder of reminders) {
      if (reminder.source.kind === 'plan' && reminder.days_until <= ALERT_COMING_UP_DAYS)
        account.set(reminder.id, reminder);
    }
  }
  return {
    dueSoon,
    comingUp: groups(properties, isComingUp),
    snoozed: groups(properties, isSnoozed),
    account: [...account.values()],
    dueSoonCount: dueSoon.reduce((count, group) => count + group.reminders.length, 0),
  };
}

/**
 * One reminder as a line of the mail: 'Service the geyser — Overdue by 3 days (Mar 07, 2027)'. A document's
 * own message already says when ('Expires on …'); the plan's says everything ('Your Premium trial ends …').
 */
export function alertLine(reminder: MergedReminder): string {
  if (reminder.source.kind === 'plan') return reminder.message;
  const when =
    reminder.source.kind === 'document'
      ? reminder.message
      : `${dueMessage(reminder.days_until)} (${formatDate(reminder.due_date)})`;
  const snoozed = reminder.snoozed_until ? ` — ${snoozedLabel(reminder.snoozed_until)}` : '';
  return `${reminder.title} — ${when}${snoozed}`;
}

/** 'Snoozed until Dec 05, 2026': how the Actions tab and the digest mark a snoozed reminder. */
export const snoozedLabel = (until: string) => `Snoozed until ${formatDate(until)}`;
