import { formatDate, formatSize, propertyLine, TRANSFER_MESSAGES } from '@propertydna/domain';
import { requireOwned } from '../../auth/owned.js';
import type { Db, TransferredDocument } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { PdfWriter } from '../../pdf/pdf-writer.js';
import { selectTransfers, transferOut } from './transfer-rows.js';
import type { TransferOut } from './transfers.schemas.js';

/** The seller's receipt: the transfer as accepted, with the documents it handed over (409 before). */
export async function transferReceipt(db: Db, organizationId: string, id: string, now = new Date()) {
  const owned = await requireOwned(db, organizationId, 'transfer', id);
  const row = await selectTransfers(db).where('t.id', '=', owned).executeTakeFirstOrThrow();
  if (row.status !== 'accepted') throw new AppError('CONFLICT', TRANSFER_MESSAGES.notAccepted);
  return { transfer: transferOut(row, now), documents: row.documents ?? [] };
}

/** The seller's receipt: the property, its DNA code, the date, the buyer, and every document handed over. */
export async function renderTransferReceipt(
  transfer: TransferOut,
  documents: readonly TransferredDocument[],
  now: Date,
): Promise<Buffer> {
  const { property } = transfer;
  const pdf = await PdfWriter.create({
    title: `Transfer receipt - ${property.name} (${property.dna_code})`,
    subject: propertyLine(property),
    createdAt: now,
    footer: `Transfer receipt · ${property.name} · ${property.dna_code}`,
  });
  pdf.title('Transfer receipt', propertyLine(property));
  pdf.facts([
    ['Property', propertyLine(property)],
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
