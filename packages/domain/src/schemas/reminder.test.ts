import { describe, expect, it } from 'vitest';
import { reminderSchema } from './reminder.js';
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
