import { describe, expect, it } from 'vitest';
import { CsvError, CsvReader, type CsvRow, MAX_CSV_RECORD_LENGTH } from './csv.js';
import { RegisterFileReader, registerNameKey, registerNumberKey, registerSourceSchema } from './registers.js';
import { dataOf, errorsOf } from './schemas/test-helpers.js';

/** Every record of `text`, read in chunks of `size` characters. */
function readCsv(text: string, size = text.length || 1, leadingComments = false): CsvRow[] {
  const reader = new CsvReader({ leadingComments });
  const rows: CsvRow[] = [];
  for (let at = 0; at < text.length; at += size) rows.push(...reader.push(text.slice(at, at + size)));
  rows.push(...reader.end());
  return rows;
}

function csvErrorOf(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof CsvError) return error.message;
    throw error;
  }
  throw new Error('expected a CsvError');
}

describe('CsvReader', () => {
  const text = '\uFEFFa,b,c\r\n1,"two, with a comma","say ""hi"""\r\n"multi\r\nline",,x\n\nlast,"",z';
  const expected: CsvRow[] = [
    { line: 1, fields: ['a', 'b', 'c'] },
    { line: 2, fields: ['1', 'two, with a comma', 'say "hi"'] },
    { line: 3, fields: ['multi\nline', '', 'x'] },
    { line: 5, fields: [''] },
    { line: 6, fields: ['last', '', 'z'] },
  ];

  it.each([[1], [2], [3], [7], [1000]])('reads quoted fields, CRLF and LF in chunks of %i', (size) => {
    expect(readCsv(text, size)).toEqual(expected);
  });

  it('reads a # line as a record unless told the file may start with comments', () => {
    expect(new CsvReader().push('# a\nb\n')).toEqual([
      { line: 1, fields: ['# a'] },
      { line: 2, fields: ['b'] },
    ]);
    expect(new CsvReader({}).push('# a\nb\n# c\n')).toEqual([
      { line: 1, fields: ['# a'] },
      { line: 2, fields: ['b'] },
      { line: 3, fields: ['# c'] },
    ]);
    expect(readCsv('# "a\n  # b\nc\n# d\n', 3, true)).toEqual([
      { line: 3, fields: ['c'] },
      { line: 4, fields: ['# d'] },
    ]);
  });

  it('reads a file that ends with a line break, and an empty file', () => {
    expect(readCsv('a,b\n')).toEqual([{ line: 1, fields: ['a', 'b'] }]);
    expect(readCsv('')).toEqual([]);
    expect(readCsv('\r\n')).toEqual([{ line: 1, fields: [''] }]);
  });

  it('names the line of a malformed record', () => {
    expect(csvErrorOf(() => readCsv('a,b\nx"y,z\n'))).toBe(
      'Line 2: a quote inside a field that does not start with one',
    );
    expect(csvErrorOf(() => readCsv('a,b\n"x"y,z\n'))).toBe(
      'Line 2: text after a closing quote (write a quote inside a quoted field as "")',
    );
    expect(csvErrorOf(() => readCsv('a,b\n1,2\n"open,\nstill open'))).toBe(
      'Line 3: a quoted field is not closed',
    );
  });

  it('bounds a record, complete or not, so a quote never closed cannot hold the whole file', () => {
    const long = 'x'.repeat(MAX_CSV_RECORD_LENGTH);
    expect(csvErrorOf(() => readCsv(`a\n${long}\n`))).toBe(
      `Line 2: the record is longer than ${MAX_CSV_RECORD_LENGTH} characters`,
    );
    expect(csvErrorOf(() => readCsv(`a\n${long}`, 5000))).toBe(
      `Line 2: the record is longer than ${MAX_CSV_RECORD_LENGTH} characters`,
    );
    // A line that never ends is refused while it is read, not after.
    expect(csvErrorOf(() => readCsv(`a\n${long}x`, 5000))).toBe(
      `Line 2: the record is longer than ${MAX_CSV_RECORD_LENGTH} characters`,
    );
    expect(csvErrorOf(() => readCsv(`a\n"open\n${long}`, 5000))).toBe(
      `Line 2: the record is longer than ${MAX_CSV_RECORD_LENGTH} characters`,
    );
    expect(csvErrorOf(() => readCsv(`a\n"${'y\n'.repeat(MAX_CSV_RECORD_LENGTH)}`, 100))).toBe(
      `Line 2: the record is longer than ${MAX_CSV_RECORD_LENGTH} characters`,
    );
  });
});

