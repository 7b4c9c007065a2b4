import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as mupdf from 'mupdf';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { findOrientation, normalise, toPgm } from './images.js';
import { createDocumentReader, type ReadResult } from './index.js';
import { OcrPool } from './ocr.js';
import { RenderPool } from './render-pool.js';
import { A4_300DPI, bombPng, COC_LINES, pageJpeg, pageSvg, scannedPdf, textPdf } from './test-images.js';

const OCR_TIMEOUT = 120_000;
/** The API package's folder: the child process below runs from it, and the fixtures live in its test/. */
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const HEIC_FIXTURE = path.join(apiRoot, 'test/fixtures/reader/certificate-of-compliance.heic');

const reader = createDocumentReader({ workers: 1, pageLimit: 50, timeLimitSeconds: 300 });
afterAll(() => reader.close());

const read = (
  bytes: Buffer,
  contentType: string,
  onProgress?: (read: number, pages: number | null) => void,
) => reader.read(Readable.from([bytes]), contentType, { onProgress });

const text = (result: ReadResult, page = 0) =>
  result.pages[page]?.lines.map((line) => line.text).join('\n') ?? '';

function expectBoxesOnPage(result: ReadResult) {
  for (const page of result.pages) {
    for (const line of page.lines) {
      for (const box of [line.box, ...line.words.map((word) => word.box)]) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + box.w).toBeLessThanOrEqual(1 + 1e-9);
        expect(box.y + box.h).toBeLessThanOrEqual(1 + 1e-9);
        expect(box.w).toBeGreaterThan(0);
        expect(box.h).toBeGreaterThan(0);
      }
      expect(line.confidence).toBeGreaterThanOrEqual(0);
      expect(line.confidence).toBeLessThanOrEqual(1);
    }
  }
}

/** A preview is a JPEG about 1000 px on its long side, the page's shape (the boxes are fractions of it). */
async function expectPreviews(result: ReadResult) {
  expect(result.previews.map((preview) => preview.page)).toEqual(result.pages.map((page) => page.page));
  for (const [i, preview] of result.previews.entries()) {
    const page = result.pages[i];
    const meta = await sharp(preview.jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeGreaterThan(900);
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1000);
    expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo((page?.width ?? 0) / (page?.height ?? 1), 1);
  }
}

describe('the reader: text layers', () => {
  it('reads a text PDF from its text layer, lines and words in boxes, with a preview', async () => {
    const pdf = await textPdf([[...COC_LINES], ['Page two: Certificate No. E12345']]);
    const progress: [number, number | null][] = [];
    const result = await read(pdf, 'application/pdf', (pagesRead, pages) =>
      progress.push([pagesRead, pages]),
    );
    expect(result).toMatchObject({ status: 'done', pageCount: 2, pageLimitReached: false, message: null });
    expect(result.pages.map((page) => [page.page, page.source, page.width, page.height])).toEqual([
      [1, 'text_layer', 595, 842],
      [2, 'text_layer', 595, 842],
    ]);
    expect(text(result)).toBe(COC_LINES.join('\n'));
    const numberLine = result.pages[0]?.lines[2];
    expect(numberLine?.words.map((word) => word.text)).toEqual(['Certificate', 'No.', 'E12345']);
    expect(numberLine?.confidence).toBe(1);
    // Drawn at x = 50 pt, baseline 740 pt from the bottom of an 842 pt page: near the top left.
    expect(numberLine?.box.x).toBeCloseTo(50 / 595, 2);
    expect(numberLine?.box.y).toBeGreaterThan(0.1);
    expect(numberLine?.box.y).toBeLessThan(0.13);
    expectBoxesOnPage(result);
    await expectPreviews(result);
    expect(progress.at(-1)).toEqual([2, 2]);
  });
});

