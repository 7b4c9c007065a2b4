/**
 * Prints the policy analysis's precision and recall over the labelled wordings in
 * packages/domain/src/policy-analysis/corpus/ and, separately, over the held-out ones in its held-out/
 * folder (written after the analyser, never tuned against). Run: pnpm --filter @propertydna/domain run
 * eval:policies. Node runs the domain's TypeScript itself (type stripping); the hook below lets its
 * `./x.js` imports find `./x.ts`.
 */
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
const { evaluatePolicyAnalysis, formatPolicyEvaluation } = await import(path.join(analysis, 'evaluation.ts'));
const { POLICY_CORPUS, POLICY_HELD_OUT, readPolicyCorpus } = await import(
  path.join(analysis, 'corpus-test-helpers.ts')
);

for (const [title, folder] of [
  ['Labelled corpus', POLICY_CORPUS],
  ['Held-out wordings', POLICY_HELD_OUT],
]) {
  const wordings = readPolicyCorpus(folder);
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
