import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FieldProposal } from '@propertydna/domain';
import { Piscina } from 'piscina';
import type {
  GreyPixels,
  HeicResult,
  Orientation,
  PdfInfo,
  PdfPageResult,
  RenderTask,
  RulesResult,
} from './render-worker.js';

/**
 * Node's flags for the worker thread: the source tree's worker (TypeScript importing the domain's
 * TypeScript source) needs tsx's loader, unless this process already runs with it.
 */
function workerExecArgv(file: string): string[] | undefined {
  if (!file.endsWith('.ts')) return undefined;
  if (process.execArgv.some((flag) => flag.includes('tsx'))) return undefined;
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return [...process.execArgv, '--import', loader];
}

/**
 * The worker file: the TypeScript source beside this one (Node strips its types), or in the build
 * dist/reader-render-worker.js beside the bundle (tsup.config.ts lists it as an entry).
 */
export function renderWorkerFile(): string {
  for (const candidate of ['./render-worker.ts', './reader-render-worker.js']) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error('The reader worker file (render-worker.ts or reader-render-worker.js) is missing');
}

/**
 * One worker thread for mupdf and libheif (synchronous WebAssembly) and the orientation's loops:
 * started on first use, ended after `idleTimeout` idle (its WebAssembly heap never shrinks). A task
 * not yet started is dropped when its document's time is up; a task running is left to finish (a page's
 * work is bounded by the page and pixel limits): ending a thread while its WebAssembly engine works
 * can kill the process (V8's UnregisterWasmAllocation).
 */
export class RenderPool {
  private pool: Piscina | null = null;

  constructor(
    private readonly threads = 1,
    private readonly idleTimeout = 30_000,
  ) {}

  private run<T>(task: RenderTask, signal: AbortSignal): Promise<T> {
    if (signal.aborted) return Promise.reject(abortError());
    return this.piscina.run(task);
  }

  private get piscina(): Piscina {
    if (!this.pool) {
      const filename = renderWorkerFile();
      this.pool = new Piscina({
        filename,
        execArgv: workerExecArgv(filename),
        minThreads: 0,
        maxThreads: this.threads,
        idleTimeout: this.idleTimeout,
      });
    }
    return this.pool;
  }

  pdfInfo(bytes: SharedArrayBuffer, maxPagePoints: number, signal: AbortSignal): Promise<PdfInfo> {
    return this.run({ op: 'pdf-info', bytes, maxPagePoints }, signal);
  }

  pdfPage(
    task: Omit<Extract<RenderTask, { op: 'pdf-page' }>, 'op'>,
    signal: AbortSignal,
  ): Promise<PdfPageResult> {
    return this.run({ op: 'pdf-page', ...task }, signal);
  }

  heic(bytes: SharedArrayBuffer, maxPixels: number, signal: AbortSignal): Promise<HeicResult> {
    return this.run({ op: 'heic', bytes, maxPixels }, signal);
  }

  orientation(
    image: { pixels: Uint8Array; width: number; height: number },
    signal: AbortSignal,
  ): Promise<Orientation> {
    return this.run({ op: 'orientation', ...image }, signal);
  }

  propose(
    pages: Extract<RenderTask, { op: 'propose' }>['pages'],
    documentKind: string | null,
  ): Promise<FieldProposal> {
    return this.piscina.run({ op: 'propose', pages, documentKind } satisfies RenderTask);
  }

  /** The sheet of a picture of a page, cropped from the desk, its light flattened. */
  sheet(image: GreyPixels, signal: AbortSignal): Promise<GreyPixels> {
    return this.run({ op: 'sheet', ...image }, signal);
  }

  /** The page with its long ruled lines painted white, and which way up its text lies. */
  rules(image: GreyPixels, signal: AbortSignal): Promise<RulesResult> {
    return this.run({ op: 'rules', ...image }, signal);
  }

  /** Starts the thread ahead of a page's first task (it loads mupdf: most of a second), to end idle as usual. */
  warm(): void {
    this.piscina.run({ op: 'ready' } satisfies RenderTask).catch(() => {});
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }
}

function abortError(): Error {
  const error = new Error('The reading was stopped');
  error.name = 'AbortError';
  return error;
}
