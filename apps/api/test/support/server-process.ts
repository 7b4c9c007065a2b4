import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string>;
}

/** Runs a TypeScript entry of this package (through tsx) as a child process, with its arguments. */
export function runScript(
  script: string,
  env: Record<string, string>,
  args: readonly string[] = [],
): { child: ChildProcess; output: () => string; exited: Promise<number | string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string);
  return { child, output: () => output, exited };
}

/** Waits until the output contains `text` (or fails with the output so far). */
export async function waitForOutput(
  proc: { output: () => string; exited: Promise<unknown> },
  text: RegExp,
  timeoutMs = 45_000,
): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void proc.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    const match = text.exec(proc.output());
    if (match) return match;
    if (exited) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`did not see ${text} in time; output:\n${proc.output()}`);
}

/** Starts the real server (src/main.ts) on a free port and waits until it listens. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const proc = runScript('src/main.ts', { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env });
  const match = await waitForOutput(proc, /PropertyDNA is running at (http:\/\/\S+)/);
  return { ...proc, url: (match[1] ?? '').replace('localhost', '127.0.0.1') };
}
