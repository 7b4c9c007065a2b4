import { Alert, Button, Checkbox, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MAX_DOCUMENT_BATCH, SHARE_MESSAGES } from '@propertydna/domain';
import { useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { invalidateDocumentQueries } from '../../lib/upload/invalidate';
import type { VaultDocument } from './labels';

/** The vault's selection (issue 32: select several → actions), kept to the documents on screen. */
export interface DocumentSelection {
  /** The chosen documents among those shown, in the list's order. */
  selected: VaultDocument[];
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  /** Every document shown chosen, or none when all were. */
  toggleAll: () => void;
  clear: () => void;
  allSelected: boolean;
  someSelected: boolean;
}

export function useDocumentSelection(documents: readonly VaultDocument[] | undefined): DocumentSelection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const shown = documents ?? [];
  // A document filtered away or deleted is no longer chosen: what an action takes is what is on screen.
  const selected = shown.filter((document) => chosen.has(document.id));
  const allSelected = shown.length > 0 && selected.length === shown.length;
  return {
    selected,
    isSelected: (id) => chosen.has(id),
    toggle: (id) =>
      setChosen((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    toggleAll: () => setChosen(allSelected ? new Set() : new Set(shown.map((document) => document.id))),
    clear: () => setChosen(new Set()),
    allSelected,
    someSelected: selected.length > 0 && !allSelected,
  };
}

/** The checkbox that chooses every document shown. */
export function SelectAllCheckbox({ selection }: { selection: DocumentSelection }) {
  return (
    <Checkbox
      aria-label="Select all documents"
      checked={selection.allSelected}
      indeterminate={selection.someSelected}
      onChange={selection.toggleAll}
    />
  );
}

/** A row's checkbox, labelled with the document's name. */
export function SelectDocumentCheckbox({
  selection,
  document,
}: {
  selection: DocumentSelection;
  document: { id: string; name: string };
}) {
  return (
    <Checkbox
      aria-label={`Select ${document.name}`}
      checked={selection.isSelected(document.id)}
      onChange={() => selection.toggle(document.id)}
    />
  );
}

/** The download link of chosen documents as one ZIP (plain link: the session cookie is enough). */
export const documentsZipUrl = (ids: readonly string[]) =>
  `/api/documents/zip?ids=${ids.map(encodeURIComponent).join(',')}`;

/** The one property all `documents` are in, or null when they are in several (or none). */
export function commonProperty(documents: readonly VaultDocument[]): string | null {
  const [first] = documents;
  const id = first?.property_id ?? null;
  return id && documents.every((document) => document.property_id === id) ? id : null;
}

/**
 * The bar of actions on the chosen documents: Download as ZIP, Share as one link (documents of one
 * property: a link holds one property's documents), Move to another property, Delete (after a
 * confirmation). Shown while something is chosen; each action takes at most MAX_DOCUMENT_BATCH.
 */
export function BulkActionsBar({
  selection,
  properties,
  onShare,
}: {
  selection: DocumentSelection;
  /** The organisation's live properties, to move to. */
  properties: readonly { id: string; name: string }[];
  /** Opens the share dialog with the chosen documents of one property. */
  onShare?: (propertyId: string, documents: VaultDocument[]) => void;
}) {
  const utils = trpc.useUtils();
  const move = trpc.documents.move.useMutation();
  const remove = trpc.documents.removeMany.useMutation();
  const [moving, setMoving] = useState(false);
  const [target, setTarget] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { selected } = selection;
  if (selected.length === 0) return null;

  const ids = selected.map((document) => document.id);
  const count = `${selected.length} document${selected.length === 1 ? '' : 's'}`;
  const tooMany = selected.length > MAX_DOCUMENT_BATCH;
  const shareProperty = commonProperty(selected);
  const sources = selected.map((document) => document.property_id);

  const submitMove = async () => {
    if (!target) {
      setFailure('Choose the property to move the documents to');
      return;
    }
    setFailure(null);
    try {
      await move.mutateAsync({ ids, propertyId: target });
    } catch (error) {
      setFailure(errorMessage(error, 'Unable to move the documents'));
      return;
    }
    const name = properties.find((property) => property.id === target)?.name ?? 'the property';
    notifications.show({ color: 'green', message: `${count} moved to ${name}` });
    setMoving(false);
    setTarget(null);
    selection.clear();
    await invalidateDocumentQueries(utils, [...sources, target]);
  };

  const submitDelete = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync({ ids });
    } catch (error) {
      setFailure(errorMessage(error, 'Unable to delete the documents'));
      return;
    }
    notifications.show({ color: 'green', message: `${count} deleted` });
    setDeleting(false);
    selection.clear();
    await invalidateDocumentQueries(utils, sources);
  };

  const close = () => {
    setFailure(null);
    setMoving(false);
    setDeleting(false);
  };

  return (
    <Paper withBorder p="sm" radius="md" role="region" aria-label="Selected documents">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={600} aria-live="polite">
          {count} selected
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            component="a"
            href={tooMany ? undefined : documentsZipUrl(ids)}
            download
            size="compact-sm"
            variant="light"
            disabled={tooMany}
            onClick={() => notifications.show({ color: 'green', message: SHARE_MESSAGES.downloadStarted })}
          >
            Download as ZIP
          </Button>
          {onShare && (
            <Button
              size="compact-sm"
              variant="light"
              disabled={shareProperty === null}
              title={shareProperty === null ? 'A link shares documents of one property' : undefined}
              onClick={() => shareProperty && onShare(shareProperty, selected)}
            >
              Share as one link
            </Button>
          )}
          <Button size="compact-sm" variant="light" disabled={tooMany} onClick={() => setMoving(true)}>
            Move to…
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            disabled={tooMany}
            onClick={() => setDeleting(true)}
          >
            Delete
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={selection.clear}>
            Clear selection
          </Button>
        </Group>
      </Group>
      {tooMany && (
        <Text size="xs" c="red.8" mt={4}>
          Choose at most {MAX_DOCUMENT_BATCH} documents at a time.
        </Text>
      )}
      {onShare && shareProperty === null && (
        <Text size="xs" c="dimmed" mt={4}>
          To share them as one link, choose documents of one property.
        </Text>
      )}

      <Modal opened={moving} onClose={() => !move.isPending && close()} title="Move documents" centered>
        <Stack gap="sm">
          <Text size="sm">Move {count} to another of your properties. Their files stay as they are.</Text>
          <Select
            label="Move to property"
            placeholder="Choose a property"
            data={properties.map((property) => ({ value: property.id, label: property.name }))}
            value={target}
            onChange={setTarget}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={move.isPending}>
              Cancel
            </Button>
            <Button onClick={() => void submitMove()} loading={move.isPending}>
              Move
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={deleting} onClose={() => !remove.isPending && close()} title="Delete documents" centered>
        <Text size="sm">
          Delete <strong>{count}</strong>? They are removed from the vault for good.
        </Text>
        {failure && (
          <Alert color="red" role="alert" mt="sm">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void submitDelete()} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
