import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REMINDER_PRIORITIES, REMINDER_TYPES, TASK_PRIORITIES } from './compliance.js';
import { calendarDateOf, dayNumberOf, formatDateOnly, parseDateOnly } from './due-band.js';
import {
  type CustomReminderInput,
  compareReminders,
  DUE_REMINDER_DAYS,
  dueMessage,
  EXPIRY_REMINDER_DAYS,
  expiringDocumentCount,
  type MergedReminder,
  type MergeRemindersInput,
  mergeReminders,
  moreUrgentPriority,
  needsReplacementOrReason,
  type ReminderDocumentInput,
  type ReminderTaskInput,
  reminderCounts,
  reminderPriorityForDays,
  upcomingReminderCount,
} from './reminders.js';

const TODAY = '2026-03-10';

/** The date `days` days after TODAY. */
function inDays(days: number, from = TODAY): string {
  return formatDateOnly(calendarDateOf(dayNumberOf(parseDateOnly(from)) + days));
}

function taskDue(days: number, extra: Partial<ReminderTaskInput> = {}): ReminderTaskInput {
  return { id: `t${days}`, title: `Task ${days}`, next_due: inDays(days), priority: 'low', ...extra };
}

function certificate(id: string, expires_at: string | null, extra: Partial<ReminderDocumentInput> = {}) {
  return { id, name: `${id}.pdf`, kind: 'certificate', expires_at, ...extra } satisfies ReminderDocumentInput;
}

function custom(id: string, due_date: string, extra: Partial<CustomReminderInput> = {}): CustomReminderInput {
  return { id, title: `Custom ${id}`, message: null, due_date, priority: null, completed_at: null, ...extra };
}

function byId(reminders: MergedReminder[]) {
  return Object.fromEntries(reminders.map((reminder) => [reminder.id, reminder]));
}

describe('reminderPriorityForDays and moreUrgentPriority', () => {
  it.each([
    [-30, 'critical'],
    [-1, 'critical'],
    [0, 'high'],
    [7, 'high'],
    [8, 'medium'],
    [30, 'medium'],
    [31, 'low'],
    [365, 'low'],
  ] as const)('%i days until due is %s', (days, priority) => {
    expect(reminderPriorityForDays(days)).toBe(priority);
  });

  it('refuses NaN days', () => {
    expect(() => reminderPriorityForDays(Number.NaN)).toThrow(RangeError);
  });

  it('picks the more urgent of two priorities, either way round', () => {
    expect(moreUrgentPriority('low', 'critical')).toBe('critical');
    expect(moreUrgentPriority('high', 'medium')).toBe('high');
    expect(moreUrgentPriority('medium', 'medium')).toBe('medium');
  });
});

describe('dueMessage', () => {
  it.each([
    [-3, 'Overdue by 3 days'],
    [-1, 'Overdue by 1 day'],
    [0, 'Due today'],
    [1, 'Due in 1 day'],
    [5, 'Due in 5 days'],
  ])('%i days: %s', (days, message) => {
    expect(dueMessage(days)).toBe(message);
  });
});

