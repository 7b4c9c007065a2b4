/**
 * A policy wording's text (one string per PDF page) as clauses: numbered clauses (4.1, (a), B3.1, T1,
 * END 03), bullets, paragraphs and 'Key: value' lines, each with the section it stands in (from headings
 * such as 'EXCLUSIONS', 'GENERAL CONDITIONS', 'What we won't pay for'), its own heading or inline title,
 * and the lead-in it is a list item of ('We won't pay for:').
 */

/** What a section of a wording is about, from its heading. */
export type PolicySectionKind =
  | 'exclusions'
  | 'conditions'
  | 'extensions'
  | 'definitions'
  | 'cover'
  | 'other';

export interface PolicyClause {
  /** 1-based page. */
  page: number;
  /** The clause as on the page: lines joined by one space, words hyphenated across lines joined. */
  text: string;
  section: PolicySectionKind;
  /** The nearest heading above the clause in its section ('' where none). */
  heading: string;
  /** A short title the clause opens with ('Fire retardant.' / 'Burglar bars:'), '' where none. */
  title: string;
  /** The clause (ending in ':') that this list item continues, '' where none. */
  leadIn: string;
  /** Numbered, lettered or bulleted. */
  listItem: boolean;
  /** The clause's own number as printed ('4.12', '(a)', 'B03.1'), null for a bullet or none. */
  ref: string | null;
  /** The heading that set the section ('' where none did). */
  sectionHeading: string;
  /** The rest of the clause before it, carried over from the page before. */
  continued: boolean;
  /**
   * A row of a table ('Locks and keys   Up to R10 000   Not covered'): its first value cell, what the
   * row says of the item it names ('Up to R10 000'); absent for a clause that is no table row.
   */
  cell?: string;
}

/** 'Page 2 of 4', '- 3 -', '12'. */
const PAGE_NUMBER = /^(?:page\s+)?-?\s*\d{1,4}\s*-?(?:\s*(?:of|\/)\s*\d{1,4})?$/i;

/** A page's lines, white space folded; blank ones are kept (they end paragraphs). */
const linesOf = (page: string) => page.split(/\r\n|\r|\n|\f/).map((line) => line.replace(/\s+/g, ' ').trim());

/** Joins a line to the text before it, joining a word hyphenated across the break (not into a list item). */
function joinLine(text: string, line: string): string {
  if (text === '') return line;
  const hyphenated = /[A-Za-z]-$/.test(text) && /^[a-z]/.test(line);
  if (hyphenated && listPrefix(line) === '' && !PAGE_NUMBER.test(line)) return text.slice(0, -1) + line;
  return `${text} ${line}`;
}

/**
 * A page's text as the analysis reads it and as excerpts quote it: line breaks and runs of white space
 * folded to one space, a word hyphenated across a line break joined ('deterio-\nration' →
 * 'deterioration'), but not across a blank line.
 */
export function foldPolicyText(text: string): string {
  const paragraphs: string[] = [''];
  for (const line of linesOf(text)) {
    if (line === '') paragraphs.push('');
    else paragraphs.push(joinLine(paragraphs.pop() as string, line));
  }
  return paragraphs.filter((paragraph) => paragraph !== '').join(' ');
}

