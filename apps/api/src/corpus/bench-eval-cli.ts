import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CORPUS_SOURCES, type FieldProposal } from '@propertydna/domain';
// The corpus's scoring is a tool of the domain's eval, not part of the package's exports.
import {
  type CorpusReading,
  EXTRACTION_TARGETS,
  type ExtractionScore,
  evaluateExtraction,
  formatExtractionEvaluation,
} from '../../../../packages/domain/src/extraction/evaluation.js';

/**
 * The end-to-end half of the extraction eval, for `pnpm bench` (scripts/lib/ocr-bench.mjs): the fields
 * the API proposed for each corpus source it read (`results.json`, written by the bench) scored against
 * the sources' truth, beside the domain eval's figures for the same sources (the field rules on their
 * committed read outputs, in `manifest.json`: see bench-sources-cli.ts).
 */
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { dir: { type: 'string' } },
});
if (!values.dir) throw new Error('--dir <dir> is required');

interface ManifestSource extends Omit<CorpusReading, 'proposal'> {
  file: string;
  domain: FieldProposal | null;
}
const manifest = JSON.parse(readFileSync(path.join(values.dir, 'manifest.json'), 'utf8')) as {
  set: string;
  sources: ManifestSource[];
};
const results = JSON.parse(readFileSync(path.join(values.dir, 'results.json'), 'utf8')) as Record<
  string,
  FieldProposal | undefined
>;

const reading = (source: ManifestSource, proposal: FieldProposal): CorpusReading => ({
  id: source.id,
  kind: source.kind,
  source: source.source,
  truth: source.truth,
  proposal,
});
const api = manifest.sources.flatMap((source) => {
  const proposal = results[source.file];
  return proposal ? [reading(source, proposal)] : [];
});
const domain = manifest.sources.flatMap((source) => (source.domain ? [reading(source, source.domain)] : []));
const documents = new Set(manifest.sources.map((source) => source.id)).size;

const apiEvaluation = evaluateExtraction(api);
const domainEvaluation = domain.length > 0 ? evaluateExtraction(domain) : null;
const figure = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : value.toFixed(2);
const pair = (score: ExtractionScore | undefined) =>
  score ? `${figure(score.precision)} / ${figure(score.recall)}` : '–';

console.log(
  `\nExtraction end to end through the API: ${api.length} sources of ${documents} ${manifest.set} documents (precision / recall; domain eval: the field rules on the same sources' committed read outputs${domain.length === 0 ? ', none committed yet' : ''})\n`,
);
console.log(
  `| field | ${CORPUS_SOURCES.map((source) => `${source}: API | ${source}: domain`).join(' | ')} |`,
);
console.log(`|---|${CORPUS_SOURCES.map(() => '---|---').join('|')}|`);
for (const name of [...EXTRACTION_TARGETS.fields, 'all fields'] as const) {
  const cells = CORPUS_SOURCES.map((source) => {
    const of = (evaluation: typeof apiEvaluation | null) =>
      evaluation
        ? name === 'all fields'
          ? evaluation.bySource[source]
          : evaluation.byField[source][name]
        : undefined;
    return `${pair(of(apiEvaluation))} | ${domainEvaluation ? pair(of(domainEvaluation)) : 'not read'}`;
  });
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}
console.log('');
console.log(formatExtractionEvaluation('Through the API (OCR in the server)', apiEvaluation));
if (domainEvaluation) {
  console.log('');
  console.log(formatExtractionEvaluation('Domain eval, the same sources', domainEvaluation));
}
