import { describe, expect, it } from 'vitest';
import { evaluateCompliance } from './compliance-rules.js';
import {
  compareSeverity,
  expirySituation,
  findingSeverityOf,
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
});
