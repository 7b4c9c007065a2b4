import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { normalisePhoneNumber } from '../business-numbers.js';
import { johannesburgDate } from '../due-band.js';
import {
  boundedInt,
  COMMON_MESSAGES,
  clearableIsoDateSchema,
  DATE_FIELD_DOC,
  DATE_YEARS,
  dateOfDateTime,
  dateOutOfRangeMessage,
  emailSchema,
  FILE_MESSAGES,
  fileInfoSchema,
  isEmailAddress,
  isIsoDate,
  isoDate,
  isoDateProblem,
  isoDateSchema,
  isPhoneNumber,
  isUuid,
  MAX_LENGTHS,
  MAX_SPECIALTIES,
  normaliseSpecialties,
  optionalCompanyRegistrationSchema,
  optionalEmailSchema,
  optionalIsoDateSchema,
  optionalPhoneSchema,
  optionalText,
  optionalTradeRegistrationSchema,
  optionalVatNumberSchema,
  requiredIsoDate,
  requiredPhone,
  requiredText,
  SPECIALTY_MESSAGES,
  specialtiesSchema,
  tooLongMessage,
  uuidSchema,
} from './common.js';
import { dataOf, errorsOf } from './test-helpers.js';

describe('test helpers', () => {
  it('errorsOf refuses a successful parse and a path with two issues', () => {
    expect(() => errorsOf(z.string(), 'x')).toThrow('expected a failure, got "x"');
    expect(() => errorsOf(z.string().min(3, 'short').regex(/\d/, 'digit'), 'a')).toThrow(
      'two issues on "": short / digit',
    );
  });

  it('dataOf refuses a failed parse', () => {
    expect(() => dataOf(z.string(), 1)).toThrow('expected success');
  });
});

describe('requiredText', () => {
  const schema = requiredText('Name is required', 5, 'Name');

  it('trims', () => {
    expect(dataOf(schema, '  Ann  ')).toBe('Ann');
  });

  it.each([[''], ['   '], [undefined], [null], [12]])('gives the required message for %j', (value) => {
    expect(errorsOf(schema, value)).toEqual({ '': 'Name is required' });
  });

  it('caps the length', () => {
    expect(dataOf(schema, 'abcde')).toBe('abcde');
    expect(errorsOf(schema, 'abcdef')).toEqual({ '': 'Name must be at most 5 characters' });
    expect(tooLongMessage('Name', 5)).toBe('Name must be at most 5 characters');
  });
});

describe('optionalText', () => {
  const schema = optionalText(5, 'Unit');

  it.each([[''], ['  '], [undefined], [null]])('makes %j undefined', (value) => {
    expect(dataOf(schema, value)).toBeUndefined();
  });

  it('trims and caps', () => {
    expect(dataOf(schema, ' 12A ')).toBe('12A');
    expect(errorsOf(schema, '123456')).toEqual({ '': 'Unit must be at most 5 characters' });
    expect(errorsOf(schema, 5)).toEqual({ '': 'Unit must be text' });
  });
});

describe('emailSchema', () => {
  it('trims and lower-cases', () => {
    expect(dataOf(emailSchema, '  Thandi.Nkosi@Example.CO.ZA ')).toBe('thandi.nkosi@example.co.za');
  });

  it.each([[''], ['   '], [undefined], [null]])('requires an address: %j', (value) => {
    expect(errorsOf(emailSchema, value)).toEqual({ '': COMMON_MESSAGES.emailRequired });
    expect(COMMON_MESSAGES.emailRequired).toBe('Email is required');
  });

  it.each([['thandi'], ['thandi@'], ['@example.com'], ['thandi@example'], ['a b@example.com']])(
    'rejects %j',
    (value) => {
      expect(errorsOf(emailSchema, value)).toEqual({ '': 'Enter a valid email address' });
    },
  );

  it('rejects an address longer than 254 characters', () => {
    const local = 'a'.repeat(64);
    const address = `${local}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.com`;
    expect(z.regexes.email.test(address)).toBe(true);
    expect(address.length).toBeGreaterThan(MAX_LENGTHS.email);
    expect(isEmailAddress(address)).toBe(false);
    expect(errorsOf(emailSchema, address)).toEqual({ '': COMMON_MESSAGES.invalidEmail });
  });
});