describe('the reader: OCR', () => {
  it(
    'reads a photographed certificate turned 90°, upright again, its boxes on the preview',
    async () => {
      const photo = await sharp(await pageJpeg(COC_LINES))
        .rotate(90)
        .jpeg({ quality: 80 })
        .toBuffer();
      const result = await read(photo, 'image/jpeg');
      expect(result).toMatchObject({ status: 'done', pageCount: 1, pageLimitReached: false, message: null });
      const page = result.pages[0];
      expect(page?.source).toBe('ocr');
      // Upright: taller than wide again.
      expect(page?.height).toBeGreaterThan(page?.width ?? Number.POSITIVE_INFINITY);
      expect(text(result)).toContain('Certificate No. E12345');
      expect(text(result)).toContain('14 March 2025');
      const line = page?.lines.find((candidate) => candidate.text.includes('E12345'));
      // The third line, drawn at x = 200 px, y = 620 px (baseline) of 2480 × 3508.
      expect(line?.box.x).toBeCloseTo(200 / 2480, 1);
      expect(line?.box.y).toBeGreaterThan(0.15);
      expect(line?.box.y).toBeLessThan(0.18);
      expect(line?.confidence).toBeGreaterThan(0.8);
      expectBoxesOnPage(result);
      await expectPreviews(result);
    },
    OCR_TIMEOUT,
  );

  it(
    'turns a photo by its EXIF orientation before reading it',
    async () => {
      // Stored on its side with EXIF orientation 6 (turn 90° clockwise to view), as phones save photos.
      const sideways = await sharp(await pageJpeg(COC_LINES))
        .rotate(-90)
        .jpeg()
        .toBuffer();
      const photo = await sharp(sideways).withMetadata({ orientation: 6 }).jpeg().toBuffer();
      const result = await read(photo, 'image/jpeg');
      expect(result.status).toBe('done');
      expect(result.pages[0]?.height).toBeGreaterThan(result.pages[0]?.width ?? Number.POSITIVE_INFINITY);
      expect(text(result)).toContain('Certificate No. E12345');
      expect(result.pages[0]?.lines[0]?.box.y).toBeLessThan(0.12);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads each page of a multi-page TIFF',
    async () => {
      const pages = await Promise.all(
        ['Schedule page one', 'Schedule page two'].map((line) =>
          sharp(pageSvg([line]))
            .greyscale()
            .png()
            .toBuffer(),
        ),
      );
      const tiff = await sharp(pages, { join: { animated: true } })
        .tiff({ compression: 'lzw' })
        .toBuffer();
      const result = await read(tiff, 'image/tiff');
      expect(result).toMatchObject({ status: 'done', pageCount: 2 });
      expect(
        result.pages.map((page) => [page.page, page.source, page.lines.map((line) => line.text)]),
      ).toEqual([
        [1, 'ocr', ['Schedule page one']],
        [2, 'ocr', ['Schedule page two']],
      ]);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads an iPhone-style HEIC photo',
    async () => {
      const result = await read(readFileSync(HEIC_FIXTURE), 'image/heic');
      expect(result).toMatchObject({ status: 'done', pageCount: 1 });
      expect(text(result)).toContain('Certificate No. E12345');
      expect(text(result)).toContain('14 March 2025');
      await expectPreviews(result);
    },
    OCR_TIMEOUT,
  );

  it(
    'cuts a 200-page scan at the page limit, saying so',
    async () => {
      const limited = createDocumentReader({ workers: 1, pageLimit: 2, timeLimitSeconds: 300 });
      try {
        // One small picture drawn on 200 pages: a long scan in a small file.
        const pdf = await PDFDocument.create();
        const image = await pdf.embedJpg(
          await sharp(pageSvg(['Policy schedule page']))
            .resize(620, 877)
            .greyscale()
            .jpeg()
            .toBuffer(),
        );
        for (let i = 0; i < 200; i++)
          pdf.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
        const progress: [number, number | null][] = [];
        const result = await limited.read(Readable.from([Buffer.from(await pdf.save())]), 'application/pdf', {
          onProgress: (pagesRead, pages) => progress.push([pagesRead, pages]),
        });
        expect(result).toMatchObject({
          status: 'done',
          pageCount: 200,
          pageLimitReached: true,
          message: 'Only the first 2 of 200 pages were read',
        });
        expect(result.pages.map((page) => [page.page, page.source, page.lines[0]?.text])).toEqual([
          [1, 'ocr', 'Policy schedule page'],
          [2, 'ocr', 'Policy schedule page'],
        ]);
        expect(result.previews).toHaveLength(2);
        expect(progress).toEqual([
          [0, 200],
          [1, 200],
          [2, 200],
        ]);
      } finally {
        await limited.close();
      }
    },
    OCR_TIMEOUT,
  );

  it(
    'stops at the time limit, keeping what was read and ending the stuck work',
    async () => {
      const hurried = createDocumentReader({ workers: 1, pageLimit: 50, timeLimitSeconds: 1 });
      try {
        const scan = await scannedPdf(
          await Promise.all([1, 2, 3, 4, 5, 6].map((n) => pageJpeg([`Page ${n}`, ...COC_LINES]))),
        );
        const result = await hurried.read(Readable.from([scan]), 'application/pdf');
        // Six pages of OCR take far more than a second here; whatever was read by then is kept.
        expect(result.pages.length).toBeLessThan(6);
        expect(result.message).toMatch(/^Reading stopped after 1 second/);
        expect(result.status).toBe(result.pages.length === 0 ? 'unreadable' : 'done');
      } finally {
        await hurried.close();
      }
    },
    OCR_TIMEOUT,
  );

  it(
    'reads with the network refused (in a child process whose network is blocked, worker threads too)',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'pdna-reader-'));
      const file = path.join(dir, 'certificate.jpg');
      await writeFile(file, await pageJpeg(COC_LINES));
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          '--import',
          './test/support/no-network.mjs',
          './test/support/read-offline.ts',
          file,
          'image/jpeg',
        ],
        { cwd: apiRoot, timeout: OCR_TIMEOUT - 10_000, maxBuffer: 10 * 1024 * 1024 },
      ).finally(() => rm(dir, { recursive: true, force: true }));
      const outcome = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
      expect(outcome).toMatchObject({
        mainThread: 'network refused: cdn.jsdelivr.net',
        workerThread: 'network refused: cdn.jsdelivr.net',
        status: 'done',
        sources: ['ocr'],
      });
      expect(outcome.text).toContain('Certificate No. E12345');
    },
    OCR_TIMEOUT,
  );
});

