import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate, isIsoDate, MAX_OWNER_NOTES } from '@propertydna/domain';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { invalidateDocumentQueries } from '../../lib/upload/invalidate';
import { IssuedOnInput } from './certificate-fields';
import { certificateSummary, issuedOnOf } from './document-details';
import type { VaultDocument } from './labels';

export const ISSUE_DATE_CONFIRMED = 'Issue date confirmed';
export const NOTES_SAVED = 'Notes saved';

/** A modal that keeps showing its document while it closes; closed while `document` is null. */
function DocumentModal({
  document,
  title,
  busy,
  onClose,
  children,
}: {
  document: VaultDocument | null;
  title: string;
  busy: boolean;
  onClose: () => void;
  children: (document: VaultDocument) => ReactNode;
}) {
  const last = useRef(document);
  if (document) last.current = document;
  const shown = document ?? last.current;
  return (
    <Modal opened={document !== null} onClose={() => !busy && onClose()} title={title} centered>
      {shown && children(shown)}
    </Modal>
  );
}

/**
 * 'Confirm issue date': an old upload form filled in the day of upload as the issue date, so the
 * compliance check does not count it until the owner says it is the date on the certificate. The owner's
 * own upload may be given the right date here; a document someone else issued can only be confirmed as it
 * is (its issuer's claim is not the owner's to change).
 */
export function ConfirmIssueDateModal({
  document,
  onClose,
}: {
  document: VaultDocument | null;
  onClose: () => void;
}) {
  const update = trpc.documents.update.useMutation();
  return (
    <DocumentModal document={document} title="Confirm issue date" busy={update.isPending} onClose={onClose}>
      {(shown) => <ConfirmForm key={shown.id} document={shown} update={update} onClose={onClose} />}
    </DocumentModal>
  );
}

type UpdateMutation = ReturnType<typeof trpc.documents.update.useMutation>;
type DocumentPatch = Parameters<UpdateMutation['mutateAsync']>[0]['patch'];

/**
 * One document change from a dialog: sends the patch, keeps the server's refusal to show in the form,
 * and on success says so, closes and refreshes the document's lists.
 */
function usePatchDocument(
  update: UpdateMutation,
  document: VaultDocument,
  onClose: () => void,
  messages: { done: string; failed: string },
) {
  const utils = trpc.useUtils();
  const [serverError, setServerError] = useState<string | null>(null);
  const patch = async (change: DocumentPatch) => {
    setServerError(null);
    try {
      await update.mutateAsync({ id: document.id, patch: change });
    } catch (error) {
      setServerError(errorMessage(error, messages.failed));
      return;
    }
    notifications.show({ color: 'green', message: messages.done });
    onClose();
    await invalidateDocumentQueries(utils, [document.property_id]);
  };
  return { patch, serverError, setServerError };
}

function ConfirmForm({
  document,
  update,
  onClose,
}: {
  document: VaultDocument;
  update: UpdateMutation;
  onClose: () => void;
}) {
  const recorded = issuedOnOf(document) ?? '';
  const own = document.source === 'owner_upload';
  const [issuedOn, setIssuedOn] = useState(recorded);
  const { patch, serverError, setServerError } = usePatchDocument(update, document, onClose, {
    done: ISSUE_DATE_CONFIRMED,
    failed: 'The issue date could not be confirmed',
  });
  const invalid = !isIsoDate(issuedOn);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    await patch({ issued_on: issuedOn });
  };

  return (
    <form onSubmit={(event) => void confirm(event)} noValidate>
      <Stack gap="md">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {document.name}
        </Text>
        <Text size="sm">
          Its issue date, {recorded ? formatDate(recorded) : 'not set'}, is the day it was uploaded: the
          upload form used to fill that in by itself. Until you confirm it is the date on the certificate, the
          compliance check treats it as <strong>date unknown</strong>.
        </Text>
        {own ? (
          <IssuedOnInput
            idPrefix={`confirm-issued-${document.id}`}
            value={issuedOn}
            error={issuedOn !== '' && invalid ? 'Enter a valid date' : null}
            onChange={(next) => {
              setServerError(null);
              setIssuedOn(next);
            }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Someone else issued this document, so you can confirm its date but not change it. If it is wrong,
            ask its issuer for a corrected copy.
          </Text>
        )}
        {serverError && (
          <Alert color="red" role="alert" title="Not confirmed">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={invalid}>
            {issuedOn === recorded ? 'Confirm this date' : 'Save this date'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The owner's own notes on a document, kept apart from what its issuer said (shown above them, read
 * only): a supplier's report keeps its type, dates and findings; the owner's words sit beside them.
 */
export function OwnerNotesModal({
  document,
  onClose,
}: {
  document: VaultDocument | null;
  onClose: () => void;
}) {
  const update = trpc.documents.update.useMutation();
  return (
    <DocumentModal document={document} title="Your notes" busy={update.isPending} onClose={onClose}>
      {(shown) => <NotesForm key={shown.id} document={shown} update={update} onClose={onClose} />}
    </DocumentModal>
  );
}

function NotesForm({
  document,
  update,
  onClose,
}: {
  document: VaultDocument;
  update: UpdateMutation;
  onClose: () => void;
}) {
  const [notes, setNotes] = useState(document.owner_notes ?? '');
  const { patch, serverError, setServerError } = usePatchDocument(update, document, onClose, {
    done: NOTES_SAVED,
    failed: 'The notes could not be saved',
  });
  const summary = certificateSummary(document);
  const tooLong = notes.length > MAX_OWNER_NOTES;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    await patch({ owner_notes: notes });
  };

  // The issuer's name is in the provenance whatever its level: naming who issued it claims no check.
  const issuer = document.provenance.issuer_name ?? 'its issuer';
  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack gap="md">
        <div>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {document.name}
          </Text>
          <Text size="sm" c="dimmed">
            As issued by {issuer}
            {summary ? `: ${summary.type} · ${summary.issued}` : ''}
            {document.expires_on ? ` · expires ${formatDate(document.expires_on)}` : ''}. These stay as
            issued.
          </Text>
        </div>
        <Textarea
          id={`owner-notes-${document.id}`}
          label="Your notes"
          description="Only you see them; they never change what the issuer said"
          rows={4}
          value={notes}
          error={tooLong ? `Notes must be at most ${MAX_OWNER_NOTES} characters` : null}
          onChange={(event) => {
            setServerError(null);
            setNotes(event.currentTarget.value);
          }}
        />
        {serverError && (
          <Alert color="red" role="alert" title="Not saved">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={tooLong}>
            Save notes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