/** Typographic quotes and dashes as plain ones, character for character (offsets stay the same). */
export function plainPunctuation(text: string): string {
  return text
    .replace(/[‘’ʼ`´]/g, "'")
    .replace(/[“”„]/g, '"')
    .replace(/[‐‑‒–—―]/g, '-');
}

const SECTION_PATTERNS: [PolicySectionKind, RegExp][] = [
  [
    'definitions',
    /\bdefinition|\bwords we use\b|\bmeaning of\b|\binterpretation\b|\bwoordomskrywing|\bbetekenis/i,
  ],
  [
    'exclusions',
    /\bexclu|\bexceptions\b|\bnot (?:covered|insured)\b|\b(?:won't|will not|do not|don't|does not|doesn't|we never) (?:pay|cover|insure)|\buitsluit|\bnie (?:gedek|verseker)|\bnie betaal\b|\bwat ons nie\b/i,
  ],
  [
    'conditions',
    /\b(?:your|the insured's) (?:side|part|end) of the (?:deal|bargain|agreement)\b|\bwhat you (?:need|have) to do\b|\bwhat we expect\b|\bcondition|\bwarrant|\bduties\b|\bobligation|\brequirement|\bmust do\b|\byou must\b|\bkeeping your cover\b|\bresponsibilit|\bwhat we need from you\b|\bwhat we ask\b|\bask of you\b|\bto-?dos?\b|\brules\b|\bprecautions\b|\bprovisos?\b|\bvoorwaardes?\b|\bwaarborg|\bverpligting|\bpligte\b|\bvereistes\b/i,
  ],
  [
    'extensions',
    /\bextension|\bincluded\b|\bat no extra cost\b|\bendorsement|\bmemorand|\badditional (?:benefit|cover)|\bextra (?:cover|benefit)|\bextras\b|\bfor free\b|\bfree of charge\b|\bcan (?:i|you|we) add\b|\boptional\b|\badd-?ons?\b|\bwhat else\b|\balso (?:cover|insured|pay)|\buitbreiding|\bbykomende\b|\bekstra\b|\baddisionele\b|\bbuilt-in\b|\bautomatic\b/i,
  ],
  [
    'other',
    /\bclaim|\bexcess\b|\bpremium|\bcontact\b|\bcomplain|\bcancel|\babout this\b|\bhow to\b|\bpreamble\b|\bimportant\b|\bschedule\b|\bannexure\b|\bappendix\b|\bbylae\b|\baanhangsel\b|\beise\b|\bgeneral\b|\balgemeen/i,
  ],
  [
    'cover',
    /\bcover\b|\bcovers\b|\bcovered for\b|\binsured\b|\binsure\b|\binsured events\b|^(?:section|part|afdeling|deel)\b|\bbuildings\b|\bcontents\b|\bdekking\b|\bgedek\b|\bwhat we pay\b|\bpolicy pays\b|\bpays for\b/i,
  ],
];

/** The kind of section a heading opens, or null for a heading that only names a topic ('Burst geysers'). */
export function sectionOfHeading(heading: string): PolicySectionKind | null {
  const text = plainPunctuation(heading);
  for (const [kind, pattern] of SECTION_PATTERNS) if (pattern.test(text)) return kind;
  return null;
}

/** The section a title names, other than 'other' (claims, premium, a schedule): null where it names none. */
function namedSection(text: string): Exclude<PolicySectionKind, 'other'> | null {
  const kind = sectionOfHeading(text);
  return kind === 'other' ? null : kind;
}

/** 4.1 / 2.2.1 / 7. / 1) — or T1, B3.1, S2, W1, END 03 (letters and a number, before a capital). */
const NUMBER_PREFIX =
  /^(?:(?:\d{1,2}(?:\.\d{1,2}){1,3}\.?|\d{1,2}[.)])\s+|\d{1,2}\s+(?=[A-Z])|[A-Z]{1,3} ?\d{1,2}(?:\.\d{1,2}){0,3}\.?\s+(?=[A-Z(]))/;
/** (a) / (iv) / a) */
const LETTER_PREFIX = /^(?:\((?:[a-z]{1,2}|[ivxlc]{1,5})\)|[a-z]\))\s+/;
/** The marks a bullet is printed as (arrows '>', '›', '▸' too), besides '-' (see BULLET_PREFIX). */
export const BULLET_MARKS = '•●▪◦·*‣>›▸►';
/** A bullet, or what OCR reads a round bullet as in a scan ('»', '«', '+»'). */
const BULLET_PREFIX = new RegExp(`^(?:\\+?[»«]|[${BULLET_MARKS}-]|[✔✓☑☐□✗✘])\\s+`);

/** A turn of a transcript: its time and speaker ('[14:18:30] AGENT: ', 'AGENT: '). */
const TURN_PREFIX =
  /^(?:\[\d{1,2}:\d{2}(?::\d{2})?\]\s+(?:[A-Z][A-Za-z]{1,20}:\s+)?|(?:AGENT|CLIENT|CALLER|CONSULTANT|ADVISER|ADVISOR):\s+)/;

/** The numbering or bullet a line opens with ('' where none), or a transcript turn's time and speaker. */
export function listPrefix(line: string): string {
  const match =
    NUMBER_PREFIX.exec(line) ??
    LETTER_PREFIX.exec(line) ??
    BULLET_PREFIX.exec(line) ??
    TURN_PREFIX.exec(line);
  return match ? match[0] : '';
}

/** A field name in capitals, a colon and the field's first numbered item ('CONDITIONS: 1. Security: …'). */
const FIELD_NAME = /^([A-Z][A-Z &/'-]{3,40}):\s+((?:\d{1,2}[.)]|\([a-z]\))\s+\S.*)$/;
/** 'Excess: R2 500' — a short label, a colon and its value. */
const KEY_VALUE = /^[A-Z][^:.;]{1,40}:\s+\S/;
/**
 * A summary's verdicts in capitals ('NO  Damp rising through walls', 'YOU MUST  Arm the alarm'), by the
 * class of the line each leads (classify.ts reads them so).
 */
export const VERDICTS = {
  exclusion: ['NO', 'NEE'],
  maintenance: ['YOU MUST', 'U MOET', 'ONLY IF', 'SLEGS AS'],
  endorsement: ['YES', 'JA'],
} as const;
/** A line that one of `words` leads, in capitals, before the rest of it. */
export const verdictPattern = (words: readonly string[]) => new RegExp(`^(?:${words.join('|')})\\s+(?=\\S)`);
/** A summary's line led by its verdict: each line is a clause of its own. */
const VERDICT_LINE = verdictPattern(Object.values(VERDICTS).flat());
/** 'Wear and tear. Loss or damage…' — a title of a few words ending in a full stop. */
const INLINE_TITLE = /^([A-Z][A-Za-z'’()/ -]{1,48}?)[.:]\s+(?=[A-Za-z(])/;

/** The short title a clause opens with (after its numbering), '' where none. */
export function inlineTitle(text: string): string {
  const match = INLINE_TITLE.exec(text.slice(listPrefix(text).length));
  const title = match?.[1] ?? '';
  const phrase =
    title.split(' ').length <= 6 && !/\b(?:is|are|was|were|will|shall|must|we|you)\b/i.test(title);
  return phrase ? title : '';
}

/** A wrapped line stops in mid-phrase ('The Company will pay the'); a heading does not. */
const ENDS_IN_FUNCTION_WORD =
  /\b(?:[Tt]he|a|an|[Oo]f|[Aa]nd|[Oo]r|[Tt]o|[Ii]n|[Oo]n|[Ff]or|[Bb]y|[Ww]ith|[Aa]gainst|[Ff]rom|[Tt]hat|[Ww]hich|[Aa]ny|[Ii]s|[Aa]re|[Bb]e|[Aa]s|[Aa]t|[Yy]our|[Oo]ur|[Ii]ts|[Tt]heir|[Tt]his)$/;

const endsSentence = (line: string) => /[.;:!?)]$/.test(line);

/** A line that opens a clause or a heading (a capital, a number, a bracket or a bullet). */
const OPENS = new RegExp(`^[A-Z0-9("'“‘${BULLET_MARKS}»«+✔✓☑☐□✗✘[-]`);

/**
 * A card's or a screen's heading set in brackets, perhaps with a mark after it ('[ Not covered ] ✗',
 * '[ Also included - no extra cost ] +'): its words.
 */
const CARD_HEADING = /^\[\s*([A-Za-z][^\]]{1,60}?)\s*\]\s*[^\w\s]{0,3}$/;

/** A note in brackets after a heading in capitals ('C. CONDUCT RULES ON INSURANCE (extract from Annexure 1)'). */
const HEADING_NOTE = /(?<=[A-Z])\s*\([^()]{1,120}\)$/;

/**
 * Whether a wording is printed in capitals throughout (an old policy, a mainframe's print): most of its
 * lines with words are in capitals, so capitals say nothing of a heading there.
 */
function printedInCapitals(pages: readonly string[][]): boolean {
  const worded = pages.flat().filter((line) => /[A-Za-z]{3}/.test(line));
  const shouted = worded.filter((line) => line === line.toUpperCase());
  return worded.length >= 10 && shouted.length >= worded.length * 0.7;
}

/**
 * A slide's or a card's title with a note after a colon ('Slide 4 - Not covered: read this twice'): a
 * heading where what it names is a section and a list follows it; another 'label: value' line is not.
 */
function titlesList(text: string, next: string | null): boolean {
  const [label = '', note = ''] = text.split(/:\s+/);
  return (
    note.split(' ').length <= 5 && next !== null && BULLET_PREFIX.test(next) && namedSection(label) !== null
  );
}

function isHeading(line: string, previous: string | null, next: string | null, allCapitals = false): boolean {
  if (VERDICT_LINE.test(line)) return false;
  const full = line.slice(listPrefix(line).length);
  const noted = full.replace(HEADING_NOTE, '');
  const text = noted !== full && /[A-Z]{2,}(?: [A-Z]{2,}){1,}$/.test(noted) ? noted : full;
  const letters = text.replace(/[^A-Za-z]/g, '');
  // In a wording printed in capitals, a heading is known as in any other: short, after a break, before a
  // clause, with no comma.
  const capitals = !allCapitals && letters.length >= 4 && letters === letters.toUpperCase();
  if (
    /[.,:;]$/.test(text) ||
    (!capitals && /,/.test(text)) ||
    /\bR ?\d/.test(text) ||
    (KEY_VALUE.test(text) && !titlesList(text, next))
  )
    return false;
  const afterBreak = previous === null || endsSentence(previous);
  // 'What we won't pay for' ends in a function word and is a heading all the same.
  const sectionLike = afterBreak && text.split(' ').length <= 8 && sectionOfHeading(text) !== null;
  // An all-capitals heading may be printed in two languages ('AFDELING 1 - WAT IS GEDEK / SECTION 1 - WHAT IS COVERED').
  // A note in brackets after it ('Optional cover (only if shown on your schedule)') is not counted.
  const words = text.replace(/\s*\([^()]{1,120}\)$/, '').split(' ').length;
  if (!/^[A-Z]/.test(text) || words > (capitals ? 16 : 10)) return false;
  if (ENDS_IN_FUNCTION_WORD.test(text) && !sectionLike) return false;
  if (capitals) return true;
  const beforeStart = next === null || OPENS.test(next);
  return text.length <= 70 && afterBreak && beforeStart;
}

/**
 * How high a heading stands: 1 for a part or an all-capitals heading ('PART B', 'EXCLUSIONS', '3.'),
 * 2 and deeper for numbered sub-headings ('2.3 Exclusions') and headings in ordinary case.
 */
function levelOf(line: string): number {
  const prefix = listPrefix(line).trim();
  if (/^(?:section|part|afdeling|deel)\b/i.test(line)) return 1;
  const numbers = prefix.match(/\d+/g)?.length ?? 0;
  if (numbers > 0) return numbers;
  const letters = line.replace(/[^A-Za-z]/g, '');
  return letters === letters.toUpperCase() ? 1 : 2;
}

/**
 * Lines that repeat at the top or the bottom of several pages (running headers and footers), and page
 * numbers: they are no part of any clause.
 */
function furnitureOf(pages: readonly string[][]): Set<string> {
  const seen = new Map<string, number>();
  for (const lines of pages) {
    const edges = new Set([...lines.slice(0, 2), ...lines.slice(-2)].map(furnitureKey));
    for (const key of edges) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const needed = Math.max(2, Math.ceil(pages.length / 2));
  return new Set(
    [...seen]
      .filter(([key, count]) => count >= needed && key.length >= 8 && !/^[a-z]/.test(key))
      .map(([key]) => key),
  );
}

/** A line as running headers repeat it: its page number aside ('… Page 3 of 4', '… 2/3', 'Bladsy 2 van 4'). */
const furnitureKey = (line: string) =>
  line.replace(
    /\b(?:page|bladsy|p\.)\s*\d{1,4}(?:\s*(?:of|van|\/)\s*\d{1,4})?\b|\b\d{1,4}\s*\/\s*\d{1,4}$/gi,
    '#',
  );

/** The number or letter a clause opens with, as printed ('4.12', '(a)', 'B03.1'); null for a bullet or none. */
export function clauseRef(text: string): string | null {
  const prefix = listPrefix(text).trim();
  if (prefix === '' || BULLET_PREFIX.test(`${prefix} `) || TURN_PREFIX.test(`${prefix} `)) return null;
  return prefix.startsWith('(') ? prefix : prefix.replace(/[.)]$/, '');
}

/** A list item's numbering style: '9.9', '(a)', 'A9', a bullet. */
const styleOf = (text: string) =>
  listPrefix(text)
    .trim()
    .replace(/\d+/g, '9')
    .replace(/\((?:[a-z]{1,2}|[ivxlc]{1,5})\)/, '(a)')
    .replace(/^[A-Z]{1,3} ?(?=9)/, 'A')
    .replace(/^[a-z]\)/, 'a)');

interface Draft {
  lines: string[];
  listItem: boolean;
  cell?: string;
}

/** A table row's item: up to 40 characters in at most six words, not ending a sentence or a clause. */
const TABLE_ITEM = /^(?!.{41})(?:\S+ ){0,5}\S*[^\s.:;,]$/;

/** The cells of a line set out in columns: text apart by three spaces or more, a tab, or a bar (`a | b`). */
const cellsOf = (raw: string) => raw.trim().split(/ {3,}|\t+|\s+\|\s+/);
/** A row whose cells are set apart by bars ('Removal of debris | Yes | R75 000'): a table by its own marks. */
const BARRED = /\S\s+\|\s+\S/;
/** A barred table's item: up to 80 characters in at most 14 words. */
const BARRED_ITEM = /^(?!.{81})(?:\S+ ){0,13}\S*[^\s.:;,]$/;

/**
 * Whether a line (as on the page, its spaces kept) may be a table's row: an item of a few words, then
 * one or more short cells ('Power surge      Up to R25 000 per event     Up to R10 000'). Two columns
 * of running text are no table: their left cell is a line of prose.
 */
function rowCells(raw: string): string[] | null {
  const cells = cellsOf(raw);
  const item = cells[0] as string;
  // A summary's line led by its verdict ('YES      Alternative accommodation') is read by its verdict.
  if (cells.length < 2 || VERDICT_LINE.test(raw.trim())) return null;
  if (BARRED.test(raw))
    return BARRED_ITEM.test(item) && cells.every((cell) => cell.length <= 120) ? cells : null;
  // A longer item stands in a table of limits, where its value is an amount ('Loss of rent from a flat
  // or cottage let under a written lease     R100 000').
  if (!TABLE_ITEM.test(item) && !(LONG_ITEM.test(item) && LIMIT_CELL.test(cells[1] as string))) return null;
  return cells.slice(1).every((cell) => cell.length <= 60) ? cells : null;
}

/** A table of limits' item: up to 75 characters in at most 13 words. */
const LONG_ITEM = /^(?!.{76})(?:\S+ ){0,12}\S*[^\s.:;,]$/;
/** A cell that gives a limit: an amount in rand, 'up to', 'sum insured', 'as scheduled', a percentage. */
export const LIMIT_CELL =
  /^(?:(?:up to|maximum|max\.?)\s+)?(?:R\s?\d|\d{1,3}\s?%)|^(?:sum insured|as (?:scheduled|shown|stated)|full value)\b/i;

/**
 * The table rows of a page's lines (raw, spaces kept), by index: a row candidate counts where another
 * stands next to it (or one line away, past a cell wrapped onto a line of its own). Each row is answered
 * with its first value cell; lines of a row's wrapped cell ('R150 000' under 'Included, up to') are
 * answered with null.
 */
function tableRowsOf(raws: readonly string[]): Map<number, string | null> {
  const candidates = raws.map(rowCells);
  const rows = new Map<number, string | null>();
  const isRow = (index: number) => candidates[index] != null;
  candidates.forEach((cells, index) => {
    if (cells && (isRow(index - 1) || isRow(index + 1) || isRow(index - 2) || isRow(index + 2)))
      rows.set(index, cells[1] as string);
  });
  // A barred table's first row names its columns ('Cover | Included? | Limit'): it says nothing of an item.
  rows.forEach((_, index) => {
    const cells = candidates[index] as string[];
    const header =
      !rows.has(index - 1) && BARRED.test(raws[index] as string) && !/\d/.test(raws[index] as string);
    if (header && cells.slice(1).every((cell) => cell.split(' ').length <= 6)) rows.set(index, '');
  });
  raws.forEach((raw, index) => {
    // A barred row's cell wrapped onto a line of its own ('… blocked' / 'gutters or downpipes'): with its row.
    const barredAbove = rows.has(index - 1) && BARRED.test(raws[index - 1] as string);
    if (!rows.has(index) && barredAbove && /^\s*[a-z]/.test(raw) && !raw.includes('|')) {
      rows.set(index, null);
      return;
    }
    if (rows.has(index) || raw.trim() === '' || !rows.has(index - 1) || !rows.has(index + 1)) return;
    // An item as long as its column reaches its value with one space: the row above says where the
    // value column starts.
    // (The line above is a row: a wrapped cell's line is only ever followed by one.)
    const column = (raws[index - 1] as string).indexOf(rows.get(index - 1) as string);
    const value = raw.slice(column);
    if (/^ \S/.test(raw.slice(column - 1)) && rowCells(`${raw.slice(0, column)}   ${value}`))
      rows.set(index, cellsOf(value)[0] as string);
    else if (raw.trim().split(/\s+/).length <= 4) rows.set(index, null);
  });
  return rows;
}

/**
 * A sentence that states a provision of its own: what we will not pay for, what we also pay for, what
 * you must do ('We will not pay for damage caused by war', 'U moet …'). Not one that only qualifies the
 * sentence before it: a limit or an excess ('We will not pay more than R5 000', 'We will not pay the
 * first …'), or an exception ('This cover does not apply to …').
 */
const PROVISION_SENTENCE = new RegExp(
  [
    String.raw`(?:We|Ons) (?:will|shall|do|does|sal)(?: not|n['’]t| nie)(?: (?:pay|cover|be liable|indemnify|betaal|dek)\b)(?! (?:more|the first|for more|any more|meer)\b)`,
    String.raw`We (?:will |shall )?(?:also )?(?:pay|cover|indemnify)(?: for| to| the)\b`,
    String.raw`(?:You|The insured|The policyholder|U) (?:must|moet)\b`,
    // A thing named and what must be done with it, or that it is not covered ('Trees near the buildings
    // must be trimmed …', 'Accidental damage to the buildings is not covered …').
    String.raw`[A-Z][a-z]+(?: [a-z]+){0,5} (?:must (?:be|have)|(?:is|are) not (?:covered|insured))\b`,
  ].join('|'),
);
/** Where a sentence ends and a provision of its own starts, inside a paragraph. */
const PROVISION_BREAK = new RegExp(String.raw`(?<=[a-z)]\.)\s+(?=(?:${PROVISION_SENTENCE.source}))`, 'g');

/**
 * A paragraph that runs two provisions together ('7.1 We will not pay for wear and tear. We will not pay
 * for damage caused by defective design …'), split into one text a provision, each from the sentence
 * that states it; the sentences that only qualify one stay with it. A paragraph of one provision is
 * itself.
 */
export function provisionsOf(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (const match of text.matchAll(PROVISION_BREAK)) {
    const end = match.index;
    // The first part is a provision too only where it states one: a lead or a definition is kept whole.
    if (parts.length === 0 && !PROVISION_SENTENCE.test(text.slice(listPrefix(text).length, end))) continue;
    parts.push(text.slice(start, end));
    start = end + match[0].length;
  }
  parts.push(text.slice(start));
  return parts;
}

/** Splits a policy wording (one string per page) into clauses, in reading order. */
export function splitPolicyClauses(pages: readonly string[]): PolicyClause[] {
  const pageLines = pages.map((page) => linesOf(page).filter((line) => line !== ''));
  const furniture = furnitureOf(pageLines);
  const allCapitals = printedInCapitals(pageLines);
  const clauses: PolicyClause[] = [];
  let section: PolicySectionKind = 'other';
  let sectionHeading = '';
  let sectionLevel = 0;
  let heading = '';
  let leadIn = '';
  // The numbering style of the first item after a lead-in: an item of another style ends the list.
  let leadInStyle: string | null = null;

  pages.forEach((page, pageIndex) => {
    const lines = linesOf(page).map((line) =>
      furniture.has(furnitureKey(line)) || PAGE_NUMBER.test(line) ? '' : line,
    );
    const raws = page.split(/\r\n|\r|\n|\f/).map((raw, index) => (lines[index] === '' ? '' : raw));
    const rows = tableRowsOf(raws);
    // The next line with text after each line (linear, not a search from every line).
    const nextOf: (string | null)[] = new Array(lines.length).fill(null);
    for (let index = lines.length - 2; index >= 0; index -= 1) {
      const following = lines[index + 1] as string;
      nextOf[index] = following === '' ? (nextOf[index + 1] as string | null) : following;
    }
    let draft: Draft | null = null;
    let firstOnPage = true;

    const flush = () => {
      if (!draft) return;
      const text = draft.lines.reduce(joinLine, '');
      const continued = firstOnPage && clauses.length > 0 && /^[a-z]/.test(text) && !draft.listItem;
      firstOnPage = false;
      if (!draft.listItem && !continued) leadIn = '';
      if (draft.listItem && leadIn !== '') {
        const style = styleOf(text);
        if (leadInStyle === null) leadInStyle = style;
        else if (style !== leadInStyle) leadIn = '';
      }
      const ref = draft.listItem ? clauseRef(text) : null;
      const cell = draft.cell;
      // A table's row is one clause, whatever its cells say.
      (cell === undefined ? provisionsOf(text) : [text]).forEach((provision, index) => {
        clauses.push({
          page: pageIndex + 1,
          text: provision,
          ref,
          section,
          sectionHeading,
          heading,
          title: inlineTitle(provision),
          leadIn: (draft as Draft).listItem || continued ? leadIn : '',
          listItem: (draft as Draft).listItem,
          continued: continued && index === 0,
          ...(cell === undefined ? {} : { cell }),
        });
      });
      if (text.endsWith(':')) {
        leadIn = text;
        leadInStyle = null;
      }
      draft = null;
    };

    /**
     * A heading: it ends the clause before it and the list a lead-in opened (whatever it is about), opens
     * the section its words name, and one naming none at the level of the section or above leaves it.
     */
    const enterHeading = (text: string, kind: PolicySectionKind | null, level: number) => {
      flush();
      firstOnPage = false;
      leadIn = '';
      if (kind) {
        section = kind;
        sectionHeading = text;
        sectionLevel = level;
      } else if (level <= sectionLevel) {
        section = 'other';
        sectionHeading = '';
        sectionLevel = level;
      }
      heading = text;
    };

    lines.forEach((text, index) => {
      let line = text;
      if (line === '') {
        flush();
        return;
      }
      const row = rows.get(index);
      if (row !== undefined) {
        // A row opens a clause of its own; a wrapped cell's line goes with the row above it.
        if (row !== null) {
          flush();
          draft = { lines: [line], listItem: false, cell: row };
        } else (draft as Draft | null)?.lines.push(line);
        return;
      }
      // The line after a table starts a clause of its own.
      if ((draft as Draft | null)?.cell !== undefined) flush();
      // A slip's field name in capitals before its first item ('EXCLUSIONS: 1. Riot, strike …') heads the
      // items as a heading would; the rest of the line is the first of them.
      const field = FIELD_NAME.exec(line);
      const fieldKind = field ? namedSection(field[1] as string) : null;
      if (field && fieldKind !== null) {
        enterHeading(field[1] as string, fieldKind, 1);
        line = field[2] as string;
      }
      const current: Draft | null = draft;
      const previous = current ? (current.lines.at(-1) as string) : null;
      const next = nextOf[index] as string | null;
      // A card's heading in brackets heads what follows as a heading in ordinary case (level 2) would.
      const card = CARD_HEADING.exec(line)?.[1];
      if (card !== undefined) {
        enterHeading(card, sectionOfHeading(card), 2);
        return;
      }
      const prefix = listPrefix(line);
      // A line set out in columns over a table's rows ('Extra      Most we pay      Footnote') is the
      // table's header, no heading.
      const columns = cellsOf(raws[index] as string).length > 1 && rows.has(index + 1);
      if (!columns && isHeading(line, previous, next, allCapitals)) {
        const kind = sectionOfHeading(line);
        const level = levelOf(line);
        // A numbered heading that only names a topic ('2.2.1 Geysers'), or a sub-heading in its own
        // section's words ('7.1 Reasonable precautions' under 'CONDITIONS'), opens the clause below it.
        const topicOnly = kind === null || (kind === section && level > sectionLevel);
        // Not one that stands alone between blank lines ('2. Who insures what'): that heads what follows.
        const alone = (lines[index + 1] ?? '') === '' && (index === 0 || lines[index - 1] === '');
        if (topicOnly && !alone && prefix !== '' && !/^[A-Z\s\d.()-]+$/.test(line)) {
          flush();
          draft = { lines: [line], listItem: true };
          return;
        }
        enterHeading(line, kind, level);
        return;
      }
      // A line that opens with a capital after a line that ended a sentence starts a clause: wordings set
      // each provision on a line of its own (a sentence that ends just at the margin is rare).
      const startsClause =
        current === null ||
        prefix !== '' ||
        KEY_VALUE.test(line) ||
        VERDICT_LINE.test(line) ||
        (previous !== null && /[.;!?)]$/.test(previous) && /^[A-Z("'“‘]/.test(line));
      if (startsClause) {
        flush();
        draft = { lines: [line], listItem: prefix !== '' };
      } else current.lines.push(line);
    });
    flush();
  });
  return clauses;
}