describe('the reader: which way up', () => {
  it(
    'finds the turn that levels the text: a quarter, a half, three quarters and a small skew',
    async () => {
      const pool = new RenderPool(1);
      try {
        const page = await pageJpeg(COC_LINES);
        const turns: [number, number][] = [];
        for (const rotated of [0, 90, 180, 270, 2, 182]) {
          const bytes = await sharp(page).rotate(rotated, { background: '#ffffff' }).jpeg().toBuffer();
          const grey = await normalise(
            { kind: 'encoded', bytes },
            100_000_000,
            await sharp(bytes).metadata(),
          );
          const found = await findOrientation(grey, (small) =>
            pool.orientation(small, new AbortController().signal),
          );
          turns.push([rotated, (((found.turn + rotated) % 360) + 360) % 360]);
        }
        // Turned back by what was found, every page is level and upright (0° or within the 0.5° left alone).
        for (const [rotated, left] of turns)
          expect([rotated, Math.min(left, 360 - left)]).toEqual([rotated, 0]);
      } finally {
        await pool.close();
      }
    },
    OCR_TIMEOUT,
  );

  it('tells upright from upside down by the ascenders and descenders of the levelled page', async () => {
    const pool = new RenderPool(1);
    const signal = new AbortController().signal;
    try {
      const wayUp = async (svg: Buffer, degrees: number) => {
        const { data, info } = await sharp(svg)
          .rotate(degrees, { background: '#ffffff' })
          .greyscale()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const ruled = await pool.rules(
          { pixels: new Uint8Array(data), width: info.width, height: info.height },
          signal,
        );
        return ruled.wayUp;
      };
      expect(await wayUp(pageSvg(COC_LINES), 0)).toBe('up');
      expect(await wayUp(pageSvg(COC_LINES), 180)).toBe('down');
      expect(await wayUp(rightAlignedSvg(COC_LINES), 0)).toBe('up');
      expect(await wayUp(rightAlignedSvg(COC_LINES), 180)).toBe('down');
      // Nothing to tell from: a blank page, two lines.
      expect(await wayUp(pageSvg([]), 180)).toBe('unsure');
      expect(await wayUp(pageSvg(COC_LINES.slice(1, 3)), 180)).toBe('unsure');
    } finally {
      await pool.close();
    }
  });

  it(
    'reads a page whose lines end flush on the right once, the right way up (the margins alone would say upside down)',
    async () => {
      const recognize = vi.spyOn(OcrPool.prototype, 'recognize');
      try {
        const bytes = await sharp(rightAlignedSvg(COC_LINES)).greyscale().jpeg({ quality: 85 }).toBuffer();
        const result = await read(bytes, 'image/jpeg');
        expect(result.status).toBe('done');
        expect(text(result)).toContain('Certificate No. E12345');
        expect(recognize).toHaveBeenCalledTimes(1);
      } finally {
        recognize.mockRestore();
      }
    },
    OCR_TIMEOUT,
  );
});

