/**
 * Writes the extraction corpus's tuning specs (packages/domain/src/extraction/corpus/tuning/*.json)
 * from the documents described in certificates.mjs, policies.mjs and invoices.mjs. Run: node
 * scripts/corpus/make-tuning-specs.mjs, then `npx biome format --write` on the folder. The held-out
 * set is written by hand by someone else and never generated here.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { certificateSpecs } from './certificates.mjs';
import { invoiceSpecs } from './invoices.mjs';
import { policySpecs } from './policies.mjs';

const folder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/domain/src/extraction/corpus/tuning',
);
mkdirSync(folder, { recursive: true });
const specs = [...certificateSpecs(), ...policySpecs(), ...invoiceSpecs()];
const ids = new Set(specs.map((spec) => spec.id));
if (ids.size !== specs.length) throw new Error('Two specs share an id');
// Specs no longer described (and their read outputs) go.
for (const file of readdirSync(folder)) {
  if (!ids.has(file.split('.')[0])) rmSync(path.join(folder, file));
}
for (const spec of specs)
  writeFileSync(path.join(folder, `${spec.id}.json`), `${JSON.stringify(spec, null, 2)}\n`);
console.log(`${specs.length} specs in ${path.relative(process.cwd(), folder)}`);
