import { describe, expect, it } from 'vitest';
import { PROPERTY_FEATURE_MESSAGE } from '../certificates.js';
import {
  completeReminderSchema,
  MAX_REMINDER_REASON,
  REMINDER_COMPLETION_MESSAGES,
  reminderSchema,
  snoozeProblem,
  snoozeReminderSchema,
} from './reminder.js';
import { dataOf, errorsOf } from './test-helpers.js';

describe('reminderSchema', () => {
  const reminder = {
    title: ' Renew electrical COC ',
    message: '',
    due_date: '2026-03-01',
    priority: 'high',
    type: 'certificate',
  };

  it('has the spec priorities and types', () => {
    expect(reminderSchema.shape.priority.options).toEqual(['critical', 'high', 'medium', 'low']);
    expect(reminderSchema.shape.type.options).toEqual(['certificate', 'payment', 'maintenance']);
  });

  it('accepts a reminder', () => {
    expect(dataOf(reminderSchema, reminder)).toEqual({
      title: 'Renew electrical COC',
      message: undefined,
      due_date: '2026-03-01',
      priority: 'high',
      type: 'certificate',
    });
    expect(dataOf(reminderSchema, { ...reminder, message: ' Book the electrician ' }).message).toBe(
      'Book the electrician',
    );
  });

  it('gives a message for each missing field', () => {
    expect(errorsOf(reminderSchema, {})).toEqual({
      title: 'Title is required',
      due_date: 'Due date is required',
      priority: 'Choose a priority',
      type: 'Choose a reminder type',
    });
  });

  it('refuses bad values', () => {
    expect(
      errorsOf(reminderSchema, {
        ...reminder,
        title: 't'.repeat(201),
        message: 'm'.repeat(2001),
        due_date: '2026-02-29',
        priority: 'urgent',
        type: 'tax',
      }),
    ).toEqual({
      title: 'Title must be at most 200 characters',
      message: 'Message must be at most 2000 characters',
      due_date: 'Enter a valid date',
      priority: 'Choose a priority',
      type: 'Choose a reminder type',
    });
  });
});

describe('completeReminderSchema', () => {
  it('takes nothing, a replacement, a reason or a feature no longer there; blanks are null', () => {
    expect(dataOf(completeReminderSchema, {})).toEqual({
      replacement_document_id: null,
      reason: null,
      no_longer_have: null,
    });
    expect(
      dataOf(completeReminderSchema, {
        replacement_document_id: ' ABC ',
        reason: '  ',
        no_longer_have: 'electric_fence',
      }),
    ).toEqual({ replacement_document_id: 'abc', reason: null, no_longer_have: 'electric_fence' });
    expect(dataOf(completeReminderSchema, { reason: ' Sold the fence ' }).reason).toBe('Sold the fence');
  });

  it('refuses an unknown feature, a reason too long and text with control characters', () => {
    expect(errorsOf(completeReminderSchema, { no_longer_have: 'moat' })).toEqual({
      no_longer_have: PROPERTY_FEATURE_MESSAGE,
    });
    expect(errorsOf(completeReminderSchema, { reason: 'x'.repeat(MAX_REMINDER_REASON + 1) }).reason).toEqual(
      expect.any(String),
    );
    expect(errorsOf(completeReminderSchema, { reason: 'a\u0000b' }).reason).toEqual(expect.any(String));
  });
});

describe('snoozeReminderSchema and snoozeProblem', () => {
  it('needs a date', () => {
    expect(errorsOf(snoozeReminderSchema, {})).toEqual({
      until: REMINDER_COMPLETION_MESSAGES.snoozeUntilRequired,
    });
    expect(dataOf(snoozeReminderSchema, { until: ' 2026-03-12 ' })).toEqual({ until: '2026-03-12' });
  });

  it('snoozes from tomorrow up to 30 days ahead', () => {
    expect(snoozeProblem('2026-03-10', '2026-03-10')).toBe(REMINDER_COMPLETION_MESSAGES.snoozeNotAfterToday);
    expect(snoozeProblem('2026-03-11', '2026-03-10')).toBeNull();
    expect(snoozeProblem('2026-04-09', '2026-03-10')).toBeNull();
    expect(snoozeProblem('2026-04-10', '2026-03-10')).toBe(REMINDER_COMPLETION_MESSAGES.snoozeTooLong);
  });
});
