import { excerptOf, findingClauses } from './analyze.js';
import {
  POLICY_CLAUSE_FINDING_TYPES,
  type PolicyClauseFinding,
  type PolicyClauseFindingType,
} from './catalogue.js';
import { type ClauseClass, classifyClause } from './classify.js';
import type { ClauseLabel, ClauseLabelFile } from './clause-labels.js';
import { type ClauseExample, clauseFeatures } from './clause-model.js';
import { type PolicyClause, plainPunctuation } from './clauses.js';

/**
 * Measuring the policy analysis against labelled wordings (corpus/): a wording is a text file whose
 * pages start with a line `=== page N ===`; its labels file lists the findings a reader expects, one a
 * line: `<finding_type> <key> <page>` (or `<page>|<page>` where the same clause truly stands on two
 * pages); `#` starts a comment.
 */

export interface PolicyLabel {
  finding_type: PolicyClauseFindingType;
  key: string;
  /** The pages where the clause stands: a finding on any of them is right. */
  pages: readonly number[];
}

export interface LabelledWording {
  name: string;
  pages: readonly string[];
  labels: readonly PolicyLabel[];
}

/** The pages of a corpus wording, split at its `=== page N ===` lines (numbered 1, 2, … in order). */
export function parseCorpusPages(text: string): string[] {
  const parts = text.split(/^=== page (\d+) ===\r?\n/m);
  if ((parts[0] as string).trim() !== '')
    throw new SyntaxError('A corpus wording starts with "=== page 1 ==="');
  const pages: string[] = [];
  for (let index = 1; index < parts.length; index += 2) {
    if (Number(parts[index]) !== pages.length + 1)
      throw new SyntaxError(`Page ${parts[index]} is out of order`);
    pages.push(parts[index + 1] as string);
  }
  return pages;
}

/** The labels of a corpus wording. */
export function parseCorpusLabels(text: string): PolicyLabel[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '')
    .map((line) => {
      const match = /^(\w+)\s+(\w+)\s+(\d+(?:\|\d+)*)$/.exec(line);
      const type = match?.[1] as PolicyClauseFindingType;
      if (!match || !POLICY_CLAUSE_FINDING_TYPES.includes(type))
        throw new SyntaxError(`Not a label: ${line}`);
      return {
        finding_type: type,
        key: match[2] as string,
        pages: (match[3] as string).split('|').map(Number),
      };
    });
}

/**
 * The labelled wordings among a corpus folder's files (file name → text): each `name.txt` with its
 * `name.labels`, in the order of their names. Other files are passed over.
 */
export function corpusWordings(files: Readonly<Record<string, string>>): LabelledWording[] {
  return Object.keys(files)
    .filter((file) => file.endsWith('.txt'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.txt'.length);
      const labels = files[`${name}.labels`];
      if (labels === undefined) throw new SyntaxError(`${file} has no ${name}.labels`);
      return { name, pages: parseCorpusPages(files[file] as string), labels: parseCorpusLabels(labels) };
    });
}

export interface PolicyScore {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** 1 where nothing was found (no finding can be wrong). */
  precision: number;
  /** 1 where nothing was expected. */
  recall: number;
}

export interface PolicyMistake {
  wording: string;
  kind: 'false positive' | 'false negative';
  finding_type: PolicyClauseFindingType;
  key: string;
  page: number | string;
}

export interface PolicyEvaluation {
  byType: Record<PolicyClauseFindingType, PolicyScore>;
  overall: PolicyScore;
  mistakes: PolicyMistake[];
}

const emptyCounts = () => ({ truePositives: 0, falsePositives: 0, falseNegatives: 0 });

function scoreOf(counts: ReturnType<typeof emptyCounts>): PolicyScore {
  const { truePositives: tp, falsePositives: fp, falseNegatives: fn } = counts;
  return {
    ...counts,
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: tp + fn === 0 ? 1 : tp / (tp + fn),
  };
}

/**
 * Precision and recall per finding type over labelled wordings. A finding is right when a label has its
 * type and key and one of the label's pages is the finding's page; every other finding is a false
 * positive, and every label no finding matched a false negative.
 */
