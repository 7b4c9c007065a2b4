import path from 'node:path';
import type { IndexHtmlTransformContext, Plugin, ResolvedConfig } from 'vite';

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type OutputChunk = Extract<OutputBundle[string], { type: 'chunk' }>;

/**
 * Puts the app's chunks and stylesheet in index.html (`<link rel="modulepreload">`, `<link
 * rel="stylesheet">`). main.tsx loads the app with a dynamic import (zod is configured first), which
 * Vite does not announce in the page: without this, the browser would learn of the app, React, the
 * router and the stylesheet only once main.tsx had run, one round trip after the entry. Vite's loader
 * finds the links there and does not fetch the files again.
 */
export function preloadApp(entry: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'propertydna:preload-app',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const app = Object.values(bundle).find(
          (output): output is OutputChunk =>
            output.type === 'chunk' &&
            output.facadeModuleId !== null &&
            path.relative(config.root, output.facadeModuleId) === entry,
        );
        if (!app) throw new Error(`preload-app: no chunk for ${entry}`);
        // The entry (main.tsx) is in the page already.
        const chunks = staticClosure(bundle, app).filter((chunk) => !chunk.isEntry);
        const href = (file: string) => `${config.base}${file}`;
        return [
          ...chunks
            .flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])])
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: href(file) },
              injectTo: 'head' as const,
            })),
          ...chunks.map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: href(chunk.fileName) },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/** The chunk and every chunk it imports statically, each once, the chunk first. */
function staticClosure(bundle: OutputBundle, start: OutputChunk): OutputChunk[] {
  const found = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(start);
  return [...found.values()];
}