describe('mergeReminders: maintenance tasks', () => {
  it('reminds of tasks due within 30 days or overdue, with the band priority', () => {
    const reminders = mergeReminders({
      today: TODAY,
      tasks: [-3, 0, 7, 8, 30, 31, 400].map((days) => taskDue(days)),
    });
    expect(reminders.map((r) => [r.id, r.due_date, r.days_until, r.overdue, r.priority, r.message])).toEqual([
      ['task:t-3', '2026-03-07', -3, true, 'critical', 'Overdue by 3 days'],
      ['task:t0', '2026-03-10', 0, false, 'high', 'Due today'],
      ['task:t7', '2026-03-17', 7, false, 'high', 'Due in 7 days'],
      ['task:t8', '2026-03-18', 8, false, 'medium', 'Due in 8 days'],
      ['task:t30', '2026-04-09', 30, false, 'medium', 'Due in 30 days'],
    ]);
    expect(reminders[0]).toEqual({
      id: 'task:t-3',
      title: 'Task -3',
      message: 'Overdue by 3 days',
      due_date: '2026-03-07',
      priority: 'critical',
      type: 'maintenance',
      overdue: true,
      days_until: -3,
      source: { kind: 'task', id: 't-3' },
      snoozed_until: null,
    });
  });

  it("keeps a task's own priority when it is more urgent than the band", () => {
    const reminders = byId(
      mergeReminders({
        today: TODAY,
        tasks: [
          taskDue(20, { id: 'critical', priority: 'critical' }),
          taskDue(20, { id: 'high', priority: 'high' }),
          taskDue(20, { id: 'low', priority: 'low' }),
          taskDue(-1, { id: 'late', priority: 'medium' }),
        ],
      }),
    );
    expect(reminders['task:critical']?.priority).toBe('critical');
    expect(reminders['task:high']?.priority).toBe('high');
    expect(reminders['task:low']?.priority).toBe('medium');
    expect(reminders['task:late']?.priority).toBe('critical');
  });

  it('names the property in the message when given', () => {
    const [reminder] = mergeReminders({
      today: TODAY,
      tasks: [taskDue(5, { property_name: 'Gardens cottage' }), taskDue(40, { property_name: null })],
    });
    expect(reminder?.message).toBe('Due in 5 days (Gardens cottage)');
    expect(mergeReminders({ today: TODAY, tasks: [taskDue(1, { property_name: '' })] })[0]?.message).toBe(
      'Due in 1 day',
    );
  });

  it('counts across a month end and a leap day', () => {
    const [reminder] = mergeReminders({
      today: '2024-02-28',
      tasks: [{ id: 'a', title: 'Geyser', next_due: '2024-03-01', priority: 'low' }],
    });
    expect(reminder).toMatchObject({ days_until: 2, due_date: '2024-03-01', priority: 'high' });
  });
});

