import { findAmounts, findDates } from '../parsers/index.js';
import type { ValueShape } from './labels.js';

/**
 * Reading a value from the text after (or beside, or below) its label. Each reading says where in that
 * text the value was and how cleanly it read (`quality`, 0–1): 1 when it stood right at the start of the
 * text (nothing unexplained between the label and the value) and needed no mending; less where text
 * stood before it, where the parser mended letters into digits (O for 0), for an amount printed
 * without its R, for a number with lower-case letters (printed numbers are capitals; "SA-SRv-e6120" is
 * a misreading), for a number joined from groups printed apart and for free text cut at junk.
 */

export interface ReadValue {
  value: string;
  /** Where the value sits in the text it was read from. */
  start: number;
  end: number;
  quality: number;
  /**
   * A date printed whole (a four-digit year) and read without mending: its form vouches for its
   * characters, whatever junk around it did to the line's confidence.
   */
  wellFormed?: boolean;
}

/** Whether a date, as printed in `text`, is whole and read without mending. */
export function wellFormedDate(
  text: string,
  found: { index: number; length: number; mended?: boolean },
): boolean {
  return found.mended !== true && /\d{4}/.test(text.slice(found.index, found.index + found.length));
}

/** How much each blemish costs a value's quality. */
export const BLEMISH = {
  notAtStart: 0.8,
  mended: 0.8,
  noCurrency: 0.9,
  lowerCase: 0.7,
  joined: 0.9,
  /** A number another group of digits follows ("3000 41877" read as 3000): it may be cut short. */
  cut: 0.8,
} as const;

/** Separators between a label and its value: spaces, colons, dashes, dots, equals, bars, `#`. */
const LEADING = /^[\s:;.,\-–—=|>)#]*/;

/** How many characters of separators the text starts with. */
export function leadingSeparators(text: string): number {
  return text.length - text.replace(LEADING, '').length;
}

/**
 * A number printed on a document: a token of letters, digits, slashes, dashes and dots with a digit in
 * it, perhaps after a short capital prefix ("IE 12345", "SAQCC-G 104553", "CoC-G 2025/118930") and followed by groups of
 * digits ("BG 0047 9921": joined, less surely, as they may be a neighbouring box's).
 */
const CODE =
  /(?:(?:[A-Z][A-Z-]{0,7}|[A-Z][a-z][A-Z][A-Za-z-]{0,5}) (?=\d))?(?=[A-Za-z0-9/\-.]*\d)[A-Za-z0-9][A-Za-z0-9/\-.]*[A-Za-z0-9]((?: \d{2,8}(?![A-Za-z0-9/.-]))*)/y;

/**
 * A dot leader as a reader makes of it ("CERT NO. :.«cosessssss NW 20931"): words of lower-case
 * letters and punctuation only, six letters or more in all, before the value.
 */
const LEADER = /^(?:[^A-Z0-9\s]+\s+){1,6}/;

/**
 * A reader's O/0 slips inside a code, mended: a part (between dashes, slashes, dots or spaces) of
 * capitals whose only digit is 0 is letters ("UMM-0C-88314" is UMM-OC-88314); a part of two digits or
 * more whose only letter is O is digits ("VL-2O25-00412").
 */
export function mendCode(code: string): { value: string; mended: boolean } {
  const value = code.replace(/[^-/.\s]+/g, (part) => {
    if (/^[A-Z0]+$/.test(part) && /[A-Z]/.test(part) && part.includes('0')) return part.replaceAll('0', 'O');
    if (/^[0-9Oo]+$/.test(part) && /[0-9].*[0-9]/.test(part)) return part.replace(/[Oo]/g, '0');
    return part;
  });
  return { value, mended: value !== code };
}

/**
 * The code the text's first word starts (only separators before it, or a dot leader as a reader made
 * of it), with three digits or more; never running into a date ("BEL 6620 10 Oct 2024" is BEL 6620)
 * nor a part of one.
 */
