/**
 * The export scenario of `pnpm bench`: a property whose vault holds BENCH_EXPORT_MB of documents (200 MB
 * by default: 40 PDFs of 5 MB, uploaded through the API into the default store: sign, PUT, register), then
 * its Quick Export and its insurance pack downloaded as ZIPs, each timed, with the API's resident memory
 * sampled while it packs. The ZIPs are streamed and every document is hashed on the way out, so the API's
 * memory must not grow with the size of the pack (budget: MEMORY_BUDGET_MB).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';

export const FILE_MB = 5;
export const EXPORT_MEMORY_BUDGET_MB = 64;

/** Resident set size of a process in MB (Linux /proc). */
async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** Samples a process's RSS every 10 ms until stopped; answers the peak. */
function sampleRss(pid, start) {
  let peak = start;
  const timer = setInterval(() => {
    rssMb(pid).then(
      (mb) => {
        peak = Math.max(peak, mb);
      },
      () => {},
    );
  }, 10);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

export async function uploadPdf(baseUrl, headers, propertyId, index) {
  // A PDF header so the type sniffing accepts it; the rest random (as incompressible as a real scan).
  const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(FILE_MB * 1024 * 1024 - 9)]);
  const sha256 = createHash('sha256').update(content).digest('hex');
  const json = { ...headers, 'content-type': 'application/json' };
  const signed = await fetch(`${baseUrl}/api/documents/sign`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ contentType: 'application/pdf', sha256, bytes: content.length }),
  }).then((r) => r.json());
  const put = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: content });
  if (put.status !== 200) throw new Error(`PUT answered ${put.status}: ${await put.text()}`);
  const registered = await fetch(`${baseUrl}/api/documents`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      property_id: propertyId,
      // Certificates and inspections: both go into the insurance pack (a policy would also be analysed).
      kind: index % 2 === 0 ? 'certificate' : 'inspection',
      name: `Scan ${String(index + 1).padStart(2, '0')}.pdf`,
      storage_key: signed.storageKey,
      sha256,
      bytes: content.length,
      content_type: 'application/pdf',
    }),
  });
  if (registered.status !== 201) {
    throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  }
}

/** Downloads a ZIP, reading it as a client would (bytes counted, never kept); answers its timing and memory. */
async function measureDownload({ baseUrl, pid }, headers, path) {
  const before = await rssMb(pid);
  const stop = sampleRss(pid, before);
  const start = performance.now();
  const res = await fetch(`${baseUrl}${path}`, { headers });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const seconds = (performance.now() - start) / 1000;
  const peak = stop();
  const declared = Number(res.headers.get('content-length'));
  if (declared !== bytes) throw new Error(`GET ${path}: ${bytes} bytes received, ${declared} declared`);
  return {
    path,
    mb: bytes / 1024 / 1024,
    seconds,
    mbPerSec: bytes / 1024 / 1024 / seconds,
    rssGrowthMb: peak - before,
  };
}

/**
 * Fills a new property of the signed-in owner with `totalMb` of documents and measures its two ZIP
 * exports. Answers one result per download.
 */
export async function benchExport(server, headers, totalMb) {
  const { baseUrl } = server;
  const property = await fetch(`${baseUrl}/api/properties`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Export bench house',
      address: '1 Bench Street, Cape Town',
      municipality: 'CPT',
      parcel_id: `EXPORT${Date.now().toString(36)}`,
    }),
  }).then((r) => r.json());
  if (!property.id) throw new Error(`creating the property failed: ${JSON.stringify(property)}`);
  const files = Math.max(1, Math.round(totalMb / FILE_MB));
  for (let i = 0; i < files; i++) await uploadPdf(baseUrl, headers, property.id, i);
  return [
    await measureDownload(server, headers, `/api/reports/quick-export?propertyId=${property.id}`),
    await measureDownload(
      server,
      headers,
      `/api/reports/insurance-pack?propertyId=${property.id}&format=zip`,
    ),
  ].map((result) => ({ ...result, files }));
}
