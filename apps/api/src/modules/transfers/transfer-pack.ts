import { isUuid, reportFileName } from '@propertydna/domain';
import { scopedPropertyId } from '../../auth/property-scope.js';
import type { Db } from '../../db/database.js';
import { withManifest, type ZipEntry, ZipPaths } from '../../exports/zip.js';
import { documentsOf } from '../documents/documents.service.js';
import { packedDocumentsTrust } from '../documents/provenance.js';
import { renderCompliancePdf } from '../reports/report-pdf.js';
import { complianceReport } from '../reports/reports.service.js';
import { notFound, selectTransfers, statusOf, transferOut } from './transfer-rows.js';
import type { TransferOut } from './transfers.schemas.js';

/** A transfer the caller may take the pack of: the buyer's once accepted, the seller's while pending. */
export async function packableTransfer(db: Db, organizationId: string, id: string, now = new Date()) {
  if (!isUuid(id)) throw notFound();
  const only = scopedPropertyId();
  const row = await selectTransfers(db)
    .where('t.id', '=', id.toLowerCase())
    // A property-restricted API token (issue 30 §1): its property's transfer only.
    .$if(only !== null, (query) => query.where('t.property_id', '=', only ?? ''))
    .where((eb) =>
      eb.or([
        eb('t.from_organization_id', '=', organizationId),
        eb('t.to_organization_id', '=', organizationId),
      ]),
    )
    .executeTakeFirst();
  if (!row) throw notFound();
  const status = statusOf(row, now);
  const buyer = row.to_organization_id === organizationId && status === 'accepted';
  const seller = row.from_organization_id === organizationId && status === 'pending';
  if (!buyer && !seller) throw notFound();
  return transferOut(row, now);
}

/**
 * The transfer pack of the property as `organizationId` (its owner now) holds it: the compliance report
 * in the transfer context (PDF), the certificates, and manifest.json; with what the audit records.
 */
export async function transferPack(db: Db, organizationId: string, transfer: TransferOut, now: Date) {
  const report = await complianceReport(db, organizationId, transfer.property.id, now);
  const transferOnly = { ...report, contexts: report.contexts.filter((c) => c.context === 'transfer') };
  const certificates = (await documentsOf(db, organizationId, { property_id: transfer.property.id }))
    .filter((document) => document.kind === 'certificate')
    .reverse();
  const paths = new ZipPaths();
  const entries: ZipEntry[] = [
    { path: 'transfer-compliance-report.pdf', content: await renderCompliancePdf(transferOnly) },
    ...certificates.map((document) => ({
      path: paths.add('certificates', document.name, document.content_type),
      document: {
        id: document.id,
        storage_key: document.storage_key,
        sha256: document.sha256,
        bytes: document.bytes,
      },
    })),
  ];
  return {
    filename: reportFileName(transfer.property, 'transfer-pack', 'zip', now),
    entries: withManifest(
      entries,
      {
        archive: 'propertydna.transfer-pack',
        transfer: {
          id: transfer.id,
          status: transfer.status,
          from_organization: transfer.from_organization,
          to_organization: transfer.to_organization,
        },
        property: {
          id: transfer.property.id,
          dna_code: transfer.property.dna_code,
          name: transfer.property.name,
        },
        transfer_readiness: report.transfer_readiness,
        documents: packedDocumentsTrust(certificates),
      },
      now,
    ),
    audit: {
      propertyId: transfer.property.id,
      report: 'transfer-pack',
      format: 'zip',
      transferId: transfer.id,
      documentIds: certificates.map((document) => document.id),
    },
  };
}