export function evaluatePolicyAnalysis(
  wordings: readonly LabelledWording[],
  analyze: (pages: readonly string[]) => readonly PolicyClauseFinding[],
): PolicyEvaluation {
  const counts = Object.fromEntries(
    POLICY_CLAUSE_FINDING_TYPES.map((type) => [type, emptyCounts()]),
  ) as Record<PolicyClauseFindingType, ReturnType<typeof emptyCounts>>;
  const mistakes: PolicyMistake[] = [];
  for (const wording of wordings) {
    const unmatched = [...wording.labels];
    for (const finding of analyze(wording.pages)) {
      const index = unmatched.findIndex(
        (label) =>
          label.finding_type === finding.finding_type &&
          label.key === finding.key &&
          label.pages.includes(finding.page),
      );
      if (index >= 0) {
        unmatched.splice(index, 1);
        counts[finding.finding_type].truePositives += 1;
      } else {
        counts[finding.finding_type].falsePositives += 1;
        const { finding_type, key, page } = finding;
        mistakes.push({ wording: wording.name, kind: 'false positive', finding_type, key, page });
      }
    }
    for (const label of unmatched) {
      counts[label.finding_type].falseNegatives += 1;
      const { finding_type, key } = label;
      mistakes.push({
        wording: wording.name,
        kind: 'false negative',
        finding_type,
        key,
        page: label.pages.join('|'),
      });
    }
  }
  const total = emptyCounts();
  for (const type of POLICY_CLAUSE_FINDING_TYPES) {
    total.truePositives += counts[type].truePositives;
    total.falsePositives += counts[type].falsePositives;
    total.falseNegatives += counts[type].falseNegatives;
  }
  return {
    byType: Object.fromEntries(
      POLICY_CLAUSE_FINDING_TYPES.map((type) => [type, scoreOf(counts[type])]),
    ) as Record<PolicyClauseFindingType, PolicyScore>,
    overall: scoreOf(total),
    mistakes,
  };
}

/** The evaluation as a Markdown table (one row a finding type, then all), with its mistakes below it. */
export function formatPolicyEvaluation(title: string, evaluation: PolicyEvaluation): string {
  const row = (name: string, score: PolicyScore) =>
    `| ${name} | ${score.truePositives} | ${score.falsePositives} | ${score.falseNegatives} | ${score.precision.toFixed(2)} | ${score.recall.toFixed(2)} |`;
  const lines = [
    `### ${title}`,
    '',
    '| finding type | right | wrong (FP) | missed (FN) | precision | recall |',
    '|---|---:|---:|---:|---:|---:|',
    ...POLICY_CLAUSE_FINDING_TYPES.map((type) => row(type, evaluation.byType[type])),
    row('all', evaluation.overall),
  ];
  if (evaluation.mistakes.length > 0) {
    lines.push('', 'Mistakes:');
    for (const mistake of evaluation.mistakes) {
      lines.push(
        `- ${mistake.wording}: ${mistake.kind} ${mistake.finding_type} ${mistake.key} (page ${mistake.page})`,
      );
    }
  }
  return lines.join('\n');
}

// Clause-level measuring (issue 28): each wording's `name.clauses` lists the clauses a careful reader
// classes as exclusion, maintenance or endorsement, each by a quote from the clause's first words.

/** A clause-labelled wording: its pages, its paragraph count and its `.clauses` labels (clause-labels.ts). */
export interface ClauseLabelledWording extends ClauseLabelFile {
  name: string;
  pages: readonly string[];
}

/** Text as the clause scoring compares it: plain punctuation, runs of white space one space, lower case. */
export function foldForMatch(text: string): string {
  return plainPunctuation(text).replace(/\s+/g, ' ').trim().toLowerCase();
}

export interface ClauseMistake {
  wording: string;
  kind: 'false positive' | 'false negative' | 'opposite';
  finding_type: PolicyClauseFindingType;
  page: number | string;
  /** The label's quote, or the start of the finding's excerpt. */
  text: string;
  confidence?: number;
}

export interface ClauseEvaluation {
  byType: Record<PolicyClauseFindingType, PolicyScore>;
  overall: PolicyScore;
  /** Findings of class exclusion quoting an endorsement label, or the reverse: their confidences. */
  opposites: number[];
  /** The paragraphs the labels count, and the clauses the segmenter found. */
  paragraphs: number;
  clauses: number;
  /** Of the labelled topics of matched clauses, how many the finding has too; topics it adds. */
  topics: { labelled: number; found: number; extra: number };
  mistakes: ClauseMistake[];
}

