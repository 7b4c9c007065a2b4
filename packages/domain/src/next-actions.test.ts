import { describe, expect, it } from 'vitest';
import { evaluateCompliance } from './compliance-rules.js';
import { type NextActionsProperty, nextActions } from './next-actions.js';
import { mergeReminders } from './reminders.js';

const today = '2026-11-27';
const za = { country: 'ZA', municipality: 'CPT', features: [] };
const doc = (
  id: string,
  kind: 'policy' | 'certificate',
  expires_at: string | null,
  certificate_type = null as never,
) => ({
  id,
  name: `${id}.pdf`,
  kind,
  certificate_type,
  issued_on: null,
  expires_at,
});

/** A property as the API hands it over: its real check and its real merged reminders. */
function property(
  id: string,
  name: string,
  options: {
    documents?: Parameters<typeof evaluateCompliance>[0]['documents'];
    tasks?: Parameters<typeof mergeReminders>[0]['tasks'];
    custom?: Parameters<typeof mergeReminders>[0]['custom'];
    selling?: boolean;
  } = {},
): NextActionsProperty {
  const documents = options.documents ?? [];
  return {
    id,
    name,
    selling: options.selling ?? false,
    findings: evaluateCompliance({ property: za, documents, today }),
    reminders: mergeReminders({
      today,
      tasks: options.tasks ?? [],
      documents: documents.map((document) => ({ ...document, property_id: id })),
      custom: options.custom ?? [],
      gaps: [],
      plan: null,
    }),
  };
}

const coc = doc('coc', 'certificate', null, 'electrical_coc' as never);
const validPolicy = doc('policy', 'policy', '2027-10-01');
const roof = doc('roof', 'certificate', null, 'roof_inspection' as never);

