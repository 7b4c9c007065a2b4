import { describe, expect, it } from 'vitest';
import { MAINTENANCE_CONDITION_KEYS } from './certificates.js';
import { STANDARD_TASKS } from './maintenance-schedule.js';
import {
  CONDITION_STANDARD_TASK,
  conditionTaskKey,
  formatWholeRands,
  type PolicyConditionClause,
  policyClausePlace,
  policyCoverLine,
  policyTaskDraft,
  policyTaskFrequency,
  policyTaskKey,
} from './policy-tasks.js';

const TREES: PolicyConditionClause = {
  document_id: 'doc-1',
  document_name: 'Home policy.pdf',
  key: 'other',
  title: 'Trees overhanging the roof',
  severity: 'medium',
  page: 3,
  clause_ref: '7.4',
  excerpt: 'You must keep trees overhanging the roof\ntrimmed back at all times.',
};

describe('policyClausePlace', () => {
  it.each([
    [{ clause_ref: '4.12', page: 3 }, 'clause 4.12, page 3'],
    [{ clause_ref: null, page: 3 }, 'page 3'],
    [{ clause_ref: '(a)', page: null }, 'clause (a)'],
    [{ clause_ref: '', page: null }, ''],
  ])('%j → %s', (clause, place) => {
    expect(policyClausePlace(clause)).toBe(place);
  });
});

describe('policyTaskKey', () => {
  it('is the policy and the clause’s words, case and white space aside', () => {
    const key = policyTaskKey('doc-1', 'Keep the  gutters\nclear.');
    expect(key).toMatch(/^policy:doc-1:[0-9a-f]{8}$/);
    expect(policyTaskKey('doc-1', ' keep the gutters clear. ')).toBe(key);
    expect(policyTaskKey('doc-2', 'Keep the gutters clear.')).not.toBe(key);
    expect(policyTaskKey('doc-1', 'Keep the drains clear.')).not.toBe(key);
  });
});

describe('policyTaskFrequency', () => {
  it.each([
    ['The alarm must be serviced every six months.', 'bi-annually'],
    ['Gutters are to be cleaned bi-annually.', 'bi-annually'],
    ['Inspected twice a year by a roofer.', 'bi-annually'],
    ['Drains must be cleared quarterly.', 'quarterly'],
    ['Test the pool pump every 3 months.', 'quarterly'],
    ['Check the fire extinguishers monthly.', 'monthly'],
    ['The geyser is inspected once a month.', 'monthly'],
    ['Trees overhanging the roof must be trimmed.', 'annually'],
  ] as const)('%s → %s', (excerpt, frequency) => {
    expect(policyTaskFrequency(excerpt)).toBe(frequency);
  });
});

describe('policyTaskDraft', () => {
  it("a clause that matches no catalogued condition: its own title, its words with the policy's place", () => {
    expect(policyTaskDraft(TREES, '2026-11-27')).toEqual({
      key: policyTaskKey('doc-1', TREES.excerpt),
      title: 'Trees overhanging the roof',
      description:
        'Your policy "Home policy.pdf" (clause 7.4, page 3) requires: "You must keep trees overhanging the roof trimmed back at all times."\n\nKeep proof that it is done (photos, an invoice or a certificate): a claim that turns on it can be refused without it.',
      frequency: 'annually',
      priority: 'medium',
      next_due: '2026-12-27',
    });
  });

  it('a catalogued condition keeps its title; a clause without a place says none; a long one is cut', () => {
    const long = `The geyser must comply with SANS 10254 ${'and be maintained '.repeat(40)}`;
    const draft = policyTaskDraft(
      {
        ...TREES,
        key: 'geyser_sans_10254',
        title: 'ignored',
        severity: 'critical',
        page: null,
        clause_ref: null,
        excerpt: long,
      },
      '2026-01-31',
    );
    expect(draft.title).toBe('Geyser installed to SANS 10254');
    expect(draft.key).toBe('geyser_service');
    expect(draft.priority).toBe('critical');
    expect(draft.next_due).toBe('2026-02-28');
    expect(draft.description).toMatch(/^Your policy "Home policy\.pdf" requires: "The geyser must comply/);
    const quote = /requires: "(.*)"\n/.exec(draft.description)?.[1] ?? '';
    expect(quote.length).toBe(400);
    expect(quote.endsWith('…')).toBe(true);
  });

  it("a key that only looks like a catalogued one (an object's own property) is not one", () => {
    expect(policyTaskDraft({ ...TREES, key: 'toString' }, '2026-11-27').title).toBe(TREES.title);
  });
});

describe('conditionTaskKey: one task per subject, whether the standards or the policy added it', () => {
  it('names a standard task for every catalogued condition but burglar bars', () => {
    const standardKeys = new Set(STANDARD_TASKS.map((task) => task.key));
    expect(Object.keys(CONDITION_STANDARD_TASK).sort()).toEqual([...MAINTENANCE_CONDITION_KEYS].sort());
    for (const [condition, key] of Object.entries(CONDITION_STANDARD_TASK)) {
      if (condition === 'burglar_bars') expect(key).toBeNull();
      else expect(standardKeys.has(key ?? '')).toBe(true);
    }
  });

  it("is the standard task's key for a catalogued subject, else the clause's own", () => {
    expect(
      conditionTaskKey({ document_id: 'doc-1', key: 'roof_maintained', excerpt: 'Inspect the roof' }),
    ).toBe('roof_inspection');
    expect(conditionTaskKey({ document_id: 'doc-2', key: 'roof_maintained', excerpt: 'Other words' })).toBe(
      'roof_inspection',
    );
    expect(conditionTaskKey({ document_id: 'doc-1', key: 'burglar_bars', excerpt: 'Fit burglar bars' })).toBe(
      policyTaskKey('doc-1', 'Fit burglar bars'),
    );
    expect(conditionTaskKey({ ...TREES })).toBe(policyTaskKey('doc-1', TREES.excerpt));
    expect(conditionTaskKey({ ...TREES, key: 'constructor' })).toBe(policyTaskKey('doc-1', TREES.excerpt));
  });
});

describe('policyCoverLine', () => {
  it.each([
    [
      { title: 'Solar panels', limit_rands: 150000, clause_ref: '4.12', page: 3 },
      'Solar panels: covered up to R150 000 (clause 4.12, page 3)',
    ],
    [
      { title: 'Accidental  damage', limit_rands: null, clause_ref: null, page: 2 },
      'Accidental damage: covered (page 2)',
    ],
    [
      { title: 'Locks and keys', limit_rands: 5000, clause_ref: null, page: null },
      'Locks and keys: covered up to R5 000',
    ],
  ])('%j', (endorsement, line) => {
    expect(policyCoverLine(endorsement)).toBe(line);
  });

  it('formats whole rand with a space between thousands', () => {
    expect(formatWholeRands(999)).toBe('R999');
    expect(formatWholeRands(1250000.4)).toBe('R1 250 000');
  });
});
