import { Alert, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDate, formatSize } from '@propertydna/domain';
import type { ReactNode } from 'react';
import { StackedTable, TableHead } from '../table-head';
import { CompactDocumentList } from './compact-document-list';
import { DocumentDetailsAction, DocumentLinksCell, DocumentNameCell } from './document-cells';
import { DownloadLink, ViewLink } from './document-links';
import { type DocumentSelection, SelectAllCheckbox, SelectDocumentCheckbox } from './document-selection';
import { KIND_LABELS, type VaultDocument } from './labels';
import { TrustStatus } from './trust-badge';

/** Below Mantine's sm breakpoint (48em): a phone, where the vault is a compact list (issue 32). */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** 'Rename' of a document's row, when the list offers it. */
export function RenameAction({
  document,
  onRename,
}: {
  document: VaultDocument;
  onRename?: (document: VaultDocument) => void;
}) {
  if (!onRename) return null;
  return (
    <Button
      size="compact-sm"
      variant="default"
      aria-label={`Rename ${document.name}`}
      onClick={() => onRename(document)}
    >
      Rename
    </Button>
  );
}

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
 * match' for a search or filter). With `selection`, a checkbox per row and one for all; with `onRename`,
 * Rename. On a phone, a compact row per document whose details open on a tap (CompactDocumentList).
 */
export function DocumentVaultTable({
  documents,
  loading,
  error,
  searched = false,
  onEditDetails,
  onNotes,
  onConfirmIssueDate,
  onRename,
  selection,
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
  /** Opens 'Rename' for the document. */
  onRename?: (document: VaultDocument) => void;
  /** The chosen documents: a checkbox per row and one for all (issue 32). */
  selection?: DocumentSelection;
  /** Under the status, how the document's reading goes ('Reading…', 'Fields to confirm'). */
  reading?: (document: VaultDocument) => ReactNode;
}) {
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
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
  const actions = (document: VaultDocument) => (
    <>
      <RenameAction document={document} onRename={onRename} />
      <DocumentDetailsAction
        document={document}
        onEdit={onEditDetails}
        onNotes={onNotes}
        onConfirmIssueDate={onConfirmIssueDate}
      />
    </>
  );
  if (phone && !loading && documents) {
    return (
      <CompactDocumentList
        documents={documents}
        label="Documents"
        selection={selection}
        details={(document) => (
          <Stack gap={6}>
            <TrustStatus document={document} />
            {reading?.(document)}
            <Text size="sm">
              {document.property_name ?? '—'} · Uploaded {formatDate(document.created_at)} ·{' '}
              {formatSize(document.bytes)}
            </Text>
            <Group gap="xs" wrap="wrap">
              <ViewLink id={document.id} name={document.name} />
              <DownloadLink id={document.id} name={document.name} />
              {actions(document)}
            </Group>
          </Stack>
        )}
      />
    );
  }
  return (
    <StackedTable minWidth={800} striped highlightOnHover aria-busy={loading} aria-label="Documents">
      <TableHead
        columns={VAULT_COLUMNS}
        leading={selection ? <SelectAllCheckbox selection={selection} /> : undefined}
      />
      <Table.Tbody>
        {loading || !documents
          ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
              <Table.Tr key={row} data-testid="vault-skeleton-row">
                {selection && <Table.Td data-label="Select" />}
                {VAULT_COLUMNS.map((column) => (
                  <Table.Td key={column} data-label={column}>
                    <Skeleton height={14} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          : documents.map((document) => (
              <Table.Tr key={document.id}>
                {selection && (
                  <Table.Td data-label="Select">
                    <SelectDocumentCheckbox selection={selection} document={document} />
                  </Table.Td>
                )}
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
                <DocumentLinksCell document={document}>{actions(document)}</DocumentLinksCell>
              </Table.Tr>
            ))}
      </Table.Tbody>
    </StackedTable>
  );
}
