import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusWordings, type LabelledWording } from './evaluation.js';

/** The labelled wordings (corpus/) and those written after the analyser was done (corpus/held-out/). */
export const POLICY_CORPUS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'corpus');
export const POLICY_HELD_OUT = path.join(POLICY_CORPUS, 'held-out');

/** The labelled wordings of a corpus folder, read from disk (for tests and the eval:policies script). */
export function readPolicyCorpus(folder: string): LabelledWording[] {
  const files = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => [entry.name, readFileSync(path.join(folder, entry.name), 'utf8')]);
  return corpusWordings(Object.fromEntries(files));
}
