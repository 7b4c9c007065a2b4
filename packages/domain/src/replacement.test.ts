import { describe, expect, it } from 'vitest';
import { featureOfDocument, type ReplacementDocument, replacementProblem } from './replacement.js';
import { REMINDER_COMPLETION_MESSAGES as M } from './schemas/reminder.js';

const today = '2026-06-01';
const policy: ReplacementDocument = {
  id: 'old',
  property_id: 'p1',
  kind: 'policy',
  certificate_type: null,
  expires_on: '2026-06-20',
};
const gas: ReplacementDocument = { ...policy, kind: 'certificate', certificate_type: 'gas_coc' };

describe('replacementProblem', () => {
  it('accepts a current document of the same series that expires later', () => {
    expect(replacementProblem(policy, { ...policy, id: 'new', expires_on: '2027-06-20' }, today)).toBeNull();
    expect(
      replacementProblem(gas, { ...gas, id: 'new', certificate_type: null, expires_on: '2027-01-01' }, today),
    ).toBeNull();
    expect(
      replacementProblem(
        { ...policy, expires_on: null },
        { ...policy, id: 'new', expires_on: '2026-06-02' },
        today,
      ),
    ).toBeNull();
  });

  it('refuses the same document, another property, another kind or type', () => {
    expect(replacementProblem(policy, policy, today)).toBe(M.replacementSame);
    expect(replacementProblem(policy, { ...policy, id: 'n', property_id: 'p2' }, today)).toBe(
      M.replacementOtherProperty,
    );
    expect(replacementProblem(policy, { ...gas, id: 'n' }, today)).toBe(M.replacementPolicy);
    expect(replacementProblem(gas, { ...policy, id: 'n' }, today)).toBe(M.replacementCertificate);
    expect(replacementProblem(gas, { ...gas, id: 'n', certificate_type: 'electrical_coc' }, today)).toBe(
      M.replacementOtherType,
    );
  });

  it('refuses one expired, one that runs out first, and one without an expiry unless its type never expires', () => {
    expect(replacementProblem(policy, { ...policy, id: 'n', expires_on: today }, today)).toBe(
      M.replacementExpired,
    );
    expect(replacementProblem(policy, { ...policy, id: 'n', expires_on: '2026-06-20' }, today)).toBe(
      M.replacementNotLater,
    );
    expect(replacementProblem(policy, { ...policy, id: 'n', expires_on: null }, today)).toBe(
      M.replacementNoExpiry,
    );
    const roof = { ...gas, certificate_type: 'roof_inspection' as const };
    expect(replacementProblem(roof, { ...roof, id: 'n', expires_on: null }, today)).toBe(
      M.replacementNoExpiry,
    );
    const untyped = { ...gas, certificate_type: null };
    expect(replacementProblem(untyped, { ...untyped, id: 'n', expires_on: null }, today)).toBe(
      M.replacementNoExpiry,
    );
    expect(replacementProblem(gas, { ...gas, id: 'n', expires_on: null }, today)).toBeNull();
  });
});

describe('featureOfDocument', () => {
  it("is the certificate's feature; none for a policy or a certificate of the property itself", () => {
    expect(featureOfDocument(gas)).toBe('gas');
    expect(featureOfDocument({ kind: 'certificate', certificate_type: 'thatch_retardant' })).toBe(
      'thatch_roof',
    );
    expect(featureOfDocument({ kind: 'certificate', certificate_type: 'electrical_coc' })).toBeNull();
    expect(featureOfDocument({ kind: 'certificate', certificate_type: null })).toBeNull();
    expect(featureOfDocument(policy)).toBeNull();
  });
});
