import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseClauseLabels } from './clause-labels.js';
import {
  type ClauseLabelledWording,
  corpusWordings,
  type LabelledWording,
  parseCorpusPages,
} from './evaluation.js';

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

/** The clause-labelled wordings (`.txt` + `.clauses`): tuning ones here, held-out ones in its held-out/. */
export const POLICY_CLAUSE_CORPUS = path.join(POLICY_CORPUS, 'clauses');
export const POLICY_CLAUSE_HELD_OUT = path.join(POLICY_CLAUSE_CORPUS, 'held-out');
/** A second held-out set, written blind after the first was scored (and looked at); scored when named. */
export const POLICY_CLAUSE_HELD_OUT_2 = path.join(POLICY_CLAUSE_CORPUS, 'held-out-2');
/** A third held-out set, written blind after the second (issue 28); scored when named. */
export const POLICY_CLAUSE_HELD_OUT_3 = path.join(POLICY_CLAUSE_CORPUS, 'held-out-3');
/** A fourth held-out set, written blind after the third (issue 28); scored when named. */
export const POLICY_CLAUSE_HELD_OUT_4 = path.join(POLICY_CLAUSE_CORPUS, 'held-out-4');
/** A fifth held-out set, written blind after the fourth (issue 28); scored when named. */
export const POLICY_CLAUSE_HELD_OUT_5 = path.join(POLICY_CLAUSE_CORPUS, 'held-out-5');
/** A sixth held-out set, written blind after the fifth (issue 28); scored when named. */
export const POLICY_CLAUSE_HELD_OUT_6 = path.join(POLICY_CLAUSE_CORPUS, 'held-out-6');
/** A seventh held-out set, written blind after the sixth (issue 28); scored when named. */
export const POLICY_CLAUSE_HELD_OUT_7 = path.join(POLICY_CLAUSE_CORPUS, 'held-out-7');
/** An eighth held-out set, written blind after the seventh (issue 28); scored when named. */
export const POLICY_CLAUSE_HELD_OUT_8 = path.join(POLICY_CLAUSE_CORPUS, 'held-out-8');
/** A ninth held-out set, written blind after the eighth (issue 28); scored when named. */
export const POLICY_CLAUSE_HELD_OUT_9 = path.join(POLICY_CLAUSE_CORPUS, 'held-out-9');
/** A tenth held-out set, written blind after the classifier was trained on the ninth; scored when named. */
export const POLICY_CLAUSE_HELD_OUT_10 = path.join(POLICY_CLAUSE_CORPUS, 'held-out-10');
/** An eleventh held-out set, written blind after the classifier was trained on the tenth; scored when named. */
export const POLICY_CLAUSE_HELD_OUT_11 = path.join(POLICY_CLAUSE_CORPUS, 'held-out-11');
/** A twelfth held-out set, written blind after the classifier was trained on the eleventh; scored when named. */
export const POLICY_CLAUSE_HELD_OUT_12 = path.join(POLICY_CLAUSE_CORPUS, 'held-out-12');
/** A thirteenth held-out set, written blind after the classifier was trained on the twelfth; scored when named. */
export const POLICY_CLAUSE_HELD_OUT_13 = path.join(POLICY_CLAUSE_CORPUS, 'held-out-13');
/** A fourteenth held-out set, written blind after the thirteenth was scored; scored when named. */
export const POLICY_CLAUSE_HELD_OUT_14 = path.join(POLICY_CLAUSE_CORPUS, 'held-out-14');

/**
 * The labelled sets the shipped clause classifier (clause-model.json) is trained on, by name: the tuning
 * set and held-out to held-out-12 (held-out-9 to held-out-12 were each scored blind by a classifier trained
 * without them, then looked at). Not held-out-13 or held-out-14: written after the method and never tuned
 * on, they measure it (evaluation.test.ts); a set joins these only after a newer blind set is written.
 */
export const POLICY_MODEL_TRAINING_SETS: Readonly<Record<string, string>> = {
  tuning: POLICY_CLAUSE_CORPUS,
  'held-out': POLICY_CLAUSE_HELD_OUT,
  'held-out-2': POLICY_CLAUSE_HELD_OUT_2,
  'held-out-3': POLICY_CLAUSE_HELD_OUT_3,
  'held-out-4': POLICY_CLAUSE_HELD_OUT_4,
  'held-out-5': POLICY_CLAUSE_HELD_OUT_5,
  'held-out-6': POLICY_CLAUSE_HELD_OUT_6,
  'held-out-7': POLICY_CLAUSE_HELD_OUT_7,
  'held-out-8': POLICY_CLAUSE_HELD_OUT_8,
  'held-out-9': POLICY_CLAUSE_HELD_OUT_9,
  'held-out-10': POLICY_CLAUSE_HELD_OUT_10,
  'held-out-11': POLICY_CLAUSE_HELD_OUT_11,
  'held-out-12': POLICY_CLAUSE_HELD_OUT_12,
};

/** The clause-labelled wordings of a folder, read from disk (each `.clauses` with its `.txt`). */
export function readClauseCorpus(folder: string): ClauseLabelledWording[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.clauses'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.clauses'.length);
      const labels = parseClauseLabels(readFileSync(path.join(folder, file), 'utf8'));
      const pages = parseCorpusPages(readFileSync(path.join(folder, `${name}.txt`), 'utf8'));
      return { name, pages, ...labels };
    });
}