describe('the reader: threads started ahead of the first page', () => {
  it(
    "starts the OCR and render threads before preparing a picture's page, and reads it",
    async () => {
      // A reader of its own, so that its threads are not yet started.
      const own = createDocumentReader({ workers: 1, pageLimit: 5, timeLimitSeconds: 300 });
      const ocrWarm = vi.spyOn(OcrPool.prototype, 'warm');
      const renderWarm = vi.spyOn(RenderPool.prototype, 'warm');
      const sheet = vi.spyOn(RenderPool.prototype, 'sheet');
      try {
        const bytes = await pageJpeg(COC_LINES);
        const result = await own.read(Readable.from([bytes]), 'image/jpeg');
        expect(result.status).toBe('done');
        expect(text(result)).toContain('Certificate No. E12345');
        const first = (spy: { mock: { invocationCallOrder: number[] } }) =>
          spy.mock.invocationCallOrder[0] ?? Infinity;
        expect(first(ocrWarm)).toBeLessThan(first(sheet));
        expect(first(renderWarm)).toBeLessThan(first(sheet));
      } finally {
        ocrWarm.mockRestore();
        renderWarm.mockRestore();
        sheet.mockRestore();
        await own.close();
      }
    },
    OCR_TIMEOUT,
  );

  it(
    'workers started ahead and never given a page end once idle, and start again for the next page',
    async () => {
      const pool = new OcrPool(1, () => {}, 100);
      try {
        pool.warm();
        expect(pool.started).toBe(true);
        await vi.waitFor(() => expect(pool.started).toBe(false), { timeout: 60_000, interval: 50 });
        const grey = await sharp(pageSvg(COC_LINES, A4_300DPI))
          .greyscale()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const lines = await pool.recognize(
          toPgm({ pixels: grey.data, width: grey.info.width, height: grey.info.height }),
        );
        expect(lines.map((line) => line.text).join('\n')).toContain('E12345');
      } finally {
        await pool.close();
      }
    },
    OCR_TIMEOUT,
  );
});

/** A page of lines that end flush on the right margin (a letterhead's address block, a right column). */
function rightAlignedSvg(lines: readonly string[]): Buffer {
  return pageSvg(lines, A4_300DPI, 'end');
}

