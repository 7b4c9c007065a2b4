import { accountExportIdInput } from '@propertydna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertAllowed } from '../../auth/permission.js';
import { enterCallerScope, signedIn } from '../../auth/signed-in.js';
import { fileAnswer } from '../../exports/export-limit.js';
import { errorAnswer } from '../../rest/define-route.js';
import { sendAttachment } from '../../storage/download-headers.js';
import type { AppServices } from '../../trpc/context.js';
import { readyExport } from './export.service.js';

/** The download of a ready export (issue 31 §1), streamed from the store, with the session only. */
export async function accountExportFileRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/account/export/:id/download',
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['account'],
        summary:
          "Download a ready export: one ZIP (README.txt, manifest.json with every file's SHA-256, data/*.json, <property>/<kind>/<name>). Owner or admin, signed in (not with an API token); 404 for another organisation's export and once it has expired (7 days after it was ready); 409 while it is being prepared",
        params: accountExportIdInput,
        response: {
          200: fileAnswer('application/zip', 'propertydna-export-<date>.zip'),
          404: errorAnswer('No such export, or it has expired'),
          409: errorAnswer('This export is not ready yet'),
        },
      },
    },
    async (request, reply) => {
      const who = enterCallerScope(
        await signedIn(services, request, reply, { requires: 'organization.export' }),
      );
      assertAllowed(who.actor, 'organization.export');
      const ready = await readyExport(services.db.db, who, request.params.id);
      const stream = await services.store.openRead(ready.storageKey);
      reply.header('content-length', ready.bytes);
      const date = ready.createdAt.toISOString().slice(0, 10);
      return sendAttachment(reply, `propertydna-export-${date}.zip`, 'application/zip', stream);
    },
  );
}
