import { Alert, Button, FileButton, NativeSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  CERTIFICATE_VALIDITY_MONTHS,
  type CertificateType,
  certificateExpiryFor,
  DOCUMENT_MESSAGES,
  type DocumentKind,
  isIsoDate,
  MAX_FILES_PER_BATCH,
} from '@propertydna/domain';
import { type DragEvent, useRef, useState } from 'react';
import {
  isCertifiedKind,
  isExpiringKind,
  type UploadDestination,
  type UploadItem,
  type UploadTarget,
} from '../../lib/upload/upload-documents';
import { UPLOAD_ACCEPT, validateUploadBatch } from '../../lib/upload/validate';
import { CertificateTypeSelect, ExpiryDateInput, IssuedOnInput } from './certificate-fields';
import { KIND_OPTIONS } from './labels';
import { UploadProgressList } from './upload-progress-list';

export interface DocumentUploadFormProps {
  /** The rows of the batch going or last gone. */
  items: readonly UploadItem[];
  busy: boolean;
  /** Starts a batch the browser accepted; may resolve with the batch's refusal to show. */
  onUpload: (
    files: File[],
    target: UploadTarget,
  ) => Promise<{ refusal: string | null } | undefined> | { refusal: string | null } | undefined;
  /** Where the documents go (a property's vault, a supplier's job), or… */
  destination?: UploadDestination;
  /** …the properties to choose from (the older-layout vault): the choice is required. */
  properties?: readonly { id: string; name: string }[];
  /** Distinguishes the ids of two forms on one page. */
  idPrefix?: string;
  /** The owner's vault: each stored file's row follows its reading ('Reading…', 'Read: 5 fields to confirm'). */
  withReading?: boolean;
}

/**
 * The upload area (spec §2 Vault tab and Document Vault; §4 sequence; §5 limits): the property (when
 * not given), the kind, an expiry for certificates and policies, files chosen or dropped, then one
 * progress bar per file. Choosing files starts the upload. A certificate or an inspection also says which
 * certificate it is (optional) and when it was issued (empty until typed: without it the certificate is
 * "date unknown"); a certificate's expiry
 * follows its type's validity (issue date + 3 months for a beetle certificate) until it is edited.
 */
