import { createRequire } from 'node:module';
import path from 'node:path';
import type { ReadLine, ReadWord } from '@propertydna/domain';
import { createScheduler, createWorker, OEM, type Scheduler } from 'tesseract.js';

const require = createRequire(import.meta.url);

/**
 * Where tesseract.js finds its parts, all on this machine: the English trained data installed from
 * the npm registry (@tesseract.js-data/eng, gzipped) and the WebAssembly core beside tesseract.js.
 * With cacheMethod 'none' nothing is read from or written to a cache, and with a local langPath
 * nothing is fetched.
 */
export function tesseractPaths(): { langPath: string; corePath: string } {
  const eng = require('@tesseract.js-data/eng') as { langPath: string };
  const fromTesseract = createRequire(require.resolve('tesseract.js'));
  return {
    langPath: eng.langPath,
    corePath: path.dirname(fromTesseract.resolve('tesseract.js-core/package.json')),
  };
}

export interface OcrWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
export interface OcrLine {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
  words: OcrWord[];
}

/** How long close waits for the pages being read before ending the threads regardless. */
const CLOSE_WAIT_MS = 60_000;

/**
 * A scheduler of tesseract workers (worker threads with the WebAssembly engine), started on the first
 * page and shared by every reading. Their WebAssembly heaps never shrink, so the workers are ended
 * once no page has been read for `idleMs` and started again on the next page. Workers are only ever
 * ended between pages (idle, or `close` after the last page in flight): ending a thread while its
 * WebAssembly engine is working is what once killed the process (V8's UnregisterWasmAllocation).
 */
export class OcrPool {
  private scheduler: Promise<Scheduler> | null = null;
  private inFlight = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  private ending: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly whenIdle: (() => void)[] = [];

  constructor(
    private readonly size: number,
    private readonly onError: (error: unknown) => void = () => {},
    private readonly idleMs = 30_000,
  ) {}

  get started(): boolean {
    return this.scheduler !== null;
  }

  private start(): Promise<Scheduler> {
    if (!this.scheduler) {
      const ending = this.ending;
      const starting = (async () => {
        // Workers being ended are gone before new ones start (their memory is not held twice).
        await ending;
        const scheduler = createScheduler();
        const { langPath, corePath } = tesseractPaths();
        const workers = await Promise.all(
          Array.from({ length: this.size }, () =>
            createWorker('eng', OEM.LSTM_ONLY, {
              langPath,
              corePath,
              cachePath: langPath,
              cacheMethod: 'none',
              gzip: true,
              errorHandler: this.onError,
            }),
          ),
        );
        for (const worker of workers) {
          // Pictures come at about 300 dpi (images.ts); PNGs carry no resolution tesseract trusts.
          // No second try of each line as white on black (tesseract's default): it costs time and pages
          // here are dark ink on light paper.
          await worker.setParameters({ user_defined_dpi: '300', tessedit_do_invert: '0' });
          scheduler.addWorker(worker);
        }
        return scheduler;
      })();
      this.scheduler = starting;
      // A failed start is not kept: the next page tries again.
      starting.catch(() => {
        if (this.scheduler === starting) this.scheduler = null;
      });
    }
    return this.scheduler;
  }

  /** The lines of an encoded image (a PGM, images.ts), in the image's pixels, words with confidences 0–1. */
  async recognize(image: Buffer): Promise<OcrLine[]> {
    if (this.closed) throw new Error('The OCR workers are closed');
    this.inFlight += 1;
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    try {
      const scheduler = await this.start();
      const result = await scheduler.addJob('recognize', image, {}, { blocks: true, text: false });
      return linesOf(result.data.blocks ?? []);
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0) for (const resolve of this.whenIdle.splice(0)) resolve();
      if (this.inFlight === 0 && !this.closed) this.endWhenIdle();
    }
  }

  /**
   * Starts the workers ahead of a page (loading the model takes a worker ~0.7 s of its own thread), so that
   * they start while the page is prepared rather than after. Unused, they end as idle workers do.
   */
  warm(): void {
    if (this.closed || this.scheduler) return;
    this.start().catch(() => {});
    if (this.inFlight === 0 && !this.idleTimer) this.endWhenIdle();
  }

  private endWhenIdle(): void {
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.inFlight === 0) void this.end();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  /** Ends the workers (none is working: called when idle, or by close after the last page). */
  private end(): Promise<void> {
    const scheduler = this.scheduler;
    this.scheduler = null;
    if (!scheduler) return this.ending;
    this.ending = (async () => {
      try {
        await (await scheduler).terminate();
      } catch {
        // A scheduler that never started has nothing to end.
      }
    })();
    return this.ending;
  }

  /** Ends every worker once the pages in flight are read; recognize after close throws. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.scheduler && this.inFlight > 0) {
      // The pages in flight end first (their readings stopped waiting for them); a page stuck past
      // CLOSE_WAIT_MS has its thread ended anyway.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => this.whenIdle.push(resolve)),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, CLOSE_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    }
    await this.end();
  }
}

type Block = import('tesseract.js').Block;

function linesOf(blocks: Block[]): OcrLine[] {
  const lines: OcrLine[] = [];
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words = line.words
          .map((word) => ({ text: word.text.trim(), confidence: word.confidence / 100, bbox: word.bbox }))
          .filter((word) => word.text.length > 0);
        if (words.length === 0) continue;
        lines.push({
          text: words.map((word) => word.text).join(' '),
          confidence: line.confidence / 100,
          bbox: line.bbox,
          words,
        });
      }
    }
  }
  return lines;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

function fraction(bbox: OcrWord['bbox'], width: number, height: number) {
  const x = clamp01(bbox.x0 / width);
  const y = clamp01(bbox.y0 / height);
  return { x, y, w: clamp01(bbox.x1 / width) - x, h: clamp01(bbox.y1 / height) - y };
}

/** OCR lines in pixels as ReadLines with boxes as fractions of the image. */
export function toReadLines(lines: OcrLine[], width: number, height: number): ReadLine[] {
  return lines.map((line) => ({
    text: line.text,
    box: fraction(line.bbox, width, height),
    confidence: clamp01(line.confidence),
    words: line.words.map(
      (word): ReadWord => ({
        text: word.text,
        box: fraction(word.bbox, width, height),
        confidence: clamp01(word.confidence),
      }),
    ),
  }));
}

/**
 * How well a reading went, to choose between orientations: the confidence of the words that look like
 * words (two or more letters or digits), summed. Upside-down text reads as a few short low-confidence
 * scraps.
 */
export function readingScore(lines: OcrLine[]): { score: number; words: number; meanConfidence: number } {
  let score = 0;
  let words = 0;
  for (const line of lines) {
    for (const word of line.words) {
      if ((word.text.match(/[\p{L}\p{N}]/gu) ?? []).length < 2) continue;
      words += 1;
      score += word.confidence;
    }
  }
  return { score, words, meanConfidence: words === 0 ? 0 : score / words };
}
