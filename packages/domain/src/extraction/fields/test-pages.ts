import type { ReadLine, ReadPage } from '../types.js';

/** Pages for the field rules' tests: lines placed by hand, words cut at spaces. */

export interface LineSpec {
  text: string;
  /** Left and top as fractions of the page (left defaults to 0.1). */
  x?: number;
  y: number;
  /** Line height (default 0.015). */
  h?: number;
  confidence?: number;
  /** Each word's confidence, in order (default: the line's). */
  words?: number[];
}

/** Each character is this wide, as a fraction of the page. */
const CHAR = 0.008;

export function line({ text, x = 0.1, y, h = 0.015, confidence = 0.96, words }: LineSpec): ReadLine {
  return {
    text,
    box: { x, y, w: text.length * CHAR, h },
    confidence,
    words: [...text.matchAll(/\S+/g)].map((match, index) => ({
      text: match[0],
      box: { x: x + match.index * CHAR, y, w: match[0].length * CHAR, h },
      confidence: words?.[index] ?? confidence,
    })),
  };
}

export function readPage(
  lines: LineSpec[],
  { page = 1, source = 'ocr' }: { page?: number; source?: ReadPage['source'] } = {},
): ReadPage {
  return { page, source, width: 2480, height: 3508, lines: lines.map(line) };
}
