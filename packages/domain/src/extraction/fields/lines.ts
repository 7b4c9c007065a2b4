import type { ReadLine, ReadPage, TextBox } from '../types.js';

/**
 * The lines of a document as the field rules look at them: where each sits, its words with their
 * character offsets in the line's text (the reader's words when they spell the line, else the text cut
 * at spaces with boxes shared out by characters), and a lower-cased copy of the text of the same length
 * for the label patterns.
 */

/** One word of a line with where it starts and ends in the line's text. */
export interface PlacedWord {
  start: number;
  end: number;
  box: TextBox;
  confidence: number;
  /** Cut from the line's text without the reader's words: its box and confidence are the line's share. */
  estimated?: true;
}

export interface PlacedLine {
  page: number;
  /** `ocr` when the page was read from a picture (its confidences mean something), else `text_layer`. */
  source: ReadPage['source'];
  line: ReadLine;
  /** The text with A–Z lower-cased (same length, so offsets hold). */
  lower: string;
  words: PlacedWord[];
  /** Whether it is printed larger than most lines of its page. */
  large: boolean;
  /** Whether it is a title: on the first page, in its top quarter or printed large. */
  title: boolean;
}

/** The line's text (not empty) cut at spaces, each piece's box its share of the line's box by characters. */
function estimatedWords(line: ReadLine): PlacedWord[] {
  const length = line.text.length;
  return [...line.text.matchAll(/\S+/g)].map((match) => {
    const start = match.index;
    const end = start + match[0].length;
    return {
      start,
      end,
      box: {
        x: line.box.x + (line.box.w * start) / length,
        y: line.box.y,
        w: (line.box.w * (end - start)) / length,
        h: line.box.h,
      },
      confidence: line.confidence,
      estimated: true,
    };
  });
}

/** The reader's words with their offsets when they spell the line in order, else estimated ones. */
export function wordsOf(line: ReadLine): PlacedWord[] {
  const words: PlacedWord[] = [];
  let offset = 0;
  for (const word of line.words) {
    const start = word.text === '' ? -1 : line.text.indexOf(word.text, offset);
    if (start < 0) return estimatedWords(line);
    offset = start + word.text.length;
    words.push({ start, end: offset, box: word.box, confidence: word.confidence });
  }
  return words.length > 0 ? words : estimatedWords(line);
}

/** The median of some numbers (0 for none). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * The lines of a page the field rules look at, at most: a defence against a page of tens of thousands of
 * lines (a text layer in half-point type); the reader cuts a page's text to the same, and no form,
 * certificate or schedule has more than a few hundred lines on a page.
 */
export const MAX_LINES_PER_PAGE = 2_000;

/** Every line of every page (its first MAX_LINES_PER_PAGE), placed. */
export function placeLines(pages: readonly ReadPage[]): PlacedLine[] {
  const first = Math.min(...pages.map((page) => page.page));
  return pages.flatMap((page) => {
    const kept = page.lines.slice(0, MAX_LINES_PER_PAGE);
    const usual = median(kept.map((line) => line.box.h));
    return kept
      .filter((line) => line.text.trim() !== '')
      .map((line) => ({
        page: page.page,
        source: page.source,
        line,
        lower: line.text.replace(/[A-Z]/g, (letter) => letter.toLowerCase()),
        words: wordsOf(line),
        large: line.box.h > usual * 1.4,
        title: page.page === first && (line.box.y < 0.25 || line.box.h > usual * 1.4),
      }));
  });
}

/** A line of a page's index: its place in reading order breaks ties as a walk in that order would. */
interface Indexed {
  placed: PlacedLine;
  order: number;
}

/**
 * A page's lines sorted by their tops, so a line's neighbours are found by a binary search and a walk
 * over the lines near it, not over the whole page.
 */
export interface PageLines {
  byTop: readonly Indexed[];
  /** The tallest line's height: how far above a point a line reaching it can start. */
  tallest: number;
}

/** The lines of each page, indexed (in the order given, which is kept for ties). */
export function indexPages(lines: readonly PlacedLine[]): Map<number, PageLines> {
  const grouped = new Map<number, Indexed[]>();
  lines.forEach((placed, order) => {
    const page = grouped.get(placed.page);
    if (page === undefined) grouped.set(placed.page, [{ placed, order }]);
    else page.push({ placed, order });
  });
  const pages = new Map<number, PageLines>();
  for (const [page, indexed] of grouped) {
    indexed.sort((a, b) => a.placed.line.box.y - b.placed.line.box.y || a.order - b.order);
    const tallest = Math.max(0, ...indexed.map(({ placed }) => placed.line.box.h));
    pages.set(page, { byTop: indexed, tallest });
  }
  return pages;
}

/** The lines of a page whose tops lie in [from, to], top to bottom. */
function* linesBetween(page: PageLines, from: number, to: number): Generator<Indexed> {
  let low = 0;
  let high = page.byTop.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((page.byTop[mid] as Indexed).placed.line.box.y < from) low = mid + 1;
    else high = mid;
  }
  for (let index = low; index < page.byTop.length; index++) {
    const entry = page.byTop[index] as Indexed;
    if (entry.placed.line.box.y > to) return;
    yield entry;
  }
}

/**
 * The words of a line that overlap the characters [start, end). A line's words are in the order of its
 * text and never overlap (wordsOf, estimatedWords), so the first is found by a binary search: a line of
 * thousands of words asked about each of its labels stays linear, not quadratic.
 */