function readCode(text: string, from: number, line: string): ReadValue | null {
  const first = text.slice(from).search(/[A-Za-z0-9]/);
  if (first < 0) return null;
  const read = codeAt(text, from, from + first, line);
  if (read !== null) return read;
  const leader = LEADER.exec(text.slice(from + first));
  if (leader === null || leader[0].replace(/[^a-z]/g, '').length < 6) return null;
  return codeAt(text, from, from + first + leader[0].length, line);
}

/** The code at `at` in `text`; `line` is the whole line `text` was cut from (a date may go on past the cut). */
function codeAt(text: string, from: number, at: number, line: string): ReadValue | null {
  CODE.lastIndex = at;
  const match = CODE.exec(text);
  if (match === null) return null;
  // Not a part of a date ("2025" of "13 June 2025"); the groups after the code itself up to the first
  // that starts a date.
  const dates = findDates(line);
  if (dates.some((found) => found.index <= match.index && found.index + found.length > match.index))
    return null;
  const own = match[0].length - (match[1] as string).length;
  const date = dates.find(
    (found) => found.index >= match.index + own && found.index < match.index + match[0].length,
  );
  const printed = date === undefined ? match[0] : match[0].slice(0, date.index - match.index).trimEnd();
  if (printed.replace(/\D/g, '').length < 3) return null;
  const { value, mended } = mendCode(printed);
  const quality =
    (match.index === from ? 1 : BLEMISH.notAtStart) *
    (/[a-z]/.test(printed) ? BLEMISH.lowerCase : 1) *
    (mended ? BLEMISH.mended : 1) *
    (printed.length > own ? BLEMISH.joined : 1);
  return { value, start: match.index, end: match.index + printed.length, quality };
}

/**
 * An erf number: two digits or more, perhaps with a portion ("1234/5"); "Portion 3 of Erf 1234" gives
 * 1234. A comma or full stop may end it ("(Erf 1120, Kosmos)"), not part it ("1,234.56" is an amount).
 */
function readErf(text: string, from: number): ReadValue | null {
  const match = /^\d{2,7}(?:\/\d{1,4})?(?!\d|[.,]\d)/.exec(text.slice(from));
  if (match === null) return null;
  // Four digits from 0 after a town and its comma are the postal code of an address run into the erf's
  // column ('Kosmos, Hartbeespoort, 0261 612'): erf numbers are not written with a leading zero.
  if (/^0\d{3}$/.test(match[0]) && /[A-Za-z],\s*$/.test(text.slice(0, from))) return null;
  return { value: match[0], start: from, end: from + match[0].length, quality: 1 };
}

/** What a reader makes of specks and box borders: free text stops at the first. */
const JUNK = /[:|~={}[\]©®“”<>»«_\\]/;
/** A trailing speck: a token of punctuation only, or of one to three lower-case letters. */
const SPECK = /^(?:[^A-Za-z0-9]+|[a-z]{1,3}\.?)$/;

/**
 * Free text: the rest up to any junk a reader made of specks or borders, specks at either end (before a
 * capital or a digit) and trailing punctuation dropped, spaces collapsed; at least two letters and at
 * most 200 characters.
 */
function readText(text: string, from: number): ReadValue | null {
  const start = from + leadingSeparators(text.slice(from));
  const rest = text.slice(start);
  const junk = rest.search(JUNK);
  const words = (junk < 0 ? rest : rest.slice(0, junk)).trim().split(/\s+/);
  while (words.length > 1 && SPECK.test(words.at(-1) as string)) words.pop();
  while (words.length > 1 && SPECK.test(words[0] as string) && /^[A-Z0-9]/.test(words[1] as string))
    words.shift();
  const value = words.join(' ').replace(/[\s,;.\-–—]+$/, '');
  if ((value.match(/[A-Za-z]/g) ?? []).length < 2 || value.length > 200) return null;
  return {
    value,
    start,
    end: start + (junk < 0 ? rest.length : junk),
    quality: junk < 0 ? 1 : 0.9,
  };
}

