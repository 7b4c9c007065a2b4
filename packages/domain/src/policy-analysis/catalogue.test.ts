import { describe, expect, it } from 'vitest';
import { MAINTENANCE_CONDITION_KEYS } from '../certificates.js';
import {
  POLICY_CLAUSE_SEVERITIES,
  POLICY_ENDORSEMENT_KEYS,
  POLICY_ENDORSEMENTS,
  POLICY_EXCLUSION_KEYS,
  POLICY_EXCLUSIONS,
  POLICY_MAINTENANCE,
  policyClauseEntry,
} from './catalogue.js';
import { RULES } from './rules.js';

describe('the clause catalogue', () => {
  it('has an entry for every key of every finding type, maintenance keyed as MAINTENANCE_CONDITIONS', () => {
    expect(Object.keys(POLICY_EXCLUSIONS)).toEqual([...POLICY_EXCLUSION_KEYS]);
    expect(Object.keys(POLICY_MAINTENANCE)).toEqual(MAINTENANCE_CONDITION_KEYS);
    expect(Object.keys(POLICY_ENDORSEMENTS)).toEqual([...POLICY_ENDORSEMENT_KEYS]);
    for (const entry of [
      ...Object.values(POLICY_EXCLUSIONS),
      ...Object.values(POLICY_MAINTENANCE),
      ...Object.values(POLICY_ENDORSEMENTS),
    ]) {
      expect(entry.title).not.toBe('');
      expect(POLICY_CLAUSE_SEVERITIES).toContain(entry.severity);
      expect(entry.describe({}).length).toBeGreaterThan(40);
    }
  });

  it('takes maintenance titles from MAINTENANCE_CONDITIONS', () => {
    expect(policyClauseEntry('maintenance', 'geyser_sans_10254').title).toBe(
      'Geyser installed to SANS 10254',
    );
  });

  it('has exactly one rule for every key', () => {
    const ruled = RULES.map((rule) => `${rule.type}:${rule.key}`);
    expect(new Set(ruled).size).toBe(ruled.length);
    expect(ruled.sort()).toEqual(
      [
        ...POLICY_EXCLUSION_KEYS.map((key) => `exclusion:${key}`),
        ...MAINTENANCE_CONDITION_KEYS.map((key) => `maintenance:${key}`),
        ...POLICY_ENDORSEMENT_KEYS.map((key) => `endorsement:${key}`),
      ].sort(),
    );
  });

  it('refuses a key its finding type does not have', () => {
    expect(() => policyClauseEntry('exclusion', 'geyser_sans_10254')).toThrow(RangeError);
    expect(() => policyClauseEntry('endorsement', 'wear_and_tear')).toThrow(
      'No endorsement finding has the key',
    );
  });

  it('words a stated limit into an endorsement’s description', () => {
    expect(POLICY_ENDORSEMENTS.geyser_limits.describe({ limit: 'R12 000' })).toContain('limit of R12 000');
    expect(POLICY_ENDORSEMENTS.trace_and_access.describe({})).not.toContain('limit of');
  });
});
