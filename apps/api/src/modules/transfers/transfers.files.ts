import { reportFileName } from '@propertydna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { enterCallerScope, signedIn } from '../../auth/signed-in.js';
import { logCapabilityEvent } from '../../capabilities/capabilities.js';
import { fileAnswer } from '../../exports/export-limit.js';
import { zipResponse } from '../../exports/zip.js';
import { errorAnswer, publicSecurity, TOO_MANY } from '../../rest/define-route.js';
import { sendAttachment } from '../../storage/download-headers.js';
import type { AppServices } from '../../trpc/context.js';
import { recordActorAudit, recordAudit } from '../audit/audit.repo.js';
import { openPackLink } from './transfer-links.js';
import { packableTransfer, transferPack } from './transfer-pack.js';
import { renderTransferReceipt, transferReceipt } from './transfer-receipt.js';
import { transferIdParams, transferTokenParams } from './transfers.schemas.js';

/**
 * The transfer's receipt (seller) and pack (buyer, or seller while pending): downloads with the session;
 * and the pack by a pack link, without one.
 */
export async function transferFileRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = services.db.db;

  api.get(
    '/api/transfers/:id/receipt',
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['transfers'],
        summary:
          "The seller's receipt of an accepted transfer (PDF): the property, its DNA code, the date, the buyer's organisation and every document handed over with its SHA-256",
        params: transferIdParams,
        response: {
          200: fileAnswer('application/pdf', '<property>-transfer-receipt-<date>.pdf'),
          409: errorAnswer('The transfer has not been accepted (a receipt is for an accepted one)'),
        },
      },
    },
    async (request, reply) => {
      const { actor } = enterCallerScope(await signedIn(services, request, reply));
      const now = new Date();
      const { transfer, documents } = await transferReceipt(db, actor.organizationId, request.params.id, now);
      const body = await renderTransferReceipt(transfer, documents, now);
      const name = reportFileName(transfer.property, 'transfer-receipt', 'pdf', now);
      return sendAttachment(reply, name, 'application/pdf', body);
    },
  );

  api.get(
    '/api/transfers/:id/pack',
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['transfers'],
        summary:
          "The transfer pack (ZIP): the compliance report in the transfer context (PDF), the property's certificates and manifest.json (every file with its SHA-256); for the buyer once accepted, or the seller while pending",
        params: transferIdParams,
        response: { 200: fileAnswer('application/zip', '<property>-transfer-pack-<date>.zip') },
      },
    },
    async (request, reply) => {
      const who = enterCallerScope(await signedIn(services, request, reply));
      const now = new Date();
      const transfer = await packableTransfer(db, who.actor.organizationId, request.params.id, now);
      const pack = await transferPack(db, who.actor.organizationId, transfer, now);
      await recordActorAudit(db, who, 'export', null, pack.audit);
      return zipResponse(reply, services.store, {
        filename: pack.filename,
        entries: pack.entries,
        mtime: now,
      });
    },
  );

  api.get(
    '/api/transfer-packs/:token',
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['transfers'],
        security: publicSecurity,
        summary:
          "The transfer pack by a pack link (no account: the conveyancer's), as long as the link is live and its maker may still take the pack; 404 otherwise. Each download is logged on the link and in the owner's audit trail",
        params: transferTokenParams,
        response: {
          200: fileAnswer('application/zip', '<property>-transfer-pack-<date>.zip'),
          429: errorAnswer(TOO_MANY('tries with pack links from this address')),
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const { linkId, organizationId, transfer } = await openPackLink(
        db,
        request.params.token,
        request.ip,
        now,
      );
      const pack = await transferPack(db, organizationId, transfer, now);
      await logCapabilityEvent(db, linkId, 'download', { ip: request.ip, userId: null });
      await recordAudit(db, {
        organizationId,
        userId: null,
        ip: request.ip,
        action: 'export',
        details: { ...pack.audit, via: 'pack-link', linkId },
      });
      return zipResponse(reply, services.store, {
        filename: pack.filename,
        entries: pack.entries,
        mtime: now,
      });
    },
  );
}
