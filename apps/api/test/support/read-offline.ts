/**
 * Run by reader.test.ts in a child process with the network refused (node --import tsx --import
 * ./test/support/no-network.mjs): proves the refusal holds here and in a worker thread, then reads
 * the file named on the command line and prints what was read as JSON on the last line of stdout.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { createDocumentReader } from '../../src/modules/extraction/reader/index.js';

const [file, contentType] = process.argv.slice(2);
if (!file || !contentType) throw new Error('usage: read-offline.ts <file> <content type>');

const refusal = async () => {
  try {
    await fetch('https://cdn.jsdelivr.net/npm/@tesseract.js-data/eng/4.0.0/eng.traineddata.gz');
    return 'fetched';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
};
const inWorker = await new Promise<string>((resolve, reject) => {
  // A worker from a file (as tesseract.js starts its own): `--import` preloads run there too.
  const worker = new Worker(new URL('./try-fetch-worker.cjs', import.meta.url));
  worker.once('message', (message: string) => {
    resolve(message);
    void worker.terminate();
  });
  worker.once('error', reject);
});

const reader = createDocumentReader({ workers: 1, pageLimit: 5, timeLimitSeconds: 300 });
try {
  const result = await reader.read(Readable.from([readFileSync(file)]), contentType);
  console.log(
    JSON.stringify({
      mainThread: await refusal(),
      workerThread: inWorker,
      status: result.status,
      sources: result.pages.map((page) => page.source),
      text: result.pages.map((page) => page.lines.map((line) => line.text).join('\n')).join('\n\n'),
    }),
  );
} finally {
  await reader.close();
}
