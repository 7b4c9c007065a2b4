import { describe, expect, it } from 'vitest';
import type { ComplianceContext } from './compliance-rules.js';
import { evaluateCompliance } from './compliance-rules.js';
import {
  COMPLIANCE_CONTEXT_LABELS,
  contextsLabel,
  itemDueLabel,
  type PolicyCheckItemFinding,
  policyCheckItemLine,
  policyCheckItems,
} from './policy-check-items.js';

type F = PolicyCheckItemFinding;

function finding(rule: string, context: ComplianceContext, changes: Partial<F> = {}): F {
  return {
    id: `${rule}:${context}`,
    type: 'gap',
    title: `${rule} in ${context}`,
    severity: 'medium',
    level: 'medium',
    due_date: null,
    rule,
    context,
    action: `Do ${rule}`,
    ...changes,
  };
}

/** id, level, due date, contexts, finding ids of each item */
const shape = (findings: readonly F[]) =>
  policyCheckItems(findings).map((item) => [
    item.id,
    item.level,
    item.due_date,
    item.contexts.join('+'),
    item.findings.map((one) => one.id).join(' '),
  ]);

describe('policyCheckItems', () => {
  it('the electric fence certificate missing in three contexts is one item naming the three', () => {
    const findings = evaluateCompliance({
      property: { country: 'ZA', municipality: 'JHB', features: ['electric_fence'] },
      documents: [],
      policyConditions: [
        {
          condition: 'electric_fence',
          document_id: 'policy-1',
          document_name: 'Hollard Home',
          page: 4,
          excerpt: 'The electric fence must be certified.',
        },
      ],
      today: '2026-11-27',
    });
    const fence = policyCheckItems(findings).filter((item) => item.id.startsWith('electric_fence_coc'));
    expect(fence).toHaveLength(1);
    expect(fence[0]).toMatchObject({
      id: 'electric_fence_coc:gap',
      type: 'gap',
      level: 'medium',
      title: 'No Electric Fence System Certificate',
      contexts: ['ongoing', 'transfer', 'insurance'],
    });
    expect(fence[0]?.findings.map((one) => one.rule)).toEqual([
      'electric_fence_coc.ongoing',
      'electric_fence_coc.transfer',
      'policy_condition.electric_fence',
    ]);
    // The critical ones lead: the CoC a sale cannot do without (first in the check), then no policy at all.
    expect(
      policyCheckItems(findings)
        .slice(0, 2)
        .map((item) => [item.id, item.level, item.contexts]),
    ).toEqual([
      ['electrical_coc:gap', 'critical', ['ongoing', 'transfer']],
      ['insurance_policy.insurance:insurance', 'critical', ['insurance']],
    ]);
    expect(policyCheckItems(findings).map((item) => item.level)).toEqual(
      [...policyCheckItems(findings).map((item) => item.level)].sort(
        (a, b) =>
          ['critical', 'high', 'medium', 'low'].indexOf(a) - ['critical', 'high', 'medium', 'low'].indexOf(b),
      ),
    );
  });

  it.each<[string, F[], ReturnType<typeof shape>]>([
    ['nothing', [], []],
    ['compliant findings are not items', [finding('gas_coc.ongoing', 'ongoing', { type: 'compliant' })], []],
    [
      "one certificate's gaps are one item, its unknowns another",
      [
        finding('gas_coc.ongoing', 'ongoing'),
        finding('gas_coc.transfer', 'transfer', { type: 'unknown' }),
        finding('policy_condition.gas_compliance', 'insurance'),
      ],
      [
        [
          'gas_coc:gap',
          'medium',
          null,
          'ongoing+insurance',
          'gas_coc.ongoing:ongoing policy_condition.gas_compliance:insurance',
        ],
        ['gas_coc:unknown', 'medium', null, 'transfer', 'gas_coc.transfer:transfer'],
      ],
    ],
    [
      'level is the highest of its findings, due date the earliest, the lead first',
      [
        finding('electrical_coc.ongoing', 'ongoing', { due_date: '2027-02-01' }),
        finding('electrical_coc.transfer', 'transfer', {
          level: 'critical',
          severity: 'high',
          due_date: '2027-03-01',
        }),
      ],
      [
        [
          'electrical_coc:gap',
          'critical',
          '2027-02-01',
          'ongoing+transfer',
          'electrical_coc.transfer:transfer electrical_coc.ongoing:ongoing',
        ],
      ],
    ],
    [
      'ordered by level, then due date (undated last), then gaps before unknowns, then the check order',
      [
        finding('roof_inspection.insurance', 'insurance', { level: 'low', severity: 'low' }),
        finding('policy_wording.insurance', 'insurance', { type: 'unknown' }),
        finding('surge_protection.insurance', 'insurance'),
        finding('sseg_registration.ongoing', 'ongoing', { due_date: '2026-12-10' }),
        finding('geyser_coc.insurance', 'insurance', { due_date: '2026-12-01' }),
        finding('insurance_policy.insurance', 'insurance', { level: 'critical', severity: 'high' }),
        finding('untyped_certificates.ongoing', 'ongoing', { level: 'high', severity: 'high' }),
      ],
      [
        [
          'insurance_policy.insurance:insurance',
          'critical',
          null,
          'insurance',
          'insurance_policy.insurance:insurance',
        ],
        [
          'untyped_certificates.ongoing:ongoing',
          'high',
          null,
          'ongoing',
          'untyped_certificates.ongoing:ongoing',
        ],
        ['geyser_coc:gap', 'medium', '2026-12-01', 'insurance', 'geyser_coc.insurance:insurance'],
        ['sseg_registration:gap', 'medium', '2026-12-10', 'ongoing', 'sseg_registration.ongoing:ongoing'],
        [
          'surge_protection.insurance:insurance',
          'medium',
          null,
          'insurance',
          'surge_protection.insurance:insurance',
        ],
        [
          'policy_wording.insurance:insurance',
          'medium',
          null,
          'insurance',
          'policy_wording.insurance:insurance',
        ],
        ['roof_inspection:gap', 'low', null, 'insurance', 'roof_inspection.insurance:insurance'],
      ],
    ],
    [
      "a policy's own condition and one no certificate proves are items by themselves",
      [
        finding('policy_condition.other', 'insurance', {
          id: 'policy_condition.other:insurance:a',
          type: 'unknown',
        }),
        finding('policy_condition.other', 'insurance', {
          id: 'policy_condition.other:insurance:b',
          type: 'unknown',
        }),
        finding('policy_condition.burglar_bars', 'insurance', { type: 'unknown' }),
        finding('policy_condition.no_such_key', 'insurance'),
      ],
      [
        [
          'policy_condition.no_such_key:insurance',
          'medium',
          null,
          'insurance',
          'policy_condition.no_such_key:insurance',
        ],
        [
          'policy_condition.other:insurance:a',
          'medium',
          null,
          'insurance',
          'policy_condition.other:insurance:a',
        ],
        [
          'policy_condition.other:insurance:b',
          'medium',
          null,
          'insurance',
          'policy_condition.other:insurance:b',
        ],
        [
          'policy_condition.burglar_bars:insurance',
          'medium',
          null,
          'insurance',
          'policy_condition.burglar_bars:insurance',
        ],
      ],
    ],
    [
      'a check stored before findings had a level or a due date: high for a sale or the policy is critical',
      [
        {
          ...finding('electrical_coc.transfer', 'transfer', { severity: 'high' }),
          level: undefined,
          due_date: undefined,
        },
        {
          ...finding('electrical_coc.ongoing', 'ongoing', { severity: 'high' }),
          level: undefined,
          due_date: undefined,
        },
        { ...finding('gas_coc.ongoing', 'ongoing', { severity: 'low' }), level: undefined },
      ],
      [
        [
          'electrical_coc:gap',
          'critical',
          null,
          'ongoing+transfer',
          'electrical_coc.transfer:transfer electrical_coc.ongoing:ongoing',
        ],
        ['gas_coc:gap', 'low', null, 'ongoing', 'gas_coc.ongoing:ongoing'],
      ],
    ],
  ])('%s', (_, findings, expected) => {
    expect(shape(findings)).toEqual(expected);
  });

  it("takes the lead finding's title and action; an item keeps the findings it is given", () => {
    const lead = finding('gas_coc.transfer', 'transfer', {
      level: 'high',
      severity: 'high',
      title: 'No Gas CoC',
    });
    const [item] = policyCheckItems([finding('gas_coc.ongoing', 'ongoing'), lead]);
    expect(item).toMatchObject({ title: 'No Gas CoC', action: 'Do gas_coc.transfer', type: 'gap' });
    expect(item?.findings[0]).toBe(lead);
  });
});

