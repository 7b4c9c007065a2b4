/**
 * Trains the policy analysis's clause classifier (packages/domain/src/policy-analysis/clause-model.ts)
 * on the clause-labelled sets named in POLICY_MODEL_TRAINING_SETS and writes clause-model.json beside
 * it. Run: pnpm --filter @propertydna/domain train:policies [--cross]. `--cross` writes nothing: it
 * prints, for each training set but the tuning set, the clause-level figures of the cue grammar alone
 * and of the grammar with a classifier trained on every other set (leave one set out), so that the
 * classifier is measured on wordings it was not trained on. Node runs the domain's TypeScript itself
 * (type stripping; lib/domain-sources.mjs lets its `./x.js` imports find `./x.ts`).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import './lib/domain-sources.mjs';

const { values } = parseArgs({ options: { cross: { type: 'boolean', default: false } } });
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const analysis = path.join(root, 'packages/domain/src/policy-analysis');
const { analyzePolicyText } = await import(path.join(analysis, 'analyze.ts'));
const { clauseModelData, trainClauseModel } = await import(path.join(analysis, 'clause-model.ts'));
const { clauseExamples, evaluateClauseAnalysis, OPPOSITE_CONFIDENCE } = await import(
  path.join(analysis, 'evaluation.ts')
);
const helpers = await import(path.join(analysis, 'corpus-test-helpers.ts'));

const sets = Object.entries(helpers.POLICY_MODEL_TRAINING_SETS).map(([name, folder]) => {
  const wordings = helpers.readClauseCorpus(folder);
  const examples = wordings.flatMap(clauseExamples);
  return { name, wordings, examples };
});

if (!values.cross) {
  const model = trainClauseModel(sets.flatMap((set) => set.examples));
  const data = clauseModelData(
    model,
    sets.map((set) => set.name),
  );
  const file = path.join(analysis, 'clause-model.json');
  writeFileSync(file, `${JSON.stringify(data)}\n`);
  const examples = sets.reduce((count, set) => count + set.examples.length, 0);
  console.log(
    `${path.relative(root, file)}: ${data.features.length} features, trained on ${examples} clauses of ${sets.map((set) => set.name).join(', ')}`,
  );
} else {
  const figures = (evaluation) => {
    const cell = (score) => `${score.precision.toFixed(2)} / ${score.recall.toFixed(2)}`;
    const high = evaluation.opposites.filter((confidence) => confidence >= OPPOSITE_CONFIDENCE).length;
    return `${cell(evaluation.byType.exclusion)} | ${cell(evaluation.byType.maintenance)} | ${cell(evaluation.byType.endorsement)} | ${cell(evaluation.overall)} | ${high}`;
  };
  console.log(
    '| set left out | method | exclusion P / R | maintenance P / R | endorsement P / R | all P / R | opposites ≥ 0.8 |',
  );
  console.log('|---|---|---|---|---|---|---:|');
  for (const left of sets.filter((set) => set.name !== 'tuning')) {
    const model = trainClauseModel(sets.filter((set) => set !== left).flatMap((set) => set.examples));
    const grammar = evaluateClauseAnalysis(left.wordings, (pages) =>
      analyzePolicyText(pages, { model: null }),
    );
    const both = evaluateClauseAnalysis(left.wordings, (pages) => analyzePolicyText(pages, { model }));
    console.log(`| ${left.name} | cue grammar | ${figures(grammar)} |`);
    console.log(`| ${left.name} | + classifier trained without it | ${figures(both)} |`);
  }
}