export function DocumentUploadForm({
  items,
  busy,
  onUpload,
  destination,
  properties,
  idPrefix = 'upload',
  withReading = false,
}: DocumentUploadFormProps) {
  const [chosenProperty, setChosenProperty] = useState('');
  const [kind, setKind] = useState<DocumentKind>('other');
  const [expiresAt, setExpiresAt] = useState('');
  /** The expiry was typed (or cleared) by hand: a new type or issue date no longer replaces it. */
  const [expiryEdited, setExpiryEdited] = useState(false);
  const [certificateType, setCertificateType] = useState<CertificateType | null>(null);
  // Never defaulted: a date nobody typed would make an old certificate look new.
  const [issuedOn, setIssuedOn] = useState('');
  const [batchError, setBatchError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const resetInput = useRef<() => void>(null);

  const target = destination ?? (chosenProperty === '' ? null : { propertyId: chosenProperty });
  const expiring = isExpiringKind(kind);
  const certified = isCertifiedKind(kind);
  const validityMonths = certificateType ? CERTIFICATE_VALIDITY_MONTHS[certificateType] : undefined;
  const issueError = certified && issuedOn !== '' && !isIsoDate(issuedOn) ? 'Enter a valid date' : null;
  const expiryError =
    expiring && certified && expiresAt !== '' && isIsoDate(issuedOn) && expiresAt <= issuedOn
      ? DOCUMENT_MESSAGES.expiryBeforeIssue
      : null;
  const ready = target !== null && !busy && issueError === null && expiryError === null;
  const hintId = `${idPrefix}-hint`;

  /** A certificate's expiry follows its type and issue date until it is edited by hand. */
  const followDefaults = (nextKind: DocumentKind, type: CertificateType | null, issued: string) => {
    if (nextKind === 'certificate') setExpiresAt(certificateExpiryFor(type, issued) ?? '');
  };

  const upload = async (files: File[]) => {
    resetInput.current?.();
    if (!ready || target === null || files.length === 0) return;
    const check = validateUploadBatch(files);
    setBatchError(check.batchError);
    if (check.batchError) return;
    const outcome = await onUpload(files, {
      destination: target,
      kind,
      expiresAt: expiring && expiresAt ? expiresAt : null,
      ...(certified ? { certificateType, issuedOn: issuedOn || null } : {}),
    });
    setBatchError(outcome?.refusal ?? null);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void upload(Array.from(event.dataTransfer.files));
  };

  return (
    <Stack gap="md">
      {properties && (
        <NativeSelect
          id={`${idPrefix}-property`}
          label="Property"
          required
          value={chosenProperty}
          onChange={(event) => setChosenProperty(event.currentTarget.value)}
          data={[
            { value: '', label: 'Choose the property', disabled: true },
            ...properties.map((property) => ({ value: property.id, label: property.name })),
          ]}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <NativeSelect
          id={`${idPrefix}-kind`}
          label="Type"
          description="What the document is"
          value={kind}
          onChange={(event) => {
            const next = event.currentTarget.value as DocumentKind;
            setKind(next);
            setExpiryEdited(false);
            if (next === 'certificate') followDefaults(next, certificateType, issuedOn);
            else if (!isExpiringKind(next) || kind === 'certificate') setExpiresAt('');
          }}
          data={KIND_OPTIONS}
        />
        {certified && (
          <CertificateTypeSelect
            idPrefix={idPrefix}
            description="Optional: the compliance check reads it"
            value={certificateType}
            onChange={(next) => {
              setCertificateType(next);
              if (!expiryEdited) followDefaults(kind, next, issuedOn);
            }}
          />
        )}
        {certified && (
          <IssuedOnInput
            idPrefix={idPrefix}
            value={issuedOn}
            error={issueError}
            onChange={(next) => {
              setIssuedOn(next);
              if (!expiryEdited) followDefaults(kind, certificateType, next);
            }}
          />
        )}
        <ExpiryDateInput
          idPrefix={idPrefix}
          validityMonths={kind === 'certificate' && !expiryEdited ? validityMonths : undefined}
          description="Certificates and policies only"
          disabled={!expiring}
          value={expiresAt}
          error={expiryError}
          onChange={(next) => {
            setExpiresAt(next);
            setExpiryEdited(true);
          }}
        />
      </SimpleGrid>
      <Paper
        withBorder
        p="lg"
        radius="md"
        onDragOver={(event) => {
          event.preventDefault();
          if (ready) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: 'dashed',
          borderColor: dragging ? 'var(--mantine-color-blue-filled)' : undefined,
          textAlign: 'center',
        }}
      >
        <Stack gap="xs" align="center">
          <Text size="sm">Drag files here, or</Text>
          <FileButton
            multiple
            accept={UPLOAD_ACCEPT}
            disabled={!ready}
            resetRef={resetInput}
            onChange={(files) => void upload(files)}
            inputProps={{ id: `${idPrefix}-files`, 'aria-describedby': hintId }}
          >
            {(props) => (
              <Button {...props} disabled={!ready} loading={busy} aria-describedby={hintId}>
                Choose files
              </Button>
            )}
          </FileButton>
          <Text id={hintId} size="xs" c="dimmed">
            {target === null
              ? 'Choose the property first.'
              : `Up to ${MAX_FILES_PER_BATCH} files at a time, 50 MB each.`}
          </Text>
        </Stack>
      </Paper>
      {batchError && (
        <Alert color="red" role="alert">
          {batchError}
        </Alert>
      )}
      <UploadProgressList items={items} withReading={withReading} />
    </Stack>
  );
}