describe('optionalEmailSchema', () => {
  it.each([[''], [' '], [undefined], [null]])('makes %j undefined', (value) => {
    expect(dataOf(optionalEmailSchema, value)).toBeUndefined();
  });

  it('normalises a given address and rejects a bad one', () => {
    expect(dataOf(optionalEmailSchema, ' Info@RoofCo.co.za')).toBe('info@roofco.co.za');
    expect(errorsOf(optionalEmailSchema, 'info@')).toEqual({ '': 'Enter a valid email address' });
    expect(errorsOf(optionalEmailSchema, 7)).toEqual({ '': 'Enter a valid email address' });
  });
});

describe('phone numbers', () => {
  it.each([
    ['082 123 4567', '+27821234567'],
    ['+27 82 123 4567', '+27821234567'],
    ['+27 (0)82-123-4567', '+27821234567'],
    ['+27 082 123 4567', '+27821234567'],
    ['27 82 123 4567', '+27821234567'],
    ['0027 82 123 4567', '+27821234567'],
    ['0211234567', '+27211234567'],
    ['(021) 123-4567', '+27211234567'],
    ['+44 20 7946 0958', '+442079460958'],
    ['0044 20 7946 0958', '+442079460958'],
    ['+1 (212) 555-0100', '+12125550100'],
  ])('reads %j as %j (E.164)', (value, e164) => {
    expect(isPhoneNumber(value)).toBe(true);
    expect(normalisePhoneNumber(value)).toBe(e164);
    expect(dataOf(optionalPhoneSchema, ` ${value} `)).toBe(e164);
  });

  it.each([
    ['letters', '082 ABC 4567'],
    ['too few digits', '123 456'],
    ['too many digits', '+1234567890123456'],
    ['plus inside', '082+1234567'],
    ['too long', `+27 ${'1 '.repeat(14)}`],
    ['a South African number one digit short', '082 123 456'],
    ['a South African number one digit long', '+27 82 123 45678'],
    ['a South African number starting 0 after the trunk zero', '000 123 4567'],
    ['no country code and no trunk zero', '821234567'],
    ['a country code starting with 0', '+0 82 123 4567'],
  ])('rejects %s', (_label, value) => {
    expect(isPhoneNumber(value.trim())).toBe(false);
    expect(errorsOf(optionalPhoneSchema, value)).toEqual({ '': 'Enter a valid phone number' });
  });

  it('is optional', () => {
    expect(dataOf(optionalPhoneSchema, '')).toBeUndefined();
    expect(dataOf(optionalPhoneSchema, null)).toBeUndefined();
    expect(errorsOf(optionalPhoneSchema, 821234567)).toEqual({ '': COMMON_MESSAGES.invalidPhone });
  });

  it('can be required, with one message per way it is wrong', () => {
    const schema = requiredPhone('Phone number is required');
    expect(dataOf(schema, ' 082 123 4567 ')).toBe('+27821234567');
    for (const missing of ['', '  ', undefined, null, 821234567]) {
      expect(errorsOf(schema, missing)).toEqual({ '': 'Phone number is required' });
    }
    expect(errorsOf(schema, 'call me')).toEqual({ '': COMMON_MESSAGES.invalidPhone });
    expect(errorsOf(schema, '082\u0000123 4567')).toEqual({
      '': 'Phone number must not contain control characters',
    });
  });
});

