import { describe, expect, it } from 'vitest';
import {
  approveEvidenceSchema,
  checkedFactsChanged,
  describeCheck,
  evidenceCheckStatus,
  insuranceCurrent,
  insuredUntil,
  isStillValid,
  rejectEvidenceSchema,
  submitEvidenceSchema,
  TRADE_LABELS,
  tradesRequiredBy,
  VERIFICATION_MESSAGES,
  type VerificationCheck,
  verificationLevelOf,
} from './verification.js';

const DOC = '7d1c1f0e-2c1a-4c4e-9d43-3f1a5d6e7f80';

function check(over: Partial<VerificationCheck>): VerificationCheck {
  return {
    kind: 'company_registration',
    status: 'approved',
    checked_at: '2026-11-01T10:00:00.000Z',
    valid_until: null,
    source: 'PropertyDNA review',
    trade: null,
    checked: 'CIPC certificate',
    ...over,
  };
}

describe('verification levels', () => {
  const registration = check({});
  const insurance = check({ kind: 'liability_insurance', valid_until: '2027-01-31' });

  it('is self-declared with nothing approved, and with typed details only', () => {
    expect(verificationLevelOf([], [])).toBe('self_declared');
    expect(verificationLevelOf([registration], [])).toBe('self_declared');
    expect(verificationLevelOf([{ ...insurance, status: 'pending' }, registration], [])).toBe(
      'self_declared',
    );
    expect(verificationLevelOf([{ ...insurance, status: 'lapsed' }, registration], [])).toBe('self_declared');
  });

  it('is documents checked with registration and insurance approved, and every trade the work needs', () => {
    expect(verificationLevelOf([registration, insurance], [])).toBe('documents_checked');
    expect(verificationLevelOf([registration, insurance], ['electrical'])).toBe('self_declared');
    const electrical = check({ kind: 'trade_registration', trade: 'electrical' });
    expect(verificationLevelOf([registration, insurance, electrical], ['electrical'])).toBe(
      'documents_checked',
    );
    expect(verificationLevelOf([registration, insurance, electrical], ['electrical', 'plumbing'])).toBe(
      'self_declared',
    );
  });

  it('is register matched on a matched register entry backed by reviewed registration evidence', () => {
    const register = check({ kind: 'register', status: 'matched' });
    expect(verificationLevelOf([register, registration], [])).toBe('register_matched');
    expect(
      verificationLevelOf([register, check({ kind: 'trade_registration', trade: 'electrical' })], []),
    ).toBe('register_matched');
    // A register entry alone (a typed-in number) or next to an outdated approval earns nothing.
    expect(verificationLevelOf([register], [])).toBe('self_declared');
    expect(verificationLevelOf([register, { ...registration, status: 'outdated' }], [])).toBe(
      'self_declared',
    );
    expect(verificationLevelOf([{ ...register, status: 'lapsed' }, registration], [])).toBe('self_declared');
  });

  it('knows when the checked company facts changed', () => {
    const facts = {
      name: 'Honest Roofing (Pty) Ltd',
      registration_number: '2019/123456/07',
      trade_registration_number: 'E 1',
    };
    const same = {
      name: 'honest roofing',
      registration_number: '2019/123456/07 ',
      trade_registration_number: 'e1',
    };
    expect(checkedFactsChanged('company_registration', facts, same)).toBe(false);
    expect(checkedFactsChanged('trade_registration', facts, same)).toBe(false);
    expect(checkedFactsChanged('liability_insurance', facts, same)).toBe(false);
    expect(checkedFactsChanged('liability_insurance', facts, { ...same, name: 'Someone Else' })).toBe(true);
    expect(checkedFactsChanged('company_registration', facts, { ...same, registration_number: null })).toBe(
      true,
    );
    expect(
      checkedFactsChanged('company_registration', facts, { ...same, trade_registration_number: 'X' }),
    ).toBe(false);
    expect(
      checkedFactsChanged('trade_registration', facts, { ...same, trade_registration_number: 'E2' }),
    ).toBe(true);
    expect(
      checkedFactsChanged('liability_insurance', { ...facts, name: null }, { ...same, name: null }),
    ).toBe(false);
  });

  it('knows which trades need a registration', () => {
    expect(tradesRequiredBy(['Roofing', 'Painting'])).toEqual([]);
    expect(tradesRequiredBy(['Electrical', 'Geyser repairs', 'Gas installations'])).toEqual([
      'electrical',
      'plumbing',
      'lp_gas',
    ]);
  });

  it('lapses an approval after its valid-until date, never a pending or rejected one', () => {
    expect(isStillValid(null, '2026-11-27')).toBe(true);
    expect(isStillValid('2026-11-27', '2026-11-27')).toBe(true);
    expect(isStillValid('2026-11-26', '2026-11-27')).toBe(false);
    expect(evidenceCheckStatus('approved', '2026-11-27', '2026-11-27')).toBe('approved');
    expect(evidenceCheckStatus('approved', '2026-11-26', '2026-11-27')).toBe('lapsed');
    expect(evidenceCheckStatus('pending', null, '2026-11-27')).toBe('pending');
    expect(evidenceCheckStatus('rejected', null, '2026-11-27')).toBe('rejected');
    expect(evidenceCheckStatus('approved', null, '2026-11-27', true)).toBe('outdated');
    expect(evidenceCheckStatus('approved', '2026-11-26', '2026-11-27', true)).toBe('lapsed');
    expect(evidenceCheckStatus('pending', null, '2026-11-27', true)).toBe('pending');
  });

  it('counts insurance as current only from an approved certificate', () => {
    expect(insuranceCurrent([insurance])).toBe(true);
    expect(insuranceCurrent([{ ...insurance, status: 'lapsed' }, registration])).toBe(false);
    expect(insuredUntil([registration, insurance])).toBe('2027-01-31');
    expect(insuredUntil([registration])).toBeNull();
  });

  it('names each check', () => {
    expect(describeCheck(check({ kind: 'trade_registration', trade: 'plumbing' }))).toBe(
      TRADE_LABELS.plumbing,
    );
    expect(describeCheck(check({ kind: 'trade_registration', trade: null }))).toBe('Trade registration');
    expect(describeCheck(insurance)).toBe('Liability insurance certificate');
  });
});

