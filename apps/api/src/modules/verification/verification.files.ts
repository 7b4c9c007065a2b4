import { evidenceIdSchema } from '@propertydna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { enterCallerScope, signedIn } from '../../auth/signed-in.js';
import { isStaff } from '../../auth/staff.js';
import { AppError } from '../../errors.js';
import { fileAnswer } from '../../exports/export-limit.js';
import { sendDownload } from '../../storage/download-headers.js';
import type { AppServices } from '../../trpc/context.js';
import { STAFF_ONLY } from '../../trpc/init.js';
import { openEvidenceDocument } from './evidence.service.js';

/**
 * The back office's inline view of a submitted document, by the evidence's id (staff only, checked on
 * the server): a link the review screen embeds, so the session cookie is enough.
 */
export async function verificationFileRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/backoffice/evidence/:id/view',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Open a submitted evidence document inline (staff only)',
        params: evidenceIdSchema,
        response: { 200: fileAnswer('*/*', 'The submitted document as stored, in its own type') },
      },
    },
    async (request, reply) => {
      const who = enterCallerScope(await signedIn(services, request, reply));
      if (!(await isStaff(services.db.db, who.actor.userId))) throw new AppError('FORBIDDEN', STAFF_ONLY);
      const { document, stream } = await openEvidenceDocument(
        services.db.db,
        services.store,
        who,
        request.params.id,
      );
      return sendDownload(
        reply,
        {
          contentType: document.content_type,
          bytes: document.bytes,
          filename: document.name,
          disposition: 'inline',
        },
        stream,
      );
    },
  );
}
