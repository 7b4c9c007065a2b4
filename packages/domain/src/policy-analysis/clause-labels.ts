import {
  POLICY_CLAUSE_FINDING_TYPES,
  POLICY_TOPICS,
  type PolicyClauseFindingType,
  type PolicyTopic,
} from './catalogue.js';
import { foldPolicyText } from './clauses.js';

/**
 * The clause-level labels of a corpus wording (`<name>.clauses` beside `<name>.txt`, see corpus/README.md):
 * the first non-blank line is `# paragraphs: N` (the paragraphs a careful reader counts in the wording);
 * then one line per clause that is an exclusion, a maintenance condition or an endorsement:
 * `<class> <page or page|page> "<quote>" [topic ...]`, the quote verbatim from the clause after folding,
 * case-insensitive, at least 3 words; `#` starts a comment line.
 */

export interface ClauseLabel {
  finding_type: PolicyClauseFindingType;
  /** The pages where the clause stands: a finding on any of them may match. */
  pages: readonly number[];
  /** Words from the clause, white space folded (compare case-insensitively). */
  quote: string;
  topics: readonly PolicyTopic[];
  /** 1-based line in the labels file (for messages). */
  line: number;
}

export interface ClauseLabelFile {
  /** How many paragraphs/clauses the wording has (its size in the corpus). */
  paragraphs: number;
  labels: ClauseLabel[];
}

const PARAGRAPHS_LINE = /^#\s*paragraphs:\s*(\d+)\s*$/;
const LABEL_LINE = /^(\S+)\s+(\d+(?:\|\d+)*)\s+"([^"]*)"((?:\s+\S+)*)\s*$/;

const isFindingType = (word: string): word is PolicyClauseFindingType =>
  (POLICY_CLAUSE_FINDING_TYPES as readonly string[]).includes(word);
const isTopic = (word: string): word is PolicyTopic => (POLICY_TOPICS as readonly string[]).includes(word);

/** A `.clauses` file's labels; a SyntaxError naming the line for anything not in the format. */
export function parseClauseLabels(text: string): ClauseLabelFile {
  const lines = text.split(/\r?\n/);
  const first = lines.findIndex((line) => line.trim() !== '');
  const count = PARAGRAPHS_LINE.exec(lines[first]?.trim() ?? '');
  if (!count) throw new SyntaxError('A .clauses file starts with a line "# paragraphs: N"');
  const labels: ClauseLabel[] = [];
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (index <= first || line === '' || line.startsWith('#')) return;
    const where = `line ${index + 1}`;
    const match = LABEL_LINE.exec(line);
    if (!match) throw new SyntaxError(`${where}: expected <class> <page> "<quote>" [topic ...]`);
    const [, type, pages, quote, topicWords] = match as unknown as [string, string, string, string, string];
    if (!isFindingType(type)) throw new SyntaxError(`${where}: unknown class "${type}"`);
    const topics = topicWords.split(/\s+/).filter((word) => word !== '');
    const unknown = topics.find((topic) => !isTopic(topic));
    if (unknown !== undefined) throw new SyntaxError(`${where}: unknown topic "${unknown}"`);
    const folded = foldPolicyText(quote);
    if (folded.split(' ').length < 3) throw new SyntaxError(`${where}: a quote has at least 3 words`);
    labels.push({
      finding_type: type,
      pages: pages.split('|').map(Number),
      quote: folded,
      topics: topics as PolicyTopic[],
      line: index + 1,
    });
  });
  return { paragraphs: Number(count[1]), labels };
}

/** How often `quote` occurs in a page's folded text, case-insensitively (overlaps counted). */
export function quoteOccurrences(page: string, quote: string): number {
  const haystack = foldPolicyText(page).toLowerCase();
  const needle = foldPolicyText(quote).toLowerCase();
  if (needle === '') return 0;
  let found = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) found += 1;
  return found;
}
