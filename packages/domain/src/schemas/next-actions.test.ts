import { describe, expect, it } from 'vitest';
import { NEXT_ACTIONS_LIMIT, nextActionsSchema } from './next-actions.js';

describe('nextActionsSchema', () => {
  it('reads the list the API answers and refuses an unknown level or action', () => {
    const item = {
      id: 'p:insurance_policy.insurance:insurance',
      level: 'critical',
      title: 'Expired insurance policy',
      reason: 'Without cover in force, no claim on the property is paid.',
      property: { id: 'p', name: 'Home' },
      due_date: null,
      overdue: false,
      action: { kind: 'upload', label: 'Upload', tab: 'vault' },
      reminder_id: null,
    };
    expect(nextActionsSchema.parse({ items: [item], total: 1 }).items[0]).toEqual(item);
    expect(nextActionsSchema.safeParse({ items: [{ ...item, level: 'urgent' }], total: 1 }).success).toBe(
      false,
    );
    expect(
      nextActionsSchema.safeParse({ items: [{ ...item, action: { ...item.action, tab: 'x' } }], total: 1 })
        .success,
    ).toBe(false);
    expect(NEXT_ACTIONS_LIMIT).toBeGreaterThan(0);
  });
});
