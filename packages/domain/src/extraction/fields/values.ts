import { findAmounts, findDates } from '../parsers/index.js';
import type { ValueShape } from './labels.js';

/**
 * Reading a value from the text after (or beside, or below) its label. Each reading says where in that
 * text the value was and whether it was clean: right at the start of the text (nothing unexplained
 * between the label and the value) and, for dates and amounts, written without letters the reader may
 * have put in place of digits.
 */

export interface ReadValue {
  value: string;
  /** Where the value sits in the text it was read from. */
  start: number;
  end: number;
  /** True when nothing stood between the label and the value and the value needed no mending. */
  exact: boolean;
}

/** Separators between a label and its value: spaces, colons, dashes, dots, equals and bars. */
const LEADING = /^[\s:;.,\-–—=|>)]*/;

/** How many characters of separators the text starts with. */
export function leadingSeparators(text: string): number {
  return text.length - text.replace(LEADING, '').length;
}

/** Letters a reader puts for digits (O for 0, l or I for 1), inside a value that should be digits. */
const MENDED = /[OoIl|]/;

/**
 * A number printed on a document: a token of letters, digits, slashes, dashes and dots with a digit in
 * it, or a short capital prefix and such a token ("IE 12345").
 */
const CODE = /[A-Z]{1,4} \d[A-Za-z0-9/\-.]*[A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9/\-.]*[A-Za-z0-9]/g;

function readCode(text: string, from: number): ReadValue | null {
  CODE.lastIndex = from;
  const match = CODE.exec(text);
  if (match === null || !/\d/.test(match[0]) || match[0].length < 3) return null;
  return {
    value: match[0],
    start: match.index,
    end: match.index + match[0].length,
    exact: match.index === from,
  };
}

/** An erf number: digits, perhaps with a portion ("1234/5"); "Portion 3 of Erf 1234" gives 1234. */
function readErf(text: string, from: number): ReadValue | null {
  const match = /^\d{1,7}(?:\/\d{1,4})?(?![\d.,])/.exec(text.slice(from));
  if (match === null) return null;
  return { value: match[0], start: from, end: from + match[0].length, exact: true };
}

/** Free text: the rest, spaces collapsed, trailing punctuation dropped; at least two letters. */
function readText(text: string, from: number): ReadValue | null {
  const start = from + leadingSeparators(text.slice(from));
  const trimmed = text.slice(start).replace(/[\s,;:.\-–—|]+$/, '');
  if ((trimmed.match(/[A-Za-z]/g) ?? []).length < 2 || trimmed.length > 200) return null;
  return { value: trimmed.replace(/\s+/g, ' '), start, end: start + trimmed.length, exact: true };
}

interface Found {
  value: string;
  index: number;
  length: number;
}

/** A date or amount found at `index` (of the whole text), exact when it starts the text and has digits only. */
function reading(found: Found, text: string, from: number): ReadValue {
  const printed = text.slice(found.index, found.index + found.length);
  return {
    value: found.value,
    start: found.index,
    end: found.index + found.length,
    exact:
      found.index === from && !(/^\d/.test(printed) && MENDED.test(printed.replace(/[A-Za-z]{3,}/g, ''))),
  };
}

/** What a finder finds in `text` from `from` on, placed in the whole text. */
function findFrom(find: (text: string) => Found[], text: string, from: number): Found[] {
  return find(text.slice(from)).map((found) => ({ ...found, index: found.index + from }));
}

/** The first value of its shape in `text` from `from` on (a period: its first date). */
export function readValue(shape: ValueShape, text: string, from: number): ReadValue | null {
  switch (shape) {
    case 'date':
    case 'amount': {
      const [first] = findFrom(shape === 'date' ? findDates : findAmounts, text, from);
      return first === undefined ? null : reading(first, text, from);
    }
    case 'code':
      return readCode(text, from);
    case 'erf':
      return readErf(text, from);
    case 'text':
      return readText(text, from);
  }
}

/** A period of two dates ("01/07/2025 to 30/06/2026"): both, the from first, or null. */
export function readPeriod(text: string, from: number): { from: ReadValue; to: ReadValue } | null {
  const [start, end] = findFrom(findDates, text, from);
  if (start === undefined || end === undefined || end.value <= start.value) return null;
  const joined = /^\s*(?:-|–|—|to|until|till|tot|and)\s*$/i.test(
    text.slice(start.index + start.length, end.index),
  );
  const first = reading(start, text, from);
  const second = reading(end, text, end.index);
  return {
    from: { ...first, exact: first.exact && joined },
    to: { ...second, exact: second.exact && joined },
  };
}