/** A firm's legal form, which ends its name: "(Pty) Ltd", "Ltd", "Limited", "CC", "Inc", "Beperk". */
const LEGAL_FORM = /\b(?:ltd|limited|cc|inc|beperk|bpk)\b\.?/gi;

/** A firm's name: free text, ending at its legal form where it has one ("BLUE FLAME LP GAS CC i JE"). */
function readFirm(text: string, from: number): ReadValue | null {
  const read = readText(text, from);
  const last = read === null ? undefined : [...read.value.matchAll(LEGAL_FORM)].at(-1);
  return read === null || last === undefined
    ? read
    : { ...read, value: read.value.slice(0, last.index + last[0].length) };
}

/** A street address: free text with a number and a word in it ("14 Kloof Street"), up to its postal code. */
function readAddress(text: string, from: number): ReadValue | null {
  const read = readText(text, from);
  if (read === null || !/\d/.test(read.value) || !/[A-Za-z]{3}/.test(read.value)) return null;
  // An address ends at its postal code ("…, Mthatha, 5099"): what follows is not part of it.
  const code = /,\s*\d{4}\b/.exec(read.value);
  return code === null ? read : { ...read, value: read.value.slice(0, code.index + code[0].length) };
}

/** A date or amount as the parsers find it, placed in the whole text. */
interface Found {
  value: string;
  index: number;
  length: number;
  mended?: boolean;
  currency?: boolean;
}

function reading(found: Found, from: number): ReadValue {
  const quality =
    (found.index === from ? 1 : BLEMISH.notAtStart) *
    (found.mended === true ? BLEMISH.mended : 1) *
    (found.currency === false ? BLEMISH.noCurrency : 1);
  return { value: found.value, start: found.index, end: found.index + found.length, quality };
}

/** What a finder finds in `text` from `from` on, placed in the whole text. */
function findFrom(find: (text: string) => Found[], text: string, from: number): Found[] {
  return find(text.slice(from)).map((found) => ({ ...found, index: found.index + from }));
}

/** Amounts with or without their R (money-like numbers only: the label says it is money). */
const findMoney = (text: string) => findAmounts(text, { bare: true });

/**
 * The first value of its shape in `text` from `from` on; `line` is the whole line where `text` is the
 * start of it (a value cut at a column's edge).
 */
export function readValue(shape: ValueShape, text: string, from: number, line = text): ReadValue | null {
  switch (shape) {
    case 'date': {
      const [first] = findFrom(findDates, text, from);
      return first === undefined
        ? null
        : { ...reading(first, from), wellFormed: wellFormedDate(text, first) };
    }
    case 'amount': {
      const [first] = findFrom(findMoney, text, from);
      return first === undefined ? null : reading(first, from);
    }
    case 'code':
      return readCode(text, from, line);
    case 'erf':
      return readErf(text, from);
    case 'text':
      return readText(text, from);
    case 'address':
      return readAddress(text, from);
    case 'firm':
      return readFirm(text, from);
  }
}

/** A period of two dates ("01/07/2025 to 30/06/2026"): both, the from first, or null. */
export function readPeriod(text: string, from: number): { from: ReadValue; to: ReadValue } | null {
  // "From 01/07/2025 to 30/06/2026": the word from is part of the period, not in the way of its date.
  const opening = from + (/^(?:from|van)\s+/i.exec(text.slice(from))?.[0].length ?? 0);
  const [start, end] = findFrom(findDates, text, opening);
  if (start === undefined || end === undefined || end.value <= start.value) return null;
  const joined = /^\s*(?:-|–|—|to|until|till|tot|and)\s*$/i.test(
    text.slice(start.index + start.length, end.index),
  );
  const loose = joined ? 1 : BLEMISH.notAtStart;
  const first = reading(start, opening);
  const second = reading(end, end.index);
  return {
    from: { ...first, quality: first.quality * loose },
    to: { ...second, quality: second.quality * loose },
  };
}
