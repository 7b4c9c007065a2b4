#!/usr/bin/env node
/**
 * End-to-end run against the built app: starts `node apps/api/dist/main.js` (which also serves
 * apps/web/dist) on a free port with a fresh data directory, runs apps/web/e2e/*.e2e.mjs with node's
 * test runner (TAP, so the output ends with `# pass N` / `# fail N`), then stops the server and
 * removes the data directory whatever happened. Exits with the test runner's exit code.
 *
 * `pnpm test:e2e` builds the api and the web app first. Chromium: $CHROMIUM_PATH or /usr/bin/chromium.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/api/dist/main.js');
const webIndex = path.join(root, 'apps/web/dist/index.html');
const testsDir = path.join(root, 'apps/web/e2e');
const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(address.port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls GET /api/health until it answers 200; fails early if the server exits. */
async function waitForHealth(baseUrl, server) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`server exited during start-up (code ${server.exitCode}, signal ${server.signalCode})`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`GET /api/health did not answer 200 within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

/** SIGTERM, then wait for the exit; SIGKILL if the graceful shutdown hangs. */
async function stopServer(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Runs the test files with node's test runner. Its output is passed through as it comes, except the
 * closing summary (`# tests N` … `# duration_ms`), which is held back so that `beforeSummary` (the
 * server's log, when something failed) can be printed first and the summary stays the last lines.
 */
function runTests(files, env, beforeSummary) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--test', '--test-reporter=tap', '--test-concurrency=1', ...files],
      {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let pending = '';
    const summary = [];
    const emit = (line) => {
      if (summary.length > 0 || line.startsWith('# tests ')) summary.push(line);
      else process.stdout.write(`${line}\n`);
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) emit(line);
    });
    child.on('close', (code, signal) => {
      if (pending) emit(pending);
      const exitCode = code ?? (signal ? 1 : 0);
      if (exitCode !== 0) beforeSummary();
      for (const line of summary) process.stdout.write(`${line}\n`);
      resolve(exitCode);
    });
  });
}

async function main() {
  for (const [file, how] of [
    [serverEntry, 'pnpm --filter @propertydna/api build'],
    [webIndex, 'pnpm --filter @propertydna/web build'],
  ]) {
    if (!existsSync(file)) {
      console.error(`e2e: ${path.relative(root, file)} is missing; run \`${how}\` (or \`pnpm test:e2e\`).`);
      return 1;
    }
  }

  const files = (await readdir(testsDir))
    .filter((name) => name.endsWith('.e2e.mjs'))
    .sort()
    .map((name) => path.join(testsDir, name));
  if (files.length === 0) {
    console.error(`e2e: no *.e2e.mjs files in ${path.relative(root, testsDir)}`);
    return 1;
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'propertydna-e2e-'));
  let serverOutput = '';
  let server;

  const cleanUp = async () => {
    if (server) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  };
  const onSignal = (signal) => {
    cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    server = spawn(process.execPath, [serverEntry], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout.on('data', (chunk) => {
      serverOutput += chunk;
    });
    server.stderr.on('data', (chunk) => {
      serverOutput += chunk;
    });

    try {
      await waitForHealth(baseUrl, server);
    } catch (error) {
      console.error(`e2e: the server did not start: ${error.message}`);
      console.error('--- server output ---');
      console.error(serverOutput || '(none)');
      console.error('---------------------');
      return 1;
    }
    console.log(`e2e: server up at ${baseUrl} (data in ${dataDir})`);

    return await runTests(files, { ...process.env, BASE_URL: baseUrl }, () => {
      process.stdout.write('# --- server output (tests failed) ---\n');
      for (const line of (serverOutput.trim() || '(none)').split('\n')) process.stdout.write(`# ${line}\n`);
      process.stdout.write('# -------------------------------------\n');
    });
  } finally {
    await cleanUp();
  }
}

process.exitCode = await main();
