import { z } from 'zod';
import { PROPERTY_FEATURE_MESSAGE, PROPERTY_FEATURES } from '../certificates.js';
import { REMINDER_PRIORITIES, REMINDER_TYPES } from '../compliance.js';
import { dayNumberOf, parseDateOnly } from '../due-band.js';
import { MAX_SNOOZE_DAYS } from '../reminders.js';
import { idSchema, MAX_LENGTHS, optionalText, requiredIsoDate, requiredText } from './common.js';

/** Messages of the reminder form (the spec gives none). */
export const REMINDER_MESSAGES = {
  titleRequired: 'Title is required',
  dueDateRequired: 'Due date is required',
  priorityRequired: 'Choose a priority',
  typeRequired: 'Choose a reminder type',
} as const;

const MAX_TITLE = 200;

/**
 * A reminder, as Add Custom Reminder creates it (spec §2 Actions tab, §3 Reminder): title required,
 * message optional, due_date 'YYYY-MM-DD', priority and type from their lists.
 */
export const reminderSchema = z.object({
  title: requiredText(REMINDER_MESSAGES.titleRequired, MAX_TITLE, 'Title'),
  message: optionalText(MAX_LENGTHS.description, 'Message'),
  due_date: requiredIsoDate(REMINDER_MESSAGES.dueDateRequired),
  priority: z.enum(REMINDER_PRIORITIES, { error: REMINDER_MESSAGES.priorityRequired }),
  type: z.enum(REMINDER_TYPES, { error: REMINDER_MESSAGES.typeRequired }),
});
export type ReminderInput = z.input<typeof reminderSchema>;
export type Reminder = z.output<typeof reminderSchema>;

/** The longest reason given for a reminder no longer needed. */
export const MAX_REMINDER_REASON = 500;

/** Mark Complete on a certificate or policy reminder, and Snooze (issue 26 §5). */
export const REMINDER_COMPLETION_MESSAGES = {
  replacementOrReason: 'Add the replacement document or say why it is no longer needed',
  replacementNotFound: 'Replacement document not found',
  replacementOtherProperty: 'The replacement must be a document of the same property',
  replacementSame: 'Choose the new document, not the one that expires',
  replacementPolicy: 'The replacement of an insurance policy must be an insurance policy',
  replacementCertificate: 'The replacement of a certificate must be a certificate',
  replacementOtherType: 'The replacement must be a certificate of the same type',
  replacementExpired: 'The replacement has expired too: add a current one',
  replacementNoExpiry:
    'The replacement has no expiry date, so it cannot show cover after the one that expires: add its expiry date first',
  replacementNotLater: 'The replacement must expire after the document it replaces: add the newer one',
  featureNotForDocument: 'Only the feature this certificate is about can be removed with it',
  featureNotOnProperty: 'This property does not have that feature',
  snoozeUntilRequired: 'Choose the day the reminder comes back',
  snoozeNotAfterToday: 'Snooze until a day after today',
  snoozeTooLong: `Snooze for at most ${MAX_SNOOZE_DAYS} days`,
} as const;

/**
 * Mark Complete (POST /api/reminders/{id}/complete). A certificate's or policy's reminder needs one of:
 * the replacement document (already in the vault: uploaded or picked), a reason it is no longer needed,
 * or a feature the property no longer has (which is removed from the property, and is the reason when
 * none is typed). Other reminders take none of them. Which reminder needs what is the server's question.
 */
export const completeReminderSchema = z.object({
  replacement_document_id: idSchema.nullish().transform((id) => id?.trim().toLowerCase() || null),
  reason: optionalText(MAX_REMINDER_REASON, 'Reason').transform((reason) => reason || null),
  no_longer_have: z
    .enum(PROPERTY_FEATURES, { error: () => PROPERTY_FEATURE_MESSAGE })
    .nullish()
    .transform((feature) => feature ?? null),
});
export type CompleteReminderInput = z.input<typeof completeReminderSchema>;
export type CompleteReminder = z.output<typeof completeReminderSchema>;

/**
 * Snooze (POST /api/reminders/{id}/snooze): until a day after today, at most MAX_SNOOZE_DAYS ahead
 * (South African days; the server checks the window against its own today).
 */
export const snoozeReminderSchema = z.object({
  until: requiredIsoDate(REMINDER_COMPLETION_MESSAGES.snoozeUntilRequired),
});
export type SnoozeReminderInput = z.input<typeof snoozeReminderSchema>;

/** What is wrong with snoozing until `until` on `today` (both 'YYYY-MM-DD'), or null: after today, within MAX_SNOOZE_DAYS. */
export function snoozeProblem(until: string, today: string): string | null {
  const days = dayNumberOf(parseDateOnly(until)) - dayNumberOf(parseDateOnly(today));
  if (days < 1) return REMINDER_COMPLETION_MESSAGES.snoozeNotAfterToday;
  return days > MAX_SNOOZE_DAYS ? REMINDER_COMPLETION_MESSAGES.snoozeTooLong : null;
}
