import { DATE_YEARS, isIsoDate } from '../../schemas/common.js';

/**
 * Dates as South African documents print them, read from a line of text (as typed or as OCR read it)
 * into ISO `YYYY-MM-DD`:
 *
 * - a month in words, English or Afrikaans, full or abbreviated, with or without a full stop:
 *   `14 March 2025`, `14 Mar 2025`, `14-Mar-2025`, `14 Mrt. 2025`, `1ste Januarie 2025`, `14th of March
 *   2025`, `March 14, 2025`, `14 Mar 25`, and as a signing sentence dates it: `3rd day of February
 *   2025`, `3de dag van Februarie 2025`;
 * - in digits, day first (the South African convention; `03/14/2025` is not a date, never a guess):
 *   `14/03/2025`, `14.03.2025`, `14-03-2025`, `14/3/2025`, and with a two-digit year `14/03/25`;
 * - year first: `2025-03-14`, `2025/03/14`, `2025.03.14` (an ISO timestamp's date too: `2025-03-14T10:00`);
 * - OCR's en dash for a hyphen (`14–03–2025`), and a month in words run into its day and year
 *   (`14MAR2025`, which is not ambiguous).
 *
 * Decisions (what is refused rather than guessed):
 * - A two-digit year `yy` is the year ending in yy from ten years ahead of `currentYear` back to 89 years
 *   before it (in 2026: 00–36 are 2000–2036, 37–99 are 1937–1999). In digits it is only taken with a
 *   two-digit day and month (`14/03/25`, not `5/3/25`: too like a version or a fraction), and a month in
 *   words written month first needs a four-digit year (`March 14, 25` is refused).
 * - OCR slips mended only inside a group that holds a real digit: `O`/`o` read as 0, `I`/`l` as 1
 *   (`l4/O3/2O25` is 14 March 2025). A group of letters only (`Il`) is not a number. The result says
 *   `mended` so a rule can trust it less.
 * - A number split by a space is not mended: `14 March 20 25` and `14/03/20 25` are not dates, and a
 *   date with a two-digit year right after a short number (`20 25/03/14`, the tail of a split `2025`)
 *   is refused. A two-digit year followed by another number is refused too (unless that is a time,
 *   `14/03/25 10:30`).
 * - Impossible dates (`31/02/2025`) and years outside DATE_YEARS (1900–2200) are not dates.
 *
 * Every pattern has bounded repetition only, so a line is read in time linear in its length.
 */

/** What a found date is: its ISO value and where it was printed in the line. */
export interface FoundDate {
  /** YYYY-MM-DD. */
  value: string;
  /** Where in the line the date starts (UTF-16 index) and how many characters it spans. */
  index: number;
  length: number;
  /** True when an OCR slip was mended to read it (O for 0, I or l for 1). */
  mended: boolean;
}

/** How to read two-digit years: the year the reading happens in (defaults to this year). */
export interface DateReadingOptions {
  currentYear?: number;
}

/** Month names and abbreviations (English and Afrikaans, lower case) and their numbers. */
export const SA_MONTH_NAMES: Readonly<Record<string, number>> = {
  january: 1,
  januarie: 1,
  jan: 1,
  february: 2,
  februarie: 2,
  feb: 2,
  march: 3,
  maart: 3,
  mar: 3,
  mrt: 3,
  april: 4,
  apr: 4,
  may: 5,
  mei: 5,
  june: 6,
  junie: 6,
  jun: 6,
  july: 7,
  julie: 7,
  jul: 7,
  august: 8,
  augustus: 8,
  aug: 8,
  september: 9,
  sept: 9,
  sep: 9,
  october: 10,
  oktober: 10,
  oct: 10,
  okt: 10,
  november: 11,
  nov: 11,
  december: 12,
  desember: 12,
  dec: 12,
  des: 12,
};

/** The names, longest first so `Maart` is not read as `Mar` + `rt`. */
const MONTH = `(${Object.keys(SA_MONTH_NAMES)
  .sort((a, b) => b.length - a.length)
  .join('|')})(?![a-z])\\.?`;

/** A digit group as OCR may read it (O, o, I and l for digits: checked after the match). */
const G12 = '([0-9OoIl]{1,2})';
const G2 = '([0-9OoIl]{2})';
const G4 = '([0-9OoIl]{4})';
/** English and Afrikaans ordinal endings: 1st, 2nd, 3rd, 4th; 1ste, 2de, 8ste. */
const ORDINAL = '(?:st|nd|rd|th|ste|de)?';
/** Not inside a word or a number. */
const START = '(?<![0-9a-z])';
const END = '(?![0-9a-z])';
/** A two-digit year followed by another number (other than a time) may be half of a split number. */
const END2 = `${END}(?!\\s{1,3}[0-9OoIl](?![0-9]?[:h][0-9]))`;
/** A two-digit-year date right after a short number may be the tail of a split one (`20 25/03/14`). */
const NOT_AFTER_SHORT_NUMBER = '(?<!(?:^|[^0-9:.,/-])[0-9]{1,2}\\s{1,3})';
/** A separator between a day and a month in words, or a month in words and a year (none: `14MAR2025`). */
const WORD_SEP = '(?:\\s{0,3}[-\u2013./,]\\s{0,3}|\\s{0,3})';

type Order = 'dmy' | 'mdy' | 'ymd';

interface Pattern {
  regex: RegExp;
  order: Order;
  /** The capture groups of day, month and year (1-based). */
  groups: readonly [day: number, month: number, year: number];
}

