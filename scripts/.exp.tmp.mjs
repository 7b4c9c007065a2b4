import autocannon from 'autocannon';
import { startBuiltApp } from './lib/built-app.mjs';
const server = await startBuiltApp({ env: { BENCH_ROUTES: 'true', ...(process.env.EXP_ENV ? JSON.parse(process.env.EXP_ENV) : {}) } });
const base = server.baseUrl;
const post = (u, b) => fetch(base + u, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b ?? {}) }).then((r) => r.json());
const probe = (d) => autocannon({ url: `${base}/api/health`, connections: 2, overallRate: 50, duration: d });
try {
  await new Promise((r) => setTimeout(r, 2000));
  let r = await probe(5);
  console.log('idle', r.latency.p50, r.latency.p99, r.latency.max);
  const mode = process.argv[2] ?? 'mail';
  if (mode === 'mail') {
    await post('/__bench/mail', { count: 3000, lane: 'bulk' });
  } else if (mode === 'noop') {
    await post('/__bench/jobs/noop', { count: 5000 });
  } else if (mode === 'round') {
    await post('/__bench/seed-alert-users', { users: 3000 });
    r = await probe(3);
    console.log('after seed idle', r.latency.p50, r.latency.p99, r.latency.max);
    await post('/__bench/jobs/daily-alerts');
  }
  r = await probe(8);
  console.log(mode, r.latency.p50, r.latency.p99, r.latency.max, r.requests.total);
} finally { await server.stop(); }
