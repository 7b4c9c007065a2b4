import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Layers point one way (ARCHITECTURE.md, docs/architecture.md): domain ← db, storage, auth, limits, mail,
// jobs, capabilities, pdf, exports ← trpc/init, rest/define-route ← modules ← trpc/router, rest/plugin ← app.
// The lower layers never import from the layers above them; modules never import each other in a cycle,
// nor another's router or REST routes.
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

const ABOVE = /^(modules|trpc|rest|web)\/|^(app|server|main|bench-routes|background-jobs)\.js$/;

/** The layers below the modules: each is used by the modules and the app, and uses neither. */
const LOWER = ['db', 'storage', 'auth', 'limits', 'mail', 'jobs', 'capabilities', 'pdf', 'exports'];

/** The module a src/ path belongs to ('modules/reports/zip.js' → 'reports'), if any. */
const moduleOf = (target: string) => /^modules\/([^/]+)\//.exec(target)?.[1];

/** Every import from one module into another: from → to → the first file and import that shows it. */
function moduleImports(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const { file, text } of sourcesUnder('modules')) {
    const from = moduleOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const target of importsOf(file, text)) {
      const to = moduleOf(target);
      if (to && to !== from && !edges.has(to)) edges.set(to, `${file} imports ${target}`);
    }
  }
  return graph;
}

/**
 * The import cycles of a graph, each as the path that closes it ([a, b, a]): one for each group of
 * nodes that reach each other (Tarjan's strongly connected components), found by a walk inside it.
 */
function importCycles(graph: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      group.push(member);
      if (member === node) break;
    }
    if (group.length > 1 || graph.get(node)?.has(node)) groups.push(group);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  // In each group, a cycle through its first member (alphabetically): a shortest way back to it.
  return groups.map((group) => {
    const members = new Set(group);
    const start = [...group].sort()[0] ?? '';
    const before = new Map<string, string>();
    const queue = [start];
    for (const node of queue) {
      for (const next of graph.get(node)?.keys() ?? []) {
        if (!members.has(next)) continue;
        if (next === start) {
          const path = [start];
          for (let at: string | undefined = node; at !== undefined && at !== start; at = before.get(at))
            path.splice(1, 0, at);
          return [...path, start];
        }
        if (!before.has(next)) {
          before.set(next, node);
          queue.push(next);
        }
      }
    }
    return [start, start];
  });
}

describe('layers', () => {
  it.each(LOWER)('nothing under src/%s imports from the modules or the layers above them', (folder) => {
    const files = sourcesUnder(folder);
    expect(files.length).toBeGreaterThan(0);
    for (const { file, text } of files) {
      for (const target of importsOf(file, text))
        expect(target, `${file} imports ${target}`).not.toMatch(ABOVE);
    }
  });

  it('has no import cycle between modules (reports reads escalation; escalation never reads reports)', () => {
    const graph = moduleImports();
    expect(graph.size).toBeGreaterThan(15);
    const cycles = importCycles(graph).map((cycle) =>
      [
        cycle.join(' → '),
        ...cycle.slice(1).map((to, i) => `  ${graph.get(cycle[i] ?? '')?.get(to) ?? `${cycle[i]} → ${to}`}`),
      ].join('\n'),
    );
    expect(cycles, `modules import each other in a cycle:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('keeps migrations frozen in time: they import kysely and each other, nothing of the app', () => {
    for (const { file, text } of sourcesUnder('db/migrations')) {
      for (const target of importsOf(file, text)) {
        expect(target, `${file} imports ${target}`).toMatch(
          /^(kysely(\/migration)?|db\/migrations\/[^/]+\.js)$/,
        );
      }
    }
  });

  it('imports a router only to compose them: no *.router.ts imports another, nor does anything but trpc/router.ts', () => {
    const files = sourcesUnder('.').filter(({ file }) => !file.endsWith('.test.ts'));
    expect(files.filter(({ file }) => file.endsWith('.router.ts')).length).toBeGreaterThan(10);
    for (const { file, text } of files) {
      if (file === 'trpc/router.ts') continue;
      for (const target of importsOf(file, text))
        expect(target, `${file} imports ${target}`).not.toMatch(/\.router\.js$/);
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

  it('finds the cycles it checks', () => {
    const graph = (edges: Record<string, string[]>) =>
      new Map(Object.entries(edges).map(([from, to]) => [from, new Map(to.map((name) => [name, '']))]));
    expect(importCycles(graph({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
    expect(importCycles(graph({ reports: ['escalation'], escalation: ['reports'] }))).toEqual([
      ['escalation', 'reports', 'escalation'],
    ]);
    expect(importCycles(graph({ a: ['b'], b: ['c', 'd'], c: ['a'], d: ['d'], e: ['a'] })).sort()).toEqual([
      ['a', 'b', 'c', 'a'],
      ['d', 'd'],
    ]);
    expect(moduleOf('modules/reports/reports.files.ts')).toBe('reports');
    expect(moduleOf('exports/zip.js')).toBeUndefined();
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
