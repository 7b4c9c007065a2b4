import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyCodePointString } from '../../schemas/test-helpers.js';
import { findRegistrationNumbers, REGISTRATION_SCHEMES, type RegistrationScheme } from './registrations.js';

const found = (line: string) =>
  findRegistrationNumbers(line).map(({ scheme, value, label }) => ({ scheme, value, label }));

describe('findRegistrationNumbers', () => {
  it('reads a number after its label, as printed without the label, with where it is', () => {
    expect(findRegistrationNumbers('Electrician: J Dlamini  Reg No: IE 12345')).toEqual([
      { scheme: 'electrical', value: 'IE 12345', index: 32, length: 8, label: 'Reg No:' },
    ]);
    expect(found('PIRB No: L-20931')).toEqual([{ scheme: 'plumbing', value: 'L-20931', label: 'PIRB No:' }]);
    expect(found('PIRB Licence Number L-20931')).toEqual([
      { scheme: 'plumbing', value: 'L-20931', label: 'PIRB Licence Number' },
    ]);
    expect(found('SAQCC Gas Reg No: 12345')).toEqual([
      { scheme: 'lp_gas', value: '12345', label: 'SAQCC Gas Reg No:' },
    ]);
    expect(found('LPGSASA 7788')).toEqual([{ scheme: 'lp_gas', value: '7788', label: 'LPGSASA' }]);
    expect(found('LPG SA Reg. 7788')).toEqual([{ scheme: 'lp_gas', value: '7788', label: 'LPG SA Reg.' }]);
    expect(found('SAQCC Fire 123/45')).toEqual([{ scheme: 'fire', value: '123/45', label: 'SAQCC Fire' }]);
    expect(found('Registration number 99887')).toEqual([
      { scheme: 'other', value: '99887', label: 'Registration number' },
    ]);
    expect(found('Lic. # 4521')).toEqual([{ scheme: 'other', value: '4521', label: 'Lic. #' }]);
  });

  it('reads past dot leaders and a short aside, and knows the member numbers of PSIRA, ELPA and SARA', () => {
    expect(found('REG NO............: IE 40982')).toEqual([
      { scheme: 'electrical', value: 'IE 40982', label: 'REG NO............:' },
    ]);
    expect(found('LPGSASA REG NO....: LPG 00821')).toEqual([
      { scheme: 'lp_gas', value: 'LPG 00821', label: 'LPGSASA REG NO....:' },
    ]);
    expect(found('SAQCC Gas Reg. No.: SAQCC-G 104553')).toEqual([
      { scheme: 'lp_gas', value: 'SAQCC-G 104553', label: 'SAQCC Gas Reg. No.:' },
    ]);
    expect(found('Pest Control Operator Reg. No. (Act 36 of 1947): P03456')).toEqual([
      { scheme: 'pest_control', value: 'P03456', label: 'Reg. No. (Act 36 of 1947):' },
    ]);
    expect(found('P-number: P 02785')).toEqual([
      { scheme: 'pest_control', value: 'P 02785', label: 'P-number:' },
    ]);
    expect(found('PSIRA NO..........: 1938440')).toEqual([
      { scheme: 'security', value: '1938440', label: 'PSIRA NO..........:' },
    ]);
    expect(found('PSIRA Reg. No.: PSIRA 2045817')).toEqual([
      { scheme: 'security', value: 'PSIRA 2045817', label: 'PSIRA Reg. No.:' },
    ]);
    expect(found('SARA Member No. SARA 0412')).toEqual([
      { scheme: 'roofing', value: 'SARA 0412', label: 'SARA Member No.' },
    ]);
    expect(found('ELPA Membership Number ELPA 0317')).toEqual([
      { scheme: 'lightning', value: 'ELPA 0317', label: 'ELPA Membership Number' },
    ]);
    expect(found('Lightning protection: Member No. 0317; roof: SARA 0412; alarm PSIRA 123456')).toEqual([
      { scheme: 'lightning', value: '0317', label: 'Member No.' },
      { scheme: 'roofing', value: 'SARA 0412', label: null },
      { scheme: 'security', value: 'PSIRA 123456', label: null },
    ]);
  });

  it("keeps a scheme's prefix printed against the number, and knows the scheme by it", () => {
    expect(found('Registered person: J Smith IE 12345')).toEqual([
      { scheme: 'electrical', value: 'IE 12345', label: null },
    ]);
    expect(found('PIRB L-20931')).toEqual([{ scheme: 'plumbing', value: 'PIRB L-20931', label: null }]);
    expect(found('EFI 0042 and MIE/1234, ETSP123')).toEqual([
      { scheme: 'electric_fence', value: 'EFI 0042', label: null },
      { scheme: 'electrical', value: 'MIE/1234', label: null },
      { scheme: 'electrical', value: 'ETSP123', label: null },
    ]);
    for (const [value, scheme] of [
      ['ER 1234', 'electrical'],
      ['MI 1234', 'electrical'],
      ['ME-1234', 'electrical'],
      ['PIRB 1234', 'plumbing'],
      ['EFI 77', 'electric_fence'],
      ['P 07/1234', 'pest_control'],
      ['PSIRA 2045817', 'security'],
      ['ELPA 0317', 'lightning'],
      ['SARA 0412', 'roofing'],
      ['2015/123456/07', 'company'],
    ] as const) {
      expect(found(`Reg No: ${value}`), value).toEqual([{ scheme, value, label: 'Reg No:' }]);
    }
    // Too short, or inside a word: not a number known by its prefix.
    expect(found('IE 12 and PIE 12345 and IE 12345X')).toEqual([]);
  });

  it('takes the scheme from the words nearest before the number, else after it', () => {
    expect(found('Electric fence installer Reg. No: 2231')).toEqual([
      { scheme: 'electric_fence', value: '2231', label: 'Reg. No:' },
    ]);
    expect(found('Licensed plumber, Licence No. 4521; gas Reg No 8899')).toEqual([
      { scheme: 'plumbing', value: '4521', label: 'Licence No.' },
      { scheme: 'lp_gas', value: '8899', label: 'Reg No' },
    ]);
    expect(found('Reg No 5566 (pest control operator, Act 36 of 1947)')).toEqual([
      { scheme: 'pest_control', value: '5566', label: 'Reg No' },
    ]);
    expect(found('Fire protection: Registration No. 3141')).toEqual([
      { scheme: 'fire', value: '3141', label: 'Registration No.' },
    ]);
    expect(found('Department of Employment and Labour Registration No. 3141')).toEqual([
      { scheme: 'electrical', value: '3141', label: 'Registration No.' },
    ]);
    expect(found('Registration No. LIC 3141 electrical')).toEqual([
      { scheme: 'electrical', value: 'LIC 3141', label: 'Registration No.' },
    ]);
  });

  it('reads a VAT number as its 10 digits, and only a real one', () => {
    expect(found('VAT No: 4123 456 789')).toEqual([{ scheme: 'vat', value: '4123456789', label: 'VAT No:' }]);
    expect(findRegistrationNumbers('VAT Reg. No 4123456789 Co Reg No: 2015/123456/07')).toEqual([
      { scheme: 'vat', value: '4123456789', index: 12, length: 10, label: 'VAT Reg. No' },
      { scheme: 'company', value: '2015/123456/07', index: 34, length: 14, label: 'Reg No:' },
    ]);
    expect(found('VAT R 150,00')).toEqual([]);
    expect(found('VAT No 5123456789')).toEqual([]);
    expect(found('VAT No 41234567890')).toEqual([]);
  });

  it('finds nothing where there is no labelled or prefixed number', () => {
    for (const line of [
      '',
      'Tel 021 123 4567',
      'Regulation 7(5) of the regulations',
      'Licensed and registered',
      'Registration No: pending',
      'Reg No: Smith',
    ]) {
      expect(found(line), line).toEqual([]);
    }
  });

  const prefixArb = fc.constantFrom('', 'IE ', 'MIE/', 'ETSP ', 'L-', 'P ', 'PIRB ', 'EFI ', 'ER');
  const labelArb = fc.constantFrom(
    'Reg No:',
    'Registration number',
    'Licence No.',
    'Reg. No',
    'Registration #',
  );
  it('reads back any labelled number (property)', () => {
    fc.assert(
      fc.property(labelArb, prefixArb, fc.integer({ min: 100, max: 9_999_999 }), (label, prefix, digits) => {
        const value = `${prefix}${digits}`;
        const line = `Issued by Voltline (Pty) Ltd ${label} ${value}, Cape Town`;
        const [registration, other] = findRegistrationNumbers(line);
        expect(other).toBeUndefined();
        expect(registration?.value).toBe(value);
        expect(registration?.label).toBe(label);
        expect(registration?.index).toBe(line.indexOf(value, 29));
      }),
    );
  });

  it('whatever the line, every number found is where it says, in order (property)', () => {
    const pieces = fc.constantFrom(
      'Reg',
      ' No',
      ':',
      ' ',
      'IE',
      'PIRB',
      'VAT',
      '4123',
      '456',
      '789',
      '12',
      '/',
      '-',
      'L',
      'gas',
      'fence',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          anyCodePointString({ maxLength: 60 }),
          fc.array(pieces, { maxLength: 30 }).map((parts) => parts.join('')),
        ),
        (line) => {
          let end = 0;
          for (const registration of findRegistrationNumbers(line)) {
            expect(REGISTRATION_SCHEMES).toContain(registration.scheme as RegistrationScheme);
            expect(registration.index).toBeGreaterThanOrEqual(end);
            const printed = line.slice(registration.index, registration.index + registration.length);
            expect(registration.scheme === 'vat' ? printed.replace(/ /g, '') : printed).toBe(
              registration.value,
            );
            end = registration.index + registration.length;
          }
        },
      ),
    );
  });

  it('reads long adversarial lines in linear time (no catastrophic backtracking)', () => {
    const chunks = [
      'Reg No ',
      'Reg ',
      'IE ',
      'IE 1',
      '1/',
      'VAT 4',
      '4 ',
      'A',
      'gas ',
      'PIRB L-',
      'Registration',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...chunks), fc.constantFrom(...chunks), (a, b) => {
        const line = `${a.repeat(5000)}${b.repeat(5000)}x`;
        for (const registration of findRegistrationNumbers(line)) expect(registration.value).toMatch(/[0-9]/);
      }),
      { numRuns: 20 },
    );
    expect(findRegistrationNumbers('gas Reg No 1234 '.repeat(5000))).toHaveLength(5000);
    expect(findRegistrationNumbers('IE 12345 Reg No: 99 '.repeat(5000))).toHaveLength(10000);
  });
});
