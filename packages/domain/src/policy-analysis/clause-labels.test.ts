import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseClauseLabels, quoteOccurrences } from './clause-labels.js';
import { POLICY_CLAUSE_CORPUS, readClauseCorpus } from './corpus-test-helpers.js';

describe('parseClauseLabels', () => {
  it('reads the paragraph count, then one label a line: class, pages, folded quote, topics', () => {
    const file = parseClauseLabels(
      [
        '',
        '# paragraphs: 48',
        '# a comment',
        'exclusion 2 "loss or damage caused by wear and tear" wear_and_tear',
        '',
        'maintenance 3|4 "fitted with   a drip tray"  geyser water',
        'endorsement 1 "solar panels and inverters"',
      ].join('\n'),
    );
    expect(file.paragraphs).toBe(48);
    expect(file.labels).toEqual([
      {
        finding_type: 'exclusion',
        pages: [2],
        quote: 'loss or damage caused by wear and tear',
        topics: ['wear_and_tear'],
        line: 4,
      },
      {
        finding_type: 'maintenance',
        pages: [3, 4],
        quote: 'fitted with a drip tray',
        topics: ['geyser', 'water'],
        line: 6,
      },
      { finding_type: 'endorsement', pages: [1], quote: 'solar panels and inverters', topics: [], line: 7 },
    ]);
  });

  it('says which line breaks the format', () => {
    expect(() => parseClauseLabels('exclusion 1 "a b c"')).toThrow('# paragraphs: N');
    expect(() => parseClauseLabels('')).toThrow('# paragraphs: N');
    const withCount = (line: string) => () => parseClauseLabels(`# paragraphs: 3\n${line}`);
    expect(withCount('exclusion 1 wear and tear')).toThrow('line 2: expected');
    expect(withCount('exclusion one "wear and tear"')).toThrow('line 2: expected');
    expect(withCount('exclusions 1 "wear and tear"')).toThrow('line 2: unknown class "exclusions"');
    expect(withCount('exclusion 1 "wear and tear" wear')).toThrow('line 2: unknown topic "wear"');
    expect(withCount('exclusion 1 "wear  tear"')).toThrow('line 2: a quote has at least 3 words');
    expect(withCount('exclusion 1 ""')).toThrow('line 2: a quote has at least 3 words');
  });
});

describe('quoteOccurrences', () => {
  it('counts the quote in the folded page, case-insensitively, hyphenated words joined', () => {
    const page = 'We will not pay for gradual deterio-\nration.\n\nGRADUAL DETERIORATION of the roof';
    expect(quoteOccurrences(page, 'gradual deterioration')).toBe(2);
    expect(quoteOccurrences(page, 'pay for gradual')).toBe(1);
    expect(quoteOccurrences(page, 'storm damage')).toBe(0);
    expect(quoteOccurrences(page, '  ')).toBe(0);
  });
});

/**
 * Each folder of clause-labelled wordings (the tuning set and every held-out-* folder, a new one too),
 * checked without printing its text (held-out stays unread).
 */
const folders = [
  POLICY_CLAUSE_CORPUS,
  ...readdirSync(POLICY_CLAUSE_CORPUS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('held-out'))
    .map((entry) => path.join(POLICY_CLAUSE_CORPUS, entry.name))
    .sort(),
];

describe.each(folders)('the clause-labelled wordings in %s', (folder) => {
  it('pair every .txt with a .clauses file', () => {
    const files = readdirSync(folder).filter((file) => /\.(txt|clauses)$/.test(file));
    const names = (ext: string) =>
      files
        .filter((file) => file.endsWith(ext))
        .map((file) => file.slice(0, -ext.length))
        .sort();
    expect(names('.clauses')).toEqual(names('.txt'));
  });

  it.each(readClauseCorpus(folder).map((wording) => [wording.name, wording] as const))(
    '%s: a paragraph count and labels whose quote stands once on its page',
    (_name, wording) => {
      expect(wording.paragraphs).toBeGreaterThanOrEqual(wording.labels.length);
      expect(wording.labels.length).toBeGreaterThan(0);
      const problems: string[] = [];
      const seen = new Set<string>();
      for (const label of wording.labels) {
        const where = `line ${label.line}`;
        if (label.pages.some((page) => page < 1 || page > wording.pages.length))
          problems.push(`${where}: page outside 1..${wording.pages.length}`);
        const counts = label.pages.map((page) =>
          quoteOccurrences(wording.pages[page - 1] ?? '', label.quote),
        );
        if (counts.every((count) => count === 0)) problems.push(`${where}: quote not on its page`);
        if (counts.some((count) => count > 1)) problems.push(`${where}: quote not unique on its page`);
        for (const page of label.pages) {
          const key = `${page} ${label.quote.toLowerCase()}`;
          if (seen.has(key)) problems.push(`${where}: the same quote labelled twice on page ${page}`);
          seen.add(key);
        }
      }
      expect(problems).toEqual([]);
    },
  );
});