describe('mergeReminders: documents', () => {
  it('reminds of certificates and policies expiring within 60 days or expired', () => {
    const reminders = mergeReminders({
      today: TODAY,
      documents: [
        certificate('old', '2025-01-01', { certificate_type: 'gas_coc' }),
        certificate('yesterday', inDays(-1)),
        certificate('today', inDays(0)),
        certificate('tomorrow', inDays(1)),
        certificate('sixty', inDays(60)),
        certificate('sixty-one', inDays(61)),
        certificate('never', null),
      ],
    });
    expect(reminders.map((r) => [r.id, r.overdue, r.priority, r.days_until, r.title, r.message])).toEqual([
      ['document:old', true, 'critical', -433, 'Certificate expired: old.pdf', 'Expired on Jan 01, 2025'],
      [
        'document:yesterday',
        true,
        'critical',
        -1,
        'Certificate expired: yesterday.pdf',
        'Expired on Mar 09, 2026',
      ],
      ['document:today', true, 'critical', 0, 'Certificate expired: today.pdf', 'Expired today'],
      [
        'document:tomorrow',
        false,
        'high',
        1,
        'Certificate expires soon: tomorrow.pdf',
        'Expires on Mar 11, 2026 (in 1 day)',
      ],
      [
        'document:sixty',
        false,
        'low',
        60,
        'Certificate expires soon: sixty.pdf',
        'Expires on May 09, 2026 (in 60 days)',
      ],
    ]);
    expect(reminders.every((reminder) => reminder.type === 'certificate')).toBe(true);
    expect(reminders[0]?.source).toEqual({ kind: 'document', id: 'old' });
  });

  it('reads a timestamp expiry as its Johannesburg date', () => {
    const [reminder] = mergeReminders({
      today: TODAY,
      documents: [certificate('c', '2026-03-31T22:00:00Z')],
    });
    expect(reminder).toMatchObject({ due_date: '2026-04-01', days_until: 22, priority: 'medium' });
  });

  it('labels policies and other documents', () => {
    const reminders = mergeReminders({
      today: TODAY,
      documents: [
        { id: 'p', name: 'Home policy', kind: 'policy', expires_at: inDays(10) },
        { id: 'i', name: 'Inspection', kind: 'inspection', expires_at: inDays(-2) },
        { id: 'o', name: 'Lease', kind: 'contract', expires_at: inDays(-1) },
      ],
    });
    expect(reminders.map((reminder) => reminder.title)).toEqual([
      'Inspection report expired: Inspection',
      'Document expired: Lease',
      'Insurance policy expires soon: Home policy',
    ]);
  });

  it('drops a document superseded by a later one of the same property and series', () => {
    const reminders = mergeReminders({
      today: TODAY,
      documents: [
        certificate('alarm-2025', inDays(-100), { certificate_type: 'alarm_service' }),
        certificate('alarm-2026', inDays(80), { certificate_type: 'alarm_service' }),
        certificate('gas-a', inDays(-5), { certificate_type: 'gas_coc', property_id: 'a' }),
        certificate('gas-b', inDays(200), { certificate_type: 'gas_coc', property_id: 'b' }),
        certificate('untyped-1', inDays(-3)),
        certificate('untyped-2', inDays(300)),
        certificate('roof-1', inDays(20), { certificate_type: 'roof_inspection' }),
        certificate('roof-2', inDays(20), { certificate_type: 'roof_inspection' }),
        { id: 'policy-old', name: 'Policy 2025', kind: 'policy', expires_at: inDays(-30) },
        { id: 'policy-new', name: 'Policy 2026', kind: 'policy', expires_at: inDays(335) },
        certificate('fence', inDays(-10), { certificate_type: 'electric_fence_coc' }),
        certificate('fence-undated', null, { certificate_type: 'electric_fence_coc' }),
      ],
    });
    expect(reminders.map((reminder) => reminder.id)).toEqual([
      'document:fence',
      'document:gas-a',
      'document:untyped-1',
      'document:roof-1',
      'document:roof-2',
    ]);
  });
});

describe('mergeReminders: compliance gaps', () => {
  it('reminds of gaps due within 60 days or overdue, unless their document already has a reminder', () => {
    const reminders = mergeReminders({
      today: TODAY,
      documents: [certificate('coc', inDays(10)), certificate('far', inDays(90))],
      gaps: [
        { id: 'a', title: 'Electrical CoC older than 2 years at transfer', due_date: inDays(-2) },
        { id: 'b', title: 'Beetle certificate', due_date: inDays(45), priority: 'high' },
        { id: 'c', title: 'Too far', due_date: inDays(61) },
        { id: 'd', title: 'Same as the document', due_date: inDays(10), document_id: 'coc' },
        { id: 'e', title: 'Document too far off', due_date: inDays(50), document_id: 'far', priority: null },
      ],
    });
    expect(reminders.map((r) => [r.id, r.type, r.priority, r.message])).toEqual([
      ['gap:a', 'certificate', 'critical', 'Overdue by 2 days'],
      ['document:coc', 'certificate', 'medium', 'Expires on Mar 20, 2026 (in 10 days)'],
      ['gap:b', 'certificate', 'high', 'Due in 45 days'],
      ['gap:e', 'certificate', 'low', 'Due in 50 days'],
    ]);
  });
});

