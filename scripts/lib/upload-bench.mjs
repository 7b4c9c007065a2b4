/**
 * The upload scenario of `pnpm bench`: a 50 MB file through the default store (sign, PUT, register)
 * against a baseline on the same file in the same run (hash it and copy it on the same disk), with
 * the API's resident memory sampled during the upload and the time of each step.
 *
 * The PUT is sent two ways: with node:http piping the file (what an upload tool does), and with
 * fetch() and a stream body (undici adapts the Node stream to a web stream, which costs the client
 * about as much CPU as the server spends; on two shared cores that shows in the figure).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const SIZE = 50 * 1024 * 1024;
export const MEMORY_BUDGET_MB = 64;
/** Read size of the client's file stream. */
const CHUNK = 1024 * 1024;

/** Resident set size of a process in MB (Linux /proc). */
async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/**
 * CPU time a process has used so far, in ms (Linux /proc, user + system, 10 ms ticks). Unlike wall
 * time it barely moves with other load on the machine, so it compares runs on a busy machine.
 */
async function cpuMs(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Bytes a process has read so far through read syscalls (files and sockets alike; Linux /proc). */
async function readBytes(pid) {
  const io = await readFile(`/proc/${pid}/io`, 'utf8');
  return Number(/rchar:\s+(\d+)/.exec(io)?.[1] ?? Number.NaN);
}

async function hashAndCopy(file, dir) {
  const hash = createHash('sha256');
  const source = createReadStream(file);
  source.on('data', (chunk) => hash.update(chunk));
  await pipeline(source, createWriteStream(path.join(dir, 'copy.bin')));
  return hash.digest('hex');
}

/** PUTs the file with node:http (Content-Length set, body piped); answers status and body. */
function httpPut(url, headers, file) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'PUT', headers: { ...headers, 'content-length': SIZE } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode, body }));
      },
    );
    request.on('error', reject);
    pipeline(createReadStream(file, { highWaterMark: CHUNK }), request).catch(reject);
  });
}

async function fetchPut(url, headers, file) {
  const response = await fetch(url, {
    method: 'PUT',
    headers: { ...headers, 'content-length': String(SIZE) },
    body: createReadStream(file, { highWaterMark: CHUNK }),
    duplex: 'half',
  });
  return { status: response.status, body: await response.text() };
}

/** SHA-256 of the file held in memory, in MB/s: the hashing part of the server's work, alone. */
async function hashRate(file) {
  const content = await readFile(file);
  const start = performance.now();
  createHash('sha256').update(content).digest();
  return SIZE / 1024 / 1024 / ((performance.now() - start) / 1000);
}

/**
 * Measures the baseline, then one upload per client of `clients` ('http', 'fetch') after a warm-up
 * upload, all of the same file. Answers one result per client, with the SHA-256 rate of this machine.
 */
export async function benchUpload({ baseUrl, pid, dataDir }, headers, propertyId, clients = ['http']) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'propertydna-upload-'));
  try {
    // A PDF header so the server's type sniffing accepts it; the rest is random (incompressible).
    const file = path.join(dir, 'fifty.pdf');
    await writeFile(file, Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(SIZE - 9)]));
    const mb = SIZE / 1024 / 1024;
    const sha256MbPerSec = await hashRate(file);

    // The baseline goes on the API's own disk (its data dir), as the store's files do.
    const baselineDir = await mkdtemp(path.join(dataDir, 'baseline-'));
    let start = performance.now();
    const baselineCpu = process.cpuUsage();
    const sha256 = await hashAndCopy(file, baselineDir);
    const baselineSeconds = (performance.now() - start) / 1000;
    const { user, system } = process.cpuUsage(baselineCpu);
    const baselineCpuMs = (user + system) / 1000;
    await rm(baselineDir, { recursive: true, force: true });

    const results = [];
    // The first, unreported, warms the server up (and lets it finish what the scenario before left it).
    for (const [index, client] of [clients[0], ...clients].entries()) {
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
      const cpuBefore = await cpuMs(pid);
      start = performance.now();
      const json = { ...headers, 'content-type': 'application/json' };
      const signed = await fetch(`${baseUrl}/api/documents/sign`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ contentType: 'application/pdf', sha256, bytes: SIZE }),
      }).then((r) => r.json());
      const signedAt = performance.now();
      const put = await (client === 'fetch' ? fetchPut : httpPut)(
        new URL(signed.url, baseUrl),
        signed.headers,
        file,
      );
      if (put.status !== 200) throw new Error(`PUT answered ${put.status}: ${put.body}`);
      const putAt = performance.now();
      const readBefore = await readBytes(pid);
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
      const end = performance.now();
      clearInterval(sampler);
      const apiCpuMs = (await cpuMs(pid)) - cpuBefore;
      // What the API read while registering: the whole file again when it re-hashed it, a few KB now.
      const registerReadMb = ((await readBytes(pid)) - readBefore) / 1024 / 1024;
      if (registered.status !== 201)
        throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
      const uploadSeconds = (end - start) / 1000;
      if (index === 0) continue;
      results.push({
        client,
        mb,
        uploadMbPerSec: mb / uploadSeconds,
        baselineMbPerSec: mb / baselineSeconds,
        ratio: baselineSeconds / uploadSeconds,
        rssGrowthMb: peak - before,
        // Where the time went, in milliseconds: signing, the PUT (send, hash, write), registering.
        steps: { sign: signedAt - start, put: putAt - signedAt, register: end - putAt },
        sha256MbPerSec,
        apiCpuMs,
        baselineCpuMs,
        registerReadMb,
      });
    }
    return results;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One table row per result. */
export function uploadRows(results) {
  return results.map(
    (r) =>
      `| upload ${r.mb} MB through the fs store (${r.client === 'fetch' ? 'fetch() client' : 'node:http client'}) | ${r.uploadMbPerSec.toFixed(0)} MB/s | baseline (hash + copy on the same disk) ${r.baselineMbPerSec.toFixed(0)} MB/s | ratio ${(r.ratio * 100).toFixed(0)}% (today 30–34%, target ≥ 70%) | API peak RSS growth ${r.rssGrowthMb.toFixed(1)} MB (budget ${MEMORY_BUDGET_MB} MB) | sign ${r.steps.sign.toFixed(0)} ms, PUT ${r.steps.put.toFixed(0)} ms, register ${r.steps.register.toFixed(0)} ms (read ${r.registerReadMb.toFixed(1)} MB); API CPU ${r.apiCpuMs.toFixed(0)} ms (hash + copy ${r.baselineCpuMs.toFixed(0)} ms); SHA-256 alone ${r.sha256MbPerSec.toFixed(0)} MB/s |`,
  );
}
