import type { ClauseClass, ClauseReading } from './classify.js';
import type { PolicyClause } from './clauses.js';

/**
 * A small statistical classifier of clauses (issue 28), trained on the labelled wordings of the corpus
 * and shipped with the code (`clause-model.json`, made by `pnpm --filter @propertydna/domain
 * train:policies`; nothing is downloaded). It reads what the cue grammar (classify.ts) scored, the
 * section, the list and the clause's own words, and gives each class a probability (multinomial
 * logistic regression). Its answer stands beside the cue grammar's: where the two agree the finding is
 * as sure as the less sure of them (or, where the grammar alone is unsure, as the classifier up to
 * DISAGREEMENT_CONFIDENCE); where they differ it is never surer than DISAGREEMENT_CONFIDENCE, so it never
 * counts as certain.
 */

export const CLAUSE_CLASSES: readonly ClauseClass[] = ['exclusion', 'maintenance', 'endorsement', 'neither'];

/**
 * The most a finding is sure of where the classifier and the cue grammar read a clause differently (the
 * classifier's class stands, at its probability up to this); where they agree and the grammar alone is less
 * sure, the classifier's probability counts up to this too.
 */
export const DISAGREEMENT_CONFIDENCE = 0.75;

/** How many of a clause's first words, and of its lead-in's last, the classifier reads. */
const CLAUSE_WORDS = 40;
const LEAD_IN_WORDS = 8;

export interface ClauseModel {
  /** A feature's weight for each class, in the order of CLAUSE_CLASSES. */
  weights: ReadonlyMap<string, readonly number[]>;
}

/** The model as stored: each feature with its four weights. */
export interface ClauseModelData {
  /** The labelled sets it was trained on. */
  trainedOn: readonly string[];
  features: readonly (readonly [string, ...number[]])[];
}

/** Words as the classifier reads them: lower case, an amount in rand one word, every number 0. */
export function modelWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .replace(/\br\s?\d[\d\s,.]*/g, ' ramount ')
      .replace(/\d+/g, '0')
      .match(/[a-zà-ÿ']+|0/g) ?? []
  );
}

/**
 * What the classifier knows of a clause: the cue grammar's score for each class (scaled), its class and
 * confidence, the section's kind, the clause's place (list item, table row, lead-in), the words and word
 * pairs of its first CLAUSE_WORDS words, its lead-in's last words and its section heading's words.
 */
export function clauseFeatures(clause: PolicyClause, rules: ClauseReading): Map<string, number> {
  const features = new Map<string, number>([['bias', 1]]);
  for (const type of CLAUSE_CLASSES) features.set(`score:${type}`, rules.scores[type] / 5);
  features.set(`rules:${rules.class}`, 1);
  features.set(`rules-confidence:${rules.class}`, rules.confidence);
  features.set(`section:${clause.section}`, 1);
  if (clause.listItem) features.set('list-item', 1);
  if (clause.cell !== undefined) features.set('table-row', 1);
  if (clause.leadIn !== '') features.set('has-lead-in', 1);
  const words = modelWords(clause.text).slice(0, CLAUSE_WORDS);
  words.forEach((word, index) => {
    features.set(`word:${word}`, 1);
    if (index > 0) features.set(`pair:${words[index - 1]} ${word}`, 1);
  });
  for (const word of modelWords(clause.leadIn).slice(-LEAD_IN_WORDS)) features.set(`lead-in:${word}`, 1);
  for (const word of modelWords(clause.sectionHeading)) features.set(`heading:${word}`, 1);
  return features;
}

const LEXICAL = /^(?:word|pair|lead-in|heading):/;

function softmax(scores: number[]): number[] {
  const top = Math.max(...scores);
  const exps = scores.map((score) => Math.exp(score - top));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((value) => value / sum);
}

function logits(model: ClauseModel, features: ReadonlyMap<string, number>): number[] {
  const sums = CLAUSE_CLASSES.map(() => 0);
  for (const [name, value] of features) {
    const weights = model.weights.get(name);
    if (weights)
      for (let c = 0; c < sums.length; c += 1) sums[c] = (sums[c] as number) + (weights[c] as number) * value;
  }
  return sums;
}

/** The probability of each class (in the order of CLAUSE_CLASSES). */
export function classProbabilities(model: ClauseModel, features: ReadonlyMap<string, number>): number[] {
  return softmax(logits(model, features));
}

export interface ClauseExample {
  features: ReadonlyMap<string, number>;
  gold: ClauseClass;
}

export interface TrainingOptions {
  /** L2 penalty. */
  lambda?: number;
  epochs?: number;
  /** Adagrad's step. */
  rate?: number;
  /** A word or pair seen in fewer clauses than this is left out. */
  minCount?: number;
}

/**
 * Multinomial logistic regression by full-batch Adagrad with an L2 penalty, each class weighed by the
 * inverse of its frequency. Deterministic: the same examples in the same order give the same weights.
 */
