import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Paths that belong to the API: a miss there is a JSON 404, never the web app's index.html. */
export const API_PREFIXES = ['/api/', '/trpc/', '/storage/'] as const;

/**
 * Whether a request's URL is the API's. Decided on the path as the router sees it — percent-decoded, so
 * `/%61pi/auth/me`, which runs /api/auth/me, is the API's too (private, shed under load) — and a path
 * that cannot be decoded counts as the API's: the safe side for every caller.
 */
export function isApiPath(url: string): boolean {
  const pathname = decodedPath(url);
  return (
    pathname === null ||
    pathname === '/api' ||
    pathname === '/trpc' ||
    API_PREFIXES.some((prefix) => pathname.startsWith(prefix))
  );
}

/** The URL's path, percent-decoded (a superset of what the router decodes); null if malformed. */
function decodedPath(url: string): string | null {
  const raw = url.split('?', 1)[0] ?? url;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * Whether a GET or HEAD that found nothing gets the web app's index.html: any path but the API's and
 * the hashed assets' (a chunk missing after a deploy is a 404, not a page the browser cannot run).
 */
export function servesIndexHtml(url: string): boolean {
  return !isApiPath(url) && !url.startsWith('/assets/');
}

/** apps/web/dist, found from this file whether it runs from src (tsx) or from the bundle in dist. */
export function defaultWebDistDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

/** Hashed assets (their names change with their content): cached for a year and never revalidated. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed files beside it: cached, but revalidated (ETag) before each use. */
export const REVALIDATE_CACHE = 'no-cache';

/**
 * Serves the built web app: hashed assets with a long cache, everything else that is not an API
 * path falls back to index.html (the SPA's router decides; see `sendIndexHtml`). The build writes a
 * brotli (.br) and a gzip (.gz) copy beside each text file, sent as they are to a browser that takes
 * them (`Content-Encoding`, `Vary: Accept-Encoding`), so no request spends CPU on compression. The
 * build's manifest (.vite/) is not served. Returns false if there is no build.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  const assetsDir = path.join(distDir, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are found through their files, never asked for by name.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, filePath) {
      res.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  });
  return true;
}

/** The SPA's page for any other GET or HEAD: index.html (compressed as the browser takes it), revalidated. */
export function sendIndexHtml(reply: FastifyReply) {
  return reply.header('cache-control', REVALIDATE_CACHE).type('text/html').sendFile('index.html');
}