/** One regex per written form (each /gi: every group is checked again after the match). */
const PATTERNS: readonly Pattern[] = [
  {
    // 14 March 2025, 14-Mar-2025, 1ste Mei 2025, 14th of March 2025, 14 Mar 25, and as a signature
    // dates it: 3rd day of February 2025, 3de dag van Februarie 2025
    regex: new RegExp(
      `${START}${G12}${ORDINAL}(?:\\s{1,3}(?:day|dag))?(?:\\s{1,3}(?:of|van))?${WORD_SEP}${MONTH}${WORD_SEP}(?:${G4}${END}|${G2}${END2})`,
      'gi',
    ),
    order: 'dmy',
    groups: [1, 2, 3],
  },
  {
    // March 14, 2025; Mar 14 2025; Maart 1ste 2025
    regex: new RegExp(
      `${START}${MONTH}\\s{0,3}${G12}${ORDINAL}(?:\\s{0,3},\\s{0,3}|\\s{1,3})${G4}${END}`,
      'gi',
    ),
    order: 'mdy',
    groups: [2, 1, 3],
  },
  {
    // 14/03/2025, 14.03.2025, 14-03-2025, 14 / 3 / 2025
    regex: new RegExp(`${START}${G12}\\s?([-\u2013./])\\s?${G12}\\s?\\2\\s?${G4}${END}`, 'gi'),
    order: 'dmy',
    groups: [1, 3, 4],
  },
  {
    // 14/03/25
    regex: new RegExp(
      `${START}${NOT_AFTER_SHORT_NUMBER}${G2}\\s?([-\u2013./])\\s?${G2}\\s?\\2\\s?${G2}${END2}`,
      'gi',
    ),
    order: 'dmy',
    groups: [1, 3, 4],
  },
  {
    // 2025-03-14, 2025/03/14, 2025.03.14, 2025-03-14T10:00
    regex: new RegExp(`${START}${G4}([-\u2013./])${G12}\\2${G12}(?=$|[^0-9a-z]|t[0-9])`, 'gi'),
    order: 'ymd',
    groups: [4, 3, 1],
  },
];

/** A digit group as a number, mending O/o to 0 and I/l to 1; null when it holds no real digit or another letter. */
function digitGroup(group: string): { value: number; mended: boolean } | null {
  if (!/^[0-9OoIl]+$/.test(group) || !/[0-9]/.test(group)) return null;
  const digits = group.replace(/[Oo]/g, '0').replace(/[Il]/g, '1');
  return { value: Number(digits), mended: digits !== group };
}

/** The full year of a two-digit one: from ten years ahead of `currentYear` back to 89 years before. */
export function fullYearOfTwoDigits(twoDigits: number, currentYear: number): number {
  const candidate = currentYear - (currentYear % 100) + twoDigits;
  if (candidate > currentYear + 10) return candidate - 100;
  return candidate <= currentYear - 90 ? candidate + 100 : candidate;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** The date one match of a pattern names, or null when it is not a real date in DATE_YEARS. */
function dateOfMatch(match: RegExpExecArray, pattern: Pattern, currentYear: number): FoundDate | null {
  const [dayGroup, monthGroup, yearGroup] = pattern.groups;
  const day = digitGroup(match[dayGroup] as string);
  const monthText = match[monthGroup] as string;
  const monthName = SA_MONTH_NAMES[monthText.toLowerCase()];
  const month = monthName === undefined ? digitGroup(monthText) : { value: monthName, mended: false };
  // A two-digit year is the group after the four-digit one (only the word form has both).
  const yearText = match[yearGroup] ?? (match[yearGroup + 1] as string);
  const yearDigits = digitGroup(yearText);
  if (day === null || month === null || yearDigits === null) return null;
  const year = yearText.length === 2 ? fullYearOfTwoDigits(yearDigits.value, currentYear) : yearDigits.value;
  const value = `${pad(year, 4)}-${pad(month.value, 2)}-${pad(day.value, 2)}`;
  if (!isIsoDate(value) || year < DATE_YEARS.min || year > DATE_YEARS.max) return null;
  return {
    value,
    index: match.index,
    length: match[0].length,
    mended: day.mended || month.mended || yearDigits.mended,
  };
}

/** Every date a pattern finds in the line (a match that is no date is skipped one character on). */
function matchesOf(line: string, pattern: Pattern, currentYear: number): FoundDate[] {
  const found: FoundDate[] = [];
  const regex = new RegExp(pattern.regex);
  for (let match = regex.exec(line); match !== null; match = regex.exec(line)) {
    const date = dateOfMatch(match, pattern, currentYear);
    if (date) found.push(date);
    else regex.lastIndex = match.index + 1;
  }
  return found;
}

/**
 * Every date printed in a line, in the order they appear, none overlapping (where two forms overlap the
 * one starting first wins: `1 March 14, 2025` is 1 March 2014, and ambiguous).
 */
export function findDates(line: string, options: DateReadingOptions = {}): FoundDate[] {
  const currentYear = options.currentYear ?? new Date().getUTCFullYear();
  // No two forms can match from the same place, so the order of starts is enough (a stable sort).
  const all = PATTERNS.flatMap((pattern) => matchesOf(line, pattern, currentYear)).sort(
    (a, b) => a.index - b.index,
  );
  const dates: FoundDate[] = [];
  let end = 0;
  for (const date of all) {
    if (date.index < end) continue;
    dates.push(date);
    end = date.index + date.length;
  }
  return dates;
}

/**
 * The ISO date a text is (`14 Mrt 2025` → '2025-03-14'), or null when it is not exactly one date
 * (surrounding spaces and one trailing `.`, `,`, `;` or `:` are allowed).
 */
export function parseSaDate(text: string, options: DateReadingOptions = {}): string | null {
  const trimmed = text.trim().replace(/[.,;:]$/, '');
  const [date, other] = findDates(trimmed, options);
  if (date === undefined || other !== undefined) return null;
  return date.index === 0 && date.length === trimmed.length ? date.value : null;
}
