/**
 * CSV as RFC 4180 writes it, safe to open in a spreadsheet: records end with CRLF; a field holding a
 * comma, a double quote, CR or LF is quoted, its quotes doubled. A field a spreadsheet would run as a
 * formula (one starting with =, +, -, @, a tab or CR — OWASP's "CSV injection") is prefixed with a
 * single quote, so it shows as the text it is.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field, neutralised and quoted as needed. */
export function csvField(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, CRLF-terminated. */
export function csvRecord(fields: readonly (string | number | boolean | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** One record read from a CSV file: the line it starts on (from 1) and its fields, unquoted. */
export interface CsvRow {
  line: number;
  fields: string[];
}

/** A file that is not CSV, with the line of the record where it went wrong. */
export class CsvError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
    this.name = 'CsvError';
  }
}

/** The longest record the reader holds (a quote never closed would otherwise hold the whole file). */
export const MAX_CSV_RECORD_LENGTH = 20_000;

/**
 * Reads CSV (RFC 4180: commas, fields quoted with '"' and '""' inside, records ending with LF or CRLF;
 * a quoted field may span lines) from text given in chunks of any size, so a large file is read with
 * memory bounded by one record: `push(chunk)` answers the records completed so far, `end()` the last one.
 * A byte-order mark at the start is dropped. Throws CsvError for a quote inside an unquoted field, text
 * after a closing quote, a quote never closed, or a record longer than MAX_CSV_RECORD_LENGTH.
 */
export class CsvReader {
  /**
   * `leadingComments`: lines starting with '#' before the first record are comments, skipped unread (a
   * sample file says what it is there, quotes and all).
   */
  constructor({ leadingComments = false }: { leadingComments?: boolean } = {}) {
    this.#comments = leadingComments;
  }

  #comments: boolean;
  #pending = '';
  #line = 0;
  #start = 1;
  #fields: string[] = [];
  #field = '';
  #quoted = false;
  #afterQuote = false;
  #recordLength = 0;
  #begun = false;

  push(chunk: string): CsvRow[] {
    let text = this.#pending + chunk;
    if (!this.#begun && text.length > 0) {
      this.#begun = true;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    const rows: CsvRow[] = [];
    let from = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', from)) {
      const line = text.slice(from, end > from && text[end - 1] === '\r' ? end - 1 : end);
      from = end + 1;
      const row = this.#readLine(line);
      if (row) rows.push(row);
    }
    this.#pending = text.slice(from);
    if (this.#recordLength + this.#pending.length > MAX_CSV_RECORD_LENGTH) {
      if (!this.#quoted) this.#start = this.#line + 1;
      this.#tooLong();
    }
    return rows;
  }

  /** The last record (a file need not end with a line break); throws when a quoted field is still open. */
  end(): CsvRow[] {
    const rest = this.#pending;
    this.#pending = '';
    const row = rest === '' && !this.#quoted ? null : this.#readLine(rest);
    if (this.#quoted) throw new CsvError(this.#start, 'a quoted field is not closed');
    return row ? [row] : [];
  }

  #tooLong(): never {
    throw new CsvError(this.#start, `the record is longer than ${MAX_CSV_RECORD_LENGTH} characters`);
  }

  #readLine(line: string): CsvRow | null {
    this.#line += 1;
    if (!this.#quoted) this.#start = this.#line;
    if (this.#comments && !this.#quoted) {
      if (line.trimStart().startsWith('#')) return null;
      this.#comments = false;
    }
    this.#recordLength += line.length + 1;
    if (this.#recordLength > MAX_CSV_RECORD_LENGTH) this.#tooLong();
    for (let i = 0; i < line.length; i += 1) {
      const c = line[i];
      if (this.#quoted) {
        if (c !== '"') this.#field += c;
        else if (line[i + 1] === '"') {
          this.#field += '"';
          i += 1;
        } else {
          this.#quoted = false;
          this.#afterQuote = true;
        }
      } else if (c === ',') {
        this.#fields.push(this.#field);
        this.#field = '';
        this.#afterQuote = false;
      } else if (this.#afterQuote) {
        throw new CsvError(
          this.#start,
          'text after a closing quote (write a quote inside a quoted field as "")',
        );
      } else if (c === '"' && this.#field === '') {
        this.#quoted = true;
      } else if (c === '"') {
        throw new CsvError(this.#start, 'a quote inside a field that does not start with one');
      } else {
        this.#field += c;
      }
    }
    if (this.#quoted) {
      this.#field += '\n';
      return null;
    }
    this.#fields.push(this.#field);
    const row = { line: this.#start, fields: this.#fields };
    this.#fields = [];
    this.#field = '';
    this.#afterQuote = false;
    this.#recordLength = 0;
    return row;
  }
}
