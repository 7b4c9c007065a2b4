import path from 'node:path';

/** A module as rolldown's chunking sees it (`ctx.getModuleInfo`). */
interface ModuleInfo {
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  exports: readonly string[];
}

/** What rolldown's chunking passes to a code-splitting group's `name()`: the module graph. */
interface ModuleGraph {
  getModuleInfo(id: string): ModuleInfo | null;
}

const IMPORT =
  /\bimport\s*(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s*as\s+[\w$]+)?\s*(?:from\s*)?(["'])([^"']+)\3/g;
const EXPORT_FROM = /\bexport\s*(?:\{([^}]*)\}|\*)\s*from\s*(["'])([^"']+)\2/g;
const EXPORT_LIST = /\bexport\s*\{([^}]*)\}\s*(?!\s*from)/g;
const NAMESPACE_IMPORT = /\bimport\s*\*\s*as\b/;

/** `a, b as c, type d` → [['a', 'a'], ['b', 'c']] (name there, name here). */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '' && !item.startsWith('type '))
    .map((item) => {
      const [from = '', to = from] = item.split(/\s+as\s+/);
      return [from.trim(), to.trim()] as [string, string];
    });
}

/**
 * A barrel: a module that only gathers other modules' exports (`import {x} from …; export {x}`,
 * `export … from`), like @mantine/core's index or the domain's. Its exports, each as the module
 * specifier and name it comes from; `stars`, the specifiers of its `export *`.
 */
