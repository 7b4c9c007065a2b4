import { Button, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { VaultDocument } from '../labels';
import { type ReadFieldDecisions, ReadFromDocumentView } from './read-fields-view';
import { uploadReadingText, vaultReadingText } from './read-values';
import { useConfirmReading, useReading } from './use-reading';

/** Whether what was read from a document is shown to its viewer: the owner's own uploads. */
export function showsReading(document: Pick<VaultDocument, 'source'>): boolean {
  return document.source === 'owner_upload';
}

/**
 * 'Read from the document' of one document (its details): the reading, polled while on its way, and
 * the owner's decisions sent with extraction.confirm. `onConfirmed` hears the decisions once saved (the
 * details editor takes the values accepted). Nothing when the document has no reading (an older upload).
 */
export function ReadFromDocument({
  document,
  onConfirmed,
}: {
  document: Pick<VaultDocument, 'id' | 'name' | 'property_id'>;
  onConfirmed?: (fields: ReadFieldDecisions) => void;
}) {
  const reading = useReading(document.id, { propertyId: document.property_id });
  const confirm = useConfirmReading(document);
  if (reading.isPending) {
    return (
      <Stack gap={6} aria-busy="true" aria-label="Loading what was read">
        <Skeleton height={16} width="40%" />
        <Skeleton height={60} />
      </Stack>
    );
  }
  if (reading.isError) return null;
  return (
    <ReadFromDocumentView
      documentId={document.id}
      documentName={document.name}
      extraction={reading.data}
      busy={confirm.busy}
      error={confirm.error}
      onConfirm={async (fields) => {
        const saved = (await confirm.send(fields)) !== null;
        if (saved) onConfirmed?.(fields);
        return saved;
      }}
    />
  );
}

/** The upload row's line once the file is stored: 'Reading…' until read, then 'Read: 5 fields to confirm'. */
export function UploadReadingStatus({ documentId }: { documentId: string }) {
  // The vault row of the same document follows the same query and refetches what auto-accepting changed.
  const reading = useReading(documentId);
  if (!reading.data) return null;
  return (
    <Text size="xs" c="dimmed" mt={2} data-reading={reading.data.status}>
      {uploadReadingText(reading.data)}
    </Text>
  );
}

/**
 * The vault row's reading status beside the document's status: 'Reading…' while it is read, 'Fields
 * to confirm' (opening the details, with `onOpen`) once read, nothing when every field is settled.
 */
export function VaultReadingStatus({
  document,
  onOpen,
}: {
  document: VaultDocument;
  onOpen?: (document: VaultDocument) => void;
}): ReactNode {
  const reading = useReading(document.id, {
    enabled: showsReading(document),
    propertyId: document.property_id,
  });
  const text = vaultReadingText(reading.data);
  if (!text) return null;
  if (text === 'Fields to confirm' && onOpen) {
    return (
      <Button
        size="compact-xs"
        variant="light"
        color="orange"
        mt={4}
        aria-label={`Fields to confirm in ${document.name}`}
        onClick={() => onOpen(document)}
      >
        {text}
      </Button>
    );
  }
  return (
    <Text size="xs" c="dimmed" mt={4}>
      {text}
    </Text>
  );
}
