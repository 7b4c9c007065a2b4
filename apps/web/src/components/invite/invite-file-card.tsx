import { Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { CERTIFICATE_VALIDITY_MONTHS, type DocumentKind, formatSize } from '@propertydna/domain';
import { isCertifiedKind, isExpiringKind } from '../../lib/upload/upload-documents';
import { CertificateTypeSelect, ExpiryDateInput, IssuedOnInput } from '../documents/certificate-fields';
import { KIND_LABELS } from '../documents/labels';
import { UploadProgressStatus } from '../documents/upload-progress-list';
import {
  dateErrors,
  describeEntry,
  type InviteFile,
  isSendable,
  withCertificate,
  withExpiry,
  withKind,
} from './invite-files';

export interface InviteFileCardProps {
  entry: InviteFile;
  /** The kinds the link accepts: the only choices of the kind select. */
  allowedKinds: readonly DocumentKind[];
  /** Applies a change to the entry as it is when React applies it (its upload may have moved on). */
  onChange: (change: (entry: InviteFile) => InviteFile) => void;
  onRemove: () => void;
  onRetry: () => void;
}

/**
 * One chosen file: what it is (a kind the link accepts; for a certificate or an inspection, which one
 * and when it was issued; for a certificate or a policy, when it expires), where its upload is, and —
 * when the server refused it — its message with Retry. The fields are grouped under the file's name.
 */
export function InviteFileCard({ entry, allowedKinds, onChange, onRemove, onRetry }: InviteFileCardProps) {
  const { item } = entry;
  const prefix = `invite-${item.key}`;
  const editable = isSendable(entry);
  const certified = isCertifiedKind(entry.kind);
  const errors = dateErrors(entry);
  const validityMonths =
    entry.kind === 'certificate' && !entry.expiryEdited && entry.certificateType
      ? CERTIFICATE_VALIDITY_MONTHS[entry.certificateType]
      : undefined;
  const nameId = `${prefix}-name`;

  return (
    <Paper component="li" withBorder radius="md" p="md" data-phase={item.phase}>
      <Stack gap="sm" role="group" aria-labelledby={nameId}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text id={nameId} fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {item.name}
          </Text>
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {formatSize(item.bytes)}
          </Text>
        </Group>
        {editable ? (
          <Stack gap="sm">
            <NativeSelect
              id={`${prefix}-kind`}
              size="md"
              label="Document type"
              value={entry.kind}
              onChange={(event) => {
                const kind = event.currentTarget.value as DocumentKind;
                onChange((current) => withKind(current, kind));
              }}
              data={allowedKinds.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
            />
            {certified && (
              <CertificateTypeSelect
                idPrefix={prefix}
                size="md"
                description="Optional"
                value={entry.certificateType}
                onChange={(certificateType) =>
                  onChange((current) => withCertificate(current, { certificateType }))
                }
              />
            )}
            {certified && (
              <IssuedOnInput
                idPrefix={prefix}
                size="md"
                value={entry.issuedOn}
                error={errors.issuedOn}
                onChange={(issuedOn) => onChange((current) => withCertificate(current, { issuedOn }))}
              />
            )}
            {isExpiringKind(entry.kind) && (
              <ExpiryDateInput
                idPrefix={prefix}
                size="md"
                validityMonths={validityMonths}
                description="Optional: when it stops being valid"
                value={entry.expiresAt}
                error={errors.expiresAt}
                onChange={(expiresAt) => onChange((current) => withExpiry(current, expiresAt))}
              />
            )}
          </Stack>
        ) : (
          !entry.refused && (
            <Text size="sm" c="dimmed">
              {describeEntry(entry)}
            </Text>
          )
        )}
        {item.phase !== 'queued' && (
          <div>
            <UploadProgressStatus item={item} />
          </div>
        )}
        {editable || entry.refused ? (
          <Group gap="sm" grow>
            {item.phase === 'error' && !entry.refused && (
              <Button
                size="md"
                disabled={errors.issuedOn !== null || errors.expiresAt !== null}
                onClick={onRetry}
                aria-label={`Retry ${item.name}`}
              >
                Retry
              </Button>
            )}
            <Button size="md" variant="default" onClick={onRemove} aria-label={`Remove ${item.name}`}>
              Remove
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
