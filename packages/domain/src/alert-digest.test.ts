import { describe, expect, it } from 'vitest';
import {
  ALERT_COMING_UP_DAYS,
  ALERT_DUE_SOON_DAYS,
  alertDigest,
  alertLine,
  snoozedLabel,
} from './alert-digest.js';
import { evaluateCompliance } from './compliance-rules.js';
import { calendarDateOf, dayNumberOf, formatDateOnly, parseDateOnly } from './due-band.js';
import { formatDate as formatDateLong } from './format.js';
import { policyCheckItems } from './policy-check-items.js';
import { mergeReminders, openReminderList } from './reminders.js';

const TODAY = '2027-03-10';
const inDays = (days: number) => formatDateOnly(calendarDateOf(dayNumberOf(parseDateOnly(TODAY)) + days));
const task = (id: string, days: number) => ({
  id,
  title: `Task ${id}`,
  next_due: inDays(days),
  priority: 'low' as const,
});
/** The reminders of one property, as the API merges them, with the account's trial ending in 5 days. */
const remindersOf = (tasks: ReturnType<typeof task>[], trialInDays: number | null = null) =>
  mergeReminders({
    today: TODAY,
    tasks,
    plan: { plan: 'free', trial_ends_at: trialInDays === null ? null : inDays(trialInDays) },
  });

describe('alertDigest', () => {
  it('uses the 7-day and 30-day bands', () => {
    expect(ALERT_DUE_SOON_DAYS).toBe(7);
    expect(ALERT_COMING_UP_DAYS).toBe(30);
  });

  it('puts what is overdue or due within 7 days first, then what comes within 30 days, per property', () => {
    const digest = alertDigest([
      { id: 'p1', name: 'Kloof House', reminders: remindersOf([task('a', -3), task('b', 7), task('c', 8)]) },
      { id: 'p2', name: 'Sea Point Flat', reminders: remindersOf([task('d', 30)]) },
      { id: 'p3', name: 'Empty', reminders: [] },
    ]);
    expect(digest.dueSoon).toEqual([
      {
        property: { id: 'p1', name: 'Kloof House' },
        reminders: [expect.objectContaining({ id: 'task:a' }), expect.objectContaining({ id: 'task:b' })],
      },
    ]);
    expect(digest.comingUp.map((g) => [g.property.name, g.reminders.map((r) => r.id)])).toEqual([
      ['Kloof House', ['task:c']],
      ['Sea Point Flat', ['task:d']],
    ]);
    expect(digest.dueSoonCount).toBe(2);
    expect(digest.account).toEqual([]);
  });

  it('has nothing to send when nothing is overdue or due within 7 days', () => {
    const digest = alertDigest([{ id: 'p1', name: 'Kloof House', reminders: remindersOf([task('c', 8)]) }]);
    expect(digest.dueSoonCount).toBe(0);
    expect(digest.dueSoon).toEqual([]);
    expect(digest.comingUp).toHaveLength(1);
  });

  it("lists the account's trial end once, apart, and never sends for it alone", () => {
    const digest = alertDigest([
      { id: 'p1', name: 'Kloof House', reminders: remindersOf([], 5) },
      { id: 'p2', name: 'Sea Point Flat', reminders: remindersOf([], 5) },
    ]);
    expect(digest.account.map((r) => r.id)).toEqual(['trial']);
    expect(digest.account[0] && alertLine(digest.account[0])).toMatch(/^Your Premium trial ends on /);
    expect(digest.dueSoon).toEqual([]);
    expect(digest.dueSoonCount).toBe(0);
  });

  it('leaves out what is further off than 30 days', () => {
    const reminders = mergeReminders({
      today: TODAY,
      documents: [{ id: 'd', name: 'coc.pdf', kind: 'certificate', expires_at: inDays(45) }],
    });
    expect(reminders).toHaveLength(1);
    const digest = alertDigest([{ id: 'p1', name: 'Kloof House', reminders }]);
    expect(digest.dueSoon).toEqual([]);
    expect(digest.comingUp).toEqual([]);
  });
});

describe('alertLine', () => {
  it('says what and when', () => {
    const [overdue, expiring] = mergeReminders({
      today: TODAY,
      tasks: [task('a', -3)],
      documents: [{ id: 'd', name: 'coc.pdf', kind: 'certificate', expires_at: inDays(5) }],
    });
    expect(overdue && alertLine(overdue)).toBe('Task a — Overdue by 3 days (Mar 07, 2027)');
    expect(expiring && alertLine(expiring)).toBe(
      'Certificate expires soon: coc.pdf — Expires on Mar 15, 2027 (in 5 days)',
    );
  });
});

