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
    'exclusions',
    /\bexclu|\bexceptions\b|\bnot (?:covered|insured)\b|\b(?:won't|will not|do not|don't|does not|doesn't) (?:pay|cover|insure)|\buitsluit/i,
  ],
  [
    'conditions',
    /\bcondition|\bwarrant|\bduties\b|\bobligation|\brequirement|\bmust do\b|\bkeeping your cover\b|\bresponsibilit|\bwhat we need from you\b|\bvoorwaardes\b/i,
  ],
  [
    'extensions',
    /\bextension|\bendorsement|\bmemorand|\badditional benefit|\bextra (?:cover|benefit)|\boptional\b|\badd-?ons?\b/i,
  ],
  ['definitions', /\bdefinition|\bwords we use\b|\bmeaning of\b|\binterpretation\b|\bwoordomskrywing/i],
  [
    'other',
    /\bclaim|\bexcess\b|\bpremium|\bcontact\b|\bcomplain|\bcancel|\babout this\b|\bhow to\b|\bpreamble\b|\bimportant\b|\bschedule\b/i,
  ],
  [
    'cover',
    /\bcover\b|\binsured\b|\binsure\b|\binsured events\b|^(?:section|part)\b|\bbuildings\b|\bcontents\b/i,
  ],
];

/** The kind of section a heading opens, or null for a heading that only names a topic ('Burst geysers'). */
export function sectionOfHeading(heading: string): PolicySectionKind | null {
  const text = plainPunctuation(heading);
  for (const [kind, pattern] of SECTION_PATTERNS) if (pattern.test(text)) return kind;
  return null;
}

/** 4.1 / 2.2.1 / 7. / 1) — or T1, B3.1, S2, W1, END 03 (letters and a number, before a capital). */
const NUMBER_PREFIX =
  /^(?:(?:\d{1,2}(?:\.\d{1,2}){1,3}\.?|\d{1,2}[.)])\s+|\d{1,2}\s+(?=[A-Z])|[A-Z]{1,3} ?\d{1,2}(?:\.\d{1,2}){0,3}\.?\s+(?=[A-Z(]))/;
/** (a) / (iv) / a) */
const LETTER_PREFIX = /^(?:\((?:[a-z]{1,2}|[ivxlc]{1,5})\)|[a-z]\))\s+/;
/** A bullet, or what OCR reads a round bullet as in a scan ('»', '«', '+»'). */
const BULLET_PREFIX = /^(?:\+?[»«]|[•●▪◦·*‣-])\s+/;

/** The numbering or bullet a line opens with ('' where none). */
export function listPrefix(line: string): string {
  const match = NUMBER_PREFIX.exec(line) ?? LETTER_PREFIX.exec(line) ?? BULLET_PREFIX.exec(line);
  return match ? match[0] : '';
}

/** 'Excess: R2 500' — a short label, a colon and its value. */
const KEY_VALUE = /^[A-Z][^:.;]{1,40}:\s+\S/;
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
  /\b(?:the|a|an|of|and|or|to|in|on|for|by|with|against|from|that|which|any|is|are|be|as|at|your|our|its|their|this)$/i;

const endsSentence = (line: string) => /[.;:!?)]$/.test(line);

function isHeading(line: string, previous: string | null, next: string | null): boolean {
  const text = line.slice(listPrefix(line).length);
  if (/[.,:]$/.test(text) || /,|\bR ?\d/.test(text) || KEY_VALUE.test(text)) return false;
  if (!/^[A-Z]/.test(text) || text.split(' ').length > 10 || ENDS_IN_FUNCTION_WORD.test(text)) return false;
  const letters = text.replace(/[^A-Za-z]/g, '');
  if (letters.length >= 4 && letters === letters.toUpperCase()) return true;
  const afterBreak = previous === null || endsSentence(previous);
  const beforeStart = next === null || /^[A-Z0-9(•●▪◦·*‣»«+-]/.test(next);
  return text.length <= 70 && afterBreak && beforeStart;
}

/**
 * Lines that repeat at the top or the bottom of several pages (running headers and footers), and page
 * numbers: they are no part of any clause.
 */
function furnitureOf(pages: readonly string[][]): Set<string> {
  const seen = new Map<string, number>();
  for (const lines of pages) {
    const edges = new Set([...lines.slice(0, 2), ...lines.slice(-2)]);
    for (const line of edges) seen.set(line, (seen.get(line) ?? 0) + 1);
  }
  const needed = Math.max(2, Math.ceil(pages.length / 2));
  return new Set(
    [...seen]
      .filter(([line, count]) => count >= needed && line.length >= 8 && !/^[a-z]/.test(line))
      .map(([line]) => line),
  );
}

interface Draft {
  lines: string[];
  listItem: boolean;
}

/** Splits a policy wording (one string per page) into clauses, in reading order. */
export function splitPolicyClauses(pages: readonly string[]): PolicyClause[] {
  const pageLines = pages.map((page) => linesOf(page).filter((line) => line !== ''));
  const furniture = furnitureOf(pageLines);
  const clauses: PolicyClause[] = [];
  let section: PolicySectionKind = 'other';
  let heading = '';
  let leadIn = '';

  pages.forEach((page, pageIndex) => {
    const lines = linesOf(page).map((line) => (furniture.has(line) || PAGE_NUMBER.test(line) ? '' : line));
    let draft: Draft | null = null;

    const flush = () => {
      if (!draft) return;
      const text = draft.lines.reduce(joinLine, '');
      if (!draft.listItem) leadIn = '';
      clauses.push({
        page: pageIndex + 1,
        text,
        section,
        heading,
        title: inlineTitle(text),
        leadIn: draft.listItem ? leadIn : '',
        listItem: draft.listItem,
      });
      if (text.endsWith(':')) leadIn = text;
      draft = null;
    };

    lines.forEach((line, index) => {
      if (line === '') {
        flush();
        return;
      }
      const current: Draft | null = draft;
      const previous = current ? (current.lines.at(-1) as string) : null;
      const next = lines.slice(index + 1).find((candidate) => candidate !== '') ?? null;
      if (isHeading(line, previous, next)) {
        flush();
        const kind = sectionOfHeading(line);
        if (kind) {
          section = kind;
          leadIn = '';
        }
        heading = line;
        return;
      }
      const prefix = listPrefix(line);
      const startsClause =
        current === null ||
        prefix !== '' ||
        KEY_VALUE.test(line) ||
        (previous !== null &&
          endsSentence(previous) &&
          (inlineTitle(line) !== '' || (current.listItem && /^[A-Z]/.test(line))));
      if (startsClause) {
        flush();
        draft = { lines: [line], listItem: prefix !== '' };
      } else current.lines.push(line);
    });
    flush();
  });
  return clauses;
}