describe('nextActions', () => {
  it('puts the expired policy, then the overdue task first, with their reasons and actions; a healthy property adds nothing', () => {
    const items = nextActions([
      property('c', 'Healthy home', { documents: [coc, validPolicy, { ...roof, issued_on: '2026-06-01' }] }),
      property('b', 'Flat', {
        documents: [coc, validPolicy, { ...roof, issued_on: '2026-06-01' }],
        tasks: [{ id: 't1', title: 'Service the geyser', next_due: '2026-11-20', priority: 'low' }],
      }),
      property('a', 'Beach house', {
        documents: [coc, doc('old-policy', 'policy', '2026-10-01'), { ...roof, issued_on: '2026-06-01' }],
      }),
    ]);
    expect(items.map((item) => [item.property.name, item.level, item.title, item.action.kind])).toEqual([
      ['Beach house', 'critical', 'Expired insurance policy', 'upload'],
      ['Flat', 'high', 'Service the geyser', 'mark_done'],
    ]);
    const [policy, task] = items;
    expect(policy).toMatchObject({
      id: 'a:insurance_policy.insurance:insurance',
      reason: expect.stringContaining('expired on Oct 01, 2026'),
      action: { label: 'Upload', tab: 'vault' },
      reminder_id: null,
      overdue: false,
    });
    expect(task).toMatchObject({
      reason: expect.stringMatching(/^Overdue by 7 days\. Maintenance past its due date/),
      due_date: '2026-11-20',
      overdue: true,
      action: { label: 'Mark done', tab: 'actions' },
      reminder_id: 'task:t1',
    });
  });

  it('ranks no policy with an expired one, before the high and medium gaps; an expired certificate books a provider', () => {
    const items = nextActions([
      property('p', 'Home', {
        documents: [doc('coc', 'certificate', '2026-11-01', 'electrical_coc' as never)],
      }),
    ]);
    expect(items.map((item) => [item.level, item.title, item.action.kind])).toEqual([
      ['critical', 'No insurance policy', 'upload'],
      ['high', 'Electrical Certificate of Compliance expired', 'book_provider'],
      ['low', 'No Roof inspection report', 'upload'],
    ]);
  });

  it("lists a sale's certificates only while the property is being sold, as critical when the law blocks the transfer", () => {
    const owned = nextActions([property('p', 'Home', { documents: [validPolicy] })]);
    expect(owned.some((item) => item.id.endsWith(':transfer'))).toBe(false);
    const selling = nextActions([property('p', 'Home', { documents: [validPolicy], selling: true })]);
    expect(selling.filter((item) => item.level === 'critical').map((item) => item.title)).toEqual([
      'No Electrical Certificate of Compliance',
      'No Water installation (plumbing) certificate',
    ]);
  });

  it('lists a document expiring within 60 days by its days left, once (not again when a gap names it)', () => {
    const expiring = doc('gas', 'certificate', '2026-12-03');
    const later = doc('later', 'certificate', '2027-01-20');
    const items = nextActions([property('p', 'Home', { documents: [coc, validPolicy, expiring, later] })]);
    const names = items.map((item) => [item.level, item.title, item.action.kind]);
    // The untyped certificate expiring in 6 days is a gap of the check; its reminder is not listed again.
    expect(names).toContainEqual(['medium', 'Certificates expiring soon', 'book_provider']);
    expect(items.filter((item) => item.title.includes('gas.pdf'))).toEqual([]);
    const reminder = items.find((item) => item.title.includes('later.pdf'));
    expect(reminder).toMatchObject({ level: 'low', due_date: '2027-01-20', action: { kind: 'upload' } });
    expect(reminder?.reason).toContain('within two months');
  });

  it('an expired document reminder not named by a gap is high', () => {
    const items = nextActions([
      {
        id: 'p',
        name: 'Home',
        selling: false,
        findings: [],
        reminders: mergeReminders({
          today,
          documents: [{ ...doc('x', 'certificate', '2026-11-01'), kind: 'inspection' }],
        }),
      },
    ]);
    expect(items.map((item) => [item.level, item.overdue])).toEqual([['high', true]]);
  });

  it('lists tasks and own reminders due within 7 days (medium), not later ones, snoozed ones or the plan', () => {
    const base = property('p', 'Home', {
      documents: [coc, validPolicy, { ...roof, issued_on: '2026-06-01' }],
      tasks: [
        { id: 'soon', title: 'Clean gutters', next_due: '2026-12-01', priority: 'low' },
        { id: 'late', title: 'Paint', next_due: '2026-12-20', priority: 'low' },
      ],
      custom: [
        {
          id: 'mine',
          title: 'Call the body corporate',
          message: null,
          due_date: '2026-11-30',
          priority: null,
          completed_at: null,
        },
      ],
    });
    const snoozed = {
      ...base.reminders[0],
      id: 'custom:z',
      snoozed_until: '2026-12-01',
      overdue: true,
    } as (typeof base.reminders)[number];
    const plan = {
      ...base.reminders[0],
      id: 'trial',
      source: { kind: 'plan', id: 'trial' },
    } as (typeof base.reminders)[number];
    const items = nextActions([{ ...base, reminders: [...base.reminders, snoozed, plan] }]);
    expect(items.map((item) => [item.level, item.title, item.due_date])).toEqual([
      ['medium', 'Call the body corporate', '2026-11-30'],
      ['medium', 'Clean gutters', '2026-12-01'],
    ]);
    expect(items[0]?.reason).toMatch(/^Due in 3 days\./);
  });

  it('breaks ties by property name, then id; undated gaps come after dated items of their level', () => {
    const gap = (id: string) => ({
      id,
      type: 'gap' as const,
      title: id,
      description: id,
      severity: 'medium' as const,
      rule: id,
      context: 'ongoing' as const,
      evidence: [],
      action: id,
    });
    const reminders = mergeReminders({
      today,
      tasks: [{ id: 't', title: 'Task', next_due: '2026-11-29', priority: 'low' }],
    });
    const items = nextActions([
      { id: 'b', name: 'Same', selling: false, findings: [gap('y'), gap('x')], reminders: [] },
      { id: 'a', name: 'Same', selling: false, findings: [gap('z')], reminders: [] },
      { id: 'c', name: 'Alpha', selling: false, findings: [gap('w')], reminders },
    ]);
    expect(items.map((item) => item.id)).toEqual(['c:task:t', 'c:w', 'a:z', 'b:x', 'b:y']);
  });
});
