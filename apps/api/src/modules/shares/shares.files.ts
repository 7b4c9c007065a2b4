import { idSchema } from '@propertydna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendDownload } from '../../storage/download-headers.js';
import { type AppServices, createContext } from '../../trpc/context.js';
import { openShare } from './open-share.js';
import { shareTokenParams } from './shares.schemas.js';
import { logShareEvent, sharedDocument } from './shares.service.js';

/** A shared document, streamed to anyone holding the (unlocked) link; one outside the link is 404. */
export async function shareFileRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/share/:token/download/:documentId',
    {
      schema: {
        tags: ['share'],
        summary: 'Download a document of a share link (after unlocking, if it has a password)',
        params: shareTokenParams.extend({ documentId: idSchema }),
      },
    },
    async (request, reply) => {
      const ctx = await createContext(services, request, reply);
      const share = await openShare(services, request, request.params.token);
      const document = await sharedDocument(services.db.db, share, request.params.documentId);
      const stream = await services.store.openRead(document.storage_key);
      await logShareEvent(
        services.db.db,
        share.id,
        'download',
        request.ip,
        ctx.actor?.userId ?? null,
        document.id,
      );
      return sendDownload(
        reply,
        {
          contentType: document.content_type,
          bytes: document.bytes,
          filename: document.name,
          disposition: 'attachment',
        },
        stream,
      );
    },
  );
}