describe('the words of an item', () => {
  it.each<[ComplianceContext[], string]>([
    [[], ''],
    [['insurance'], 'Insurance'],
    [['ongoing', 'transfer'], 'Ongoing and Transfer'],
    [['ongoing', 'transfer', 'insurance'], 'Ongoing, Transfer and Insurance'],
  ])('contextsLabel(%j) is %j', (contexts, words) => {
    expect(contextsLabel(contexts)).toBe(words);
  });

  it.each<[string | null, string | null]>([
    [null, null],
    ['2026-11-26', 'Overdue since Nov 26, 2026'],
    ['2026-11-27', 'Due Nov 27, 2026'],
    ['2027-01-05', 'Due Jan 05, 2027'],
  ])('itemDueLabel(%j) on Nov 27, 2026 is %j', (due, words) => {
    expect(itemDueLabel(due, '2026-11-27')).toBe(words);
  });

  it('a line says the level in the cards\u2019 words, the contexts, the action and when', () => {
    const item = {
      level: 'critical' as const,
      title: 'No Electrical CoC',
      action: 'Upload your Electrical CoC',
      contexts: ['ongoing', 'transfer'] as ComplianceContext[],
    };
    expect(policyCheckItemLine({ ...item, due_date: null }, '2026-11-27')).toBe(
      'Critical: No Electrical CoC (Ongoing and Transfer). Upload your Electrical CoC.',
    );
    expect(policyCheckItemLine({ ...item, level: 'low', due_date: '2026-12-01' }, '2026-11-27')).toBe(
      'Low: No Electrical CoC (Ongoing and Transfer). Upload your Electrical CoC. Due Dec 01, 2026.',
    );
    expect(COMPLIANCE_CONTEXT_LABELS.transfer).toBe('Transfer');
  });
});
