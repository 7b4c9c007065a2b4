/**
 * Starts the built app (apps/api/dist/main.js, which also serves apps/web/dist) on a free port with
 * a fresh temporary DATA_DIR, for the e2e run and the benchmark. stop() ends it (SIGTERM, then
 * SIGKILL if graceful shutdown hangs) and removes the data directory.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverEntry = path.join(root, 'apps/api/dist/main.js');
/**
 * How every server of the browser tests runs (scripts/e2e.mjs's, and those a test file starts of its own: billing,
 * verification). Behind a trusted proxy, as in production: test sign-ups come from addresses of their own
 * (apps/web/e2e/browser.mjs). Load shedding (503 once a request would wait 250 ms for the database) is the API
 * suite's to test (overload.test.ts); here it waits up to its maximum, so a busy machine (CI runs three shares of
 * these side by side) slows the pages down but never turns them away.
 */
export const BROWSER_TEST_SERVER_ENV = { TRUST_PROXY: 'true', DB_QUEUE_SHED_WAIT_MS: '60000' };

// A safety limit, not a timing assertion: a fresh PGlite data directory is migrated at start-up (about 8.5 CPU-s),
// which took over 60 s on the 2-core machine at a load of 20.
const STARTUP_TIMEOUT_MS = 150_000;
const STOP_TIMEOUT_MS = 15_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once GET /api/health answers 200 (asked every `pollMs`). On failure it throws an error whose
 * `output` is what the server printed; the data directory is removed either way, unless it was given
 * (`dataDir`: an existing one to start on again, kept).
 */
export async function startBuiltApp({
  env = {},
  prefix = 'propertydna-',
  dataDir: given,
  pollMs = 200,
} = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = given ?? (await mkdtemp(path.join(os.tmpdir(), prefix)));
  const chunks = [];
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Links in mails point at this server.
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => chunks.push(chunk));
  child.stderr.on('data', (chunk) => chunks.push(chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const running = () => child.exitCode === null && child.signalCode === null;

  const app = {
    baseUrl,
    dataDir,
    pid: child.pid,
    output: () => Buffer.concat(chunks).toString('utf8'),
    async stop() {
      if (running()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      if (!given) await rm(dataDir, { recursive: true, force: true });
    },
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let lastError = 'no answer yet';
  while (Date.now() < deadline && running()) {
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return app;
      lastError = `status ${res.status}`;
    } catch (error) {
      lastError = error.cause?.code ?? error.message;
    }
    await sleep(pollMs);
  }
  const reason = running()
    ? `not healthy after ${STARTUP_TIMEOUT_MS / 1000} s (${lastError})`
    : `exited during start-up (${child.exitCode ?? child.signalCode})`;
  await app.stop();
  throw Object.assign(new Error(`the server ${reason}`), { output: app.output() });
}
