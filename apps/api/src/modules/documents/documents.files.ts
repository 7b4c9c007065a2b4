import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedIn } from '../../auth/signed-in.js';
import { sendDownload } from '../../storage/download-headers.js';
import type { AppServices } from '../../trpc/context.js';
import { documentIdParams } from './documents.schemas.js';
import { openDocument } from './documents.service.js';

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
        const who = await signedIn(services.lucia, request, reply);
        const { document, stream } = await openDocument(
          services.db.db,
          services.store,
          who,
          request.params.id,
          action,
        );
        // View is inline for PDFs and images only (the helper decides); download always an attachment.
        return sendDownload(
          reply,
          {
            contentType: document.content_type,
            bytes: document.bytes,
            filename: document.name,
            disposition: action === 'view' ? 'inline' : 'attachment',
          },
          stream,
        );
      },
    );
  }
}
