import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The API's and the domain's test files share their worker's module cache (`isolate: false` in both
// vitest configs): a file that mocked a module, stubbed the environment or a global, or faked the
// clock would change what the files after it see. None may; this keeps it so. (The web app's tests
// that mock run in an isolated project of their own: apps/web/vitest.config.ts.)
const self = fileURLToPath(import.meta.url);
const repo = path.resolve(path.dirname(self), '../../..');
const SHARED = ['apps/api/src', 'apps/api/test', 'packages/domain/src'];
const CHANGES_SHARED_STATE = /\bvi\s*\.\s*(mock|doMock|stubEnv|stubGlobal|useFakeTimers|setSystemTime)\s*\(/;

function testFiles(folder: string): string[] {
  return readdirSync(path.join(repo, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
    .map((file) => path.join(folder, file))
    .filter((file) => path.join(repo, file) !== self);
}

describe('tests that share a module cache leave it as they found it', () => {
  it.each(SHARED)('no test file under %s mocks modules, stubs the environment or fakes timers', (folder) => {
    const files = testFiles(folder);
    expect(files.length).toBeGreaterThan(5);
    const offenders = files.filter((file) =>
      CHANGES_SHARED_STATE.test(readFileSync(path.join(repo, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('finds a mock where one is written', () => {
    expect(CHANGES_SHARED_STATE.test("vi.mock('../src/env.js')")).toBe(true);
    expect(CHANGES_SHARED_STATE.test('vi.useFakeTimers()')).toBe(true);
    expect(CHANGES_SHARED_STATE.test('vi.fn()')).toBe(false);
  });
});
