import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Paths that belong to the API: a miss there is a JSON 404, never the web app's index.html. */
export const API_PREFIXES = ['/api/', '/trpc/', '/storage/'] as const;

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return (
    pathname === '/api' || pathname === '/trpc' || API_PREFIXES.some((prefix) => pathname.startsWith(prefix))
  );
}

/** apps/web/dist, found from this file whether it runs from src (tsx) or from the bundle in dist. */
export function defaultWebDistDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

/**
 * Serves the built web app: hashed assets with a long cache, everything else that is not an API
 * path falls back to index.html (the SPA's router decides). Returns false if there is no build.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const immutable = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
