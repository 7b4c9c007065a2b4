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

/** Every line of every page, placed. */
export function placeLines(pages: readonly ReadPage[]): PlacedLine[] {
  const first = Math.min(...pages.map((page) => page.page));
  return pages.flatMap((page) => {
    const usual = median(page.lines.map((line) => line.box.h));
    return page.lines
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

/** The words of a line that overlap the characters [start, end). */
function wordsIn(placed: PlacedLine, start: number, end: number): PlacedWord[] {
  return placed.words.filter((word) => word.end > start && word.start < end);
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
 * two mean the same; the line's own when no word is there or the words were not kept).
 */
export function spanConfidence(placed: PlacedLine, start: number, end: number): number {
  if (placed.source === 'text_layer') return 1;
  const words = wordsIn(placed, start, end);
  if (words.length === 0) return placed.line.confidence;
  return words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
}

/** The vertical middle of a box. */
const middle = (box: TextBox) => box.y + box.h / 2;

/**
 * The nearest line on the same page to the right of a box, on the same row (its middle within the
 * taller one's half height of the box's middle).
 */
export function lineRightOf(
  lines: readonly PlacedLine[],
  placed: PlacedLine,
  box: TextBox,
): PlacedLine | null {
  let nearest: PlacedLine | null = null;
  for (const other of lines) {
    const candidate = other.line.box;
    if (other === placed || other.page !== placed.page) continue;
    if (Math.abs(middle(candidate) - middle(box)) > Math.max(candidate.h, box.h) / 2) continue;
    if (candidate.x < box.x + box.w - 0.005) continue;
    if (nearest === null || candidate.x < nearest.line.box.x) nearest = other;
  }
  return nearest;
}

/**
 * The nearest line on the same page below a box (starting below its middle, within three of its line
 * heights) with words in the column [left, right) of the page; and those words' span in that line.
 */
export function lineBelow(
  lines: readonly PlacedLine[],
  placed: PlacedLine,
  column: { left: number; right: number },
): { placed: PlacedLine; start: number; end: number } | null {
  const box = placed.line.box;
  let nearest: { placed: PlacedLine; start: number; end: number } | null = null;
  for (const other of lines) {
    const candidate = other.line.box;
    if (other === placed || other.page !== placed.page) continue;
    if (candidate.y < middle(box) || candidate.y - (box.y + box.h) > box.h * 3) continue;
    const inColumn = other.words.filter((word) => {
      const centre = word.box.x + word.box.w / 2;
      return centre >= column.left && centre < column.right;
    });
    const [first] = inColumn;
    const last = inColumn.at(-1);
    if (first === undefined || last === undefined) continue;
    if (nearest === null || candidate.y < nearest.placed.line.box.y) {
      nearest = { placed: other, start: first.start, end: last.end };
    }
  }
  return nearest;
}
