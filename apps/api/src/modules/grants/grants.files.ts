import { grantDocumentParamsSchema } from '@propertydna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { enterCallerScope, signedIn } from '../../auth/signed-in.js';
import { fileAnswer } from '../../exports/export-limit.js';
import { errorAnswer } from '../../rest/define-route.js';
import { sendDownload } from '../../storage/download-headers.js';
import type { AppServices } from '../../trpc/context.js';
import { grantedDocument } from './grants.service.js';

/**
 * A grantee's view and download of a document of a granted property (issue 29 §3), streamed from the
 * store as the owner's are. The grant is read on every request: revoked or expired, the next request is
 * 404; so is any document not of that property. Each is recorded in the property's audit trail.
 */
export async function grantFileRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  for (const action of ['view', 'download'] as const) {
    app.withTypeProvider<ZodTypeProvider>().get(
      `/api/shared-with-me/:grantId/documents/:documentId/${action}`,
      {
        schema: {
          tags: ['access'],
          summary:
            action === 'view'
              ? 'Open a document of a property shared with you (inline for PDF and images)'
              : 'Download a document of a property shared with you',
          params: grantDocumentParamsSchema,
          response: {
            200: fileAnswer('*/*', 'The document as stored, in its own type (PDF, JPEG, PNG, …)'),
            404: errorAnswer(
              'The grant is not live (revoked, expired, another person’s) or the document is not of its property',
            ),
          },
        },
      },
      async (request, reply) => {
        const who = enterCallerScope(await signedIn(services, request, reply));
        const db = services.db.db;
        const document = await grantedDocument(
          db,
          who,
          request.params.grantId,
          request.params.documentId,
          action,
        );
        const stream = await services.store.openRead(document.storage_key);
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
