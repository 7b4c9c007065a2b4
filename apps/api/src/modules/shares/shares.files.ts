import { idSchema } from '@propertydna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileAnswer } from '../../exports/export-limit.js';
import { zipResponse } from '../../exports/zip.js';
import { errorAnswer, publicSecurity } from '../../rest/define-route.js';
import { sendDownload } from '../../storage/download-headers.js';
import { type AppServices, createContext } from '../../trpc/context.js';
import { documentsArchive } from '../documents/documents-zip.js';
import { openShare } from './open-share.js';
import { shareTokenParams } from './shares.schemas.js';
import { logShareEvent, sharedArchiveDocuments, sharedDocument } from './shares.service.js';

/** A shared document, streamed to anyone holding the (unlocked) link; one outside the link is 404. */
export async function shareFileRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/share/:token/download-all',
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['share'],
        summary:
          "Download all the link's documents as one ZIP (after unlocking, if it has a password; 404 once it is revoked or expired, as a single download)",
        description:
          "Streamed: manifest.json (every file with its size and SHA-256) and each document under its own name, each checked against its SHA-256 while packed; named <property>-documents-<date>.zip. Each document counts as downloaded in the link's access log, as a single download does.",
        params: shareTokenParams,
        security: publicSecurity,
        response: {
          200: fileAnswer('application/zip', '<property>-documents-<date>.zip'),
          401: errorAnswer('The link has a password and was not unlocked'),
        },
      },
    },
    async (request, reply) => {
      const ctx = await createContext(services, request, reply);
      const share = await openShare(services, request, request.params.token);
      const { subject, documents } = await sharedArchiveDocuments(services.db.db, share);
      const now = new Date();
      const { filename, entries } = documentsArchive(
        documents.map((document) => ({ ...document, folder: null })),
        { name: subject.name },
        subject.job_ref ? { job_ref: subject.job_ref } : {},
        now,
      );
      for (const document of documents) {
        await logShareEvent(
          services.db.db,
          share.id,
          'download',
          request.ip,
          ctx.actor?.userId ?? null,
          document.id,
        );
      }
      return zipResponse(reply, services.store, { filename, entries, mtime: now });
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/share/:token/download/:documentId',
    {
      schema: {
        tags: ['share'],
        security: publicSecurity,
        summary: 'Download a document of a share link (after unlocking, if it has a password)',
        params: shareTokenParams.extend({ documentId: idSchema }),
        response: { 200: fileAnswer('*/*', 'The shared document as stored, in its own type') },
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
