import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The domain package is pure and shared: zod and dayjs at run time, nothing from the apps.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file, text: readFileSync(path.join(root, 'src', file), 'utf8') }));
const importsOf = (text: string) =>
  [...text.matchAll(/\b(?:from\s+|import\s*\(\s*|import\s+)'([^']+)'(?=\s*[;)])/g)].map((m) => m[1] ?? '');

describe('package boundaries', () => {
  it('depends at run time on zod and dayjs only', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['dayjs', 'zod']);
  });

  it('imports only zod and dayjs from its runtime code, and nothing from apps/', () => {
    for (const { file, text } of sources) {
      const allowed =
        file.endsWith('.test.ts') || file.endsWith('test-helpers.ts')
          ? /^(\.|zod$|dayjs(\/|$)|vitest$|fast-check$|node:)/
          : /^(\.|zod$|dayjs(\/|$))/;
      for (const specifier of importsOf(text)) {
        expect(specifier, `${file} imports ${specifier}`).toMatch(allowed);
        expect(specifier, file).not.toMatch(/apps\//);
      }
    }
  });
});