describe('registerNumberKey and registerNameKey', () => {
  it('compare numbers without spaces and case', () => {
    expect(registerNumberKey(' 2015 / 123456 / 07 ')).toBe('2015/123456/07');
    expect(registerNumberKey('er 12345')).toBe(registerNumberKey('ER12345'));
  });

  it('compare names without case, accents, punctuation or the legal form', () => {
    const key = 'sparks and sons electrical';
    for (const name of [
      'Sparks & Sons Electrical (Pty) Ltd',
      'SPARKS AND SONS ELECTRICAL PTY LTD',
      'Sparks and Sons Electrical Proprietary Limited',
      'Sparks & Sons Electrical CC',
      'Sparks & Sons, Electrical.',
    ])
      expect(registerNameKey(name)).toBe(key);
    expect(registerNameKey('Café Plumbing Inc.')).toBe('cafe plumbing');
    expect(registerNameKey('Ltd')).toBe('ltd');
    expect(registerNameKey('Roof Co (Pty) Ltd')).not.toBe(registerNameKey('Roof (Pty) Ltd'));
  });
});

describe('RegisterFileReader', () => {
  function readRegister(text: string) {
    const reader = new RegisterFileReader();
    const entries = readCsv(text, 7, true).flatMap((row) => reader.accept(row) ?? []);
    reader.finish();
    return entries;
  }

  it('reads the entries under a header, skipping comments before it and blank lines', () => {
    const text = [
      '# SAMPLE register — not official',
      '   # made up for tests, "quoted" as people write',
      'Name,Registration Number,extra,Category,valid-until',
      '"Sparks & Sons Electrical (Pty) Ltd", er 12345 ,x,Electrical, 2027-06-30',
      ',,,,',
      '# Hash Electrical,ER 9,,,2027-01-01',
      'Bongi Plumbing,PIRB 7,,,2026-01-31',
    ].join('\n');
    expect(readRegister(text)).toEqual([
      {
        registration_number: 'er 12345',
        name: 'Sparks & Sons Electrical (Pty) Ltd',
        category: 'Electrical',
        valid_until: '2027-06-30',
        number_key: 'ER12345',
        name_key: 'sparks and sons electrical',
      },
      {
        registration_number: 'ER 9',
        name: '# Hash Electrical',
        category: '',
        valid_until: '2027-01-01',
        number_key: 'ER9',
        name_key: 'hash electrical',
      },
      {
        registration_number: 'PIRB 7',
        name: 'Bongi Plumbing',
        category: '',
        valid_until: '2026-01-31',
        number_key: 'PIRB7',
        name_key: 'bongi plumbing',
      },
    ]);
  });

  const header = 'registration_number,name,category,valid_until\n';
  it.each([
    [
      '',
      'Line 1: no header: the first line must name the columns registration_number, name, category, valid_until',
    ],
    [
      'registration_number,name,category\n',
      'Line 1: the header must name the columns registration_number, name, category, valid_until (missing: valid_until)',
    ],
    [
      'name,registration_number,name,category,valid_until\n',
      'Line 1: the header names the column name twice',
    ],
    [`${header}R1,A,B,2027-01-01,extra\n`, 'Line 2: 5 fields, but the header names 4'],
    [`${header}R1,A,B,2027-01-01\n ,A,B,2027-01-01\n`, 'Line 3: registration_number is empty'],
    [`${header}R1,,B,2027-01-01\n`, 'Line 2: name is empty'],
    [`${header}R1,A,B,\n`, 'Line 2: valid_until is empty'],
    [`${header}R1,A,B,2027-02-30\n`, 'Line 2: valid_until "2027-02-30" is not a date written YYYY-MM-DD'],
    [`${header}R1,A,B,31/12/2027\n`, 'Line 2: valid_until "31/12/2027" is not a date written YYYY-MM-DD'],
    [
      `${header}${'1'.repeat(51)},A,B,2027-01-01\n`,
      'Line 2: registration_number is longer than 50 characters',
    ],
    [`${header}R1,A\u0007,B,2027-01-01\n`, 'Line 2: name must not contain control characters'],
    [`${header}R1,--,B,2027-01-01\n`, 'Line 2: name has no letters or digits'],
  ])('refuses %j: %s', (text, message) => {
    expect(csvErrorOf(() => readRegister(text))).toBe(message);
  });
});

describe('registerSourceSchema', () => {
  it('is a name of at most 100 characters', () => {
    expect(dataOf(registerSourceSchema, ' SAMPLE register — not official ')).toBe(
      'SAMPLE register — not official',
    );
    expect(errorsOf(registerSourceSchema, ' ')).toEqual({
      '': 'Name the register’s source, e.g. "DEL registered persons"',
    });
  });
});