describe('mergeReminders: the plan', () => {
  it("reminds a Free account of its trial's end within 30 days, today included", () => {
    const [reminder] = mergeReminders({
      today: TODAY,
      plan: { plan: 'free', trial_ends_at: '2026-03-15T08:00:00.000Z' },
    });
    expect(reminder).toEqual({
      id: 'trial',
      title: 'Premium trial ends',
      message:
        'Your Premium trial ends on Mar 15, 2026 (in 5 days). Upgrade for R99 per year to keep maintenance alerts and more than one property.',
      due_date: '2026-03-15',
      priority: 'high',
      type: 'payment',
      overdue: false,
      days_until: 5,
      source: { kind: 'plan', id: 'trial' },
      snoozed_until: null,
    });
    const [endsToday] = mergeReminders({ today: TODAY, plan: { plan: 'free', trial_ends_at: TODAY } });
    expect(endsToday?.message).toMatch(/^Your Premium trial ends today\. /);
    expect(
      mergeReminders({ today: TODAY, plan: { plan: 'free', trial_ends_at: inDays(30) } })[0]?.priority,
    ).toBe('medium');
  });

  it('says nothing of a trial that ended, is further off, or of a paying account', () => {
    for (const plan of [
      { plan: 'free', trial_ends_at: inDays(-1) },
      { plan: 'free', trial_ends_at: inDays(31) },
      { plan: 'free', trial_ends_at: null },
      { plan: 'premium', trial_ends_at: inDays(5) },
      { plan: 'premium', trial_ends_at: null, renews_at: null },
      { plan: 'premium', trial_ends_at: null, renews_at: inDays(-1) },
      { plan: 'premium', trial_ends_at: null, renews_at: inDays(31) },
      { plan: 'free', trial_ends_at: null, renews_at: inDays(5) },
    ] as const) {
      expect(mergeReminders({ today: TODAY, plan }), JSON.stringify(plan)).toEqual([]);
    }
    expect(mergeReminders({ today: TODAY, plan: null })).toEqual([]);
  });

  it('reminds a Premium account of its renewal within 30 days', () => {
    expect(
      mergeReminders({ today: TODAY, plan: { plan: 'premium', trial_ends_at: null, renews_at: inDays(0) } }),
    ).toEqual([
      {
        id: 'renewal',
        title: 'Premium renewal',
        message: 'Your Premium plan is due for renewal on Mar 10, 2026 (today).',
        due_date: '2026-03-10',
        priority: 'high',
        type: 'payment',
        overdue: false,
        days_until: 0,
        source: { kind: 'plan', id: 'renewal' },
        snoozed_until: null,
      },
    ]);
  });
});

describe('mergeReminders: custom reminders', () => {
  it('shows every custom reminder not completed, whatever its date', () => {
    const reminders = mergeReminders({
      today: TODAY,
      custom: [
        custom('far', inDays(400)),
        custom('done', inDays(1), { completed_at: '2026-03-09T10:00:00Z' }),
        custom('late', inDays(-10), { priority: 'low', message: '  Call the insurer  ' }),
        custom('blank', inDays(3), { message: '   ', type: 'payment' }),
      ],
    });
    expect(reminders.map((r) => [r.id, r.overdue, r.priority, r.type, r.message])).toEqual([
      ['custom:late', true, 'low', 'maintenance', 'Call the insurer'],
      ['custom:blank', false, 'high', 'payment', 'Due in 3 days'],
      ['custom:far', false, 'low', 'maintenance', 'Due in 400 days'],
    ]);
  });
});

describe('mergeReminders: order and checks', () => {
  it('puts overdue first, then by due date, then priority, then id', () => {
    const reminders = mergeReminders({
      today: TODAY,
      tasks: [taskDue(0, { id: 'z-task' }), taskDue(-2, { id: 'overdue' })],
      documents: [certificate('expiring-today', inDays(0))],
      custom: [
        custom('b', inDays(0), { priority: 'critical' }),
        custom('a', inDays(0), { priority: 'high' }),
        custom('c', inDays(-30), { priority: 'low' }),
      ],
    });
    expect(reminders.map((reminder) => reminder.id)).toEqual([
      'custom:c',
      'task:overdue',
      'document:expiring-today',
      'custom:b',
      'custom:a',
      'task:z-task',
    ]);
  });

  it('gives nothing for nothing', () => {
    expect(mergeReminders({ today: TODAY })).toEqual([]);
  });

  it('refuses malformed dates', () => {
    expect(() => mergeReminders({ today: '2026-02-30' })).toThrow(RangeError);
    expect(() => mergeReminders({ today: '2026-03-10T00:00:00Z' })).toThrow(RangeError);
    expect(() =>
      mergeReminders({ today: TODAY, tasks: [{ id: 'a', title: 'A', next_due: 'soon', priority: 'low' }] }),
    ).toThrow(RangeError);
    expect(() =>
      mergeReminders({ today: TODAY, documents: [certificate('x', '2026-03-10T10:00:00')] }),
    ).toThrow(RangeError);
  });

  it('refuses two inputs of one source with the same id', () => {
    expect(() => mergeReminders({ today: TODAY, tasks: [taskDue(1), taskDue(1)] })).toThrow(
      new RangeError('Two reminders have the id task:t1'),
    );
    expect(
      mergeReminders({ today: TODAY, tasks: [taskDue(1)], custom: [custom('t1', inDays(1))] }),
    ).toHaveLength(2);
  });
});

