import { Readable } from 'node:stream';
import {
  analyzePolicyText,
  evaluateClauseAnalysis,
  hasTextLayer,
  POLICY_CLAUSE_FINDING_TYPES,
} from '@propertydna/domain';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
// The corpus of invented, labelled policy wordings lives with the analysis, in the domain package.
import {
  POLICY_CLAUSE_CORPUS,
  readClauseCorpus,
} from '../../../../../packages/domain/src/policy-analysis/corpus-test-helpers.js';
import { measureRssGrowth } from '../../../test/support/memory.js';
import { flateBombPdf, GiB, MiB, pdfOf, scanLikePdf } from '../../../test/support/policy-pdf.js';
import {
  extractPdfPages,
  MAX_DOCUMENT_INFLATED_BYTES,
  MAX_STREAM_INFLATED_BYTES,
  type PdfTextItem,
  pageText,
} from './pdf-text.js';

/**
 * A PDF that asks for a password: a plain one whose trailer gains a Standard security handler whose
 * keys no empty password opens (inserted before the trailer's other entries, so no offset moves).
 */
async function passwordPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  const text = Buffer.from(await pdf.save({ useObjectStreams: false })).toString('latin1');
  const key = 'ab'.repeat(32);
  const encrypt = `/Encrypt << /Filter /Standard /V 1 /R 2 /O <${key}> /U <${key}> /P -4 >> /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>] `;
  const marked = text.replace(/trailer\s*<</, (match) => `${match}\n${encrypt}`);
  expect(marked).not.toBe(text);
  return Buffer.from(marked, 'latin1');
}

describe('pageText', () => {
  const item = (str: string, y: number, hasEOL = false): PdfTextItem => ({
    str,
    transform: [9, 0, 0, 9, 40, y],
    height: 9,
    hasEOL,
  });

  it('joins a line’s items, breaks lines, and leaves a blank line at a paragraph gap', () => {
    const items = [
      item('4.1 We will ', 800),
      item('not pay', 800, true),
      item('for wear and tear.', 788, true),
      item('', 788, true),
      item('GENERAL CONDITIONS', 760),
      item('You must keep the roof in repair.', 748),
    ];
    expect(pageText(items)).toBe(
      '4.1 We will not pay\nfor wear and tear.\n\nGENERAL CONDITIONS\nYou must keep the roof in repair.',
    );
  });

  it('falls back on the font size, or a default, where an item has no height', () => {
    expect(
      pageText([{ str: 'a', transform: [0, 0, 0, 12, 0, 700], height: 0, hasEOL: true }, item('b', 650)]),
    ).toBe('a\n\nb');
    expect(pageText([{ str: 'a', transform: [], height: 0, hasEOL: false }])).toBe('a');
    expect(pageText([])).toBe('');
  });
});

