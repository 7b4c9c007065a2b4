import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { contentDisposition } from '../../storage/file-store.js';
import { type AppServices, createContext } from '../../trpc/context.js';
import { documentIdParams } from './documents.schemas.js';
import { openDocument } from './documents.service.js';

/** Shown inline only when browsers render them safely; anything else is a download. */
const INLINE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);

/**
 * View and download, streamed from the store. They open as plain links, so the session cookie is
 * enough (a GET changes nothing; the audit row is a record, not a state change a forger gains by).
 */
export async function documentFileRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  for (const action of ['view', 'download'] as const) {
    app.withTypeProvider<ZodTypeProvider>().get(
      `/api/documents/:id/${action}`,
      {
        schema: {
          tags: ['documents'],
          summary:
            action === 'view'
              ? 'Open a document in the browser (inline for PDF and images, otherwise as a download)'
              : 'Download a document',
          params: documentIdParams,
        },
      },
      async (request, reply) => {
        const ctx = await createContext(services, request, reply);
        if (!ctx.actor) throw new AppError('UNAUTHORIZED', 'Not signed in');
        const { document, stream } = await openDocument(
          services.db.db,
          services.store,
          { actor: ctx.actor, ip: request.ip },
          request.params.id,
          action,
        );
        const inline = action === 'view' && INLINE_TYPES.has(document.content_type);
        return (
          reply
            .header('content-type', document.content_type)
            .header('content-length', document.bytes)
            .header(
              'content-disposition',
              contentDisposition(inline ? 'inline' : 'attachment', document.name),
            )
            .header('x-content-type-options', 'nosniff')
            .header('cache-control', 'private, no-store')
            // The file is shown as itself: no scripts, no requests of its own.
            .header(
              'content-security-policy',
              "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'",
            )
            .send(stream)
        );
      },
    );
  }
}
