/**
 * The upload scenario of `pnpm bench`: a 50 MB file through the default store (sign, PUT, register)
 * against a baseline on the same file in the same run (hash it and copy it on the same disk), with
 * the API's resident memory sampled during the upload.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const SIZE = 50 * 1024 * 1024;
export const MEMORY_BUDGET_MB = 64;

/** Resident set size of a process in MB (Linux /proc). */
async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

async function hashAndCopy(file, dir) {
  const hash = createHash('sha256');
  const source = createReadStream(file);
  source.on('data', (chunk) => hash.update(chunk));
  await pipeline(source, createWriteStream(path.join(dir, 'copy.bin')));
  return hash.digest('hex');
}

export async function benchUpload({ baseUrl, pid, dataDir }, headers, propertyId) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'propertydna-upload-'));
  try {
    // A PDF header so the server's type sniffing accepts it; the rest is random (incompressible).
    const file = path.join(dir, 'fifty.pdf');
    await writeFile(file, Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(SIZE - 9)]));

    // The baseline goes on the API's own disk (its data dir), as the store's files do.
    const baselineDir = await mkdtemp(path.join(dataDir, 'baseline-'));
    let start = performance.now();
    const sha256 = await hashAndCopy(file, baselineDir);
    const baselineSeconds = (performance.now() - start) / 1000;
    await rm(baselineDir, { recursive: true, force: true });

    const before = await rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      rssMb(pid).then(
        (mb) => {
          peak = Math.max(peak, mb);
        },
        () => {},
      );
    }, 10);
    start = performance.now();
    const json = { ...headers, 'content-type': 'application/json' };
    const signed = await fetch(`${baseUrl}/api/documents/sign`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ contentType: 'application/pdf', sha256, bytes: SIZE }),
    }).then((r) => r.json());
    const put = await fetch(signed.url, {
      method: 'PUT',
      headers: signed.headers,
      body: createReadStream(file),
      duplex: 'half',
    });
    if (put.status !== 200) throw new Error(`PUT answered ${put.status}: ${await put.text()}`);
    const registered = await fetch(`${baseUrl}/api/documents`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        property_id: propertyId,
        kind: 'inspection',
        name: 'fifty.pdf',
        storage_key: signed.storageKey,
        sha256,
        bytes: SIZE,
        content_type: 'application/pdf',
      }),
    });
    const uploadSeconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    if (registered.status !== 201)
      throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
    const mb = SIZE / 1024 / 1024;
    return {
      mb,
      uploadMbPerSec: mb / uploadSeconds,
      baselineMbPerSec: mb / baselineSeconds,
      ratio: baselineSeconds / uploadSeconds,
      rssGrowthMb: peak - before,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
