import type { FastifyInstance } from 'fastify';
import { isApiPath, REVALIDATE_CACHE } from './web-app.js';

/** Every answer that is not public: no cache, shared or the browser's own, keeps a copy. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** The API's description: public, the same for everyone, revalidated (it changes with a deploy). */
const PUBLIC_API_PATHS = ['/api/openapi.json', '/api/docs'];

/**
 * What is public and may be cached, the whole list: the web app's files (outside the API's paths; their
 * Cache-Control is the web app's own, web-app.ts: hashed assets immutable, everything else revalidated)
 * and the API's description (/api/openapi.json and the /api/docs pages, revalidated). Everything else
 * — every JSON answer of either door, errors, files, the calendar feed, the share and invite views,
 * health and the public verify answer (fresh or nothing) — is `private, no-store`.
 */
export function isPublicPath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? url;
  return (
    !isApiPath(pathname) ||
    PUBLIC_API_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
  );
}

/**
 * Sets Cache-Control on every answer, once, as it is sent: `private, no-store` unless the path is
 * public (isPublicPath), whatever a route set; a public answer keeps its own, else is revalidated.
 * Added to the root instance before any route, so it covers every route, the 404s and the errors.
 */
export function addCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isPublicPath(request.url)) reply.header('cache-control', PRIVATE_NO_STORE);
    else if (!reply.hasHeader('cache-control')) reply.header('cache-control', REVALIDATE_CACHE);
    done(null, payload);
  });
}