describe('reminderCounts and upcomingReminderCount', () => {
  it('counts overdue, upcoming within 30 days, and later', () => {
    const reminders = mergeReminders({
      today: TODAY,
      tasks: [taskDue(-1), taskDue(0), taskDue(30)],
      documents: [certificate('today', inDays(0)), certificate('later', inDays(31))],
      custom: [custom('far', inDays(90))],
    });
    expect(reminderCounts(reminders)).toEqual({ overdue: 2, upcoming: 2, later: 2 });
    expect(upcomingReminderCount(reminders)).toBe(2);
    expect(reminderCounts([])).toEqual({ overdue: 0, upcoming: 0, later: 0 });
  });

  it('counts as upcoming expiries the documents expiring within 60 days, not expired ones nor tasks', () => {
    const reminders = mergeReminders({
      today: TODAY,
      tasks: [taskDue(3)],
      documents: [
        certificate('expired', inDays(0)),
        certificate('soon', inDays(1)),
        certificate('sixty', inDays(60)),
        certificate('later', inDays(61)),
      ],
    });
    expect(expiringDocumentCount(reminders)).toBe(2);
  });
});

describe('compareReminders', () => {
  it('orders by overdue, date, priority and id', () => {
    const base = { overdue: false, due_date: TODAY, priority: 'medium', id: 'b' } as const;
    expect(compareReminders({ ...base, overdue: true }, base)).toBeLessThan(0);
    expect(compareReminders(base, { ...base, due_date: inDays(1) })).toBeLessThan(0);
    expect(compareReminders({ ...base, priority: 'critical' }, base)).toBeLessThan(0);
    expect(compareReminders({ ...base, id: 'a' }, base)).toBeLessThan(0);
    expect(compareReminders(base, base)).toBe(0);
  });
});

const dayOffsets = fc.integer({ min: -120, max: 400 });
const ids = fc.stringMatching(/^[a-z0-9-]{1,6}$/);
const tasks = fc.uniqueArray(
  fc.record({
    id: ids,
    title: fc.string({ maxLength: 12 }),
    days: dayOffsets,
    priority: fc.constantFrom(...TASK_PRIORITIES),
  }),
  { selector: (task) => task.id, maxLength: 8 },
);
const documents = fc.uniqueArray(
  fc.record({
    id: ids,
    kind: fc.constantFrom('certificate', 'policy', 'inspection' as const),
    days: fc.option(dayOffsets),
    certificate_type: fc.option(fc.constantFrom('alarm_service', 'gas_coc' as const)),
    property_id: fc.option(fc.constantFrom('a', 'b')),
  }),
  { selector: (document) => document.id, maxLength: 8 },
);
const customs = fc.uniqueArray(
  fc.record({
    id: ids,
    days: dayOffsets,
    priority: fc.option(fc.constantFrom(...REMINDER_PRIORITIES)),
    done: fc.boolean(),
    type: fc.option(fc.constantFrom(...REMINDER_TYPES)),
  }),
  { selector: (reminder) => reminder.id, maxLength: 8 },
);
const inputs = fc
  .record({
    today: fc.date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
    tasks,
    documents,
    customs,
    gapDays: fc.array(dayOffsets, { maxLength: 4 }),
    trialDays: fc.option(dayOffsets),
  })
  .map(({ today: instant, ...rest }): MergeRemindersInput => {
    const today = instant.toISOString().slice(0, 10);
    return {
      today,
      tasks: rest.tasks.map((task) => ({ ...task, next_due: inDays(task.days, today) })),
      documents: rest.documents.map((document) => ({
        ...document,
        name: document.id,
        expires_at: document.days === null ? null : inDays(document.days, today),
      })),
      gaps: rest.gapDays.map((days, index) => ({
        id: `g${index}`,
        title: 'Gap',
        due_date: inDays(days, today),
      })),
      plan: { plan: 'free', trial_ends_at: rest.trialDays === null ? null : inDays(rest.trialDays, today) },
      custom: rest.customs.map((reminder) => ({
        ...reminder,
        title: 'Custom',
        message: null,
        due_date: inDays(reminder.days, today),
        completed_at: reminder.done ? today : null,
      })),
    };
  });

