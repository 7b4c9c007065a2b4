import { documentBatchQuerySchema, MAX_DOCUMENT_BATCH } from '@propertydna/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RequestActor } from '../../auth/actor.js';
import { enterCallerScope, signedIn } from '../../auth/signed-in.js';
import { AppError } from '../../errors.js';
import { fileAnswer } from '../../exports/export-limit.js';
import { zipResponse } from '../../exports/zip.js';
import { errorAnswer } from '../../rest/define-route.js';
import { sendDownload } from '../../storage/download-headers.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit } from '../audit/audit.repo.js';
import { documentIdParams } from './documents.schemas.js';
import { openDocument, ownedDocuments } from './documents.service.js';
import { documentsArchive } from './documents-zip.js';

/**
 * View and download, streamed from the store. They open as plain links, so the session cookie is
 * enough (a GET changes nothing; the audit row is a record, not a state change a forger gains by).
 */
export async function documentFileRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const callers = new WeakMap<FastifyRequest, RequestActor>();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/documents/zip',
    {
      // The session first: without one, 401 whatever the query.
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        callers.set(request, await signedIn(services, request, reply));
      },
      exposeHeadRoute: false,
      schema: {
        tags: ['documents'],
        summary: `Download chosen documents (ids=<id>,<id>,…; 1 to ${MAX_DOCUMENT_BATCH}) as one ZIP`,
        description:
          "All or nothing: an id that is not one of the organisation's documents answers 404 and sends nothing. The ZIP is streamed: manifest.json (every file with its size and SHA-256) and each document under its own name (made unique; in a folder per property when they come from several), each checked against its SHA-256 while packed. Named <property>-documents-<date>.zip when they are one property's, else documents-<date>.zip. Each document's download is in the audit trail, as a single download is.",
        querystring: documentBatchQuerySchema,
        response: {
          200: fileAnswer('application/zip', '<property>-documents-<date>.zip'),
          404: errorAnswer("An id is not one of the organisation's documents: nothing is sent"),
        },
      },
    },
    async (request, reply) => {
      const who = callers.get(request);
      if (!who) throw new AppError('UNAUTHORIZED', 'Not signed in');
      enterCallerScope(who);
      const db = services.db.db;
      const now = new Date();
      const documents = await ownedDocuments(db, who.actor.organizationId, request.query.ids);
      const properties = new Set(documents.map((document) => document.property_id));
      const [only] = documents;
      const property =
        properties.size === 1 && only?.property_id ? { name: only.property_name ?? 'property' } : null;
      const { filename, entries } = documentsArchive(
        documents.map((document) => ({ ...document, folder: document.property_name ?? 'Organisation' })),
        property,
        property && only ? { property: { id: only.property_id, name: property.name } } : {},
        now,
      );
      for (const document of documents) {
        await recordActorAudit(db, who, 'download', document.id, { archive: filename });
      }
      return zipResponse(reply, services.store, { filename, entries, mtime: now });
    },
  );

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
          response: { 200: fileAnswer('*/*', 'The document as stored, in its own type (PDF, JPEG, PNG, …)') },
        },
      },
      async (request, reply) => {
        const who = enterCallerScope(await signedIn(services, request, reply));
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