describe('extractPdfPages', () => {
  // The clause-labelled tuning wordings (the held-out ones are scored by the lead alone).
  const labelled = readClauseCorpus(POLICY_CLAUSE_CORPUS);
  const extracted = new Map<string, string[]>();

  beforeAll(async () => {
    // One real PDF of every wording's pages, read once (one reader process, not one a wording), then
    // cut back into the wordings by their page counts.
    const result = await extractPdfPages(await pdfOf(labelled.flatMap((wording) => wording.pages)), {
      timeoutMs: 110_000,
    });
    if (!result.ok) throw new Error(result.error);
    let start = 0;
    for (const wording of labelled) {
      extracted.set(wording.name, result.pages.slice(start, start + wording.pages.length));
      start += wording.pages.length;
    }
  }, 120_000);

  it('reads every page of the corpus PDFs back, line for line', () => {
    for (const wording of labelled) {
      const pages = extracted.get(wording.name) as string[];
      expect(pages, wording.name).toHaveLength(wording.pages.length);
      pages.forEach((page, index) => {
        const fold = (text: string) => text.replace(/\s+/g, ' ').trim();
        expect(fold(page), `${wording.name} page ${index + 1}`).toBe(fold(wording.pages[index] as string));
      });
      expect(hasTextLayer(pages)).toBe(true);
    }
  });

  it('keeps paragraph breaks as blank lines', () => {
    const [first] = extracted.get('fynbos-direct') as string[];
    expect(first).toContain('product.\n\nAbout this document\n');
  });

  it('gives the analysis the same findings from the PDFs as from the text', () => {
    const fromText = evaluateClauseAnalysis(labelled, analyzePolicyText);
    const fromPdf = evaluateClauseAnalysis(
      labelled.map((wording) => ({ ...wording, pages: extracted.get(wording.name) as string[] })),
      analyzePolicyText,
    );
    expect(fromPdf).toEqual(fromText);
    expect(fromPdf.overall.precision).toBeGreaterThanOrEqual(0.9);
    for (const type of POLICY_CLAUSE_FINDING_TYPES) {
      expect(fromPdf.byType[type].recall).toBeGreaterThanOrEqual(0.8);
    }
  });

  it('reads a stream such as the file store gives, in chunks', async () => {
    const bytes = await pdfOf(['We will not pay for wear and tear.', 'Page two.']);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 100) }, (_, i) =>
      bytes.subarray(i * 100, i * 100 + 100),
    );
    expect(await extractPdfPages(Readable.from(chunks))).toEqual({
      ok: true,
      pages: ['We will not pay for wear and tear.', 'Page two.'],
    });
  });

  it('answers empty pages for a PDF without a text layer, which hasTextLayer tells apart', async () => {
    const result = await extractPdfPages(await scanLikePdf());
    expect(result).toEqual({ ok: true, pages: [''] });
    expect(hasTextLayer(result.ok ? result.pages : [])).toBe(false);
  });

  it('reads one file at a time however many are asked at once, each in its own process', async () => {
    const files = await Promise.all(['One.', 'Two.', 'Three.'].map((text) => pdfOf([text])));
    const { result, growth } = await measureRssGrowth(() =>
      Promise.all(files.map((file) => extractPdfPages(file))),
    );
    expect(result).toEqual([
      { ok: true, pages: ['One.'] },
      { ok: true, pages: ['Two.'] },
      { ok: true, pages: ['Three.'] },
    ]);
    if (process.platform === 'linux') expect(growth.maxChildren).toBe(1);
  });

  it('does not read a file over the size limit, from bytes or from a stream (which it stops)', async () => {
    const bytes = await pdfOf(['Some text.']);
    expect(await extractPdfPages(bytes, { maxBytes: 100 })).toEqual({
      ok: false,
      reason: 'too_large',
      error: 'The PDF could not be read: it is larger than 0 MB.',
    });
    const stream = Readable.from([bytes.subarray(0, 80), bytes.subarray(80, 160), bytes.subarray(160)]);
    expect(await extractPdfPages(stream, { maxBytes: 100 })).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
    expect(stream.destroyed).toBe(true);
  });

  it('does not read a file with more pages than the limit', async () => {
    expect(await extractPdfPages(await pdfOf(['One.', 'Two.', 'Three.']), { maxPages: 2 })).toEqual({
      ok: false,
      reason: 'too_many_pages',
      error: 'The PDF could not be read: it has more than 2 pages.',
    });
  });

  it('gives up when reading takes longer than the time budget', async () => {
    expect(await extractPdfPages(await pdfOf(['Text.']), { timeoutMs: 1 })).toMatchObject({
      ok: false,
      reason: 'timeout',
    });
  });

  it('answers could-not-read for a password, a damaged file, no PDF at all and an empty file', async () => {
    expect(await extractPdfPages(await passwordPdf())).toEqual({
      ok: false,
      reason: 'encrypted',
      error: 'The PDF could not be read: it is protected by a password.',
    });
    const damaged = (await pdfOf(['Some text.'])).subarray(0, 200);
    for (const bytes of [damaged, new TextEncoder().encode('not a pdf at all'), new Uint8Array()]) {
      expect(await extractPdfPages(bytes)).toEqual({
        ok: false,
        reason: 'unreadable',
        error: 'The PDF could not be read: the file is damaged or is not a PDF.',
      });
    }
  });

  it('answers could-not-read when the reader runs out of memory, whatever limit it was given', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([595, 842]);
    for (let i = 0; i < 20_000; i += 1)
      page.drawText(`x${i}`, { x: (i % 50) * 10, y: 10 + (i % 80) * 10, size: 4, font });
    // 1 MB would abort the process: the limit is raised to the least that is safe, which this page exceeds.
    expect(await extractPdfPages(await pdf.save(), { maxMemoryMb: 1 })).toEqual({
      ok: false,
      reason: 'too_complex',
      error: 'The PDF could not be read: it needs more memory than a policy wording should.',
    });
  }, 30_000);

  it('does not unpack a flate bomb: one stream of 1 GiB, or many under the per-stream limit', async () => {
    const tooMuch = {
      ok: false,
      reason: 'too_much_content',
      error:
        'The PDF could not be read: its compressed content unpacks to more than 128 MB (or 32 MB in one part), far more than a policy wording holds.',
    };
    const many = Math.floor(MAX_DOCUMENT_INFLATED_BYTES / (MAX_STREAM_INFLATED_BYTES - MiB)) + 1;
    for (const bomb of [
      await flateBombPdf([GiB]),
      await flateBombPdf(Array(many).fill(MAX_STREAM_INFLATED_BYTES - MiB)),
    ]) {
      expect(bomb.length).toBeLessThan(1.1 * MiB);
      const { result, growth } = await measureRssGrowth(() => extractPdfPages(bomb));
      expect(result).toEqual(tooMuch);
      expect(growth.withChildrenMb).toBeLessThanOrEqual(300);
    }
    // Smaller limits, the same reason in their words.
    expect(
      await extractPdfPages(await flateBombPdf([2 * MiB]), {
        maxStreamBytes: MiB,
        maxInflatedBytes: 4 * MiB,
      }),
    ).toMatchObject({
      reason: 'too_much_content',
      error: expect.stringContaining('more than 4 MB (or 1 MB in one part)'),
    });
  });

  it('bounds the memory of the reader where the measure does not reach: a bomb labelled an image', async () => {
    // PDF.js unpacks a page's content whatever its label; the measure skips images. The reader's
    // address space bound stops it: the reader ends, and the file is too complex to read.
    const bomb = await flateBombPdf([GiB], { subtype: 'Image' });
    const { result, growth } = await measureRssGrowth(() => extractPdfPages(bomb));
    expect(result).toEqual({
      ok: false,
      reason: 'too_complex',
      error: 'The PDF could not be read: it needs more memory than a policy wording should.',
    });
    expect(growth.samples).toBeGreaterThan(0);
    expect(growth.serverMb).toBeLessThanOrEqual(300);
    if (process.platform === 'linux') expect(growth.withChildrenMb).toBeLessThanOrEqual(300);
  });
});