describe('mergeReminders: properties', () => {
  it('is deterministic whatever the order of its inputs, sorted, with unique ids', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const reminders = mergeReminders(input);
        const reversed = mergeReminders({
          ...input,
          tasks: [...(input.tasks ?? [])].reverse(),
          documents: [...(input.documents ?? [])].reverse(),
          gaps: [...(input.gaps ?? [])].reverse(),
          custom: [...(input.custom ?? [])].reverse(),
        });
        expect(reversed).toEqual(reminders);
        expect(new Set(reminders.map((reminder) => reminder.id)).size).toBe(reminders.length);
        for (let i = 1; i < reminders.length; i += 1) {
          expect(
            compareReminders(reminders[i - 1] as MergedReminder, reminders[i] as MergedReminder),
          ).toBeLessThan(0);
        }
      }),
    );
  });

  it('keeps each source to its window and derives overdue and priority from the days', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const reminders = mergeReminders(input);
        for (const reminder of reminders) {
          const { kind } = reminder.source;
          expect(reminder.overdue).toBe(reminder.days_until < (kind === 'document' ? 1 : 0));
          if (kind === 'task') expect(reminder.days_until).toBeLessThanOrEqual(DUE_REMINDER_DAYS);
          if (kind === 'document' || kind === 'gap') {
            expect(reminder.days_until).toBeLessThanOrEqual(EXPIRY_REMINDER_DAYS);
          }
          if (kind === 'plan') expect(reminder.days_until).toBeGreaterThanOrEqual(0);
          const set = input.custom?.find((c) => kind === 'custom' && c.id === reminder.source.id)?.priority;
          if (set) expect(reminder.priority).toBe(set);
          else if (reminder.overdue) expect(reminder.priority).toBe('critical');
          else if (kind !== 'task')
            expect(reminder.priority).toBe(reminderPriorityForDays(reminder.days_until));
        }
        const tasksIn = (input.tasks ?? []).filter(
          (task) => dayNumberOf(parseDateOnly(task.next_due)) - dayNumberOf(parseDateOnly(input.today)) <= 30,
        );
        expect(
          reminders.filter((reminder) => reminder.type === 'maintenance' && reminder.source.kind === 'task'),
        ).toHaveLength(tasksIn.length);
        expect(reminders.filter((reminder) => reminder.source.kind === 'custom')).toHaveLength(
          (input.custom ?? []).filter((reminder) => reminder.completed_at === null).length,
        );
      }),
    );
  });
});

describe('needsReplacementOrReason', () => {
  it('holds for expiring documents and dated gaps, not for tasks, custom or plan reminders', () => {
    const of = (kind: 'task' | 'document' | 'gap' | 'plan' | 'custom') =>
      needsReplacementOrReason({ source: { kind } });
    expect([of('document'), of('gap'), of('task'), of('custom'), of('plan')]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