describe('business numbers', () => {
  const thisYear = johannesburgDate(new Date()).year;

  it('takes a CIPC registration number without its spaces, blank as undefined', () => {
    expect(dataOf(optionalCompanyRegistrationSchema, ' 2015 / 123456 / 07 ')).toBe('2015/123456/07');
    expect(dataOf(optionalCompanyRegistrationSchema, `${thisYear}/000001/07`)).toBe(`${thisYear}/000001/07`);
    for (const blank of ['', ' ', null, undefined])
      expect(dataOf(optionalCompanyRegistrationSchema, blank)).toBeUndefined();
  });

  it.each([['1234'], ['2015/12345/07'], ['2015-123456-07'], ['K2015/123456/07'], [42]])(
    'refuses %j as a registration number',
    (value) => {
      expect(errorsOf(optionalCompanyRegistrationSchema, value)).toEqual({
        '': 'Enter the company registration number as YYYY/NNNNNN/NN, e.g. 2015/123456/07',
      });
    },
  );

  it('refuses a registration year before 1900 or after this year', () => {
    for (const year of [1899, thisYear + 1])
      expect(errorsOf(optionalCompanyRegistrationSchema, `${year}/123456/07`)).toEqual({
        '': 'The registration year must be between 1900 and this year',
      });
  });

  it('takes a VAT number of 10 digits starting with 4', () => {
    expect(dataOf(optionalVatNumberSchema, ' 4123 456 789 ')).toBe('4123456789');
    expect(dataOf(optionalVatNumberSchema, '')).toBeUndefined();
    for (const bad of ['5123456789', '412345678', '41234567890', '4123-456-789'])
      expect(errorsOf(optionalVatNumberSchema, bad)).toEqual({
        '': 'Enter the VAT number as 10 digits starting with 4, e.g. 4123456789',
      });
  });

  it('takes a trade registration number in upper case with single spaces', () => {
    expect(dataOf(optionalTradeRegistrationSchema, ' pirb  12345 ')).toBe('PIRB 12345');
    expect(dataOf(optionalTradeRegistrationSchema, 'ER/2021-0042')).toBe('ER/2021-0042');
    expect(dataOf(optionalTradeRegistrationSchema, null)).toBeUndefined();
    for (const bad of ['PIRB', '1', '/12345', 'ER#12345', '1'.repeat(31)])
      expect(errorsOf(optionalTradeRegistrationSchema, bad)).toEqual({
        '': 'Enter the trade registration number as it appears on your registration certificate (letters, digits, / and -)',
      });
  });
});

describe('uuids', () => {
  const id = '3F1C2A5E-8B7D-4C9A-9E1F-2D3C4B5A6F70';

  it('accepts any 8-4-4-4-12 hex id and lower-cases it', () => {
    expect(isUuid(id)).toBe(true);
    expect(dataOf(uuidSchema('Pick one'), ` ${id} `)).toBe(id.toLowerCase());
  });

  it.each([[''], ['demo'], [`${id}0`], [id.replace(/-/g, '')], [42], [undefined]])('rejects %j', (value) => {
    expect(isUuid(value)).toBe(false);
    expect(errorsOf(uuidSchema('Pick one'), value)).toEqual({ '': 'Pick one' });
  });
});

