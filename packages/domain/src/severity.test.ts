import { describe, expect, it } from 'vitest';
import { evaluateCompliance } from './compliance-rules.js';
import {
  compareSeverity,
  expirySituation,
  findingGradeOf,
  findingLevel,
  findingSeverityOf,
  reminderSituation,
  SEVERITY_LABELS,
  SEVERITY_LEVELS,
  SEVERITY_SCALE,
  severityOf,
} from './severity.js';

describe('the severity scale', () => {
  it('says why for every situation, on one of four levels', () => {
    for (const entry of Object.values(SEVERITY_SCALE)) {
      expect(SEVERITY_LEVELS).toContain(entry.level);
      expect(entry.why.length).toBeGreaterThan(10);
    }
  });

  it('no insurance policy at all is at least as severe as an expired one', () => {
    expect(
      compareSeverity(severityOf('insurance_missing'), severityOf('insurance_expired')),
    ).toBeLessThanOrEqual(0);
    expect(severityOf('insurance_missing')).toBe('critical');
  });

  it('a missing certificate before a sale is critical; an overdue task high', () => {
    expect(severityOf('sale_certificate_missing')).toBe('critical');
    expect(severityOf('task_overdue')).toBe('high');
  });

  it('stores a critical situation as a high finding, the others as they are', () => {
    expect(findingSeverityOf('insurance_expired')).toBe('high');
    expect(findingSeverityOf('certificate_expired')).toBe('high');
    expect(findingSeverityOf('certificate_missing')).toBe('medium');
    expect(findingSeverityOf('insurer_advice')).toBe('low');
  });

  it('grades an expiring document by its days left', () => {
    expect([-3, 0, 1, 7, 8, 30, 31, 60, 61].map(expirySituation)).toEqual([
      'certificate_expired',
      'certificate_expired',
      'expiring_within_7_days',
      'expiring_within_7_days',
      'expiring_within_30_days',
      'expiring_within_30_days',
      'expiring_within_60_days',
      'expiring_within_60_days',
      null,
    ]);
  });

  it('orders levels most serious first', () => {
    expect(
      ['low', 'critical', 'medium', 'high'].sort((a, b) => compareSeverity(a as never, b as never)),
    ).toEqual([...SEVERITY_LEVELS]);
  });

  it('is the one the compliance check uses: no policy and an expired one are both high findings', () => {
    const property = { country: 'ZA', municipality: 'CPT', features: [] };
    const policyOf = (documents: Parameters<typeof evaluateCompliance>[0]['documents']) =>
      evaluateCompliance({ property, documents, today: '2026-11-27' }).find(
        (finding) => finding.rule === 'insurance_policy.insurance',
      );
    const expired = policyOf([
      {
        id: 'p',
        name: 'Policy',
        kind: 'policy',
        certificate_type: null,
        issued_on: null,
        expires_at: '2026-01-01',
      },
    ]);
    expect(policyOf([])?.severity).toBe(findingSeverityOf('insurance_missing'));
    expect(expired?.severity).toBe(findingSeverityOf('insurance_expired'));
    expect(policyOf([])?.severity).toBe(expired?.severity);
  });

  it('a finding stores both: the three-step severity and the level', () => {
    expect(findingGradeOf('sale_certificate_missing')).toEqual({ severity: 'high', level: 'critical' });
    expect(findingGradeOf('task_overdue')).toEqual({ severity: 'high', level: 'high' });
  });

  it.each([
    [{ severity: 'high', level: 'high', rule: 'gas_coc.transfer', context: 'transfer' }, 'high'],
    [{ severity: 'high', rule: 'gas_coc.transfer', context: 'transfer' }, 'critical'],
    [{ severity: 'high', rule: 'insurance_policy.insurance', context: 'insurance' }, 'critical'],
    [{ severity: 'high', rule: 'electrical_coc.ongoing', context: 'ongoing' }, 'high'],
    [{ severity: 'medium', rule: 'electrical_coc.transfer', context: 'transfer' }, 'medium'],
  ] as const)('the level of %j is %s (its own, else read from a stored check)', (finding, level) => {
    expect(findingLevel(finding)).toBe(level);
  });

  it('labels each level in the words the cards use', () => {
    expect(SEVERITY_LEVELS.map((level) => SEVERITY_LABELS[level])).toEqual([
      'Critical',
      'High',
      'Medium',
      'Low',
    ]);
  });

  it.each([
    ['task', true, -2, 'task_overdue'],
    ['custom', false, 7, 'task_due_soon'],
    ['task', false, 8, 'task_coming_up'],
    ['document', true, 0, 'certificate_expired'],
    ['gap', false, 20, 'expiring_within_30_days'],
    ['plan', false, 3, null],
  ] as const)('a %s reminder (overdue %s, %i days) is %s', (kind, overdue, days_until, situation) => {
    expect(reminderSituation({ source: { kind }, overdue, days_until })).toBe(situation);
  });
});