function parseBarrel(code: string) {
  const rest = code
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .replace(IMPORT, '')
    .replace(EXPORT_FROM, '')
    .replace(EXPORT_LIST, '')
    .replace(/["']use client["'];?/g, '')
    .replace(/[\s;]/g, '');
  if (rest !== '') return null;
  const local = new Map<string, [string, string]>();
  for (const [, , named = '', , spec = ''] of code.matchAll(IMPORT))
    for (const [from, to] of specifiers(named)) local.set(to, [spec, from]);
  const named = new Map<string, [string, string]>();
  const stars: string[] = [];
  for (const [, list, , spec = ''] of code.matchAll(EXPORT_FROM)) {
    if (list === undefined) stars.push(spec);
    else for (const [from, to] of specifiers(list)) named.set(to, [spec, from]);
  }
  for (const [, list = ''] of code.matchAll(EXPORT_LIST))
    for (const [from, to] of specifiers(list)) {
      const source = local.get(from);
      if (source) named.set(to, source);
    }
  return { named, stars };
}

/**
 * A code-splitting group (rolldown `output.codeSplitting.groups`) for the signed-in home: what the app
 * shell and the dashboard import statically, in three chunks instead of the ~50 the automatic split made
 * of it by the pages sharing each module (a few hundred bytes to a few KB each, which the dashboard
 * fetched over HTTP/1.1: six connections, a round trip per file).
 *
 * - `dashboard`: the modules no public page can load (the entry, the app, every route outside
 *   `_authenticated` and what they import, statically or lazily).
 * - `dashboard-shared`: the modules some other public page (signup, a share or transfer link) loads as
 *   well, but neither the landing nor the login page. Such a page loads this chunk whole, never the
 *   dashboard's.
 * - `auth-shared`: the modules the login page loads too (its inputs, alerts, error texts), but not the
 *   landing page: the login page loads the same code as before, in one file instead of several.
 * - Everything the landing page loads is left to the automatic split, so it loads exactly what it
 *   loaded before; with `includeDependenciesRecursively: false` the groups do not pull it in either.
 *   A group's modules import only the groups' own or the landing page's modules: no cycle.
 *
 * `signedInModules` are lazily loaded modules that do not count as public although the public part of
 * the app imports them (the 404 page, which shows the app shell to a signed-in user): they load the
 * dashboard's chunk when they need its modules.
 *
 * Walking the graph, a barrel (@mantine/core's index, the domain's) is followed only to the modules of
 * the names imported from it, as the bundle will hold them, not to the whole library it gathers.
 * `landingModules` and `loginModules` are the app and each page's route (what the entry loads for it).
 * `root` is Vite's root (apps/web); the module lists are paths under it (split route components as
 * `src/routes/….tsx`, matched with their `?tsr-split=component` query).
 */
export function dashboardChunkGroup({
  root,
  dashboardModules,
  landingModules,
  loginModules,
  signedInModules = [],
}: {
  root: string;
  dashboardModules: string[];
  landingModules: string[];
  loginModules: string[];
  signedInModules?: string[];
}) {
  const abs = (file: string) => path.resolve(root, file);
  const entry = abs('src/main.tsx');
  const authenticatedDir = abs('src/routes/_authenticated');
  const withinAuthenticated = (id: string) => {
    const name = id.replace(/\?.*$/, '');
    return name === `${authenticatedDir}.tsx` || name.startsWith(`${authenticatedDir}${path.sep}`);
  };
  const roots = new Set(dashboardModules.map(abs));
  const landing = new Set(landingModules.map(abs));
  const firstLoad = new Set([...landingModules, ...loginModules].map(abs));
  const signedIn = new Set(signedInModules.map(abs));
  const file = (id: string) => id.replace(/\?.*$/, '');
  let members: Map<string, string> | undefined;

  const barrels = new Map<string, ReturnType<typeof parseBarrel>>();
  const barrelOf = (graph: ModuleGraph, id: string) => {
    if (!barrels.has(id)) {
      const code = graph.getModuleInfo(id)?.code;
      barrels.set(id, code ? parseBarrel(code) : null);
    }
    return barrels.get(id) ?? null;
  };

  /** The module `importer` means by a relative `spec` (by path without extension: './x.js' may be x.ts). */
  const resolve = (graph: ModuleGraph, importer: string, spec: string) => {
    const ids = graph.getModuleInfo(importer)?.importedIds ?? [];
    if (!spec.startsWith('.')) return ids.find((id) => id.includes(`/node_modules/${spec}/`));
    const bare = (file: string) => file.replace(/\?.*$/, '').replace(/\.[cm]?[jt]sx?$/, '');
    const wanted = bare(path.resolve(path.dirname(importer), spec));
    return ids.find((id) => bare(id) === wanted || bare(id) === `${wanted}/index`);
  };

  /**
   * The modules of `starts` and what they import (`follow` decides on dynamic imports). Through a
   * barrel only the modules of the names the importer imports are followed (any name it imports from
   * anywhere, so never fewer), not the whole library the barrel gathers: what the bundle will hold.
   */
  const closure = (graph: ModuleGraph, starts: Iterable<string>, follow: (id: string) => boolean) => {
    const seen = new Set<string>();
    const seenNames = new Set<string>();
    const stack = [...starts];
    /** The modules behind export `name` of barrel `id`. */
    const throughBarrel = (id: string, name: string) => {
      const key = `${id}\0${name}`;
      if (seenNames.has(key)) return;
      seenNames.add(key);
      const barrel = barrelOf(graph, id);
      if (!barrel) return void stack.push(id);
      const source = barrel.named.get(name);
      const targets = source
        ? [[source[0], source[1]] as const]
        : barrel.stars.map((spec) => [spec, name] as const);
      for (const [spec, imported] of targets) {
        const target = resolve(graph, id, spec);
        if (target === undefined) {
          // Not understood: the whole barrel, as the bundler's graph has it.
          stack.push(id);
          continue;
        }
        if (!source && !graph.getModuleInfo(target)?.exports.includes(imported)) continue;
        if (barrelOf(graph, target)) throughBarrel(target, imported);
        else stack.push(target);
      }
    };
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = graph.getModuleInfo(id);
      if (!info) continue;
      const code = info.code ?? '';
      const names = NAMESPACE_IMPORT.test(code)
        ? undefined
        : [...code.matchAll(IMPORT)].flatMap(([, defaultName, named = '']) => [
            ...(defaultName ? ['default'] : []),
            ...specifiers(named).map(([from]) => from),
          ]);
      for (const imported of info.importedIds) {
        if (names === undefined || seen.has(imported) || !barrelOf(graph, imported)) stack.push(imported);
        else for (const name of names) throughBarrel(imported, name);
      }
      for (const dynamic of info.dynamicallyImportedIds) if (follow(dynamic)) stack.push(dynamic);
    }
    return seen;
  };

  const compute = (graph: ModuleGraph) => {
    // Every module a public page may load: from the entry, any import but the protected pages' own.
    const publicModules = closure(graph, [entry], (id) => !withinAuthenticated(id) && !signedIn.has(id));
    // What the landing or the login page loads: the entry, the app and those two routes.
    const firstLoadPages = closure(graph, [entry], (id) => firstLoad.has(file(id)));
    // What the landing page loads: the entry, the app and its route.
    const landingPage = closure(graph, [entry], (id) => landing.has(file(id)));
    // The whole graph, to find the dashboard's modules by file (a split component carries a query).
    const all = closure(graph, [entry], () => true);
    const starts = [...all].filter((id) => roots.has(file(id)));
    if (starts.length < roots.size)
      throw new Error('dashboard chunk: a dashboard module is not in the build');
    const groups = new Map<string, string>();
    for (const id of closure(graph, starts, () => false)) {
      if (!publicModules.has(id)) groups.set(id, 'dashboard');
      else if (!firstLoadPages.has(id)) groups.set(id, 'dashboard-shared');
      else if (!landingPage.has(id)) groups.set(id, 'auth-shared');
    }
    return groups;
  };

  return {
    name: (id: string, graph: ModuleGraph) => {
      members ??= compute(graph);
      return members.get(id) ?? null;
    },
    includeDependenciesRecursively: false,
  };
}