describe('dates', () => {
  it.each([['2024-02-29'], ['2000-02-29'], ['2025-12-31'], ['2025-04-30'], ['2025-01-31']])(
    'accepts %s',
    (value) => {
      expect(isIsoDate(value)).toBe(true);
      expect(dataOf(isoDateSchema, ` ${value}`)).toBe(value);
    },
  );

  it.each([
    ['2025-02-29'],
    ['1900-02-29'],
    ['2025-04-31'],
    ['2025-13-01'],
    ['2025-00-10'],
    ['2025-01-00'],
    ['2025-1-01'],
    ['01/02/2025'],
    ['2025-02-30T10:00:00Z'],
    ['2025-01-01T25:00:00Z'],
    ['2025-01-01Tnoon'],
    [''],
  ])('rejects %j', (value) => {
    expect(isIsoDate(value)).toBe(false);
    expect(errorsOf(isoDateSchema, value)).toEqual({ '': 'Enter a valid date' });
  });

  it('takes an ISO date-time where a date is asked, as its date in Africa/Johannesburg (issue 30)', () => {
    const cases: [string, string][] = [
      ['2025-01-01T00:00:00Z', '2025-01-01'],
      // 23:30 UTC is 01:30 the next day in Johannesburg (UTC+2).
      ['2025-03-14T23:30:00Z', '2025-03-15'],
      ['2025-03-14T23:30:00.123456Z', '2025-03-15'],
      ['2025-03-14T21:59:59.999z', '2025-03-14'],
      ['2025-03-14T01:00:00+05:00', '2025-03-13'],
      ['2025-03-14T23:30+0200', '2025-03-14'],
      ['2025-03-14 23:30:00-01', '2025-03-15'],
      // Without an offset: a local time of its own date.
      ['2025-03-14T23:30', '2025-03-14'],
      ['2025-03-14T08:00:00.5', '2025-03-14'],
    ];
    for (const [given, date] of cases) {
      expect(dateOfDateTime(given)).toBe(date);
      expect(dataOf(isoDateSchema, ` ${given} `)).toBe(date);
      expect(dataOf(requiredIsoDate('Due date is required'), given)).toBe(date);
      expect(dataOf(optionalIsoDateSchema, given)).toBe(date);
      expect(dataOf(clearableIsoDateSchema, given)).toBe(date);
    }
    // Anything else is left for the date rule to judge.
    for (const other of [
      '2025-03-14',
      '2025-02-30T10:00:00Z',
      '2025-01-01T25:00:00Z',
      '0050-01-01T10:00:00Z',
      'soon',
    ]) {
      expect(dateOfDateTime(other)).toBe(other);
    }
    // A date-time whose date is outside the years is refused as such a date is.
    expect(errorsOf(isoDateSchema, '2201-01-01T10:00:00Z')).toEqual({
      '': 'Enter a date between 1900 and 2200',
    });
  });

  it('describes every date field as `format: date` in JSON Schema, with the date-time it also takes', () => {
    for (const schema of [
      isoDateSchema,
      requiredIsoDate('Due date is required'),
      optionalIsoDateSchema,
      clearableIsoDateSchema,
    ]) {
      const json = JSON.stringify(z.toJSONSchema(z.object({ on: schema }), { io: 'input' }));
      expect(json).toContain('"format":"date"');
      expect(json).toContain(DATE_FIELD_DOC.description);
    }
  });

  it('agrees with the calendar', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          const date = new Date(Date.UTC(year, month - 1, day));
          const real =
            month >= 1 &&
            day >= 1 &&
            date.getUTCFullYear() === year &&
            date.getUTCMonth() === month - 1 &&
            date.getUTCDate() === day;
          expect(isIsoDate(text)).toBe(real);
        },
      ),
    );
  });

  it('requiredIsoDate tells a missing date from a bad one', () => {
    const schema = requiredIsoDate('Due date is required');
    expect(dataOf(schema, '2025-06-01')).toBe('2025-06-01');
    expect(errorsOf(schema, '')).toEqual({ '': 'Due date is required' });
    expect(errorsOf(schema, undefined)).toEqual({ '': 'Due date is required' });
    expect(errorsOf(schema, '2025-06-31')).toEqual({ '': 'Enter a valid date' });
  });

  it('takes the years 1900 to 2200 by default, and says so for any other', () => {
    expect(DATE_YEARS).toEqual({ min: 1900, max: 2200 });
    expect(dateOutOfRangeMessage()).toBe('Enter a date between 1900 and 2200');
    for (const value of ['1900-01-01', '2200-12-31', '2026-06-15']) {
      expect(isoDateProblem(value)).toBeNull();
      expect(dataOf(isoDateSchema, value)).toBe(value);
    }
    for (const value of ['0000-01-01', '0001-01-01', '1899-12-31', '2201-01-01', '9999-12-31']) {
      expect(isoDateProblem(value)).toBe('out of range');
      for (const schema of [isoDateSchema, requiredIsoDate('Due date is required')]) {
        expect(errorsOf(schema, value)).toEqual({ '': 'Enter a date between 1900 and 2200' });
      }
      expect(errorsOf(optionalIsoDateSchema, value)).toEqual({ '': 'Enter a date between 1900 and 2200' });
      expect(errorsOf(clearableIsoDateSchema, value)).toEqual({ '': 'Enter a date between 1900 and 2200' });
    }
    // A date that is not one is 'invalid' whatever its year.
    expect(isoDateProblem('0000-02-30')).toBe('invalid');
    expect(isoDateProblem('20255-01-01')).toBe('invalid');
  });

  it('agrees with the calendar and the years for any year a date can be written with', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        (year, month, day) => {
          const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          const inRange = year >= 1900 && year <= 2200;
          expect(isoDateProblem(text)).toBe(inRange ? null : 'out of range');
          expect(isoDateSchema.safeParse(text).success).toBe(inRange);
        },
      ),
    );
  });

  it('a field may name other years', () => {
    const schema = isoDate({ min: 2000, max: 2100 });
    expect(dataOf(schema, '2000-01-01')).toBe('2000-01-01');
    expect(errorsOf(schema, '1999-12-31')).toEqual({ '': 'Enter a date between 2000 and 2100' });
    expect(errorsOf(requiredIsoDate('Required', { min: 2000, max: 2100 }), '2101-01-01')).toEqual({
      '': 'Enter a date between 2000 and 2100',
    });
  });

  it('clearableIsoDateSchema clears with null or blank and keeps when absent', () => {
    expect(dataOf(clearableIsoDateSchema, undefined)).toBeUndefined();
    expect(dataOf(clearableIsoDateSchema, null)).toBeNull();
    expect(dataOf(clearableIsoDateSchema, ' ')).toBeNull();
    expect(dataOf(clearableIsoDateSchema, '2026-01-15')).toBe('2026-01-15');
    expect(errorsOf(clearableIsoDateSchema, '2026-02-30')).toEqual({ '': 'Enter a valid date' });
  });

  it('optionalIsoDateSchema makes a missing date null', () => {
    expect(dataOf(optionalIsoDateSchema, undefined)).toBeNull();
    expect(dataOf(optionalIsoDateSchema, null)).toBeNull();
    expect(dataOf(optionalIsoDateSchema, '')).toBeNull();
    expect(dataOf(optionalIsoDateSchema, '2026-01-15')).toBe('2026-01-15');
    expect(errorsOf(optionalIsoDateSchema, '2026-02-30')).toEqual({ '': 'Enter a valid date' });
    expect(errorsOf(optionalIsoDateSchema, 20260115)).toEqual({ '': 'Enter a valid date' });
  });
});

