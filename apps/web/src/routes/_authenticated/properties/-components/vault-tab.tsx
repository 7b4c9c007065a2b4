import { Alert, Button, Code, Group, Modal, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { documentDates, formatDate, formatSizeKb, johannesburgToday, shortHash } from '@propertydna/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { CompactDocumentList } from '../../../../components/documents/compact-document-list';
import { DocumentDetailsAction, DocumentNameCell } from '../../../../components/documents/document-cells';
import {
  ConfirmIssueDateModal,
  OwnerNotesModal,
} from '../../../../components/documents/document-date-modals';
import { ExpiryBadge, UnconfirmedDatesNotice } from '../../../../components/documents/document-dates';
import { DocumentDetailsModal } from '../../../../components/documents/document-details-modal';
import { DownloadLink, ViewLink } from '../../../../components/documents/document-links';
import {
  DocumentListControls,
  listInputOf,
  useDocumentListFilters,
} from '../../../../components/documents/document-list-controls';
import { DocumentSearchBox, useDocumentSearch } from '../../../../components/documents/document-search';
import {
  BulkActionsBar,
  type DocumentSelection,
  SelectAllCheckbox,
  SelectDocumentCheckbox,
  useDocumentSelection,
} from '../../../../components/documents/document-selection';
import { DocumentUploadForm } from '../../../../components/documents/document-upload-form';
import { PHONE_QUERY, RenameAction } from '../../../../components/documents/document-vault-table';
import { KIND_LABELS, type VaultDocument } from '../../../../components/documents/labels';
import { VaultReadingStatus } from '../../../../components/documents/reading/read-from-document';
import { RenameDocumentModal } from '../../../../components/documents/rename-document-modal';
import { ShareDocumentsModal } from '../../../../components/documents/share-modal';
import { TrustLegend, TrustStatus } from '../../../../components/documents/trust-badge';
import { ShareLinks } from '../../../../components/share/share-links';
import { StackedTable, TableHead } from '../../../../components/table-head';
import { errorMessage } from '../../../../lib/error-message';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import { invalidateDocumentQueries } from '../../../../lib/upload/invalidate';
import { useDocumentUpload } from '../../../../lib/upload/use-document-upload';
import { DEMO_PROPERTY_ID } from './demo-property-id';

export const VAULT_TAB_COLUMNS = ['Name', 'Type', 'Size', 'Hash', 'Status', 'Expires', 'Actions'] as const;

/**
 * The Vault tab of the property detail (spec §2): the property's documents (searched by their text,
 * names, types and fields), each with share, View and
 * Download (and Details for the owner's own certificates, inspections and policies), and the upload
 * area. The demo property shows its sample documents without calling the server.
 */
export function VaultTab({ propertyId }: { propertyId: string }) {
  if (propertyId === DEMO_PROPERTY_ID)
    return <VaultTabView documents={DEMO_DOCUMENTS} loading={false} demo />;
  return <PropertyVault propertyId={propertyId} />;
}

function PropertyVault({ propertyId }: { propertyId: string }) {
  const utils = trpc.useUtils();
  const search = useDocumentSearch();
  const filters = useDocumentListFilters();
  // While a new search loads, the last results stay on screen (typing never blanks the table).
  const documents = trpc.documents.byProperty.useQuery(
    { propertyId, ...listInputOf(filters.choices, search.q) },
    { placeholderData: keepPreviousData },
  );
  const properties = trpc.properties.list.useQuery();
  const selection = useDocumentSelection(documents.data);
  const upload = useDocumentUpload();
  const uploading = useCan('documents.write');
  const remove = trpc.documents.remove.useMutation();
  const [sharing, setSharing] = useState<readonly VaultDocument[] | null>(null);
  const [renaming, setRenaming] = useState<VaultDocument | null>(null);
  const [editing, setEditing] = useState<VaultDocument | null>(null);
  const [noting, setNoting] = useState<VaultDocument | null>(null);
  const [confirming, setConfirming] = useState<VaultDocument | null>(null);

  const deleteDocument = async (document: VaultDocument) => {
    try {
      await remove.mutateAsync({ id: document.id });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, 'Unable to delete the document') });
      return false;
    }
    notifications.show({ color: 'green', message: 'Document deleted' });
    await invalidateDocumentQueries(utils, [propertyId]);
    return true;
  };

  return (
    <>
      <VaultTabView
        documents={documents.data}
        loading={documents.isPending}
        error={documents.isError ? errorMessage(documents.error, 'Unable to load documents') : null}
        searched={search.q !== undefined || filters.filtered}
        search={
          <DocumentSearchBox
            idPrefix="vault-tab"
            search={search}
            searching={documents.isPlaceholderData || (documents.isFetching && search.q !== undefined)}
          />
        }
        controls={
          <Stack gap="sm">
            <DocumentListControls idPrefix="vault-tab" filters={filters} />
            <BulkActionsBar
              selection={selection}
              // Another of the organisation's properties.
              properties={(properties.data ?? [])
                .filter((property) => property.id !== propertyId)
                .map((property) => ({ id: property.id, name: property.name }))}
              onShare={(_, chosen) => setSharing(chosen)}
            />
          </Stack>
        }
        selection={selection}
        onRename={setRenaming}
        onEditDetails={setEditing}
        onNotes={setNoting}
        onConfirmIssueDate={setConfirming}
        reading={(document) => <VaultReadingStatus document={document} onOpen={setEditing} />}
        onDelete={deleteDocument}
        onShare={(document) => setSharing([document])}
        shareLinks={<ShareLinks propertyId={propertyId} />}
        upload={
          uploading.allowed ? (
            <DocumentUploadForm
              idPrefix="vault-tab-upload"
              items={upload.items}
              busy={upload.busy}
              onUpload={upload.start}
              destination={{ propertyId }}
              withReading
            />
          ) : (
            <Text size="sm" c="dimmed">
              {uploading.reason}
            </Text>
          )
        }
      />
      <ShareDocumentsModal
        propertyId={propertyId}
        documents={sharing}
        onCreated={() => void utils.shares.links.invalidate({ propertyId })}
        onClose={() => setSharing(null)}
      />
      <RenameDocumentModal document={renaming} onClose={() => setRenaming(null)} />
      <DocumentDetailsModal document={editing} onClose={() => setEditing(null)} />
      <OwnerNotesModal document={noting} onClose={() => setNoting(null)} />
      <ConfirmIssueDateModal document={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}

export interface VaultTabViewProps {
  documents: readonly VaultDocument[] | undefined;
  loading: boolean;
  error?: string | null;
  /** The demo property: sample rows, no links, no upload. */
  demo?: boolean;
  /** The search box (real properties only). */
  search?: ReactNode;
  /** The filters, sort and the bar of actions on the chosen documents (real properties only). */
  controls?: ReactNode;
  /** The chosen documents: a checkbox per row and one for all. */
  selection?: DocumentSelection;
  /** Opens 'Rename' for a document. */
  onRename?: (document: VaultDocument) => void;
  /** The documents are a search's results: an empty list says 'No documents match'. */
  searched?: boolean;
  /** Opens the details editor (type, issue date, expiry) of the owner's own certificate or policy. */
  onEditDetails?: (document: VaultDocument) => void;
  /** Opens the owner's notes on a document. */
  onNotes?: (document: VaultDocument) => void;
  /** Opens 'Confirm issue date' for a document whose issue date an old form filled in. */
  onConfirmIssueDate?: (document: VaultDocument) => void;
  /** Under the status, how the document's reading goes ('Reading…', 'Fields to confirm'). */
  reading?: (document: VaultDocument) => ReactNode;
  /** Resolves true when the document was deleted. */
  onDelete?: (document: VaultDocument) => Promise<boolean>;
  /** Opens the share modal for the document (real properties; the demo's rows have no share button). */
  onShare?: (document: VaultDocument) => void;
  /** The property's share links with their access logs (real properties only). */
  shareLinks?: ReactNode;
  upload?: ReactNode;
}

/** The Vault tab's table and upload area, from what it is given. */
export function VaultTabView({
  documents,
  loading,
  error,
  demo = false,
  search,
  controls,
  selection,
  onRename,
  searched = false,
  onEditDetails,
  onNotes,
  onConfirmIssueDate,
  reading,
  onDelete,
  onShare,
  shareLinks,
  upload,
}: VaultTabViewProps) {
  const [deleting, setDeleting] = useState<VaultDocument | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const phone = useMediaQuery(PHONE_QUERY) ?? false;

  const confirmDelete = async () => {
    if (!deleting || !onDelete) return;
    setDeletePending(true);
    const deleted = await onDelete(deleting);
    setDeletePending(false);
    if (deleted) setDeleting(null);
  };

  const actions = (document: VaultDocument) => (
    <>
      {!demo && onShare && (
        <Button
          size="compact-sm"
          variant="default"
          aria-label={`Share ${document.name}`}
          onClick={() => onShare(document)}
        >
          Share
        </Button>
      )}
      {!demo && <ViewLink id={document.id} name={document.name} />}
      {!demo && <DownloadLink id={document.id} name={document.name} />}
      {!demo && (
        <DocumentDetailsAction
          document={document}
          onEdit={onEditDetails}
          onNotes={onNotes}
          onConfirmIssueDate={onConfirmIssueDate}
        />
      )}
      {!demo && <RenameAction document={document} onRename={onRename} />}
      {!demo && onDelete && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          aria-label={`Delete ${document.name}`}
          onClick={() => setDeleting(document)}
        >
          Delete
        </Button>
      )}
    </>
  );

  return (
    <Stack gap="lg">
      {!demo && !searched && <UnconfirmedDatesNotice documents={documents} />}
      {!demo && search && <div style={{ maxWidth: '32rem' }}>{search}</div>}
      {!demo && controls}
      <DocumentsSection
        documents={documents}
        loading={loading}
        error={error}
        searched={searched}
        selection={demo ? undefined : selection}
        compact={
          phone
            ? (rows) => (
                <CompactDocumentList
                  documents={rows}
                  label="Property documents"
                  selection={demo ? undefined : selection}
                  details={(document) => (
                    <Stack gap={6}>
                      <TrustStatus document={document} />
                      {!demo && reading?.(document)}
                      <Text size="sm">
                        {formatSizeKb(document.bytes)} ·{' '}
                        {document.expires_on ? `Expires ${formatDate(document.expires_on)}` : 'No expiry'}
                      </Text>
                      <Code title={document.sha256} style={{ alignSelf: 'flex-start' }}>
                        {shortHash(document.sha256)}
                      </Code>
                      <Group gap="xs" wrap="wrap">
                        {actions(document)}
                      </Group>
                    </Stack>
                  )}
                />
              )
            : undefined
        }
      >
        {(rows) =>
          rows.map((document) => (
            <Table.Tr key={document.id}>
              {!demo && selection && (
                <Table.Td data-label="Select">
                  <SelectDocumentCheckbox selection={selection} document={document} />
                </Table.Td>
              )}
              <DocumentNameCell label="Name" document={document} />
              <Table.Td data-label="Type">{KIND_LABELS[document.kind]}</Table.Td>
              <Table.Td data-label="Size" style={{ whiteSpace: 'nowrap' }}>
                {formatSizeKb(document.bytes)}
              </Table.Td>
              <Table.Td data-label="Hash">
                <Code title={document.sha256}>{shortHash(document.sha256)}</Code>
              </Table.Td>
              <Table.Td data-label="Status">
                {/* One block, so the phone's card keeps the status and the reading together. */}
                <div>
                  <TrustStatus document={document} />
                  {!demo && reading?.(document)}
                </div>
              </Table.Td>
              <Table.Td data-label="Expires">
                <Stack gap={4} align="flex-start">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {document.expires_on ? formatDate(document.expires_on) : '—'}
                  </Text>
                  <ExpiryBadge document={document} />
                </Stack>
              </Table.Td>
              <Table.Td data-label="Actions">
                <Group gap="xs" wrap="wrap">
                  {actions(document)}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))
        }
      </DocumentsSection>
      {documents && documents.length > 0 && <TrustLegend />}

      {!demo && shareLinks && (
        <VaultSection id="vault-share-links-title" title="Share links">
          {shareLinks}
        </VaultSection>
      )}

      {demo ? (
        <Text size="sm" c="dimmed">
          These are the demo property's sample documents.
        </Text>
      ) : (
        upload && (
          <VaultSection id="vault-upload-title" title="Upload documents">
            {upload}
          </VaultSection>
        )
      )}

      <Modal
        opened={deleting !== null}
        onClose={() => !deletePending && setDeleting(null)}
        title="Delete document"
        centered
      >
        <Text size="sm">
          Delete <strong>{deleting?.name}</strong>? It is removed from the vault for good.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(null)} disabled={deletePending}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirmDelete()} loading={deletePending}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/** A titled section of the Vault tab (share links, upload). */
function VaultSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function DocumentsSection({
  documents,
  loading,
  error,
  searched,
  selection,
  compact,
  children,
}: {
  documents: readonly VaultDocument[] | undefined;
  loading: boolean;
  error?: string | null;
  searched: boolean;
  /** A checkbox column, headed by the one that chooses all. */
  selection?: DocumentSelection;
  /** On a phone: the compact list instead of the table. */
  compact?: (documents: readonly VaultDocument[]) => ReactNode;
  children: (documents: readonly VaultDocument[]) => ReactNode;
}) {
  if (error) {
    return (
      <Alert color="red" role="alert" title="Documents could not be loaded">
        {error}
      </Alert>
    );
  }
  if (loading || !documents) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading documents">
        <Skeleton height={32} />
        <Skeleton height={32} />
        <Skeleton height={32} />
      </Stack>
    );
  }
  if (documents.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {searched ? 'No documents match' : 'No documents yet'}
      </Text>
    );
  }
  if (compact) return compact(documents);
  return (
    <StackedTable minWidth={860} highlightOnHover aria-label="Property documents">
      <TableHead
        columns={VAULT_TAB_COLUMNS}
        leading={selection ? <SelectAllCheckbox selection={selection} /> : undefined}
      />
      <Table.Tbody>{children(documents)}</Table.Tbody>
    </StackedTable>
  );
}

