import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { corpusArguments, generatedFolder, readCorpusSpecs } from './corpus-files.js';
import { photoTurn, renderCleanPdf, renderPhoto, renderScan } from './render.js';

/**
 * `pnpm --filter @propertydna/api corpus:make [--set tuning|held-out|held-out-2|held-out-3] [--id <id>]`: draws each spec of
 * the extraction corpus as `<id>.clean.pdf`, `<id>.scan.jpg|pdf` and `<id>.photo.jpg` in
 * packages/domain/src/extraction/corpus/.generated/<set>/ (gitignored). A photo's turn depends on the
 * document's place in its set, so adding a spec can change other photos: make the whole set again.
 */
const { sets, ids } = corpusArguments(process.argv.slice(2));
for (const set of sets) {
  const all = readCorpusSpecs(set);
  const specs = all.filter((spec) => ids.length === 0 || ids.includes(spec.id));
  if (specs.length === 0) continue;
  const folder = generatedFolder(set);
  mkdirSync(folder, { recursive: true });
  for (const spec of specs) {
    const started = Date.now();
    const clean = await renderCleanPdf(spec);
    writeFileSync(path.join(folder, `${spec.id}.clean.pdf`), clean);
    const scan = await renderScan(spec, clean);
    // A spec that changed from one page to several (or back) leaves no stale scan behind.
    rmSync(path.join(folder, `${spec.id}.scan.${scan.extension === 'jpg' ? 'pdf' : 'jpg'}`), { force: true });
    writeFileSync(path.join(folder, `${spec.id}.scan.${scan.extension}`), scan.bytes);
    const turn = photoTurn(all.indexOf(spec));
    writeFileSync(path.join(folder, `${spec.id}.photo.jpg`), await renderPhoto(spec, clean, turn));
    const turned = turn.degrees === 0 ? '' : `, photo turned ${turn.degrees}° (${turn.by})`;
    console.log(
      `${set}/${spec.id}: ${spec.pages.length} page(s), scan ${scan.extension} at ${scan.dpi} dpi${turned} (${Date.now() - started} ms)`,
    );
  }
}