export function trainClauseModel(
  examples: readonly ClauseExample[],
  { lambda = 1e-4, epochs = 200, rate = 0.5, minCount = 3 }: TrainingOptions = {},
): ClauseModel {
  const seen = new Map<string, number>();
  for (const example of examples)
    for (const name of example.features.keys()) seen.set(name, (seen.get(name) ?? 0) + 1);
  const index = new Map<string, number>();
  for (const [name, count] of seen) if (count >= minCount || !LEXICAL.test(name)) index.set(name, index.size);
  const classes = CLAUSE_CLASSES.length;
  const weights = new Float64Array(index.size * classes);
  const squares = new Float64Array(index.size * classes);
  const rows = examples.map((example) => ({
    cells: [...example.features].flatMap(([name, value]) => {
      const at = index.get(name);
      return at === undefined ? [] : [[at, value] as const];
    }),
    gold: CLAUSE_CLASSES.indexOf(example.gold),
  }));
  const counts = CLAUSE_CLASSES.map((_, c) => rows.filter((row) => row.gold === c).length);
  const balance = counts.map((count) => rows.length / (classes * Math.max(1, count)));
  for (let epoch = 0; epoch < epochs; epoch += 1) {
    const gradient = new Float64Array(weights.length);
    for (const row of rows) {
      const sums = new Array<number>(classes).fill(0);
      for (const [at, value] of row.cells)
        for (let c = 0; c < classes; c += 1)
          sums[c] = (sums[c] as number) + (weights[at * classes + c] as number) * value;
      const probabilities = softmax(sums);
      for (let c = 0; c < classes; c += 1) {
        const error =
          ((probabilities[c] as number) - (c === row.gold ? 1 : 0)) * (balance[row.gold] as number);
        for (const [at, value] of row.cells)
          gradient[at * classes + c] = (gradient[at * classes + c] as number) + error * value;
      }
    }
    for (let i = 0; i < weights.length; i += 1) {
      const step = (gradient[i] as number) / rows.length + lambda * (weights[i] as number);
      squares[i] = (squares[i] as number) + step * step;
      weights[i] = (weights[i] as number) - (rate / Math.sqrt((squares[i] as number) + 1e-8)) * step;
    }
  }
  return {
    weights: new Map(
      [...index].map(([name, at]) => [name, Array.from(weights.subarray(at * classes, (at + 1) * classes))]),
    ),
  };
}

/** The model as stored, its weights rounded to 4 decimals and its features in a stable order. */
export function clauseModelData(model: ClauseModel, trainedOn: readonly string[]): ClauseModelData {
  return {
    trainedOn,
    features: [...model.weights]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, weights]) => [name, ...weights.map((weight) => Math.round(weight * 1e4) / 1e4)]),
  };
}

export function clauseModelOf(data: ClauseModelData): ClauseModel {
  return { weights: new Map(data.features.map(([name, ...weights]) => [name, weights])) };
}

const PLURAL: Record<ClauseClass, string> = {
  exclusion: 'exclusions',
  maintenance: 'maintenance conditions',
  endorsement: 'endorsements',
  neither: 'neither',
};

/**
 * The clause's own words and word pairs (not its lead-in's or its heading's, named apart), as a reason may
 * quote them: not the tokens that stand for an amount or a number ('ramount', '0').
 */
const OWN_WORDS = /^(?:word|pair):(?!.*\b(?:ramount|0)\b)/;

/**
 * The classifier's reading of a clause beside the cue grammar's. Agreeing, the class stands with the
 * grammar's reason at the lesser confidence of the two, or at the classifier's up to
 * DISAGREEMENT_CONFIDENCE where that is more; differing, the classifier's class stands at no more than
 * DISAGREEMENT_CONFIDENCE, with the words that weighed most for it.
 */
export function readWithModel(model: ClauseModel, clause: PolicyClause, rules: ClauseReading): ClauseReading {
  const features = clauseFeatures(clause, rules);
  const probabilities = classProbabilities(model, features);
  let best = 0;
  for (let c = 1; c < probabilities.length; c += 1)
    if ((probabilities[c] as number) > (probabilities[best] as number)) best = c;
  const type = CLAUSE_CLASSES[best] as ClauseClass;
  const probability = probabilities[best] as number;
  const round = (value: number) => Math.round(value * 100) / 100;
  const scores = Object.fromEntries(
    CLAUSE_CLASSES.map((name, c) => [name, round(probabilities[c] as number)]),
  ) as Record<ClauseClass, number>;
  if (type === rules.class) {
    const confidence = Math.max(
      Math.min(probability, rules.confidence),
      Math.min(probability, DISAGREEMENT_CONFIDENCE),
    );
    return { ...rules, confidence: round(confidence), scores };
  }
  const confidence = round(Math.min(probability, DISAGREEMENT_CONFIDENCE));
  if (type === 'neither')
    return { class: type, confidence, reason: 'says nothing that excludes, requires or extends', scores };
  // The clause's own words (and word pairs) that weighed most for this class against the grammar's.
  const against = CLAUSE_CLASSES.indexOf(rules.class);
  const strongest = [...features]
    .filter(([name]) => OWN_WORDS.test(name))
    .map(([name, value]) => {
      const weights = model.weights.get(name);
      return [
        name,
        weights ? ((weights[best] as number) - (weights[against] as number)) * value : 0,
      ] as const;
    })
    .filter(([, weight]) => weight > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 2)
    .map(([name]) => `"${name.slice(name.indexOf(':') + 1)}"`);
  const where = clause.sectionHeading || clause.heading;
  const words = strongest.length > 0 ? ` (${strongest.join(', ')})` : '';
  return {
    class: type,
    confidence,
    reason: `worded as ${PLURAL[type]} are in the policies the analysis learned from${words}${where === '' ? '' : ` under "${where}"`}`,
    scores,
  };
}