describe('boundedInt', () => {
  const schema = boundedInt({ type: 'whole', tooSmall: 'small', tooBig: 'big' }, 1, 10);

  it.each([
    [1, 1],
    [10, 10],
  ])('accepts %d', (value, expected) => {
    expect(dataOf(schema, value)).toBe(expected);
  });

  it.each([
    [0, 'small'],
    [11, 'big'],
    [1.5, 'whole'],
    [Number.NaN, 'whole'],
    [Number.POSITIVE_INFINITY, 'whole'],
    ['5', 'whole'],
  ])('rejects %j with %j', (value, message) => {
    expect(errorsOf(schema, value)).toEqual({ '': message });
  });
});

describe('specialties', () => {
  it('splits, trims, collapses spaces, drops blanks and duplicates ignoring case', () => {
    expect(normaliseSpecialties(' Roofing,  Waterproofing ,, roofing , Solar   geysers ')).toEqual([
      'Roofing',
      'Waterproofing',
      'Solar geysers',
    ]);
    expect(normaliseSpecialties(['Plumbing', ' Electrical, Plumbing', '  '])).toEqual([
      'Plumbing',
      'Electrical',
    ]);
    expect(normaliseSpecialties('')).toEqual([]);
  });

  const input = fc.oneof(
    fc.string(),
    fc.array(fc.string({ unit: fc.constantFrom('a', 'B', 'b', ',', ' ', '\t', 'é') })),
    fc.string({ unit: fc.constantFrom('a', 'A', ',', ' ', '\n') }),
  );

  it('is idempotent, also through its comma-joined text', () => {
    fc.assert(
      fc.property(input, (value) => {
        const once = normaliseSpecialties(value);
        expect(normaliseSpecialties(once)).toEqual(once);
        expect(normaliseSpecialties(once.join(', '))).toEqual(once);
      }),
    );
  });

  it('never gives an empty, padded, comma-holding or repeated item', () => {
    fc.assert(
      fc.property(input, (value) => {
        const items = normaliseSpecialties(value);
        for (const item of items) {
          expect(item).not.toBe('');
          expect(item).toBe(item.trim());
          expect(item).not.toContain(',');
        }
        expect(new Set(items.map((item) => item.toLowerCase())).size).toBe(items.length);
      }),
    );
  });

  it('specialtiesSchema takes a string, a list, or nothing', () => {
    expect(dataOf(specialtiesSchema, 'Roofing, Gutters')).toEqual(['Roofing', 'Gutters']);
    expect(dataOf(specialtiesSchema, ['Roofing', 'Gutters', 'roofing'])).toEqual(['Roofing', 'Gutters']);
    expect(dataOf(specialtiesSchema, undefined)).toEqual([]);
    expect(dataOf(specialtiesSchema, null)).toEqual([]);
  });

  it('specialtiesSchema rejects other values, too many and too long items', () => {
    expect(errorsOf(specialtiesSchema, 5)).toEqual({ '': SPECIALTY_MESSAGES.invalid });
    expect(errorsOf(specialtiesSchema, [1, 2])).toEqual({
      '': 'Enter service categories separated by commas',
    });
    const many = Array.from({ length: MAX_SPECIALTIES + 1 }, (_, i) => `Trade ${i}`);
    expect(dataOf(specialtiesSchema, many.slice(1))).toHaveLength(MAX_SPECIALTIES);
    expect(errorsOf(specialtiesSchema, many)).toEqual({ '': 'Choose at most 20 service categories' });
    expect(dataOf(specialtiesSchema, 'x'.repeat(60))).toEqual(['x'.repeat(60)]);
    expect(errorsOf(specialtiesSchema, `Roofing, ${'x'.repeat(61)}`)).toEqual({
      '': 'Each service category must be at most 60 characters',
    });
    // A control character is refused as sent, before white space is folded (a vertical tab, a form feed).
    for (const sent of ['R\u000boofing', ['Roofing', 'Gut\u000cters'], 'Roof\u0085ing']) {
      expect(errorsOf(specialtiesSchema, sent)).toEqual({
        '': 'Service categories must not contain control characters',
      });
    }
  });
});

describe('fileInfoSchema', () => {
  it('accepts what the browser knows of a file', () => {
    expect(dataOf(fileInfoSchema, { name: 'deed.pdf', size: 0, type: 'application/pdf' })).toEqual({
      name: 'deed.pdf',
      size: 0,
      type: 'application/pdf',
    });
  });

  it.each([
    ['not an object', 'deed.pdf', { '': 'Choose a file' }],
    ['no name', { size: 1, type: '' }, { name: FILE_MESSAGES.choose }],
    ['a negative size', { name: 'a', size: -1, type: '' }, { size: FILE_MESSAGES.choose }],
    ['a fractional size', { name: 'a', size: 1.5, type: '' }, { size: FILE_MESSAGES.choose }],
    ['no type', { name: 'a', size: 1 }, { type: FILE_MESSAGES.choose }],
  ])('rejects %s', (_label, value, errors) => {
    expect(errorsOf(fileInfoSchema, value)).toEqual(errors);
  });
});
