import { CORPUS_SOURCES, type CorpusDocumentKind, type CorpusSource } from './corpus-spec.js';
import {
  AUTO_ACCEPT_CONFIDENCE,
  EXTRACTED_FIELD_NAMES,
  type ExtractedFieldName,
  type FieldProposal,
} from './types.js';

/**
 * Measuring the field rules against the extraction corpus (corpus/README.md): each document's truth
 * beside what the rules proposed from one of its sources (clean PDF, scan, photo), scored per field and
 * per source. A proposal that matches truth is right; any other proposal is wrong (a wrong value, or a
 * field the document does not state); a truth field with no right proposal is missed.
 */

/** One source of one document, read and proposed on. */
export interface CorpusReading {
  id: string;
  kind: CorpusDocumentKind;
  source: CorpusSource;
  truth: Partial<Record<ExtractedFieldName, string>>;
  proposal: FieldProposal;
}

/** Lower case, letters and digits only, without a trailing legal form ((Pty) Ltd, Ltd, Limited, CC, Inc). */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s,.]*(?:\(pty\)\s*(?:ltd|limited)|ltd|limited|cc|inc)\.?\s*$/u, '')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Whether a proposed value is the truth's (corpus/README.md § Evaluation). */
export function valueMatches(name: ExtractedFieldName, proposed: string, truth: string): boolean {
  if (/date$|_from$|_to$|^certificate_type$|^total$|^vat$|^excess$|^sum_insured/.test(name)) {
    return proposed === truth;
  }
  const read = normaliseText(proposed);
  const real = normaliseText(truth);
  if (read === '') return false;
  if (read === real) return true;
  if (name === 'address') {
    // The start of the address, holding at least its first part (the street).
    return real.startsWith(read) && read.length >= normaliseText(truth.split(',')[0] as string).length;
  }
  if (name === 'work_description') {
    const [shorter, longer] = read.length <= real.length ? [read, real] : [real, read];
    return longer.includes(shorter) && shorter.length * 2 >= longer.length;
  }
  return false;
}

export interface ExtractionScore {
  right: number;
  wrong: number;
  missed: number;
  /** null where nothing was proposed. */
  precision: number | null;
  /** null where truth holds nothing. */
  recall: number | null;
}

export interface ExtractionMistake {
  id: string;
  source: CorpusSource;
  field: ExtractedFieldName;
  proposed: string | null;
  truth: string | null;
  confidence: number | null;
}

export interface ExtractionEvaluation {
  documents: number;
  /** Per source, per field (only fields some truth or proposal has), and every field together. */
  byField: Record<CorpusSource, Partial<Record<ExtractedFieldName, ExtractionScore>>>;
  bySource: Record<CorpusSource, ExtractionScore>;
  /** How many readings of each source there were, and how many the rules gave the right kind. */
  kinds: Record<CorpusSource, { right: number; total: number }>;
  /** Wrong proposals with confidence ≥ AUTO_ACCEPT_CONFIDENCE: they would be accepted unseen. */
  confidentlyWrong: ExtractionMistake[];
  mistakes: ExtractionMistake[];
}

interface Counts {
  right: number;
  wrong: number;
  missed: number;
}

function scoreOf({ right, wrong, missed }: Counts): ExtractionScore {
  return {
    right,
    wrong,
    missed,
    precision: right + wrong === 0 ? null : right / (right + wrong),
    recall: right + missed === 0 ? null : right / (right + missed),
  };
}

/** Scores readings per source and field. */
export function evaluateExtraction(readings: readonly CorpusReading[]): ExtractionEvaluation {
  const counts = Object.fromEntries(
    CORPUS_SOURCES.map((source) => [source, new Map<ExtractedFieldName, Counts>()]),
  );
  const kinds = Object.fromEntries(
    CORPUS_SOURCES.map((source) => [source, { right: 0, total: 0 }]),
  ) as Record<CorpusSource, { right: number; total: number }>;
  const mistakes: ExtractionMistake[] = [];
  const count = (source: CorpusSource, field: ExtractedFieldName) => {
    const map = counts[source] as Map<ExtractedFieldName, Counts>;
    const known = map.get(field) ?? { right: 0, wrong: 0, missed: 0 };
    map.set(field, known);
    return known;
  };
  for (const reading of readings) {
    const { id, source, truth, proposal } = reading;
    kinds[source].total += 1;
    if (proposal.kind === reading.kind) kinds[source].right += 1;
    const found = new Set<ExtractedFieldName>();
    for (const field of proposal.fields) {
      const real = truth[field.name];
      if (real !== undefined && valueMatches(field.name, field.value, real)) {
        count(source, field.name).right += 1;
        found.add(field.name);
      } else {
        count(source, field.name).wrong += 1;
        mistakes.push({
          id,
          source,
          field: field.name,
          proposed: field.value,
          truth: real ?? null,
          confidence: field.confidence,
        });
      }
    }
    for (const [name, value] of Object.entries(truth) as [ExtractedFieldName, string][]) {
      if (found.has(name)) continue;
      count(source, name).missed += 1;
      if (!proposal.fields.some((field) => field.name === name)) {
        mistakes.push({ id, source, field: name, proposed: null, truth: value, confidence: null });
      }
    }
  }
  const byField = {} as ExtractionEvaluation['byField'];
  const bySource = {} as ExtractionEvaluation['bySource'];
  for (const source of CORPUS_SOURCES) {
    const map = counts[source] as Map<ExtractedFieldName, Counts>;
    const total: Counts = { right: 0, wrong: 0, missed: 0 };
    byField[source] = {};
    for (const name of EXTRACTED_FIELD_NAMES) {
      const field = map.get(name);
      if (!field) continue;
      byField[source][name] = scoreOf(field);
      total.right += field.right;
      total.wrong += field.wrong;
      total.missed += field.missed;
    }
    bySource[source] = scoreOf(total);
  }
  return {
    documents: new Set(readings.map((reading) => reading.id)).size,
    byField,
    bySource,
    kinds,
    confidentlyWrong: mistakes.filter(
      (mistake) => mistake.confidence !== null && mistake.confidence >= AUTO_ACCEPT_CONFIDENCE,
    ),
    mistakes,
  };
}