function wordsIn(placed: PlacedLine, start: number, end: number): PlacedWord[] {
  const { words } = placed;
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((words[mid] as PlacedWord).end <= start) low = mid + 1;
    else high = mid;
  }
  const found: PlacedWord[] = [];
  for (let index = low; index < words.length && (words[index] as PlacedWord).start < end; index++) {
    found.push(words[index] as PlacedWord);
  }
  return found;
}

/** The box around the characters [start, end) of a line (the line's own when no word is there). */
export function spanBox(placed: PlacedLine, start: number, end: number): TextBox {
  const words = wordsIn(placed, start, end);
  if (words.length === 0) return placed.line.box;
  const left = Math.min(...words.map((word) => word.box.x));
  const top = Math.min(...words.map((word) => word.box.y));
  const right = Math.max(...words.map((word) => word.box.x + word.box.w));
  const bottom = Math.max(...words.map((word) => word.box.y + word.box.h));
  return { x: left, y: top, w: right - left, h: bottom - top };
}

/**
 * How far the reader can be trusted on the characters [start, end) of a line: 1 for a text layer, else
 * the mean confidence of the words there (as a line's own confidence is the mean of its words', so the
 * two mean the same; the line's own when no word is there or the words were not kept). `own` says
 * whether it is the reader's word on those characters (false where it is only the whole line's).
 */
export function spanConfidence(placed: PlacedLine, start: number, end: number): number {
  return spanTrust(placed, start, end).confidence;
}

export function spanTrust(
  placed: PlacedLine,
  start: number,
  end: number,
): { confidence: number; own: boolean } {
  if (placed.source === 'text_layer') return { confidence: 1, own: true };
  const words = wordsIn(placed, start, end);
  if (words.length === 0 || words.some((word) => word.estimated))
    return { confidence: placed.line.confidence, own: false };
  return { confidence: words.reduce((sum, word) => sum + word.confidence, 0) / words.length, own: true };
}

/** The vertical middle of a box. */
const middle = (box: TextBox) => box.y + box.h / 2;

/**
 * The nearest line on the same page to the right of a box, on the same row (its middle within the
 * taller one's half height of the box's middle); of two as near, the first in reading order.
 */
export function lineRightOf(page: PageLines, placed: PlacedLine, box: TextBox): PlacedLine | null {
  let nearest: Indexed | null = null;
  // A line on the row has its middle within max(its height, the box's) / 2 of the box's middle, so its
  // top is within 1.5 × the taller of the page's tallest line and the box below or half above it.
  const reach = Math.max(page.tallest, box.h);
  for (const other of linesBetween(page, middle(box) - reach * 1.5, middle(box) + reach / 2)) {
    const candidate = other.placed.line.box;
    if (other.placed === placed) continue;
    if (Math.abs(middle(candidate) - middle(box)) > Math.max(candidate.h, box.h) / 2) continue;
    if (candidate.x < box.x + box.w - 0.005) continue;
    const best = nearest?.placed.line.box.x;
    if (
      nearest === null ||
      candidate.x < (best as number) ||
      (candidate.x === best && other.order < nearest.order)
    )
      nearest = other;
  }
  return nearest?.placed ?? null;
}

/**
 * The nearest line on the same page below a box (starting below its middle, within three of its line
 * heights) with words in the column [left, right) of the page; and those words' span in that line.
 */
export function lineBelow(
  page: PageLines,
  placed: PlacedLine,
  column: { left: number; right: number },
): { placed: PlacedLine; start: number; end: number } | null {
  const box = placed.line.box;
  // Top to bottom (ties in reading order): the first line with words in the column is the nearest.
  for (const other of linesBetween(page, middle(box), box.y + box.h + box.h * 3)) {
    if (other.placed === placed) continue;
    const inColumn = other.placed.words.filter((word) => {
      const centre = word.box.x + word.box.w / 2;
      return centre >= column.left && centre < column.right;
    });
    const [first] = inColumn;
    const last = inColumn.at(-1);
    if (first === undefined || last === undefined) continue;
    return { placed: other.placed, start: first.start, end: last.end };
  }
  return null;
}

/**
 * The nearest line on the same page above a box (its bottom above the box's middle, its top within three
 * of the box's heights above the box's top) with words in the column [left, right) of the page; and the span from its first
 * word in the column (with a short capital prefix printed apart just before it, `C 0917744`) to its
 * last. A form may print a number large above its small label ("C 0917744" over "Certificate no.").
 */
export function lineAbove(
  page: PageLines,
  placed: PlacedLine,
  column: { left: number; right: number },
): { placed: PlacedLine; start: number; end: number } | null {
  const box = placed.line.box;
  let nearest: { placed: PlacedLine; start: number; end: number } | null = null;
  // Top to bottom: the last line with words in the column is the nearest.
  for (const other of linesBetween(page, box.y - box.h * 3, middle(box))) {
    const above = other.placed.line.box;
    if (other.placed === placed || above.y + above.h > middle(box)) continue;
    const words = other.placed.words;
    const first = words.findIndex((word) => {
      const centre = word.box.x + word.box.w / 2;
      return centre >= column.left && centre < column.right;
    });
    if (first < 0) continue;
    const last = words.findLastIndex((word) => {
      const centre = word.box.x + word.box.w / 2;
      return centre >= column.left && centre < column.right;
    });
    const before = words[first - 1];
    const prefixed =
      before !== undefined && /^[A-Z]{1,4}$/.test(other.placed.line.text.slice(before.start, before.end));
    nearest = {
      placed: other.placed,
      start: (prefixed ? before : (words[first] as PlacedWord)).start,
      end: (words[last] as PlacedWord).end,
    };
  }
  return nearest;
}
