import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Layers point one way (ARCHITECTURE.md): domain ← db, storage, auth ← trpc/init, rest/define-route ← modules ←
// trpc/router, rest/plugin ← app. The lower layers never import from the layers above them.
const src = path.dirname(fileURLToPath(import.meta.url));

function sourcesUnder(folder: string) {
  return readdirSync(path.join(src, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({
      file: path.join(folder, file),
      text: readFileSync(path.join(src, folder, file), 'utf8'),
    }));
}

/** What a file imports, resolved against src/ for relative specifiers ('modules/auth/auth.repo.js'). */
function importsOf(file: string, text: string): string[] {
  // Static imports and re-exports (at a line start, possibly over several lines), bare imports, import().
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\s[^'";]*?from\s+'([^']+)'/gm),
    ...text.matchAll(/^\s*import\s+'([^']+)'/gm),
    ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
  ];
  return specifiers.map((match) => {
    const specifier = match[1] ?? '';
    return specifier.startsWith('.') ? path.posix.join(path.posix.dirname(file), specifier) : specifier;
  });
}

const ABOVE = /^(modules|trpc|rest|web)\/|^(app|server|main|bench-routes)\.js$/;

describe('layers', () => {
  it.each(['db', 'storage', 'auth'])(
    'nothing under src/%s imports from the modules or the layers above them',
    (folder) => {
      const files = sourcesUnder(folder);
      expect(files.length).toBeGreaterThan(0);
      for (const { file, text } of files) {
        for (const target of importsOf(file, text))
          expect(target, `${file} imports ${target}`).not.toMatch(ABOVE);
      }
    },
  );

  it('keeps migrations frozen in time: they import kysely and each other, nothing of the app', () => {
    for (const { file, text } of sourcesUnder('db/migrations')) {
      for (const target of importsOf(file, text)) {
        expect(target, `${file} imports ${target}`).toMatch(
          /^(kysely(\/migration)?|db\/migrations\/[^/]+\.js)$/,
        );
      }
    }
  });

  it("keeps each module's REST routes its own: no <area>.rest.ts imports another module's", () => {
    const lists = sourcesUnder('modules').filter(({ file }) => file.endsWith('.rest.ts'));
    expect(lists.length).toBeGreaterThan(10);
    for (const { file, text } of lists) {
      const area = file.split('/')[1];
      for (const target of importsOf(file, text)) {
        if (target.endsWith('.rest.js'))
          expect(target, `${file} imports ${target}`).toMatch(new RegExp(`^modules/${area}/`));
      }
    }
  });

  it("registers every module's REST routes: rest/plugin.ts imports each <area>.rest.ts", () => {
    const plugin = readFileSync(path.join(src, 'rest/plugin.ts'), 'utf8');
    const imported = importsOf('rest/plugin.ts', plugin);
    for (const { file } of sourcesUnder('modules').filter(({ file }) => file.endsWith('.rest.ts')))
      expect(imported, `rest/plugin.ts does not import ${file}`).toContain(file.replace(/\.ts$/, '.js'));
  });

  it('finds the imports it checks', () => {
    expect(importsOf('db/seed.ts', "import { x } from '../modules/auth/auth.repo.js';")).toEqual([
      'modules/auth/auth.repo.js',
    ]);
    expect(importsOf('db/connect.ts', "import pg from 'pg';\nimport type { Env } from '../env.js';")).toEqual(
      ['pg', 'env.js'],
    );
  });
});
