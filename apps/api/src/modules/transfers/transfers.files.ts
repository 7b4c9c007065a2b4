import { formatDate, formatSize } from '@propertydna/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { logCapabilityEvent } from '../../capabilities/capabilities.js';
import type { TransferredDocument } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { binary } from '../../exports/export-limit.js';
import { zipResponse } from '../../exports/zip.js';
import { PdfWriter } from '../../pdf/pdf-writer.js';
import { contentDisposition } from '../../storage/file-store.js';
import { type AppServices, createContext } from '../../trpc/context.js';
import { recordActorAudit, recordAudit } from '../audit/audit.repo.js';
import { openPackLink } from './transfer-links.js';
import { packableTransfer, transferPack } from './transfer-pack.js';
import type { TransferOut } from './transfers.schemas.js';
import { transferIdParams, transferTokenParams } from './transfers.schemas.js';
import { transferReceipt } from './transfers.service.js';

/** The seller's receipt: the property, its DNA code, the date, the buyer, and every document handed over. */
export async function renderTransferReceipt(
  transfer: TransferOut,
  documents: readonly TransferredDocument[],
  now: Date,
): Promise<Buffer> {
  const { property } = transfer;
  const pdf = await PdfWriter.create({
    title: `Transfer receipt - ${property.name} (${property.dna_code})`,
    subject: `${property.name}, ${property.address}`,
    createdAt: now,
    footer: `Transfer receipt · ${property.name} · ${property.dna_code}`,
  });
  pdf.title('Transfer receipt', `${property.name}, ${property.address}`);
  pdf.facts([
    ['Property', `${property.name}, ${property.address}`],
    ['PropertyDNA code', property.dna_code],
    ['Transferred on', transfer.decided_at ? formatDate(transfer.decided_at) : ''],
    ['From', transfer.from_organization],
    ['To', transfer.to_organization ?? transfer.to_email],
    ['Transfer reference', transfer.id],
    ['Documents handed over', String(documents.length)],
  ]);
  pdf.heading('Documents handed over');
  pdf.paragraph(
    'Each document went to the new owner as it was stored: the same file, whose SHA-256 fingerprint is listed here. A copy with this fingerprint is the document that was handed over.',
    { size: 9, muted: true },
  );
  pdf.table(
    [
      { header: 'Document', width: 3 },
      { header: 'Kind', width: 1.2 },
      { header: 'SHA-256', width: 6, mono: true },
    ],
    documents.map((document) => [
      `${document.name} (${formatSize(document.bytes)})`,
      document.kind,
      document.sha256,
    ]),
    { size: 7, empty: 'No documents were in the vault.' },
  );
  return pdf.finish();
}

/** A generated PDF as an attachment. */
function sendPdf(reply: FastifyReply, filename: string, body: Buffer) {
  return reply
    .headers({
      'content-type': 'application/pdf',
      'content-disposition': contentDisposition('attachment', filename),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    })
    .send(body);
}

/**
 * The transfer's receipt (seller) and pack (buyer, or seller while pending): downloads with the session;
 * and the pack by a pack link, without one.
 */
export async function transferFileRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = services.db.db;

  const signedIn = async (
    request: Parameters<typeof createContext>[1],
    reply: Parameters<typeof createContext>[2],
  ) => {
    const { actor } = await createContext(services, request, reply);
    if (!actor) throw new AppError('UNAUTHORIZED', 'Not signed in');
    return actor;
  };

  api.get(
    '/api/transfers/:id/receipt',
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['transfers'],
        summary:
          "The seller's receipt of an accepted transfer (PDF): the property, its DNA code, the date, the buyer's organisation and every document handed over with its SHA-256",
        params: transferIdParams,
        response: { 200: binary('transfer-receipt-{id}.pdf') },
      },
    },
    async (request, reply) => {
      const actor = await signedIn(request, reply);
      const now = new Date();
      const { transfer, documents } = await transferReceipt(db, actor.organizationId, request.params.id, now);
      const body = await renderTransferReceipt(transfer, documents, now);
      return sendPdf(reply, `transfer-receipt-${transfer.id}.pdf`, body);
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
        response: { 200: binary('transfer-pack-{id}.zip') },
      },
    },
    async (request, reply) => {
      const actor = await signedIn(request, reply);
      const now = new Date();
      const transfer = await packableTransfer(db, actor.organizationId, request.params.id, now);
      const pack = await transferPack(db, actor.organizationId, transfer, now);
      await recordActorAudit(db, { actor, ip: request.ip }, 'export', null, pack.audit);
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
        summary:
          "The transfer pack by a pack link (no account: the conveyancer's), as long as the link is live and its maker may still take the pack; 404 otherwise. Each download is logged on the link and in the owner's audit trail",
        params: transferTokenParams,
        response: { 200: binary('transfer-pack-{id}.zip') },
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
