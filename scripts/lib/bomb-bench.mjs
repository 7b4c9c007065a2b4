/**
 * The flate-bomb row of `pnpm bench`: policy PDFs built to exhaust memory, uploaded through the built
 * app's API as an owner's policy (sign, PUT, register: registering queues the analysis), with the
 * server's resident memory (and, beside it, that of the PDF reader processes it starts) sampled from
 * /proc every 10 ms until the analysis has ended. Two bombs: one content stream of zlib data inflating
 * to 1 GiB of zeros (a 1 MB file), and six streams of 31 MiB (each under the per-stream limit, 186 MiB
 * in all). Each must end 'failed' with its reason, and the server's RSS grow by at most 300 MB.
 *
 * `BENCH_ONLY=bomb pnpm bench` runs this row alone.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { constants, deflateRawSync } from 'node:zlib';

export const BOMB_RSS_TARGET_MB = 300;
const MIB = 1024 * 1024;
const ANALYSIS_TIMEOUT_MS = 120_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** zlib data inflating to `bytes` zeros, built a MiB-block at a time (1 GiB is about 1 MB). */
function zerosDeflated(bytes) {
  const flushed = { level: 9, finishFlush: constants.Z_SYNC_FLUSH };
  const mebibyte = deflateRawSync(Buffer.alloc(MIB), flushed);
  const parts = [Buffer.from([0x78, 0xda])];
  for (let left = bytes; left > 0; left -= MIB)
    parts.push(left >= MIB ? mebibyte : deflateRawSync(Buffer.alloc(left), flushed));
  parts.push(deflateRawSync(Buffer.alloc(0)));
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((bytes % 65521) << 16) | 1) >>> 0);
  parts.push(adler);
  return Buffer.concat(parts);
}

/** A one-page PDF whose content streams inflate to these many zero bytes each. */
function flateBombPdf(streamBytes) {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents [${streamBytes.map((_, i) => `${i + 4} 0 R`).join(' ')}] >>`,
    ...streamBytes.map((bytes) => zerosDeflated(bytes)),
  ];
  const parts = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets = [];
  objects.forEach((object, index) => {
    const body =
      typeof object === 'string'
        ? Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`)
        : Buffer.concat([
            Buffer.from(`${index + 1} 0 obj\n<< /Length ${object.length} /Filter /FlateDecode >>\nstream\n`),
            object,
            Buffer.from('\nendstream\nendobj\n'),
          ]);
    offsets.push(offset);
    parts.push(body);
    offset += body.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
  ].join('');
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}

/** Resident memory of a process in MB (0 once it is gone), and the pids of the processes it started. */
async function rssMb(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}
async function childrenOf(pid) {
  const found = [];
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => []);
  for (const task of tasks) {
    const children = await readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '');
    for (const child of children.split(' ').filter(Boolean))
      found.push(Number(child), ...(await childrenOf(Number(child))));
  }
  return found;
}

async function signIn(baseUrl) {
  const login = await fetch(`${baseUrl}/api/auth/demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'owner' }),
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
  return { authorization: `Bearer ${(await login.json()).token}` };
}

async function call(baseUrl, headers, method, path, body) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Uploads the bomb as a policy of a new property and samples memory until its analysis ends. */
async function attack({ baseUrl, pid }, headers, name, pdf) {
  const property = await call(baseUrl, headers, 'POST', '/api/properties', {
    name: `Bomb house (${name})`,
    address: '1 Deflate Road',
    municipality: 'CPT',
    parcel_id: `BOMB${Date.now().toString(36).toUpperCase()}`,
  });
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const signed = await call(baseUrl, headers, 'POST', '/api/documents/sign', {
    contentType: 'application/pdf',
    sha256,
    bytes: pdf.length,
  });
  const put = await fetch(new URL(signed.url, baseUrl), {
    method: 'PUT',
    headers: signed.headers,
    body: pdf,
  });
  if (put.status !== 200) throw new Error(`PUT answered ${put.status}: ${await put.text()}`);

  const before = await rssMb(pid);
  let serverPeak = before;
  let treePeak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const server = await rssMb(pid);
      let readers = 0;
      for (const child of await childrenOf(pid)) readers += await rssMb(child);
      serverPeak = Math.max(serverPeak, server);
      treePeak = Math.max(treePeak, server + readers);
      await sleep(10);
    }
  })();
  const start = performance.now();
  try {
    const document = await call(baseUrl, headers, 'POST', '/api/documents', {
      property_id: property.id,
      kind: 'policy',
      name: `Policy wording (${name}).pdf`,
      storage_key: signed.storageKey,
      sha256,
      bytes: pdf.length,
      content_type: 'application/pdf',
    });
    let analysis;
    // The server keeps answering meanwhile: every poll is a request it serves during the attack.
    let served = 0;
    while (performance.now() - start < ANALYSIS_TIMEOUT_MS) {
      const analyses = await call(
        baseUrl,
        headers,
        'GET',
        `/api/policies/analyses?propertyId=${property.id}`,
      );
      served += 1;
      analysis = analyses.find((entry) => entry.document_id === document.id);
      if (analysis && !['not_analysed', 'queued', 'running'].includes(analysis.state)) break;
      await sleep(50);
    }
    return {
      name,
      fileMb: pdf.length / MIB,
      state: analysis?.state ?? 'missing',
      error: analysis?.error ?? null,
      seconds: (performance.now() - start) / 1000,
      served,
      serverGrowthMb: serverPeak - before,
      withReaderGrowthMb: treePeak - before,
    };
  } finally {
    sampling = false;
    await sampler;
  }
}

/** Runs both bombs against the built app; prints the row; answers 1 when a target is missed, else 0. */
export async function flateBombRow(server) {
  process.stdout.write('\n  measuring flate bombs uploaded as policies (1 GiB in one stream; 6 × 31 MiB) … ');
  const headers = await signIn(server.baseUrl);
  const results = [];
  for (const [name, sizes] of [
    ['1 GiB in one stream', [1024 * MIB]],
    ['6 streams of 31 MiB', Array(6).fill(31 * MIB)],
  ])
    results.push(await attack(server, headers, name, flateBombPdf(sizes)));
  console.log('done');
  const worst = Math.max(...results.map((r) => r.serverGrowthMb));
  const worstWithReader = Math.max(...results.map((r) => r.withReaderGrowthMb));
  const details = results
    .map(
      (r) =>
        `${r.name} (${r.fileMb.toFixed(1)} MB file): ${r.state} in ${r.seconds.toFixed(1)} s, server +${r.serverGrowthMb.toFixed(1)} MB, with reader +${r.withReaderGrowthMb.toFixed(1)} MB, ${r.served} requests served meanwhile`,
    )
    .join('; ');
  console.log(
    `| flate bomb: server RSS growth | ${worst.toFixed(1)} MB (with its PDF reader ${worstWithReader.toFixed(1)} MB) | target ≤ ${BOMB_RSS_TARGET_MB} MB | ${details} |`,
  );
  let failed = 0;
  for (const r of results) {
    if (r.state !== 'failed' || !/unpacks to more than/.test(r.error ?? '')) {
      console.error(
        `\nFAILED: the bomb '${r.name}' ended ${r.state} (${r.error}), not 'failed' for too much content`,
      );
      failed = 1;
    }
  }
  if (worstWithReader > BOMB_RSS_TARGET_MB) {
    console.error(`\nFAILED: a flate bomb raised the server's memory by more than ${BOMB_RSS_TARGET_MB} MB`);
    failed = 1;
  }
  return failed;
}
