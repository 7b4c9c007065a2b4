import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes dist/.vite/chunks.json: for each chunk of the build, the source modules in it (paths from the
 * repository's root, node_modules packages by name). The manifest names only each chunk's entry
 * module; this tells which chunk carries a given component, so the first-load browser test can prove
 * that the landing page's chunks hold no signup wizard, no login form and no dashboard, wherever the
 * bundler puts them. Not served (the server leaves .vite/ out).
 */
export function chunkMap(): Plugin {
  let root = '';
  return {
    name: 'propertydna:chunk-map',
    apply: 'build',
    configResolved(config) {
      root = path.resolve(config.root, '../..');
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = output.moduleIds.map((id) => moduleName(root, id)).sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunks.json',
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}

/** 'apps/web/src/theme.ts', or a package's name and file ('zod/v4/core/core.js'); queries dropped. */
function moduleName(root: string, id: string): string {
  const file = id.replace(/\?.*$/, '').replace(/^\0/, '');
  const inPackage = file.lastIndexOf('/node_modules/');
  if (inPackage >= 0) return file.slice(inPackage + '/node_modules/'.length);
  return path.isAbsolute(file) ? path.relative(root, file) : file;
}
