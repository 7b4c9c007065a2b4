import { describe, expect, it } from 'vitest';
import {
  indexPages,
  lineAbove,
  lineBelow,
  lineRightOf,
  MAX_LINES_PER_PAGE,
  type PageLines,
  placeLines,
  spanBox,
  spanConfidence,
  spanTrust,
  wordsOf,
} from './lines.js';
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
    const page = indexPages(lines).get(1) as PageLines;
    expect(lineRightOf(page, total, total.line.box)?.line.text).toBe('near');
  });

  it('takes the first in reading order of two as near, and nothing where the row is empty', () => {
    const lines = placeLines([
      readPage([
        { text: 'Total', x: 0.1, y: 0.5 },
        { text: 'first', x: 0.5, y: 0.502 },
        { text: 'second', x: 0.5, y: 0.5 },
        { text: 'third', x: 0.5, y: 0.501 },
        { text: 'Alone', x: 0.1, y: 0.8 },
      ]),
    ]);
    const page = indexPages(lines).get(1) as PageLines;
    const [total] = lines;
    const alone = lines.at(-1);
    if (total === undefined || alone === undefined) throw new Error('no line');
    expect(lineRightOf(page, total, total.line.box)?.line.text).toBe('first');
    expect(lineRightOf(page, alone, alone.line.box)).toBeNull();
  });
});

describe('lineAbove', () => {
  it('takes the nearest line above with words in the column, with a short capital prefix before them', () => {
    const lines = placeLines([
      readPage([
        { text: 'too far', x: 0.7, y: 0.3 },
        { text: 'Title C 0917744', x: 0.6, y: 0.47 },
        { text: 'beside', x: 0.1, y: 0.48 },
        { text: 'Certificate no.', x: 0.75, y: 0.5 },
      ]),
    ]);
    const page = indexPages(lines).get(1) as PageLines;
    const label = lines.at(-1) as (typeof lines)[number];
    const above = lineAbove(page, label, { left: 0.66, right: 0.8 });
    expect(above?.placed.line.text.slice(above.start, above.end)).toBe('C 0917744');
    expect(lineAbove(page, label, { left: 0.95, right: 1 })).toBeNull();
    const plain = placeLines([
      readPage([
        { text: 'x 12345', x: 0.7, y: 0.47 },
        { text: 'No.', x: 0.75, y: 0.5 },
      ]),
    ]);
    const found = lineAbove(indexPages(plain).get(1) as PageLines, plain[1] as (typeof plain)[number], {
      left: 0.71,
      right: 0.9,
    });
    expect(found?.placed.line.text.slice(found.start, found.end)).toBe('12345');
  });
});

describe('lineBelow', () => {
  it('takes the nearest line below with words in the column, the first in reading order of two as near', () => {
    const lines = placeLines([
      readPage([
        { text: 'Erf number', x: 0.1, y: 0.5 },
        { text: 'elsewhere', x: 0.7, y: 0.51 },
        { text: 'A', x: 0.1, y: 0.52 },
        { text: 'B', x: 0.1, y: 0.52 },
        { text: 'too far', x: 0.1, y: 0.6 },
      ]),
    ]);
    const page = indexPages(lines).get(1) as PageLines;
    const [label] = lines;
    if (label === undefined) throw new Error('no line');
    expect(lineBelow(page, label, { left: 0.05, right: 0.5 })?.placed.line.text).toBe('A');
    expect(lineBelow(page, label, { left: 0.9, right: 1 })).toBeNull();
  });

  it('never takes a line (of no height: its window is its own top) for the line below itself', () => {
    const lines = placeLines([readPage([{ text: 'Flat', y: 0.5, h: 0 }])]);
    const [flat] = lines;
    if (flat === undefined) throw new Error('no line');
    expect(lineBelow(indexPages(lines).get(1) as PageLines, flat, { left: 0, right: 1 })).toBeNull();
  });
});

describe('a page of very many lines', () => {
  // 20,000 lines of half-point type: the first MAX_LINES_PER_PAGE are looked at, each lookup near its line.
  const many = readPage(
    Array.from({ length: 20_000 }, (_, index) => ({
      text: index % 2 === 0 ? `Total R ${index}.00` : `Date 01/02/2024`,
      y: index / 20_000,
      h: 0.00004,
    })),
  );

  it('places only the first MAX_LINES_PER_PAGE lines of a page', () => {
    expect(placeLines([many])).toHaveLength(MAX_LINES_PER_PAGE);
  });

  it('walks only the lines near a line to find the one below or to its right', () => {
    const lines = placeLines([many]);
    const page = indexPages(lines).get(1) as PageLines;
    let visited = 0;
    const counting: PageLines = {
      tallest: page.tallest,
      byTop: new Proxy(page.byTop as PageLines['byTop'][number][], {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) visited += 1;
          return Reflect.get(target, key, receiver);
        },
      }),
    };
    for (const placed of lines) {
      lineBelow(counting, placed, { left: 0, right: 1 });
      lineRightOf(counting, placed, placed.line.box);
    }
    // A binary search (about 11 steps) and a few neighbours per lookup, not the page's 2,000 lines.
    expect(visited).toBeLessThan(lines.length * 2 * 40);
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

  it('says whether the trust is the reader’s word on the span or only its whole line’s', () => {
    expect(spanTrust(placed, 16, 20)).toEqual({ confidence: 0.4, own: true });
    expect(spanTrust(placed, 20, 20)).toEqual({ confidence: 0.96, own: false });
    const [bare] = placeLines([
      {
        page: 1,
        source: 'ocr',
        width: 100,
        height: 100,
        lines: [{ text: 'Date: 14/03/2025', box: { x: 0, y: 0, w: 1, h: 0.1 }, confidence: 0.4, words: [] }],
      },
    ]);
    expect(bare && spanTrust(bare, 6, 16)).toEqual({ confidence: 0.4, own: false });
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