describe('the reader: what it refuses', () => {
  it('refuses a decompression bomb from its header, before decoding', async () => {
    const result = await read(bombPng(60_000, 60_000), 'image/png');
    expect(result).toEqual({
      status: 'unreadable',
      pages: [],
      pageCount: null,
      pageLimitReached: false,
      message: 'The picture is 60000 × 60000 pixels, more than the 100 million pixels that are read',
      previews: [],
    });
  });

  it('refuses a damaged PDF, an encrypted PDF, a made-up page size and a damaged picture, each saying why', async () => {
    const damaged = await read(Buffer.from('%PDF-1.7\nnot really a pdf at all'), 'application/pdf');
    expect(damaged).toMatchObject({
      status: 'unreadable',
      message: 'The PDF is damaged and could not be opened',
    });

    const plain = mupdf.Document.openDocument(await textPdf([[...COC_LINES]]), 'application/pdf');
    const encryptedBytes = (plain as mupdf.PDFDocument)
      .saveToBuffer('encrypt=aes-256,user-password=secret,owner-password=owner')
      .asUint8Array();
    const encrypted = await read(Buffer.from(encryptedBytes), 'application/pdf');
    plain.destroy();
    expect(encrypted).toMatchObject({
      status: 'unreadable',
      message: 'The PDF is protected by a password, so it cannot be read',
    });

    // Pages past the 14,400 points (200 inches) PDF allows: refused before rendering.
    const huge = await PDFDocument.create();
    huge.addPage([20_000, 20_000]);
    const hugeFirst = await read(Buffer.from(await huge.save()), 'application/pdf');
    expect(hugeFirst).toMatchObject({
      status: 'unreadable',
      message: "The PDF's first page is too large to read (20000×20000 points)",
    });
    const later = await PDFDocument.create();
    const font = await later.embedFont(StandardFonts.Helvetica);
    later
      .addPage([595, 842])
      .drawText('A first page with enough words on it to be text', { x: 50, y: 780, size: 12, font });
    later.addPage([20_000, 20_000]);
    const hugeSecond = await read(Buffer.from(await later.save()), 'application/pdf');
    expect(hugeSecond).toMatchObject({
      status: 'unreadable',
      pageCount: 2,
      message: 'Page 2 of the PDF is too large to read (20000 × 20000 points)',
    });

    const jpeg = await pageJpeg(['Half a picture']);
    const cut = await read(Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(100)]), 'image/jpeg');
    expect(cut.status).toBe('unreadable');
    expect(cut.message).toMatch(/^The picture could not be decoded/);
  });

  it('refuses a file past the size limit without holding it all, and a kind it does not read', async () => {
    const small = createDocumentReader({ workers: 1, pageLimit: 50, timeLimitSeconds: 300, maxBytes: 1024 });
    try {
      let served = 0;
      // 64 KiB chunks without end: the reader must stop asking.
      const endless = new Readable({
        read() {
          served += 1;
          this.push(Buffer.alloc(64 * 1024, 0x20));
        },
      });
      const result = await small.read(endless, 'application/pdf');
      expect(result).toMatchObject({
        status: 'unreadable',
        message: 'The file is larger than 0 MB, the most that is read',
      });
      expect(served).toBeLessThan(10);
      expect(endless.destroyed).toBe(true);
    } finally {
      await small.close();
    }
    const word = await read(
      Buffer.from('PK\x03\x04'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(word).toMatchObject({
      status: 'unreadable',
      message: 'Only PDFs and pictures (JPEG, PNG, WebP, TIFF, HEIC) are read',
    });
  });

  it(
    'a page with no text at all reads as unreadable: no text found',
    async () => {
      const blank = await sharp(pageSvg([])).png().toBuffer();
      const result = await read(blank, 'image/png');
      expect(result).toMatchObject({
        status: 'unreadable',
        message: 'No text was found in the document',
        pageCount: 1,
      });
    },
    OCR_TIMEOUT,
  );

  it('a PDF page on which nothing is drawn is not rendered for OCR, and a single hairline is', async () => {
    /** An A4 page with what `draw` puts on it; `shared` gives it as the render thread takes it. */
    const pdf = async (draw: (page: import('pdf-lib').PDFPage) => void = () => {}) => {
      const doc = await PDFDocument.create();
      draw(doc.addPage([595, 842]));
      return doc.save();
    };
    const shared = (bytes: Uint8Array) => {
      const buffer = new SharedArrayBuffer(bytes.length);
      new Uint8Array(buffer).set(bytes);
      return buffer;
    };
    const pool = new RenderPool(1);
    const signal = new AbortController().signal;
    const task = {
      index: 0,
      maxPagePoints: 14_400,
      ocrScale: 4,
      maxPixels: 36_000_000,
      previewLongSide: 1000,
      previewQuality: 80,
      maxLines: 2000,
      maxChars: 60_000,
    };
    try {
      const empty = await pool.pdfPage({ ...task, bytes: shared(await pdf()) }, signal);
      expect(empty).toMatchObject({ blank: true, lines: [], image: null });
      expect((await sharp(Buffer.from(empty.preview ?? [])).metadata()).height).toBe(1000);
      // A white box drawn over the page leaves it as blank as it was.
      const whiteBox = await pool.pdfPage(
        {
          ...task,
          bytes: shared(
            await pdf((page) =>
              page.drawRectangle({ x: 0, y: 0, width: 595, height: 842, color: rgb(1, 1, 1) }),
            ),
          ),
        },
        signal,
      );
      expect(whiteBox).toMatchObject({ blank: true, image: null });
      // A tenth of a point of grey line is something to look at: the page goes to OCR.
      const hairline = await pool.pdfPage(
        {
          ...task,
          bytes: shared(
            await pdf((page) =>
              page.drawLine({
                start: { x: 100, y: 400 },
                end: { x: 160, y: 400 },
                thickness: 0.1,
                color: rgb(0.8, 0.8, 0.8),
              }),
            ),
          ),
        },
        signal,
      );
      expect(hairline.blank).toBeUndefined();
      expect(hairline.lines).toBeNull();
      expect(hairline.image?.width).toBeGreaterThan(2000);
    } finally {
      await pool.close();
    }
    // Through the reader: no text found, the page counted and its preview kept, as an OCR page.
    const result = await read(Buffer.from(await pdf()), 'application/pdf');
    expect(result).toMatchObject({
      status: 'unreadable',
      message: 'No text was found in the document',
      pageCount: 1,
    });
    expect(result.pages).toMatchObject([{ page: 1, source: 'ocr', lines: [] }]);
    expect(result.previews.map((preview) => preview.page)).toEqual([1]);
  });

  it(
    'a scanned PDF is read by OCR page by page',
    async () => {
      const scan = await scannedPdf([await pageJpeg(COC_LINES)]);
      const result = await read(scan, 'application/pdf');
      expect(result).toMatchObject({ status: 'done', pageCount: 1 });
      expect(result.pages[0]?.source).toBe('ocr');
      expect(text(result)).toContain('Certificate No. E12345');
      await expectPreviews(result);
    },
    OCR_TIMEOUT,
  );
});

