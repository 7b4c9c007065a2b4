import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enterCallerScope, signedIn } from '../../auth/signed-in.js';
import { binary } from '../../exports/export-limit.js';
import { sendDownload } from '../../storage/download-headers.js';
import type { AppServices } from '../../trpc/context.js';
import { pagePreviewParams } from './extraction.schemas.js';
import { openPagePreview } from './extraction.service.js';

/**
 * The preview of one page of a document as read (a JPEG the fields' boxes land on), streamed from the
 * store. It opens as an image's source, so the session cookie is enough; a foreign document is 404.
 */
export async function extractionFileRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/documents/:id/extraction/pages/:page',
    {
      schema: {
        tags: ['documents'],
        summary:
          "The preview of one page of a document as read (image/jpeg; the fields' boxes are fractions of it)",
        params: pagePreviewParams,
        response: {
          200: {
            description:
              "The page as read, a JPEG about 1000 px on its long side, upright as the fields' boxes",
            content: { 'image/jpeg': { schema: binary('The page as a JPEG') } },
          },
          404: z
            .object({ error: z.string(), issues: z.unknown().optional() })
            .describe('No such document in your organisation, or no preview of this page'),
          '4xx': z.object({ error: z.string(), issues: z.unknown().optional() }),
        },
      },
    },
    async (request, reply) => {
      const who = enterCallerScope(await signedIn(services, request, reply));
      const { stream, bytes } = await openPagePreview(
        services.db.db,
        services.store,
        who.actor.organizationId,
        request.params.id,
        request.params.page,
      );
      return sendDownload(
        reply,
        {
          contentType: 'image/jpeg',
          bytes,
          filename: `page-${request.params.page}.jpg`,
          disposition: 'inline',
        },
        stream,
      );
    },
  );
}
