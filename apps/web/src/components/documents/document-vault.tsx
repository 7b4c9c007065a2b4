import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import { RoleGuard } from '../../lib/permissions';
import { trpc } from '../../lib/trpc';
import { useDocumentUpload } from '../../lib/upload/use-document-upload';
import { ConfirmIssueDateModal, OwnerNotesModal } from './document-date-modals';
import { UnconfirmedDatesNotice } from './document-dates';
import { DocumentDetailsModal } from './document-details-modal';
import { DocumentListControls, listInputOf, useDocumentListFilters } from './document-list-controls';
import { DocumentSearchBox, useDocumentSearch } from './document-search';
import { BulkActionsBar, useDocumentSelection } from './document-selection';
import { DocumentUploadForm } from './document-upload-form';
import { DocumentVaultTable } from './document-vault-table';
import type { VaultDocument } from './labels';
import { VaultReadingStatus } from './reading/read-from-document';
import { RenameDocumentModal } from './rename-document-modal';
import { ShareDocumentsModal } from './share-modal';

/**
 * The older layout's Document Vault (spec §2, /vault and /app/old/vault): every document of every
 * property, searched by their text, names, types and fields, filtered by type, status and property and
 * sorted (issue 32: on the server, the list's input), and an 'Upload Documents' button opening the upload
 * area with a property choice. Rows can be chosen for Download as ZIP, Share as one link, Move and
 * Delete; each can be renamed. The owner's own certificates, inspections and policies have Details,
 * opening the details editor.
 */
export function DocumentVault() {
  const utils = trpc.useUtils();
  const search = useDocumentSearch();
  const filters = useDocumentListFilters();
  const input = listInputOf(filters.choices, search.q);
  // While a new search loads, the last results stay on screen (typing never blanks the table).
  const documents = trpc.documents.list.useQuery(Object.keys(input).length > 0 ? input : undefined, {
    placeholderData: keepPreviousData,
  });
  const properties = trpc.properties.list.useQuery();
  const selection = useDocumentSelection(documents.data);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<VaultDocument | null>(null);
  const [noting, setNoting] = useState<VaultDocument | null>(null);
  const [confirming, setConfirming] = useState<VaultDocument | null>(null);
  const [renaming, setRenaming] = useState<VaultDocument | null>(null);
  const [sharing, setSharing] = useState<{ propertyId: string; documents: VaultDocument[] } | null>(null);
  // Kept here, so the progress rows outlive the dialog being closed and opened again.
  const upload = useDocumentUpload();
  const propertyChoices =
    properties.data?.map((property) => ({ id: property.id, name: property.name })) ?? [];

  return (
    <>
      <Group justify="space-between" align="flex-end" mt="lg" mb="sm" wrap="wrap">
        <div style={{ flex: '1 1 18rem', minWidth: 0, maxWidth: '32rem' }}>
          <DocumentSearchBox
            idPrefix="vault"
            search={search}
            searching={documents.isPlaceholderData || (documents.isFetching && search.q !== undefined)}
          />
        </div>
        <RoleGuard capability="documents.write">
          <Button onClick={() => setUploading(true)}>Upload Documents</Button>
        </RoleGuard>
      </Group>
      <Stack gap="sm" mb="md">
        <DocumentListControls idPrefix="vault" filters={filters} properties={propertyChoices} />
        <BulkActionsBar
          selection={selection}
          properties={propertyChoices}
          onShare={(propertyId, chosen) => setSharing({ propertyId, documents: chosen })}
        />
      </Stack>
      {!search.q && !filters.filtered && <UnconfirmedDatesNotice documents={documents.data} />}
      <DocumentVaultTable
        documents={documents.data}
        searched={search.q !== undefined || filters.filtered}
        loading={documents.isPending}
        error={documents.isError ? errorMessage(documents.error, 'Unable to load documents') : null}
        onEditDetails={setEditing}
        onNotes={setNoting}
        onConfirmIssueDate={setConfirming}
        onRename={setRenaming}
        selection={selection}
        reading={(document) => <VaultReadingStatus document={document} onOpen={setEditing} />}
      />
      <DocumentDetailsModal document={editing} onClose={() => setEditing(null)} />
      <OwnerNotesModal document={noting} onClose={() => setNoting(null)} />
      <ConfirmIssueDateModal document={confirming} onClose={() => setConfirming(null)} />
      <RenameDocumentModal document={renaming} onClose={() => setRenaming(null)} />
      <ShareDocumentsModal
        propertyId={sharing?.propertyId ?? ''}
        documents={sharing?.documents ?? null}
        onCreated={() => sharing && void utils.shares.links.invalidate({ propertyId: sharing.propertyId })}
        onClose={() => setSharing(null)}
      />
      <Modal opened={uploading} onClose={() => setUploading(false)} title="Upload Documents" size="lg">
        <UploadWithPropertyChoice upload={upload} />
      </Modal>
    </>
  );
}

function UploadWithPropertyChoice({ upload }: { upload: ReturnType<typeof useDocumentUpload> }) {
  const properties = trpc.properties.list.useQuery();
  if (properties.isPending) return <Loader size="sm" aria-label="Loading properties" />;
  if (properties.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(properties.error, 'Unable to load properties')}
      </Alert>
    );
  }
  if (properties.data.length === 0) {
    return <Text c="dimmed">Add a property before uploading documents.</Text>;
  }
  return (
    <DocumentUploadForm
      idPrefix="vault-upload"
      items={upload.items}
      busy={upload.busy}
      onUpload={upload.start}
      properties={properties.data}
      withReading
    />
  );
}
