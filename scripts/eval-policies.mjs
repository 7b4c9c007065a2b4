/**
 * Prints the policy analysis's clause-level precision and recall per class (issue 28) over the
 * clause-labelled wordings in packages/domain/src/policy-analysis/corpus/clauses/ (the tuning set) and,
 * separately, its held-out/ folder (written blind, never tuned on), with opposite-class errors, the
 * paragraph counts and topic agreement. Run: pnpm --filter @propertydna/domain eval:policies
 * [--set tuning|held-out|held-out-2|…|held-out-14, several joined by commas] [--mistakes] [--rules] [--old]. held-out-2 to held-out-14 (each
 * written blind after the one before was looked at) are scored only when named. `--set tuning` prints the tuning set only (what an
 * engineer tuning the analysis may look at); `--mistakes` lists each miss; `--rules` scores the cue grammar alone, without the clause
 * classifier beside it; `--old` adds the older
 * finding-key measure over corpus/ and corpus/held-out/. Node runs the domain's TypeScript itself (type
 * stripping; lib/domain-sources.mjs lets its `./x.js` imports find `./x.ts`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import './lib/domain-sources.mjs';

const { values } = parseArgs({
  options: {
    set: { type: 'string', default: 'all' },
    mistakes: { type: 'boolean', default: false },
    rules: { type: 'boolean', default: false },
    old: { type: 'boolean', default: false },
  },
});
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const analysis = path.join(root, 'packages/domain/src/policy-analysis');
const { analyzePolicyText } = await import(path.join(analysis, 'analyze.ts'));
const { splitPolicyClauses } = await import(path.join(analysis, 'clauses.ts'));
const { evaluateClauseAnalysis, evaluatePolicyAnalysis, formatClauseEvaluation, formatPolicyEvaluation } =
  await import(path.join(analysis, 'evaluation.ts'));
const helpers = await import(path.join(analysis, 'corpus-test-helpers.ts'));

/** Every set: its name, its title and its folder; the held-out sets after the first are scored only when named. */
const ALL_SETS = [
  ['tuning', 'Tuning wordings (corpus/clauses/)', helpers.POLICY_CLAUSE_CORPUS],
  [
    'held-out',
    'Held-out wordings (corpus/clauses/held-out/; scored once, then looked at)',
    helpers.POLICY_CLAUSE_HELD_OUT,
  ],
  ...[
    ['held-out-2', 'Second', 'scored once, then looked at'],
    ['held-out-3', 'Third', 'scored once, then looked at'],
    ['held-out-4', 'Fourth', 'scored once, then looked at'],
    ['held-out-5', 'Fifth', 'scored once, then looked at'],
    ['held-out-6', 'Sixth', 'scored once, then looked at'],
    ['held-out-7', 'Seventh', 'scored once, then looked at'],
    ['held-out-8', 'Eighth', 'scored once, then looked at'],
    ['held-out-9', 'Ninth', 'scored once, then looked at and trained on'],
    ['held-out-10', 'Tenth', 'scored once, then looked at and trained on'],
    ['held-out-11', 'Eleventh', 'scored once, then looked at and trained on'],
    ['held-out-12', 'Twelfth', 'scored once, then looked at and trained on'],
    ['held-out-13', 'Thirteenth', 'never tuned on'],
    ['held-out-14', 'Fourteenth', 'never tuned on'],
  ].map(([set, ordinal, state]) => [
    set,
    `${ordinal} held-out wordings (corpus/clauses/${set}/; written blind, ${state})`,
    helpers[`POLICY_CLAUSE_${set.toUpperCase().replaceAll('-', '_')}`],
  ]),
];
const names = ALL_SETS.map(([set]) => set);
// One set, several joined by commas (each printed, then all of them together), or all.
const named = values.set.split(',');
if (values.set !== 'all' && !named.every((set) => names.includes(set))) {
  console.error(`--set is ${names.join(', ')} (several joined by commas) or all`);
  process.exit(2);
}
// The newer held-out sets are scored only when named, so that no run over every set shows their figures.
const sets = ALL_SETS.filter(([set]) =>
  values.set === 'all' ? set === 'tuning' || set === 'held-out' : named.includes(set),
);
const analyze = (pages) => analyzePolicyText(pages, values.rules ? { model: null } : {});
const countClauses = (pages) => splitPolicyClauses(pages).length;

for (const [, title, folder] of sets) {
  const wordings = helpers.readClauseCorpus(folder);
  if (wordings.length === 0) {
    console.log(`### ${title}\n\nNo wordings yet.\n`);
    continue;
  }
  const names = wordings.map((wording) => wording.name).join(', ');
  const evaluation = evaluateClauseAnalysis(wordings, analyze, countClauses);
  console.log(
    formatClauseEvaluation(
      `${title}${values.rules ? ', the cue grammar alone' : ''}: ${wordings.length} (${names})`,
      evaluation,
      values.mistakes,
    ),
  );
  console.log('');
}

if (named.length > 1) {
  const wordings = sets.flatMap(([, , folder]) => helpers.readClauseCorpus(folder));
  const evaluation = evaluateClauseAnalysis(wordings, analyze, countClauses);
  const title = `${named.join(' + ')} together${values.rules ? ', the cue grammar alone' : ''}: ${wordings.length} wordings`;
  console.log(formatClauseEvaluation(title, evaluation, false));
  console.log('');
}

if (values.old) {
  for (const [set, title, folder] of [
    ['tuning', 'Finding keys, labelled corpus (corpus/)', helpers.POLICY_CORPUS],
    ['held-out', 'Finding keys, held-out wordings (corpus/held-out/)', helpers.POLICY_HELD_OUT],
  ]) {
    if (values.set !== 'all' && values.set !== set) continue;
    const wordings = helpers.readPolicyCorpus(folder);
    console.log(
      formatPolicyEvaluation(
        `${title} (${wordings.length})`,
        evaluatePolicyAnalysis(wordings, analyzePolicyText),
      ),
    );
    console.log('');
  }
}