const DEMO_CREATED = '2024-11-04T08:30:00.000Z';

function demoDocument(
  index: number,
  kind: VaultDocument['kind'],
  name: string,
  bytes: number,
  issued: boolean,
  expiresAt: string | null = null,
): VaultDocument {
  return {
    id: `demo-${index}`,
    kind,
    name,
    storage_key: `demo/${index}`,
    sha256: `${String(index).repeat(8)}${'a3f1c29b4d07e6f5'.repeat(3)}9b2c4d6e8f0a1b3c`.slice(0, 64),
    bytes,
    content_type: 'application/pdf',
    source: issued ? 'supplier_verified' : 'owner_upload',
    created_at: DEMO_CREATED,
    expires_at: expiresAt,
    // Sample data: the demo supplier was never checked, so its documents are self-declared too.
    verified_by: null,
    verified: false,
    verified_by_organization: null,
    job_ref: issued ? `JOB-DEMO-${index}` : null,
    status: 'Pending',
    provenance: issued
      ? { kind: 'supplier_issued', issuer_name: 'Karoo Roofing (demo)', issuer_level: 'self_declared' }
      : { kind: 'owner_upload', issuer_name: null, issuer_level: null },
    badge: 'Self-declared',
    property_id: null,
    property_name: 'Demo Property',
    job_id: null,
    metadata: {},
    // The same reading of its dates as the server's answers.
    ...documentDates({ kind, expires_at: expiresAt, metadata: {} }, johannesburgToday(new Date())),
    owner_notes: null,
    issued_name: null,
  };
}

/** The demo property's five sample documents (spec §2: 5 documents). */
const DEMO_DOCUMENTS: VaultDocument[] = [
  demoDocument(1, 'deed', 'Title deed.pdf', 482_304, true),
  demoDocument(2, 'certificate', 'Electrical compliance certificate.pdf', 215_040, true, '2026-03-31'),
  demoDocument(3, 'policy', 'Homeowners insurance policy.pdf', 1_153_434, false, '2025-12-01'),
  demoDocument(4, 'inspection', 'Roof inspection report.pdf', 3_407_872, true),
  demoDocument(5, 'maintenance', 'Geyser service record.pdf', 96_256, false),
];
