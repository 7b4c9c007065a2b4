import { Alert, Skeleton, Table, Text } from '@mantine/core';
import { formatDate, formatSize } from '@propertydna/domain';
import type { ReactNode } from 'react';
import { StackedTable, TableHead } from '../table-head';
import { DocumentDetailsAction, DocumentLinksCell, DocumentNameCell } from './document-cells';
import { KIND_LABELS, type VaultDocument } from './labels';
import { TrustStatus } from './trust-badge';

export const VAULT_COLUMNS = [
  'Document',
  'Property',
  'Type',
  'Status',
  'Upload Date',
  'Size',
  'Actions',
] as const;

const SKELETON_ROWS = 5;

/**
 * The older layout's Document Vault table (spec §2): Document, Property, Type, Status (the trust badge,
 * and under a verified document who verified it on which job), Upload Date, Size (formatSize: MB with
 * one decimal from 1 MB, else KB), Actions (View, Download, and with `onEditDetails` Details for the
 * owner's own certificates, inspections and policies; Notes; Confirm issue date where an old form filled
 * it in). Under the status, with `reading`, where the document's reading stands. Under a certificate's
 * name, its type and issue date ('Date unknown' without one), and the Expired or 'Expires in N days'
 * badge. A loading skeleton while the list loads; 'No documents yet' when it is empty ('No documents
 * match' for a search).
 */
export function DocumentVaultTable({
  documents,
  loading,
  error,
  searched = false,
  onEditDetails,
  onNotes,
  onConfirmIssueDate,
  reading,
}: {
  documents: readonly VaultDocument[] | undefined;
  loading: boolean;
  error?: string | null;
  /** The documents are a search's results: an empty list says 'No documents match'. */
  searched?: boolean;
  /** Opens the details editor of the document. */
  onEditDetails?: (document: VaultDocument) => void;
  /** Opens the owner's notes on the document. */
  onNotes?: (document: VaultDocument) => void;
  /** Opens 'Confirm issue date' for a document whose issue date an old form filled in. */
  onConfirmIssueDate?: (document: VaultDocument) => void;
  /** Under the status, how the document's reading goes ('Reading…', 'Fields to confirm'). */
  reading?: (document: VaultDocument) => ReactNode;
}) {
  if (error) {
    return (
      <Alert color="red" role="alert" title="Documents could not be loaded">
        {error}
      </Alert>
    );
  }
  if (!loading && documents?.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {searched ? 'No documents match' : 'No documents yet'}
      </Text>
    );
  }
  return (
    <StackedTable minWidth={800} striped highlightOnHover aria-busy={loading} aria-label="Documents">
      <TableHead columns={VAULT_COLUMNS} />
      <Table.Tbody>
        {loading || !documents
          ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
              <Table.Tr key={row} data-testid="vault-skeleton-row">
                {VAULT_COLUMNS.map((column) => (
                  <Table.Td key={column} data-label={column}>
                    <Skeleton height={14} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          : documents.map((document) => (
              <Table.Tr key={document.id}>
                <DocumentNameCell label="Document" document={document} withExpiry />
                <Table.Td data-label="Property">{document.property_name ?? '—'}</Table.Td>
                <Table.Td data-label="Type">{KIND_LABELS[document.kind]}</Table.Td>
                <Table.Td data-label="Status">
                  {/* One block, so the phone's card keeps the status and the reading together. */}
                  <div>
                    <TrustStatus document={document} />
                    {reading?.(document)}
                  </div>
                </Table.Td>
                <Table.Td data-label="Upload Date" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(document.created_at)}
                </Table.Td>
                <Table.Td data-label="Size" style={{ whiteSpace: 'nowrap' }}>
                  {formatSize(document.bytes)}
                </Table.Td>
                <DocumentLinksCell document={document}>
                  <DocumentDetailsAction
                    document={document}
                    onEdit={onEditDetails}
                    onNotes={onNotes}
                    onConfirmIssueDate={onConfirmIssueDate}
                  />
                </DocumentLinksCell>
              </Table.Tr>
            ))}
      </Table.Tbody>
    </StackedTable>
  );
}
