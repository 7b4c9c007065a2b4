/**
 * Prints the field rules' precision and recall over the extraction corpus (packages/domain/src/
 * extraction/corpus/README.md): `proposeFields` on every committed read output (clean PDF, scan,
 * photo) of the tuning set and, separately, of the held-out set (written after the rules, never tuned
 * on), compared with each document's truth. Run: pnpm --filter @propertydna/domain run eval:extraction
 * [-- --mistakes] [--set tuning|held-out|held-out-2|…|held-out-7]. The third held-out set and later ones (written blind
 * to the rules) are scored only when named: `--set held-out-7`. Figures are reported, not asserted: it fails
 * only on a crash.
 * Node runs the domain's TypeScript itself (type stripping); lib/domain-sources.mjs lets `./x.js` imports find `./x.ts`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import './lib/domain-sources.mjs';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { mistakes: { type: 'boolean', default: false }, set: { type: 'string' } },
});
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const domain = path.join(root, 'packages/domain/src');
const corpus = path.join(domain, 'extraction/corpus');
const extraction = path.join(domain, 'extraction');
const { corpusSpecSchema, corpusVaultKind, CORPUS_SOURCES } = await import(
  path.join(extraction, 'corpus-spec.ts')
);
const { evaluateExtraction, formatExtractionEvaluation } = await import(
  path.join(extraction, 'evaluation.ts')
);
const rules = path.join(extraction, 'fields/index.ts');
if (!existsSync(rules)) {
  console.log(
    'The field rules (packages/domain/src/extraction/fields/) are not there yet: nothing to measure.',
  );
  process.exit(0);
}
const { proposeFields } = await import(rules);

const SETS = [
  ['tuning', 'Tuning set'],
  ['held-out', 'Held-out set (written after the rules, never tuned on)'],
  ['held-out-2', 'Second held-out set (written blind to the rules; scored once, then tuned on)'],
  ['held-out-3', 'Third held-out set (written blind to the rules; scored once, then tuned on)'],
  ['held-out-4', 'Fourth held-out set (written blind to the rules; scored once, then tuned on)'],
  ['held-out-5', 'Fifth held-out set (written blind to the rules; scored once, then tuned on)'],
  ['held-out-6', 'Sixth held-out set (written blind to the rules; scored once, then tuned on)'],
  ['held-out-7', 'Seventh held-out set (written blind to the rules, never tuned on)'],
];
if (values.set && !SETS.some(([set]) => set === values.set)) {
  console.error(`--set is one of ${SETS.map(([set]) => set).join(', ')}`);
  process.exit(2);
}
for (const [set, title] of SETS) {
  // The held-out sets after the second are scored only when named.
  if (values.set ? values.set !== set : !['tuning', 'held-out', 'held-out-2'].includes(set)) continue;
  const folder = path.join(corpus, set);
  if (!existsSync(folder)) continue;
  const readings = [];
  const unread = [];
  for (const file of readdirSync(folder)
    .filter((name) => /^[^.]+\.json$/.test(name))
    .sort()) {
    const spec = corpusSpecSchema.parse(JSON.parse(readFileSync(path.join(folder, file), 'utf8')));
    for (const source of CORPUS_SOURCES) {
      const read = path.join(folder, `${spec.id}.${source}.read.json`);
      if (!existsSync(read)) {
        unread.push(`${spec.id}.${source}`);
        continue;
      }
      const pages = JSON.parse(readFileSync(read, 'utf8'));
      const proposal = proposeFields(pages, { documentKind: corpusVaultKind(spec) });
      readings.push({ id: spec.id, kind: spec.kind, source, truth: spec.truth, proposal });
    }
  }
  if (readings.length === 0 && unread.length === 0) continue;
  console.log(formatExtractionEvaluation(title, evaluateExtraction(readings), { mistakes: values.mistakes }));
  if (unread.length > 0) {
    const shown = unread.slice(0, 6).join(', ');
    console.log(
      `\nNot read yet (${unread.length} sources; run corpus:read): ${shown}${unread.length > 6 ? ', …' : ''}`,
    );
  }
  console.log('');
}
