import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyCodePointString } from '../../schemas/test-helpers.js';
import { findCertificateNumbers, findRunTogetherNumbers } from './certificate-numbers.js';

const values = (line: string) => findCertificateNumbers(line).map(({ value, label }) => ({ value, label }));

describe('findCertificateNumbers', () => {
  it('reads the number after each label, as printed, with where it is', () => {
    expect(findCertificateNumbers('Certificate No: 12345 Date: 14/03/2025')).toEqual([
      { value: '12345', index: 16, length: 5, label: 'Certificate No:' },
    ]);
    expect(values('Cert. No.: VL-2025-00412.')).toEqual([{ value: 'VL-2025-00412', label: 'Cert. No.:' }]);
    expect(values('Certificate of Compliance No 0001234')).toEqual([
      { value: '0001234', label: 'Certificate of Compliance No' },
    ]);
    expect(values('CERTIFICATE OF CONFORMITY NUMBER: GC/2025/118')).toEqual([
      { value: 'GC/2025/118', label: 'CERTIFICATE OF CONFORMITY NUMBER:' },
    ]);
    expect(values('CoC No. E 123456')).toEqual([{ value: 'E 123456', label: 'CoC No.' }]);
    expect(values('Serial No: AB12, issued')).toEqual([{ value: 'AB12', label: 'Serial No:' }]);
    expect(values('Certificate # 77-1')).toEqual([{ value: '77-1', label: 'Certificate #' }]);
    expect(values('Sertifikaatnommer: 88-1')).toEqual([{ value: '88-1', label: 'Sertifikaatnommer:' }]);
    expect(values('Sertifikaat van Nakoming Nr. 4410')).toEqual([
      { value: '4410', label: 'Sertifikaat van Nakoming Nr.' },
    ]);
    expect(values('No. 5567 issued; Cert No 9')).toEqual([
      { value: '5567', label: 'No.' },
      { value: '9', label: 'Cert No' },
    ]);
    expect(values('Page 1 | No: 123/4')).toEqual([{ value: '123/4', label: 'No:' }]);
    expect(values('CERT NO...........: NW 20931')).toEqual([
      { value: 'NW 20931', label: 'CERT NO...........:' },
    ]);
    expect(values('Report number: RRC/2025/031')).toEqual([
      { value: 'RRC/2025/031', label: 'Report number:' },
    ]);
    expect(values('Clearance No. TC 11902')).toEqual([{ value: 'TC 11902', label: 'Clearance No.' }]);
    expect(values('Nº 004512')).toEqual([{ value: '004512', label: 'Nº' }]);
    expect(values('Certificate N° GC-118')).toEqual([{ value: 'GC-118', label: 'Certificate N°' }]);
  });

  it('joins only a short prefix printed apart, never two numbers', () => {
    expect(values('Certificate No: 12345 678')).toEqual([{ value: '12345', label: 'Certificate No:' }]);
    expect(values('Certificate No: AB12 X')).toEqual([{ value: 'AB12', label: 'Certificate No:' }]);
  });

  it('finds nothing without a label or a number after it', () => {
    for (const line of [
      '',
      'Invoice No. 123',
      'Policy No: 99',
      'Reg. No.: 4455',
      'Certificate Number: ABC',
      'Certificate No: E ABC',
      'Certificate No: —',
      'There is no 5 here',
      'Note 12',
      'Certificate of compliance 12345',
      'Geyser serial no.: KW150-88231',
      'ENERGISER SERIAL NO: 7720113',
      'Inverter  Serial No 5521',
      'Form Nº 12',
    ]) {
      expect(values(line), line).toEqual([]);
    }
  });

  it('reads back any labelled number (property)', () => {
    const tokenArb = fc
      .stringMatching(/^[A-Z]{0,3}[-/]?[0-9]{1,8}(?:[-/][0-9A-Z]{1,6})?$/)
      .filter((token) => /^[A-Z0-9]/.test(token));
    const labelArb = fc.constantFrom(
      'Certificate No:',
      'Cert. No.',
      'Certificate number',
      'CoC No',
      'Serial No.',
    );
    fc.assert(
      fc.property(labelArb, tokenArb, fc.constantFrom('', '.', ',', ';'), (label, token, end) => {
        const line = `Electrical ${label} ${token}${end} issued 14 March 2025`;
        const [number, other] = findCertificateNumbers(line);
        expect(other).toBeUndefined();
        expect(number).toEqual({ value: token, index: 12 + label.length, length: token.length, label });
      }),
    );
  });

  it('whatever the line, every number found is where it says (property)', () => {
    const pieces = fc.constantFrom(
      'Cert',
      'ificate',
      ' No',
      '.',
      ':',
      ' ',
      'CoC',
      'E',
      '12',
      '-',
      '/',
      'No',
      '#',
      'x',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          anyCodePointString({ maxLength: 60 }),
          fc.array(pieces, { maxLength: 30 }).map((parts) => parts.join('')),
        ),
        (line) => {
          for (const number of findCertificateNumbers(line)) {
            expect(line.slice(number.index, number.index + number.length)).toBe(number.value);
            expect(number.value).toMatch(/[0-9]/);
          }
        },
      ),
    );
  });

  it('reads long adversarial lines in linear time (no catastrophic backtracking)', () => {
    const chunks = ['No. ', 'No ', 'Certificate ', 'Cert. ', 'CoC No ', 'A ', '1-', '.', 'of ', 'No: 1'];
    fc.assert(
      fc.property(fc.constantFrom(...chunks), fc.constantFrom(...chunks), (a, b) => {
        const line = `${a.repeat(5000)}${b.repeat(5000)}x`;
        for (const number of findCertificateNumbers(line)) expect(number.value).toMatch(/[0-9]/);
      }),
      { numRuns: 20 },
    );
    expect(findCertificateNumbers('Cert No 12 '.repeat(5000))).toHaveLength(5000);
  });
});

describe('findRunTogetherNumbers', () => {
  it('reads a bare No. (or its misreadings) after a capital word, a number or a separator, with four digits or more', () => {
    expect(findRunTogetherNumbers('FLAMESAFE GAS FITTERS Nn. 002318 |')).toEqual([
      { value: '002318', index: 26, length: 6, label: 'Nn.' },
    ]);
    expect(
      findRunTogetherNumbers('control room 0861 555 010 No. SS-77104').map((found) => found.value),
    ).toEqual(['SS-77104']);
    expect(findRunTogetherNumbers('| N0. E 204417').map((found) => found.value)).toEqual(['E 204417']);
  });

  it('leaves another thing’s number, a short number and a No. in a sentence alone', () => {
    for (const text of [
      'INVOICE No. 002318',
      'PSIRA reg. no. 3104772',
      'ERF NO. 4412',
      'Unit No. 1204',
      'GAS FITTERS No. 12',
      'GAS FITTERS No. ABCDEF',
      'Gas fitters No. 002318',
    ])
      expect(findRunTogetherNumbers(text)).toEqual([]);
  });
});
