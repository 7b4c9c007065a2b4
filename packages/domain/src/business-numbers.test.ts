import { describe, expect, it } from 'vitest';
import {
  BUSINESS_NUMBER_MESSAGES,
  checkCompanyRegistrationNumber,
  normalisePhoneNumber,
  normaliseTradeRegistrationNumber,
  normaliseVatNumber,
} from './business-numbers.js';

describe('checkCompanyRegistrationNumber', () => {
  it('takes YYYY/NNNNNN/NN from 1900 to the current year, without spaces', () => {
    expect(checkCompanyRegistrationNumber('1900/000001/06', 2026)).toEqual({
      ok: true,
      value: '1900/000001/06',
    });
    expect(checkCompanyRegistrationNumber(' 2026 /123456/ 07', 2026)).toEqual({
      ok: true,
      value: '2026/123456/07',
    });
    expect(checkCompanyRegistrationNumber('2027/123456/07', 2026)).toEqual({
      ok: false,
      message: BUSINESS_NUMBER_MESSAGES.companyRegistrationYear,
    });
    expect(checkCompanyRegistrationNumber('2015/123456/7', 2026)).toEqual({
      ok: false,
      message: BUSINESS_NUMBER_MESSAGES.companyRegistration,
    });
  });
});

describe('normaliseVatNumber and normaliseTradeRegistrationNumber', () => {
  it('answer the stored form or null', () => {
    expect(normaliseVatNumber('4 123 456 789')).toBe('4123456789');
    expect(normaliseVatNumber('412345678a')).toBeNull();
    expect(normaliseTradeRegistrationNumber('  saqcc\tgas 1234 ')).toBe('SAQCC GAS 1234');
    expect(normaliseTradeRegistrationNumber('A1')).toBe('A1');
    expect(normaliseTradeRegistrationNumber('AB')).toBeNull();
  });
});

describe('normalisePhoneNumber', () => {
  it('answers E.164 or null', () => {
    expect(normalisePhoneNumber('082-123-4567')).toBe('+27821234567');
    expect(normalisePhoneNumber('+27821234567')).toBe('+27821234567');
    expect(normalisePhoneNumber('+2782123456')).toBeNull();
    expect(normalisePhoneNumber('+31 6 1234 5678')).toBe('+31612345678');
    expect(normalisePhoneNumber('082.123.4567')).toBeNull();
    expect(normalisePhoneNumber('')).toBeNull();
  });
});