describe('the reader: photos of a sheet on a desk, ruled tables', () => {
  it(
    'reads an upright photo of a sheet on a dark desk, with a shadow across it, upright',
    async () => {
      // The page (2480 × 3508) a little turned, on a brown desk 3000 × 4000 px, darker towards the
      // right as under a lamp: the desk and the shadow are no ink, and the sheet is not turned by 90°.
      const sheet = await sharp(pageSvg(COC_LINES))
        .resize({ width: 2300 })
        .rotate(2, { background: '#5a4632' })
        .png()
        .toBuffer();
      const shadow = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="4000"><defs><linearGradient id="s" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="black" stop-opacity="0"/><stop offset="1" stop-color="black" stop-opacity="0.45"/></linearGradient></defs><rect width="3000" height="4000" fill="url(#s)"/></svg>`,
      );
      const photo = await sharp({ create: { width: 3000, height: 4000, channels: 3, background: '#5a4632' } })
        .composite([
          { input: sheet, left: 300, top: 350 },
          { input: shadow, left: 0, top: 0 },
        ])
        .jpeg({ quality: 80 })
        .toBuffer();
      const result = await read(photo, 'image/jpeg');
      expect(result).toMatchObject({ status: 'done', pageCount: 1 });
      const page = result.pages[0];
      // The sheet, upright and cut from the desk: portrait, smaller than the photo's 3000 × 4000
      // brought to 300 dpi.
      expect(page?.height).toBeGreaterThan(page?.width ?? Number.POSITIVE_INFINITY);
      expect(text(result)).toContain('Certificate No. E12345');
      expect(text(result)).toContain('14 March 2025');
      expect(text(result)).toContain('IE 0012345');
      // The first line near the sheet's top (0.1 of the page), not 0.17 down the photo (the desk is cut away).
      const first = page?.lines.find((line) => line.text.includes('CERTIFICATE OF COMPLIANCE'));
      expect(first?.box.y).toBeLessThan(0.14);
      expectBoxesOnPage(result);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads every row of a scanned ruled table, without its rules as bars',
    async () => {
      const rows = [
        ['Certificate No.', 'AW/2025/0193'],
        ['Issued on', '2 June 2025'],
        ['Property address', '7 Rosmead Street, Durbanville'],
        ['Erf', '5518'],
        ['Owner', 'Karoo Holdings Trust'],
        ['Issued by', 'AmpWorks Electrical'],
        ['Registered person', 'Lindiwe Dlamini'],
        ['Reg. No.', 'ER 55012'],
      ];
      const top = 500;
      const height = 110;
      const cells = rows
        .map(
          ([label, value], i) =>
            `<text x="230" y="${top + i * height + 72}" font-family="DejaVu Sans" font-size="44" font-weight="bold">${label}</text>` +
            `<text x="1030" y="${top + i * height + 72}" font-family="DejaVu Sans" font-size="44">${value}</text>` +
            `<line x1="200" x2="2280" y1="${top + i * height}" y2="${top + i * height}" stroke="black" stroke-width="4"/>`,
        )
        .join('');
      const bottom = top + rows.length * height;
      const svg = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="2480" height="3508"><rect width="100%" height="100%" fill="white"/>` +
          `<text x="200" y="350" font-family="DejaVu Sans" font-size="64" font-weight="bold">CERTIFICATE OF COMPLIANCE</text>${cells}` +
          `<line x1="200" x2="2280" y1="${bottom}" y2="${bottom}" stroke="black" stroke-width="4"/>` +
          [200, 1000, 2280]
            .map(
              (x) => `<line x1="${x}" x2="${x}" y1="${top}" y2="${bottom}" stroke="black" stroke-width="4"/>`,
            )
            .join('') +
          '</svg>',
      );
      // A scan: grey, turned by 1.5°, a low-quality JPEG.
      const scan = await sharp(svg)
        .greyscale()
        .rotate(1.5, { background: '#ffffff' })
        .jpeg({ quality: 60 })
        .toBuffer();
      const result = await read(scan, 'image/jpeg');
      expect(result).toMatchObject({ status: 'done', pageCount: 1 });
      const lines = result.pages[0]?.lines.map((line) => line.text) ?? [];
      for (const [label, value] of rows) {
        expect(
          lines.find((line) => line.includes(value ?? '')),
          `${label}: ${value}`,
        ).toBeDefined();
      }
      expect(lines.filter((line) => /[|[\]]/.test(line))).toEqual([]);
    },
    OCR_TIMEOUT,
  );
});
