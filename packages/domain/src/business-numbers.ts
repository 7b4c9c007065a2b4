/**
 * South African business numbers and phone numbers as people type them, checked and brought to the one
 * form we store: a company registration number as CIPC writes it (YYYY/NNNNNN/NN), a VAT number as SARS
 * issues it (10 digits starting with 4), a trade registration number as its certificate prints it, and a
 * phone number in E.164 (+27821234567). The schemas in schemas/common.ts use these; so does the import of
 * official registers (registers.ts), so a number typed on a profile and the same number in a register
 * compare equal.
 */

/** Messages of the format checks: what to type, with an example. */
export const BUSINESS_NUMBER_MESSAGES = {
  companyRegistration: 'Enter the company registration number as YYYY/NNNNNN/NN, e.g. 2015/123456/07',
  companyRegistrationYear: 'The registration year must be between 1900 and this year',
  vat: 'Enter the VAT number as 10 digits starting with 4, e.g. 4123456789',
  tradeRegistration:
    'Enter the trade registration number as it appears on your registration certificate (letters, digits, / and -)',
} as const;

/** The first year a registration number may carry (CIPC's numbers carry the year of registration). */
export const FIRST_REGISTRATION_YEAR = 1900;

const COMPANY_REGISTRATION = /^(\d{4})\/\d{6}\/\d{2}$/;

/**
 * A CIPC company registration number without its spaces ('2015 / 123456 / 07' → '2015/123456/07'), or a
 * message: the shape YYYY/NNNNNN/NN, and a year from 1900 to `currentYear` (no company is registered in
 * the future).
 */
export function checkCompanyRegistrationNumber(
  value: string,
  currentYear: number,
): { ok: true; value: string } | { ok: false; message: string } {
  const compact = value.replace(/\s+/g, '');
  const match = COMPANY_REGISTRATION.exec(compact);
  if (!match) return { ok: false, message: BUSINESS_NUMBER_MESSAGES.companyRegistration };
  const year = Number(match[1]);
  if (year < FIRST_REGISTRATION_YEAR || year > currentYear)
    return { ok: false, message: BUSINESS_NUMBER_MESSAGES.companyRegistrationYear };
  return { ok: true, value: compact };
}

/** A VAT number without its spaces ('4123 456 789' → '4123456789'), or null when it is not 10 digits starting with 4. */
export function normaliseVatNumber(value: string): string | null {
  const compact = value.replace(/\s+/g, '');
  return /^4\d{9}$/.test(compact) ? compact : null;
}

/**
 * A trade registration number (an electrical registered person's, a PIRB plumber's, an LP gas
 * installer's…) in upper case with single spaces, or null. Registers write these differently, so the rule
 * is only what every one of them is: 2 to 30 letters, digits, spaces, '/', '-' and '.', starting with a
 * letter or digit and holding at least one digit.
 */
export function normaliseTradeRegistrationNumber(value: string): string | null {
  const normal = value.trim().replace(/\s+/g, ' ').toUpperCase();
  if (!/^[A-Z0-9][A-Z0-9 /.-]{1,29}$/.test(normal) || !/\d/.test(normal)) return null;
  return normal;
}

/** The longest phone number we read as typed (with its spaces and brackets). */
export const MAX_TYPED_PHONE_LENGTH = 30;

/**
 * A phone number in E.164 ('+27821234567'), or null when it is not one. Takes what people type in South
 * Africa and abroad: spaces, hyphens and brackets anywhere; a national number starting with 0
 * ('082 123 4567' → '+27821234567'); the trunk zero written after the country code ('+27 (0)82…',
 * '+27 082…'); 00 for + ('0044 20 7946 0958'); and 27 without its + ('27 82 123 4567'). A South African
 * number has 9 digits after +27; any other has 7 to 15 digits in all, the first not 0.
 */
export function normalisePhoneNumber(value: string): string | null {
  if (value.length > MAX_TYPED_PHONE_LENGTH || !/^\+?[0-9 ()-]+$/.test(value)) return null;
  const digits = value.replace(/\(0\)/g, '').replace(/\D/g, '');
  let international: string;
  if (value.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else if (/^0\d{9}$/.test(digits)) international = `27${digits.slice(1)}`;
  else if (/^27\d{9}$/.test(digits)) international = digits;
  else return null;
  if (/^270\d{9}$/.test(international)) international = `27${international.slice(3)}`;
  if (international.startsWith('27'))
    return /^27[1-9]\d{8}$/.test(international) ? `+${international}` : null;
  return /^[1-9]\d{6,14}$/.test(international) ? `+${international}` : null;
}
