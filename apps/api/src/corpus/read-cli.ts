import { createReadStream, existsSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { ReadPage } from '@propertydna/domain';
import { createDocumentReader, defaultOcrWorkers } from '../modules/extraction/reader/index.js';
import { CORPUS_ROOT, corpusArguments, generatedFolder, readCorpusSpecs } from './corpus-files.js';

/**
 * `pnpm --filter @propertydna/api corpus:read [--set tuning|held-out|held-out-2|held-out-3] [--id <id>] [--source clean|scan|photo]`: runs every source
 * made by corpus:make through the product's reader and writes `<id>.<clean|scan|photo>.read.json`
 * (ReadPage[]) next to its spec, for the domain's eval:extraction. Word arrays are dropped, boxes
 * rounded to 4 decimals and confidences to 3 (the files are committed). An unreadable source gives [].
 * OCR_WORKERS and OCR_TIME_LIMIT_SECONDS (per source, default 300) as for the server.
 */
const SOURCES = [
  ['clean', 'clean.pdf', 'application/pdf'],
  ['scan', 'scan.jpg', 'image/jpeg'],
  ['scan', 'scan.pdf', 'application/pdf'],
  ['photo', 'photo.jpg', 'image/jpeg'],
] as const;

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** A page as committed: lines only, numbers rounded. */
function compact(page: ReadPage): ReadPage {
  return {
    page: page.page,
    source: page.source,
    width: page.width,
    height: page.height,
    lines: page.lines.map((line) => ({
      text: line.text,
      box: {
        x: round(line.box.x, 4),
        y: round(line.box.y, 4),
        w: round(line.box.w, 4),
        h: round(line.box.h, 4),
      },
      confidence: round(line.confidence, 3),
      words: [],
    })),
  };
}

/** JSON with one read line a line, so that a change to a reading shows as a readable diff. */
function formatPages(pages: ReadPage[]): string {
  const body = pages.map((page) => {
    const { lines, ...rest } = page;
    const head = JSON.stringify(rest).slice(0, -1);
    return `${head},"lines":[\n${lines.map((line) => JSON.stringify(line)).join(',\n')}\n]}`;
  });
  return `[\n${body.join(',\n')}\n]\n`;
}

const { sets, ids, sources } = corpusArguments(process.argv.slice(2));
const workers = Number(process.env.OCR_WORKERS) || defaultOcrWorkers(availableParallelism());
const timeLimitSeconds = Number(process.env.OCR_TIME_LIMIT_SECONDS) || 300;
const reader = createDocumentReader({ workers, pageLimit: 50, timeLimitSeconds });
try {
  for (const set of sets) {
    const jobs = readCorpusSpecs(set, ids).flatMap((spec) =>
      SOURCES.map(([source, suffix, contentType]) => ({
        spec,
        source,
        file: path.join(generatedFolder(set), `${spec.id}.${suffix}`),
        contentType,
      })).filter((job) => existsSync(job.file) && (sources.length === 0 || sources.includes(job.source))),
    );
    // As many documents at once as there are OCR workers, so none sits idle.
    let next = 0;
    const run = async () => {
      while (next < jobs.length) {
        const job = jobs[next++] as (typeof jobs)[number];
        const started = Date.now();
        const result = await reader.read(createReadStream(job.file), job.contentType);
        const pages = result.status === 'done' ? result.pages.map(compact) : [];
        const out = path.join(CORPUS_ROOT, set, `${job.spec.id}.${job.source}.read.json`);
        writeFileSync(out, formatPages(pages));
        const lines = pages.reduce((sum, page) => sum + page.lines.length, 0);
        const note = result.message ? ` – ${result.message}` : '';
        console.log(
          `${set}/${job.spec.id}.${job.source}: ${result.status}, ${pages.length} page(s), ${lines} lines (${Date.now() - started} ms)${note}`,
        );
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, workers) }, run));
  }
} finally {
  await reader.close();
}
