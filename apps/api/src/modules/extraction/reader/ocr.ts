import { createRequire } from 'node:module';
import path from 'node:path';
import type { ReadLine, ReadWord } from '@propertydna/domain';
import { createScheduler, createWorker, OEM, type Scheduler, type Worker } from 'tesseract.js';

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

/**
 * A scheduler of tesseract workers (worker threads with the WebAssembly engine), started on the first
 * page and shared by every reading. `reset` ends them all (a page stuck past its document's time
 * limit); the next page starts new ones.
 */
export class OcrPool {
  private scheduler: Promise<Scheduler> | null = null;
  private readonly workers: Worker[] = [];

  constructor(
    private readonly size: number,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  get started(): boolean {
    return this.scheduler !== null;
  }

  private start(): Promise<Scheduler> {
    if (!this.scheduler) {
      const starting = (async () => {
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
          this.workers.push(worker);
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

  /** The lines of an encoded image (PNG), in the image's pixels, words with confidences 0–1. */
  async recognize(image: Buffer): Promise<OcrLine[]> {
    const scheduler = await this.start();
    const result = await scheduler.addJob('recognize', image, {}, { blocks: true, text: false });
    const lines: OcrLine[] = [];
    for (const block of result.data.blocks ?? []) {
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

  /** Ends every worker (and so any stuck recognition); the next recognize starts new ones. */
  async reset(): Promise<void> {
    const scheduler = this.scheduler;
    this.scheduler = null;
    this.workers.length = 0;
    if (!scheduler) return;
    try {
      await (await scheduler).terminate();
    } catch {
      // A scheduler that never started has nothing to end.
    }
  }
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
