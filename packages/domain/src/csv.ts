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