/** Confidence at or above this makes an opposite-class finding count against the target. */
export const OPPOSITE_CONFIDENCE = 0.8;

const OPPOSITE: Partial<Record<PolicyClauseFindingType, PolicyClauseFindingType>> = {
  exclusion: 'endorsement',
  endorsement: 'exclusion',
};

/**
 * Pairs findings with labels, one to one: a finding fits a label of its class on one of the label's
 * pages whose quote its folded excerpt contains. The largest pairing is found by augmenting paths, so a
 * finding that fits two labels does not take the only label another finding fits. Answers, for each
 * finding, the index of its label (-1 for none).
 */
export function pairClauseFindings(
  findings: readonly Pick<PolicyClauseFinding, 'finding_type' | 'page' | 'excerpt'>[],
  labels: readonly ClauseLabel[],
): number[] {
  const excerpts = findings.map((finding) => foldForMatch(finding.excerpt));
  const fits = findings.map((finding, f) =>
    labels.flatMap((label, l) =>
      label.finding_type === finding.finding_type &&
      label.pages.includes(finding.page) &&
      (excerpts[f] as string).includes(foldForMatch(label.quote))
        ? [l]
        : [],
    ),
  );
  const labelOf = new Array<number>(findings.length).fill(-1);
  const findingOf = new Array<number>(labels.length).fill(-1);
  const augment = (f: number, seen: Set<number>): boolean => {
    for (const l of fits[f] as number[]) {
      if (seen.has(l)) continue;
      seen.add(l);
      const held = findingOf[l] as number;
      if (held < 0 || augment(held, seen)) {
        findingOf[l] = f;
        labelOf[f] = l;
        return true;
      }
    }
    return false;
  };
  for (let f = 0; f < findings.length; f += 1) augment(f, new Set());
  return labelOf;
}

/** Clause-level precision and recall per class (28-common.md), opposite-class errors, topics, paragraphs. */
export function evaluateClauseAnalysis(
  wordings: readonly ClauseLabelledWording[],
  analyze: (pages: readonly string[]) => readonly PolicyClauseFinding[],
  countClauses: (pages: readonly string[]) => number = () => 0,
): ClauseEvaluation {
  const counts = Object.fromEntries(
    POLICY_CLAUSE_FINDING_TYPES.map((type) => [type, emptyCounts()]),
  ) as Record<PolicyClauseFindingType, ReturnType<typeof emptyCounts>>;
  const mistakes: ClauseMistake[] = [];
  const opposites: number[] = [];
  const topics = { labelled: 0, found: 0, extra: 0 };
  let paragraphs = 0;
  let clauses = 0;
  for (const wording of wordings) {
    paragraphs += wording.paragraphs;
    clauses += countClauses(wording.pages);
    const findings = analyze(wording.pages);
    const labelOf = pairClauseFindings(findings, wording.labels);
    const matched = new Set<number>();
    findings.forEach((finding, f) => {
      const l = labelOf[f] as number;
      const excerpt = foldForMatch(finding.excerpt);
      if (l >= 0) {
        matched.add(l);
        counts[finding.finding_type].truePositives += 1;
        const label = wording.labels[l] as ClauseLabel;
        const own = new Set<string>(finding.topics);
        topics.labelled += label.topics.length;
        topics.found += label.topics.filter((topic) => own.has(topic)).length;
        topics.extra += [...own].filter(
          (topic) => !(label.topics as readonly string[]).includes(topic),
        ).length;
        return;
      }
      counts[finding.finding_type].falsePositives += 1;
      const base = { wording: wording.name, finding_type: finding.finding_type, page: finding.page };
      mistakes.push({
        ...base,
        kind: 'false positive',
        text: finding.excerpt.slice(0, 80),
        confidence: finding.confidence,
      });
      const opposite = wording.labels.find(
        (label) =>
          label.finding_type === OPPOSITE[finding.finding_type] &&
          label.pages.includes(finding.page) &&
          excerpt.includes(foldForMatch(label.quote)),
      );
      if (opposite) {
        opposites.push(finding.confidence);
        mistakes.push({ ...base, kind: 'opposite', text: opposite.quote, confidence: finding.confidence });
      }
    });
    wording.labels.forEach((label, l) => {
      if (matched.has(l)) return;
      counts[label.finding_type].falseNegatives += 1;
      mistakes.push({
        wording: wording.name,
        kind: 'false negative',
        finding_type: label.finding_type,
        page: label.pages.join('|'),
        text: label.quote,
      });
    });
  }
  const total = emptyCounts();
  for (const type of POLICY_CLAUSE_FINDING_TYPES) {
    total.truePositives += counts[type].truePositives;
    total.falsePositives += counts[type].falsePositives;
    total.falseNegatives += counts[type].falseNegatives;
  }
  return {
    byType: Object.fromEntries(
      POLICY_CLAUSE_FINDING_TYPES.map((type) => [type, scoreOf(counts[type])]),
    ) as Record<PolicyClauseFindingType, PolicyScore>,
    overall: scoreOf(total),
    opposites,
    paragraphs,
    clauses,
    topics,
    mistakes,
  };
}

