import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CERTIFICATE_VALIDITY_MONTHS,
  certificateExpiryFor,
  DOCUMENT_MESSAGES,
  isIsoDate,
} from '@propertydna/domain';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { invalidateDocumentQueries } from '../../lib/upload/invalidate';
import { CertificateTypeSelect, ExpiryDateInput, IssuedOnInput } from './certificate-fields';
import {
  canEditDetails,
  type DocumentDetails,
  detailFields,
  detailsAfterReading,
  detailsPatch,
  documentDetails,
} from './document-details';
import { KIND_LABELS, type VaultDocument } from './labels';
import { ReadFromDocument, showsReading } from './reading/read-from-document';

export const DOCUMENT_UPDATED = 'Document updated';

/**
 * The details of an owner's own document (the Vault tab, /vault, the Policy Check tab). First 'Read from
 * the document' (issue 27): what was read, beside the page it came from, for the owner to accept, edit
 * or reject. Then, for a certificate, inspection or policy, the details editor: which certificate it is
 * and when it was issued (certificates and inspections), and when it expires (certificates and
 * policies). A certificate's expiry follows its type's validity from the issue date (a beetle
 * certificate: 3 months) until it is edited by hand. Save sends only what changed (documents.update),
 * says 'Document updated' and refetches the vaults, the property's check, the portfolio and the
 * statistics; the server's refusal is shown in the dialog. Values accepted from the reading start the
 * editor again from them. Closed while `document` is null.
 */
export function DocumentDetailsModal({
  document,
  onClose,
}: {
  document: VaultDocument | null;
  onClose: () => void;
}) {
  const [saving, setSaving] = useState(false);
  // The document stays shown while the dialog closes.
  const last = useRef(document);
  if (document) last.current = document;
  const shown = document ?? last.current;
  return (
    <Modal
      opened={document !== null}
      onClose={() => !saving && onClose()}
      title="Document details"
      centered
      size={shown && showsReading(shown) ? 'xl' : 'lg'}
    >
      {shown && (
        // A fresh start for each document opened.
        <DetailsBody key={shown.id} document={shown} onClose={onClose} onSaving={setSaving} />
      )}
    </Modal>
  );
}

function DetailsBody({
  document,
  onClose,
  onSaving,
}: {
  document: VaultDocument;
  onClose: () => void;
  onSaving: (saving: boolean) => void;
}) {
  // The document as accepted readings left it, and a new editor each time they change it.
  const [current, setCurrent] = useState(document);
  const [version, setVersion] = useState(0);
  const editable = canEditDetails(document);
  return (
    <Stack gap="lg">
      <div>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {document.name}
        </Text>
        <Text size="sm" c="dimmed">
          {KIND_LABELS[document.kind]}
          {document.property_name ? ` · ${document.property_name}` : ''}
        </Text>
      </div>
      {showsReading(document) && (
        <ReadFromDocument
          document={document}
          onConfirmed={(fields) => {
            if (!Object.values(fields).some((value) => value !== null)) return;
            setCurrent((before) => detailsAfterReading(before, fields));
            setVersion((before) => before + 1);
          }}
        />
      )}
      {editable ? (
        <DetailsForm key={version} document={current} onClose={onClose} onSaving={onSaving} />
      ) : (
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function DetailsForm({
  document,
  onClose,
  onSaving,
}: {
  document: VaultDocument;
  onClose: () => void;
  onSaving: (saving: boolean) => void;
}) {
  const utils = trpc.useUtils();
  const update = trpc.documents.update.useMutation();
  const [initial] = useState(() => documentDetails(document));
  const [details, setDetails] = useState<DocumentDetails>(initial);
  /** The expiry was typed or cleared by hand: a new type or issue date no longer replaces it. */
  const [expiryEdited, setExpiryEdited] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { certified, expiring } = detailFields(document.kind);
  const followsType = document.kind === 'certificate';

  /** The type's expiry from the issue date while the expiry is not edited; else the stored one. */
  const change = (next: Partial<DocumentDetails>) => {
    setServerError(null);
    setDetails((current) => {
      const merged = { ...current, ...next };
      if (!followsType || expiryEdited) return merged;
      const suggested = certificateExpiryFor(merged.certificateType, merged.issuedOn);
      return { ...merged, expiresOn: suggested ?? initial.expiresOn };
    });
  };

  const validityMonths = details.certificateType
    ? CERTIFICATE_VALIDITY_MONTHS[details.certificateType]
    : undefined;
  const suggesting =
    followsType && !expiryEdited && validityMonths !== undefined && isIsoDate(details.issuedOn);
  const issueError =
    certified && details.issuedOn !== '' && !isIsoDate(details.issuedOn) ? 'Enter a valid date' : null;
  const expiryError =
    expiring && details.expiresOn !== '' && !isIsoDate(details.expiresOn)
      ? 'Enter a valid date'
      : expiring &&
          certified &&
          isIsoDate(details.issuedOn) &&
          details.expiresOn !== '' &&
          details.expiresOn <= details.issuedOn
        ? DOCUMENT_MESSAGES.expiryBeforeIssue
        : null;
  const patch = detailsPatch(document.kind, initial, details);
  // Saving an issue date an old form filled in, even unchanged, confirms it.
  const confirming = certified && document.issue_date === 'unconfirmed' && isIsoDate(details.issuedOn);
  if (confirming) patch.issued_on = details.issuedOn;
  const changed = Object.keys(patch).length > 0;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed || issueError || expiryError) return;
    setServerError(null);
    onSaving(true);
    try {
      await update.mutateAsync({ id: document.id, patch });
    } catch (error) {
      setServerError(errorMessage(error, 'The details could not be saved'));
      return;
    } finally {
      onSaving(false);
    }
    notifications.show({ color: 'green', message: DOCUMENT_UPDATED });
    onClose();
    await invalidateDocumentQueries(utils, [document.property_id]);
  };

  const idPrefix = `document-details-${document.id}`;
  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The compliance check reads these details.
        </Text>
        {certified && (
          <CertificateTypeSelect
            idPrefix={idPrefix}
            description="Which certificate it is"
            value={details.certificateType}
            onChange={(certificateType) => change({ certificateType })}
          />
        )}
        {certified && document.issue_date === 'unconfirmed' && (
          <Alert color="orange" title="Issue date not confirmed">
            The upload form filled in the day it was uploaded. Check it against the certificate: saving
            confirms it, and until then the compliance check treats it as date unknown.
          </Alert>
        )}
        {certified && (
          <IssuedOnInput
            idPrefix={idPrefix}
            value={details.issuedOn}
            error={issueError}
            onChange={(issuedOn) => change({ issuedOn })}
          />
        )}
        {expiring && (
          <ExpiryDateInput
            idPrefix={idPrefix}
            validityMonths={suggesting ? validityMonths : undefined}
            description="Leave empty when it does not expire"
            value={details.expiresOn}
            error={expiryError}
            onChange={(expiresOn) => {
              setServerError(null);
              setExpiryEdited(true);
              setDetails((current) => ({ ...current, expiresOn }));
            }}
          />
        )}
        {serverError && (
          <Alert color="red" role="alert" title="Not saved">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={update.isPending}
            disabled={!changed || issueError !== null || expiryError !== null}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
