import {
  POLICY_CLAUSE_FINDING_TYPES,
  type PolicyClauseFinding,
  type PolicyClauseFindingType,
} from './catalogue.js';

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
