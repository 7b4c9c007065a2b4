import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { documentRenameSchema, MAX_FILE_NAME_LENGTH } from '@propertydna/domain';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { invalidateDocumentQueries } from '../../lib/upload/invalidate';
import type { VaultDocument } from './labels';

export const DOCUMENT_RENAMED = 'Document renamed';

/**
 * 'Rename' (issue 32): the name the vault shows and a download is saved under. The name is checked with
 * the server's schema (the same messages); the file and its fingerprint stay as uploaded, and a
 * supplier's document keeps its issued name and its badge, which the dialog says.
 */
export function RenameDocumentModal({
  document,
  onClose,
}: {
  /** The document to rename; null while closed. */
  document: VaultDocument | null;
  onClose: () => void;
}) {
  const last = useRef(document);
  if (document) last.current = document;
  const shown = document ?? last.current;
  const update = trpc.documents.update.useMutation();
  return (
    <Modal
      opened={document !== null}
      onClose={() => !update.isPending && onClose()}
      title="Rename document"
      centered
    >
      {shown && <RenameForm key={shown.id} document={shown} update={update} onClose={onClose} />}
    </Modal>
  );
}

function RenameForm({
  document,
  update,
  onClose,
}: {
  document: VaultDocument;
  update: ReturnType<typeof trpc.documents.update.useMutation>;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const [name, setName] = useState(document.name);
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = documentRenameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the name');
      return;
    }
    setError(null);
    setServerError(null);
    if (parsed.data === document.name) return onClose();
    try {
      await update.mutateAsync({ id: document.id, patch: { name: parsed.data } });
    } catch (failure) {
      setServerError(errorMessage(failure, 'Unable to rename the document'));
      return;
    }
    notifications.show({ color: 'green', message: DOCUMENT_RENAMED });
    onClose();
    await invalidateDocumentQueries(utils, [document.property_id]);
  };

  const issued = document.provenance.issuer_name !== null;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Rename document">
      <Stack gap="sm">
        <TextInput
          label="Name"
          description="What the vault shows and a download is saved as. The file itself does not change."
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          maxLength={MAX_FILE_NAME_LENGTH}
          required
          data-autofocus
        />
        {issued && (
          <Text size="sm" c="dimmed">
            Issued as “{document.issued_name ?? document.name}” by {document.provenance.issuer_name}: that
            name and its {document.badge} badge stay on record.
          </Text>
        )}
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Rename
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
