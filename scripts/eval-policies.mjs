/**
 * Prints the policy analysis's precision and recall over the labelled wordings in
 * packages/domain/src/policy-analysis/corpus/ and, separately, over the held-out ones in its held-out/
 * folder (written after the analyser, never tuned against). Run: pnpm --filter @propertydna/domain run
 * eval:policies. Node runs the domain's TypeScript itself (type stripping); the hook below lets its
 * `./x.js` imports find `./x.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (!specifier.startsWith('.') || !specifier.endsWith('.js')) throw error;
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
  },
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const analysis = path.join(root, 'packages/domain/src/policy-analysis');
const { analyzePolicyText } = await import(path.join(analysis, 'analyze.ts'));
const { evaluatePolicyAnalysis, formatPolicyEvaluation, parseCorpusLabels, parseCorpusPages } = await import(
  path.join(analysis, 'evaluation.ts')
);

function wordingsIn(folder) {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.txt'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -4);
      return {
        name,
        pages: parseCorpusPages(readFileSync(path.join(folder, file), 'utf8')),
        labels: parseCorpusLabels(readFileSync(path.join(folder, `${name}.labels`), 'utf8')),
      };
    });
}

const corpus = path.join(analysis, 'corpus');
for (const [title, folder] of [
  ['Labelled corpus', corpus],
  ['Held-out wordings', path.join(corpus, 'held-out')],
]) {
  const wordings = wordingsIn(folder);
  if (wordings.length === 0) continue;
  const names = wordings.map((wording) => wording.name).join(', ');
  console.log(
    formatPolicyEvaluation(
      `${title} (${wordings.length}: ${names})`,
      evaluatePolicyAnalysis(wordings, analyzePolicyText),
    ),
  );
  console.log('');
}