/** The clause evaluation as Markdown: the table, opposites, paragraphs, topics, then the mistakes. */
export function formatClauseEvaluation(
  title: string,
  evaluation: ClauseEvaluation,
  showMistakes = true,
): string {
  const row = (name: string, score: PolicyScore) =>
    `| ${name} | ${score.truePositives} | ${score.falsePositives} | ${score.falseNegatives} | ${score.precision.toFixed(2)} | ${score.recall.toFixed(2)} |`;
  const high = evaluation.opposites.filter((confidence) => confidence >= OPPOSITE_CONFIDENCE).length;
  const { labelled, found, extra } = evaluation.topics;
  const lines = [
    `### ${title}`,
    '',
    '| class | right | wrong (FP) | missed (FN) | precision | recall |',
    '|---|---:|---:|---:|---:|---:|',
    ...POLICY_CLAUSE_FINDING_TYPES.map((type) => row(type, evaluation.byType[type])),
    row('all', evaluation.overall),
    '',
    `Opposite class (an exclusion found as an endorsement or the reverse): ${evaluation.opposites.length}, of them at confidence ≥ ${OPPOSITE_CONFIDENCE}: ${high}.`,
    `Paragraphs (human count): ${evaluation.paragraphs}; clauses the segmenter found: ${evaluation.clauses}.`,
    `Topics of matched clauses: ${found} of ${labelled} labelled topics found; ${extra} more tagged.`,
  ];
  if (showMistakes && evaluation.mistakes.length > 0) {
    lines.push('', 'Mistakes:');
    for (const mistake of evaluation.mistakes) {
      const confidence = mistake.confidence === undefined ? '' : ` (${mistake.confidence.toFixed(2)})`;
      lines.push(
        `- ${mistake.wording} p${mistake.page}: ${mistake.kind} ${mistake.finding_type}${confidence} "${mistake.text}"`,
      );
    }
  }
  return lines.join('\n');
}

/** A clause the analysis classes, with the class its wording's labels give it ('neither' where none). */
export interface LabelledClause {
  clause: PolicyClause;
  gold: ClauseClass;
}

/**
 * The clauses of a labelled wording that can give a finding, each with its labelled class: the class of
 * the first label (in the file's order) on the clause's page whose quote its excerpt holds, whatever its
 * class, and not one to one as the scoring pairs findings with labels; 'neither' for a clause no label
 * quotes. These train the clause classifier (clause-model.ts).
 */
export function labelledClauses(wording: ClauseLabelledWording): LabelledClause[] {
  return findingClauses(wording.pages).map((clause) => {
    const excerpt = foldForMatch(excerptOf(clause.text));
    const label = wording.labels.find(
      (candidate) => candidate.pages.includes(clause.page) && excerpt.includes(foldForMatch(candidate.quote)),
    );
    return { clause, gold: label ? label.finding_type : 'neither' };
  });
}

/** A labelled wording's clauses as the clause classifier learns from them: each one's features and class. */
export function clauseExamples(wording: ClauseLabelledWording): ClauseExample[] {
  return labelledClauses(wording).map(({ clause, gold }) => ({
    features: clauseFeatures(clause, classifyClause(clause)),
    gold,
  }));
}