describe('evidence schemas', () => {
  it('needs the trade of a trade registration and the expiry of an insurance certificate', () => {
    const trade = submitEvidenceSchema.safeParse({ kind: 'trade_registration', document_id: DOC });
    expect(trade.success).toBe(false);
    expect(trade.error?.issues[0]?.message).toBe(VERIFICATION_MESSAGES.tradeRequired);
    const insurance = submitEvidenceSchema.safeParse({ kind: 'liability_insurance', document_id: DOC });
    expect(insurance.error?.issues[0]?.message).toBe(VERIFICATION_MESSAGES.expiryRequired);
    expect(
      submitEvidenceSchema.parse({
        kind: 'liability_insurance',
        document_id: DOC,
        expires_at: '2027-01-31',
        trade: 'plumbing',
      }),
    ).toEqual({ kind: 'liability_insurance', document_id: DOC, expires_at: '2027-01-31', trade: null });
    expect(
      submitEvidenceSchema.parse({ kind: 'trade_registration', document_id: DOC, trade: 'electrical' }),
    ).toEqual({ kind: 'trade_registration', document_id: DOC, expires_at: null, trade: 'electrical' });
    expect(submitEvidenceSchema.safeParse({ kind: 'nope', document_id: DOC }).error?.issues[0]?.message).toBe(
      VERIFICATION_MESSAGES.kindRequired,
    );
  });

  it('needs what was checked to approve and a reason to reject', () => {
    expect(approveEvidenceSchema.safeParse({ id: DOC, checked: ' ' }).error?.issues[0]?.message).toBe(
      VERIFICATION_MESSAGES.checkedRequired,
    );
    expect(approveEvidenceSchema.parse({ id: DOC, checked: 'Name matches', valid_until: '' })).toEqual({
      id: DOC,
      checked: 'Name matches',
      valid_until: null,
    });
    expect(rejectEvidenceSchema.safeParse({ id: DOC, reason: '' }).error?.issues[0]?.message).toBe(
      VERIFICATION_MESSAGES.reasonRequired,
    );
  });
});
