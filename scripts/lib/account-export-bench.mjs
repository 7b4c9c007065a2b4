/**
 * The "Download all my data" row of `pnpm bench` (issue 31 §1): a private demo organisation whose vault
 * is filled with BENCH_ACCOUNT_EXPORT_MB of documents (500 MB by default: 5 MB PDFs of random bytes,
 * uploaded through the API into the default store), then its export started (POST /api/account/export)
 * and run by the server's own job worker, polled to the end, while the API's resident memory is sampled;
 * then the ZIP downloaded and its size checked against the export's record. The job streams every file
 * from the store, hashing it, into the store's new object: its memory must not grow with the export's
 * size (target: EXPORT_MEMORY_BUDGET_MB).
 */
import { readFile } from 'node:fs/promises';
import { EXPORT_MEMORY_BUDGET_MB, FILE_MB, uploadPdf } from './export-bench.mjs';

export const ACCOUNT_EXPORT_BUDGET_MB = EXPORT_MEMORY_BUDGET_MB;

async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** Fills a private demo organisation with `totalMb` of documents and measures its export. */
export async function benchAccountExport(server, totalMb) {
  const { baseUrl, pid } = server;
  const login = await fetch(`${baseUrl}/api/auth/demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.78.0.1' },
    body: JSON.stringify({ account: 'owner' }),
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const property = await fetch(`${baseUrl}/api/properties`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Account export bench house',
      address: '2 Bench Street, Cape Town',
      municipality: 'CPT',
      parcel_id: `ACCOUNT${Date.now().toString(36)}`,
    }),
  }).then((r) => r.json());
  if (!property.id) throw new Error(`creating the property failed: ${JSON.stringify(property)}`);
  const files = Math.max(1, Math.round(totalMb / FILE_MB));
  for (let i = 0; i < files; i++) await uploadPdf(baseUrl, headers, property.id, i);

  const before = await rssMb(pid);
  let peak = before;
  const start = performance.now();
  const started = await fetch(`${baseUrl}/api/account/export`, { method: 'POST', headers });
  if (started.status !== 202)
    throw new Error(`export start answered ${started.status}: ${await started.text()}`);
  const { id } = await started.json();
  let status;
  for (;;) {
    peak = Math.max(peak, await rssMb(pid));
    status = await fetch(`${baseUrl}/api/account/export/${id}`, { headers }).then((r) => r.json());
    if (status.status === 'ready' || status.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - start) / 1000;
  if (status.status !== 'ready') throw new Error(`the export failed: ${status.error}`);
  const res = await fetch(`${baseUrl}${status.download_url}`, { headers });
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  if (bytes !== status.bytes) throw new Error(`download: ${bytes} bytes received, ${status.bytes} recorded`);
  return {
    files: status.files_total,
    mb: bytes / 1024 / 1024,
    seconds,
    rssGrowthMb: peak - before,
  };
}
