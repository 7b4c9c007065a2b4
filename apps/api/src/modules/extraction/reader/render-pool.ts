import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { HeicResult, Orientation, PdfInfo, PdfPageResult, RenderTask } from './render-worker.js';

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
 * One worker thread for mupdf and libheif (synchronous WebAssembly) and the orientation's loops: started on first use, ended after
 * a minute idle, its tasks abortable (the thread is ended) when a document's time is up.
 */
export class RenderPool {
  private pool: Piscina | null = null;

  constructor(private readonly threads = 1) {}

  private get piscina(): Piscina {
    this.pool ??= new Piscina({
      filename: renderWorkerFile(),
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: 60_000,
    });
    return this.pool;
  }

  pdfInfo(bytes: SharedArrayBuffer, maxPagePoints: number, signal: AbortSignal): Promise<PdfInfo> {
    return this.piscina.run({ op: 'pdf-info', bytes, maxPagePoints } satisfies RenderTask, { signal });
  }

  pdfPage(
    task: Omit<Extract<RenderTask, { op: 'pdf-page' }>, 'op'>,
    signal: AbortSignal,
  ): Promise<PdfPageResult> {
    return this.piscina.run({ op: 'pdf-page', ...task } satisfies RenderTask, { signal });
  }

  heic(bytes: SharedArrayBuffer, maxPixels: number, signal: AbortSignal): Promise<HeicResult> {
    return this.piscina.run({ op: 'heic', bytes, maxPixels } satisfies RenderTask, { signal });
  }

  orientation(
    image: { pixels: Uint8Array; width: number; height: number },
    signal: AbortSignal,
  ): Promise<Orientation> {
    return this.piscina.run({ op: 'orientation', ...image } satisfies RenderTask, { signal });
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }
}
