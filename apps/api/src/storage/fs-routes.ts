import { sha256HexSchema } from '@propertydna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { sendDownload } from './download-headers.js';
import { FS_OBJECT_PATH, FS_UPLOAD_PATH, type FsFileStore } from './fs-store.js';

const keyParams = z.object({ prefix: z.string(), name: z.string() });
const expires = z.coerce.number().int().positive();

const uploadQuery = z.object({
  bytes: z.coerce.number().int().min(0),
  sha256: sha256HexSchema,
  type: z.string().min(1),
  expires,
  signature: z.string().min(1),
});

const readQuery = z.object({
  disposition: z.enum(['inline', 'attachment']),
  filename: z.string().min(1),
  type: z.string().min(1),
  expires,
  signature: z.string().min(1),
});

/**
 * The fs store's own endpoints: PUT a signed upload, GET a signed read. Not part of the REST
 * compatibility layer (they are URLs the API hands out), so they stay out of the OpenAPI document.
 */
export async function fsStorageRoutes(app: FastifyInstance, { store }: { store: FsFileStore }) {
  // The upload body is streamed by the handler itself: no parser may buffer it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.put(
    `${FS_UPLOAD_PATH}/:prefix/:name`,
    { schema: { hide: true, params: keyParams, querystring: uploadQuery } },
    async (request, reply) => {
      const key = `${request.params.prefix}/${request.params.name}`;
      const lengthHeader = request.headers['content-length'];
      try {
        store.authorizeUpload(key, request.query, {
          contentType: request.headers['content-type'],
          contentLength: lengthHeader === undefined ? undefined : Number(lengthHeader),
        });
        const stored = await store.receiveUpload(key, request.query, request.raw);
        return { key: stored.key, bytes: stored.bytes, sha256: stored.sha256 };
      } catch (error) {
        // A refused body may not have been read to its end: don't keep the connection for the rest.
        reply.header('connection', 'close');
        throw error;
      }
    },
  );

  routes.get(
    `${FS_OBJECT_PATH}/:prefix/:name`,
    { schema: { hide: true, params: keyParams, querystring: readQuery } },
    async (request, reply) => {
      const key = `${request.params.prefix}/${request.params.name}`;
      store.authorizeRead(key, request.query);
      const found = await store.stat(key);
      if (!found) throw new AppError('NOT_FOUND', 'File not found');
      const stream = await store.openRead(key);
      return sendDownload(
        reply,
        {
          contentType: request.query.type,
          bytes: found.bytes,
          filename: request.query.filename,
          disposition: request.query.disposition,
        },
        stream,
      );
    },
  );
}