/** The issue's targets: certificate type, issue date and certificate number. */
export const EXTRACTION_TARGETS = {
  fields: ['certificate_type', 'issue_date', 'certificate_number'],
  /** Precision on every source (the issue names clean and scanned; the photo is held to it too). */
  precision: { clean: 0.95, scan: 0.95, photo: 0.95 },
  recall: { clean: 0.9, scan: 0.9, photo: 0.85 },
} as const satisfies {
  fields: readonly ExtractedFieldName[];
  precision: Record<CorpusSource, number>;
  recall: Record<CorpusSource, number>;
};

const figure = (value: number | null) => (value === null ? '–' : value.toFixed(2));
const cell = (score: ExtractionScore | undefined) =>
  score
    ? `${figure(score.precision)} / ${figure(score.recall)} (${score.right}/${score.right + score.missed})`
    : '';
const mark = (value: number | null, target: number) =>
  value === null ? '–' : value >= target ? 'met' : 'MISSED';

/**
 * The evaluation as Markdown: precision / recall per field and source (with right/true counts), the
 * issue's targets, the kinds, the confidently wrong proposals and, when asked, every mistake.
 */
export function formatExtractionEvaluation(
  title: string,
  evaluation: ExtractionEvaluation,
  options: { mistakes?: boolean } = {},
): string {
  const lines = [
    `### ${title} (${evaluation.documents} documents)`,
    '',
    'Precision / recall (right / in truth), per source:',
    '',
    `| field | ${CORPUS_SOURCES.join(' | ')} |`,
    `|---|${CORPUS_SOURCES.map(() => '---').join('|')}|`,
  ];
  for (const name of EXTRACTED_FIELD_NAMES) {
    if (CORPUS_SOURCES.every((source) => evaluation.byField[source][name] === undefined)) continue;
    lines.push(
      `| ${name} | ${CORPUS_SOURCES.map((source) => cell(evaluation.byField[source][name])).join(' | ')} |`,
    );
  }
  lines.push(
    `| all fields | ${CORPUS_SOURCES.map((source) => cell(evaluation.bySource[source])).join(' | ')} |`,
  );
  lines.push(
    `| kind right | ${CORPUS_SOURCES.map((source) => `${evaluation.kinds[source].right}/${evaluation.kinds[source].total}`).join(' | ')} |`,
  );
  lines.push(
    '',
    "The issue's targets:",
    '',
    '| field | source | precision (target) | recall (target) |',
    '|---|---|---|---|',
  );
  for (const name of EXTRACTION_TARGETS.fields) {
    for (const source of CORPUS_SOURCES) {
      const score = evaluation.byField[source][name];
      const precision = score?.precision ?? null;
      const recall = score?.recall ?? null;
      const wantP = EXTRACTION_TARGETS.precision[source];
      const wantR = EXTRACTION_TARGETS.recall[source];
      lines.push(
        `| ${name} | ${source} | ${figure(precision)} (≥ ${wantP}: ${mark(precision, wantP)}) | ${figure(recall)} (≥ ${wantR}: ${mark(recall, wantR)}) |`,
      );
    }
  }
  const describe = (mistake: ExtractionMistake) =>
    `- ${mistake.id} (${mistake.source}) ${mistake.field}: ${
      mistake.proposed === null ? 'missed' : `proposed "${mistake.proposed}" (${figure(mistake.confidence)})`
    }, truth ${mistake.truth === null ? 'none' : `"${mistake.truth}"`}`;
  lines.push(
    '',
    `Fields proposed with confidence ≥ ${AUTO_ACCEPT_CONFIDENCE} that are wrong: ${evaluation.confidentlyWrong.length} (target on held-out: 0)`,
    ...evaluation.confidentlyWrong.map(describe),
  );
  if (options.mistakes)
    lines.push('', `Mistakes (${evaluation.mistakes.length}):`, ...evaluation.mistakes.map(describe));
  return lines.join('\n');
}
