import { CsvError, type CsvRow } from './csv.js';
import { isDateOnly } from './due-band.js';
import { requiredText, textCharactersProblem } from './schemas/common.js';

/**
 * Official registers (issue 26 §2): a file an operator imports from a register (the Department of
 * Employment and Labour's registered persons, PIRB's plumbers…), one entry per line, and the rule that
 * matches a supplier to an entry. A supplier is register matched when one of its registration numbers
 * and one of its names are those of a current entry, compared after normalising both sides the same way.
 */

/** The columns a register file must name in its header (any order; other columns are ignored). */
export const REGISTER_COLUMNS = ['registration_number', 'name', 'category', 'valid_until'] as const;
export type RegisterColumn = (typeof REGISTER_COLUMNS)[number];

export const REGISTER_LIMITS = { source: 100, registrationNumber: 50, name: 200, category: 100 } as const;

/** The name of a register's source, as the import command takes it and every check answers it. */
export const registerSourceSchema = requiredText(
  'Name the register’s source, e.g. "DEL registered persons"',
  REGISTER_LIMITS.source,
  'Source',
);

/** One entry of a register file, trimmed, with the keys it is matched on. */
export interface RegisterEntry {
  registration_number: string;
  name: string;
  category: string;
  /** The last day the entry is current: 'YYYY-MM-DD'. */
  valid_until: string;
  number_key: string;
  name_key: string;
}

/**
 * A registration number as it is compared: upper case, without spaces ('2015 / 123456 / 07' and
 * '2015/123456/07' are the same number, so are 'er 12345' and 'ER12345').
 */
export function registerNumberKey(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Words that say what kind of company it is, not which: dropped from the end of a name. */
const LEGAL_FORM_WORDS = new Set([
  'pty',
  'ltd',
  'limited',
  'proprietary',
  'cc',
  'inc',
  'incorporated',
  'npc',
  'soc',
  'rf',
]);

/**
 * A name as it is compared: accents, case and punctuation dropped, '&' read as 'and', and the legal form
 * at its end dropped ('Sparks & Sons Electrical (Pty) Ltd' → 'sparks and sons electrical'). A name that
 * is nothing but a legal form keeps it.
 */
export function registerNameKey(value: string): string {
  const words = value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  while (words.length > 1 && LEGAL_FORM_WORDS.has(words[words.length - 1] as string)) words.pop();
  return words.join(' ');
}

/** A header's name as a column: 'Registration Number', 'registration-number' → 'registration_number'. */
function columnOf(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

const isBlank = (fields: readonly string[]) => fields.every((field) => field.trim() === '');

/**
 * Reads a register file's records in order (from a CsvReader with `leadingComments`, so lines starting
 * with '#' before the header are comments): blank lines are skipped, the first other record is the header.
 * `accept` answers each entry, or null for a line that holds none; a wrong line throws CsvError with its
 * line number and what is wrong, so an import can refuse the whole file. `finish` throws for a file
 * without a header.
 */
export class RegisterFileReader {
  #columns: Record<RegisterColumn, number> | null = null;
  #width = 0;

  accept(row: CsvRow): RegisterEntry | null {
    if (isBlank(row.fields)) return null;
    if (this.#columns === null) {
      this.#columns = this.#header(row);
      this.#width = row.fields.length;
      return null;
    }
    if (row.fields.length !== this.#width)
      throw new CsvError(row.line, `${row.fields.length} fields, but the header names ${this.#width}`);
    return this.#entry(row, this.#columns);
  }

  finish(): void {
    if (this.#columns === null)
      throw new CsvError(1, `no header: the first line must name the columns ${REGISTER_COLUMNS.join(', ')}`);
  }

  #header(row: CsvRow): Record<RegisterColumn, number> {
    const names = row.fields.map(columnOf);
    const columns: Partial<Record<RegisterColumn, number>> = {};
    for (const column of REGISTER_COLUMNS) {
      const index = names.indexOf(column);
      if (index < 0)
        throw new CsvError(
          row.line,
          `the header must name the columns ${REGISTER_COLUMNS.join(', ')} (missing: ${column})`,
        );
      if (names.indexOf(column, index + 1) >= 0)
        throw new CsvError(row.line, `the header names the column ${column} twice`);
      columns[column] = index;
    }
    return columns as Record<RegisterColumn, number>;
  }

  #entry(row: CsvRow, columns: Record<RegisterColumn, number>): RegisterEntry {
    const value = (column: RegisterColumn, max: number, required: boolean) => {
      const text = (row.fields[columns[column]] as string).trim();
      const problem = textCharactersProblem(text, column);
      if (problem) throw new CsvError(row.line, problem);
      if (required && text === '') throw new CsvError(row.line, `${column} is empty`);
      if (text.length > max) throw new CsvError(row.line, `${column} is longer than ${max} characters`);
      return text;
    };
    const registrationNumber = value('registration_number', REGISTER_LIMITS.registrationNumber, true);
    const name = value('name', REGISTER_LIMITS.name, true);
    const category = value('category', REGISTER_LIMITS.category, false);
    const validUntil = value('valid_until', REGISTER_LIMITS.category, true);
    if (!isDateOnly(validUntil))
      throw new CsvError(row.line, `valid_until "${validUntil}" is not a date written YYYY-MM-DD`);
    const nameKey = registerNameKey(name);
    if (nameKey === '') throw new CsvError(row.line, 'name has no letters or digits');
    return {
      registration_number: registrationNumber,
      name,
      category,
      valid_until: validUntil,
      number_key: registerNumberKey(registrationNumber),
      name_key: nameKey,
    };
  }
}
