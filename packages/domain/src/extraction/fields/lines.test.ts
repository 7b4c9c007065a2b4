import { describe, expect, it } from 'vitest';
import { lineRightOf, placeLines, spanBox, spanConfidence, wordsOf } from './lines.js';
import { line, readPage } from './test-pages.js';

describe('wordsOf', () => {
  it('places the reader’s words in the line’s text', () => {
    expect(wordsOf(line({ text: 'Erf  1234', y: 0.1, words: [0.9, 0.5] }))).toMatchObject([
      { start: 0, end: 3, confidence: 0.9 },
      { start: 5, end: 9, confidence: 0.5 },
    ]);
  });

  it('shares the line out by characters when there are no words, or they do not spell the line', () => {
    const bare = { ...line({ text: 'Erf 1234', x: 0.1, y: 0.1 }), words: [] };
    const [erf, number] = wordsOf(bare);
    expect(erf).toMatchObject({ start: 0, end: 3, confidence: 0.96 });
    expect(number?.box.x).toBeCloseTo(0.1 + 4 * 0.008);
    const garbled = line({ text: 'Erf 1234', y: 0.1 });
    expect(wordsOf({ ...garbled, words: [{ ...garbled.words[0], text: 'Ert' } as never] })).toHaveLength(2);
    expect(wordsOf({ ...garbled, words: [{ ...garbled.words[0], text: '' } as never] })).toHaveLength(2);
  });
});

describe('lineRightOf', () => {
  it('finds the nearest line to the right on the same row', () => {
    const lines = placeLines([
      readPage([
        { text: 'Total', x: 0.1, y: 0.5 },
        { text: 'far', x: 0.8, y: 0.5 },
        { text: 'near', x: 0.5, y: 0.502 },
        { text: 'farther', x: 0.7, y: 0.5 },
        { text: 'below', x: 0.5, y: 0.6 },
      ]),
    ]);
    const [total] = lines;
    if (total === undefined) throw new Error('no line');
    expect(lineRightOf(lines, total, total.line.box)?.line.text).toBe('near');
  });
});

describe('spans', () => {
  const [placed] = placeLines([
    readPage([{ text: 'Certificate No: VL-1', y: 0.1, words: [0.99, 0.99, 0.4] }]),
  ]);
  if (placed === undefined) throw new Error('no line');

  it('boxes and trusts a span by its words, or the line where no word is there', () => {
    expect(spanConfidence(placed, 16, 20)).toBe(0.4);
    expect(spanConfidence(placed, 20, 20)).toBe(0.96);
    expect(spanBox(placed, 20, 20)).toEqual(placed.line.box);
    expect(spanBox(placed, 0, 15).x).toBeCloseTo(0.1);
  });

  it('trusts a text layer fully', () => {
    const [layer] = placeLines([
      readPage([{ text: 'Certificate No: VL-1', y: 0.1, confidence: 1 }], { source: 'text_layer' }),
    ]);
    expect(layer && spanConfidence(layer, 16, 20)).toBe(1);
  });

  it('takes the first page’s top quarter and larger print as titles, and skips blank lines', () => {
    const lines = placeLines([
      readPage([
        { text: 'Title', y: 0.05 },
        { text: '  ', y: 0.1 },
        { text: 'Body', y: 0.5 },
        { text: 'Large', y: 0.6, h: 0.04 },
      ]),
      readPage([{ text: 'Top of page two', y: 0.05 }], { page: 2 }),
      readPage([], { page: 3 }),
    ]);
    expect(lines.map((placed) => [placed.line.text, placed.title])).toEqual([
      ['Title', true],
      ['Body', false],
      ['Large', true],
      ['Top of page two', false],
    ]);
  });
});