describe('alertDigest: snoozed reminders', () => {
  it('lists a snoozed reminder apart with the day it is back, never dropped, and it sends no mail by itself', () => {
    const merged = remindersOf([task('a', -3), task('b', 12), task('far', 29)]);
    const reminders = openReminderList(merged, {
      today: TODAY,
      done: new Set(),
      snoozed: new Map([
        [`task:a@${inDays(-3)}`, inDays(5)],
        [`task:b@${inDays(12)}`, inDays(3)],
      ]),
    });
    const digest = alertDigest([{ id: 'p1', name: 'Kloof House', reminders }]);
    expect(digest.dueSoon).toEqual([]);
    expect(digest.dueSoonCount).toBe(0);
    expect(digest.comingUp.map((g) => g.reminders.map((r) => r.id))).toEqual([['task:far']]);
    expect(digest.snoozed).toEqual([
      {
        property: { id: 'p1', name: 'Kloof House' },
        reminders: [
          expect.objectContaining({ id: 'task:a', snoozed_until: inDays(5) }),
          expect.objectContaining({ id: 'task:b', snoozed_until: inDays(3) }),
        ],
      },
    ]);
    expect(alertLine(digest.snoozed[0]?.reminders[0] as (typeof reminders)[number])).toBe(
      `High: Task a — Overdue by 3 days (${formatDateLong(inDays(-3))}) — ${snoozedLabel(inDays(5))}`,
    );
  });

  it('a snooze ends on its day: the reminder is back in its band; one marked done is left out', () => {
    const merged = remindersOf([task('a', -3), task('done', 2)]);
    const reminders = openReminderList(merged, {
      today: TODAY,
      done: new Set([`task:done@${inDays(2)}`]),
      snoozed: new Map([[`task:a@${inDays(-3)}`, TODAY]]),
    });
    expect(reminders).toEqual([expect.objectContaining({ id: 'task:a', snoozed_until: null })]);
    expect(alertDigest([{ id: 'p1', name: 'Kloof House', reminders }]).dueSoonCount).toBe(1);
  });

  it('a snoozed reminder further off than 30 days is in no part of the digest', () => {
    const merged = remindersOf([task('late', 45)]).map((r) => ({ ...r, snoozed_until: inDays(20) }));
    const digest = alertDigest([{ id: 'p1', name: 'Kloof House', reminders: merged }]);
    expect([digest.dueSoon, digest.comingUp, digest.snoozed]).toEqual([[], [], []]);
  });
});

describe('alertDigest on the one severity scale (issue 32)', () => {
  const policy = { id: 'pol', name: 'Home policy', kind: 'policy' as const, expires_at: inDays(-2) };
  const findings = evaluateCompliance({
    property: { country: 'ZA', municipality: 'JHB', features: ['electric_fence'] },
    documents: [{ ...policy, certificate_type: null, issued_on: null }],
    today: TODAY,
  });

  it("labels each reminder with its level and lists the most serious first; a document takes its item's", () => {
    const reminders = mergeReminders({
      today: TODAY,
      tasks: [task('soon', 3), task('later', 20), task('late', -1)],
      custom: [
        {
          id: 'c',
          title: 'Call the roofer',
          message: null,
          due_date: inDays(2),
          priority: null,
          completed_at: null,
        },
      ],
      documents: [
        policy,
        { id: 'coc', name: 'coc.pdf', kind: 'certificate', expires_at: inDays(5) },
        { id: 'gate', name: 'gate.pdf', kind: 'certificate', expires_at: inDays(25) },
      ],
      gaps: [{ id: 'g', title: 'Gas CoC for the sale', due_date: inDays(10) }],
    });
    const digest = alertDigest([{ id: 'p1', name: 'Kloof House', reminders, findings }]);
    const lines = [...digest.dueSoon, ...digest.comingUp].map((group) =>
      group.reminders.map((reminder) => [reminder.id, reminder.level]),
    );
    expect(lines).toEqual([
      [
        // The expired policy is the Policy Check's critical item, not merely an expired document (high).
        ['document:pol', 'critical'],
        ['task:late', 'high'],
        ['document:coc', 'high'],
        ['custom:c', 'medium'],
        ['task:soon', 'medium'],
      ],
      [
        ['gap:g', 'medium'],
        ['document:gate', 'medium'],
        ['task:later', 'low'],
      ],
    ]);
    expect(alertLine(digest.dueSoon[0]?.reminders[0] as never)).toMatch(/^Critical: /);
  });

  it("lists each property's Policy Check items as the tab does: grouped, in the same order", () => {
    const digest = alertDigest([
      { id: 'p1', name: 'Kloof House', reminders: [], findings },
      { id: 'p2', name: 'Never checked', reminders: [] },
      { id: 'p3', name: 'In order', reminders: [], findings: findings.filter((f) => f.type === 'compliant') },
    ]);
    expect(digest.compliance).toHaveLength(1);
    expect(digest.compliance[0]?.property).toEqual({ id: 'p1', name: 'Kloof House' });
    expect(digest.compliance[0]?.items.map((item) => item.id)).toEqual(
      policyCheckItems(findings).map((item) => item.id),
    );
    const fence = digest.compliance[0]?.items.find((item) => item.id === 'electric_fence_coc:gap');
    expect(fence?.contexts).toEqual(['ongoing', 'transfer']);
    // The items alone send no mail.
    expect(digest.dueSoonCount).toBe(0);
  });
});
