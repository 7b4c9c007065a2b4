import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { corpusVaultKind, proposeFields, type ReadPage } from '@propertydna/domain';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { CORPUS_ROOT, type CorpusSet, readCorpusSpecs } from './corpus-files.js';
import { photoTurn, renderCleanPdf, renderPages, renderPhoto, renderScan } from './render.js';

/**
 * The sources `pnpm bench` reads through the API (scripts/lib/ocr-bench.mjs), written to `--out`:
 * - `certificate-photo.jpg`: a phone photo of a one-page electrical certificate of the tuning set, turned
 *   90° in its pixels (the reader must find the turn);
 * - `policy-scan.pdf`: a 10-page scanned policy, image only (pages of the policy-analysis corpus's
 *   wordings drawn with pdf-lib, rendered by mupdf at 200 dpi, greyscale JPEG at scanner quality);
 * - `eval/<id>.<source>.<ext>` for a few documents of the extraction corpus (`--ids`, of the held-out
 *   set unless `--set` says otherwise), and `manifest.json`: each source's file, content type, kind,
 *   truth, and what the field rules propose from its committed read output (the domain eval's reading of
 *   the same source), so the bench can set the API's end-to-end figures beside the domain eval's.
 */
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    out: { type: 'string' },
    set: { type: 'string', default: 'held-out' },
    ids: { type: 'string', default: '' },
    count: { type: 'string', default: '4' },
    pages: { type: 'string', default: '10' },
  },
});
if (!values.out) throw new Error('--out <dir> is required');
const out = path.resolve(values.out);
mkdirSync(path.join(out, 'eval'), { recursive: true });

// 1. The photographed certificate.
const tuning = readCorpusSpecs('tuning');
const certificate = tuning.find(
  (spec) => spec.truth.certificate_type === 'electrical_coc' && spec.pages.length === 1,
);
if (!certificate) throw new Error('the tuning set has no one-page electrical certificate');
const photo = await renderPhoto(certificate, await renderCleanPdf(certificate), {
  degrees: 90,
  by: 'pixels',
});
writeFileSync(path.join(out, 'certificate-photo.jpg'), photo);

// 2. The 10-page scanned policy.
const wordings = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/domain/src/policy-analysis/corpus',
);
const policyPages: string[] = [];
for (const file of readdirSync(wordings)
  .filter((name) => name.endsWith('.txt'))
  .sort()) {
  for (const page of readFileSync(path.join(wordings, file), 'utf8').split(/^=== page \d+ ===$/m)) {
    if (page.trim()) policyPages.push(page.trim());
  }
}
const pageCount = Number(values.pages);
const textPdf = await PDFDocument.create();
const font = await textPdf.embedFont(StandardFonts.Helvetica);
for (const text of policyPages.slice(0, pageCount)) {
  const page = textPdf.addPage([595, 842]);
  let y = 800;
  for (const line of text.split('\n')) {
    let rest = line.replace(/[^\x20-\x7e\u00a0-\u00ff•’‘“”–—]/g, ' ');
    // Wrapped at the page's width, so every word is on the page.
    while (rest.length > 0 && y > 40) {
      let cut = rest.length;
      while (font.widthOfTextAtSize(rest.slice(0, cut), 9.5) > 515) cut = rest.lastIndexOf(' ', cut - 1);
      page.drawText(rest.slice(0, cut), { x: 40, y, size: 9.5, font });
      rest = rest.slice(cut).trimStart();
      y -= 13;
    }
    if (line.trim() === '') y -= 4;
  }
}
const scanned = await PDFDocument.create();
for (const png of renderPages(await textPdf.save(), 200)) {
  const jpeg = await sharp(png).greyscale().linear(0.8, 30).jpeg({ quality: 60 }).toBuffer();
  const image = await scanned.embedJpg(jpeg);
  scanned.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
}
writeFileSync(path.join(out, 'policy-scan.pdf'), await scanned.save());

// 3. A few corpus documents, each as its three sources.
// The held-out set (never tuned on) when it is there, else the tuning set.
const set: CorpusSet =
  values.set === 'held-out' && readCorpusSpecs('held-out').length === 0
    ? 'tuning'
    : (values.set as CorpusSet);
const all = readCorpusSpecs(set);
const wanted = values.ids ? values.ids.split(',') : [];
const chosen = wanted.length
  ? all.filter((spec) => wanted.includes(spec.id))
  : // A spread: an electrical certificate of compliance and other certificates, a policy, an invoice.
    [
      ...all
        .filter((spec) => spec.kind === 'certificate')
        .sort(
          (a, b) =>
            Number(b.truth.certificate_type === 'electrical_coc') -
            Number(a.truth.certificate_type === 'electrical_coc'),
        )
        .slice(0, Math.max(1, Number(values.count) - 2)),
      ...all.filter((spec) => spec.kind === 'policy').slice(0, 1),
      ...all.filter((spec) => spec.kind === 'invoice').slice(0, 1),
    ];
const manifest = [];
for (const spec of chosen) {
  const clean = await renderCleanPdf(spec);
  const scan = await renderScan(spec, clean);
  const photoOf = await renderPhoto(spec, clean, photoTurn(all.indexOf(spec)));
  const sources = [
    { source: 'clean', file: `${spec.id}.clean.pdf`, bytes: clean, content_type: 'application/pdf' },
    {
      source: 'scan',
      file: `${spec.id}.scan.${scan.extension}`,
      bytes: scan.bytes,
      content_type: scan.extension === 'pdf' ? 'application/pdf' : 'image/jpeg',
    },
    { source: 'photo', file: `${spec.id}.photo.jpg`, bytes: photoOf, content_type: 'image/jpeg' },
  ] as const;
  for (const source of sources) {
    writeFileSync(path.join(out, 'eval', source.file), source.bytes);
    const committed = path.join(CORPUS_ROOT, set, `${spec.id}.${source.source}.read.json`);
    const documentKind = corpusVaultKind(spec);
    manifest.push({
      id: spec.id,
      kind: spec.kind,
      source: source.source,
      file: source.file,
      content_type: source.content_type,
      document_kind: documentKind,
      truth: spec.truth,
      domain: existsSync(committed)
        ? proposeFields(JSON.parse(readFileSync(committed, 'utf8')) as ReadPage[], { documentKind })
        : null,
    });
  }
}
writeFileSync(
  path.join(out, 'manifest.json'),
  JSON.stringify(
    {
      certificate: { id: certificate.id, file: 'certificate-photo.jpg', turned: 90 },
      policy: { file: 'policy-scan.pdf', pages: Math.min(pageCount, policyPages.length) },
      set,
      sources: manifest,
    },
    null,
    2,
  ),
);
console.log(
  `bench sources in ${out}: a certificate photo (${certificate.id}), a ${Math.min(pageCount, policyPages.length)}-page scanned policy, ${manifest.length} corpus sources of ${set}`,
);
