import {
  Alert,
  Button,
  FileButton,
  Group,
  List,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  COVER_TITLES,
  claimInputSchema,
  ESCALATION_MESSAGES,
  evidenceRequirementsFor,
  formatDate,
  formatSize,
  INCIDENT_TYPES,
  type IncidentType,
  johannesburgToday,
  MAX_CLAIM_DESCRIPTION,
  MAX_CLAIM_DOCUMENTS,
  type PropertyFeature,
} from '@propertydna/domain';
import { useId, useRef, useState } from 'react';
import { DialogFooter } from '../../../../../components/dialog-footer';
import { UploadProgressStatus } from '../../../../../components/documents/upload-progress-list';
import { errorMessage } from '../../../../../lib/error-message';
import { trpc } from '../../../../../lib/trpc';
import { contentTypeOf, validateUploadBatch } from '../../../../../lib/upload/validate';
import { CLAIM_MESSAGES, type ClaimDetail, INCIDENT_TYPE_OPTIONS } from './labels';
import { type ClaimPhoto, useClaimPhotoUpload } from './use-claim-photos';

interface ClaimValues {
  incident_type: IncidentType | '';
  incident_date: string;
  description: string;
}

/** Photos and PDFs only: what an insurer reads as evidence of the damage. */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/pdf'];
const PHOTO_ACCEPT = [...PHOTO_TYPES, '.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif', '.pdf'].join(',');

/** Why a chosen file cannot be attached, or null: the vault's own checks, then photos and PDFs only. */
function photoRefusal(file: File): string | null {
  const vaultRefusal = validateUploadBatch([file]).fileErrors[0] ?? null;
  if (vaultRefusal) return vaultRefusal;
  return PHOTO_TYPES.includes(contentTypeOf(file)) ? null : CLAIM_MESSAGES.onlyPhotosOrPdf;
}

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Start Claim (issue 16 §5): the incident's type, its date (today or earlier), what happened and photos
 * (images or PDFs, up to 20), checked with the domain's schema and messages. On Start Claim the photos
 * are uploaded into the property's vault first, each with its progress bar; a photo that fails keeps its
 * message and can be removed or sent again (those already uploaded are not sent twice); then the claim
 * is started with their document ids, 'Claim started' is said and `onStarted` shows the claim.
 */
export function StartClaimModal({
  propertyId,
  features,
  onClose,
  onStarted,
}: {
  propertyId: string;
  /** The property's installations: which evidence its incidents ask for. */
  features: readonly PropertyFeature[];
  onClose: () => void;
  onStarted: (claim: ClaimDetail) => void;
}) {
  const utils = trpc.useUtils();
  const start = trpc.escalation.startClaim.useMutation();
  const photoUpload = useClaimPhotoUpload();
  const [photos, setPhotos] = useState<ClaimPhoto[]>([]);
  const [refused, setRefused] = useState<{ name: string; reason: string }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const chosen = useRef(0);
  const resetFiles = useRef<() => void>(null);
  const photosLabelId = useId();
  const photosHintId = useId();
  const today = johannesburgToday(new Date());
  const form = useForm<ClaimValues>({
    initialValues: { incident_type: '', incident_date: today, description: '' },
    validate: schemaResolver(claimInputSchema, { sync: true }),
  });
  const busy = photoUpload.busy || start.isPending;
  const incidentType = form.values.incident_type;
  const expected = incidentType === '' ? [] : evidenceRequirementsFor(incidentType, features);

  function choose(files: File[]) {
    resetFiles.current?.();
    const accepted: ClaimPhoto[] = [];
    const refusals: { name: string; reason: string }[] = [];
    for (const file of files) {
      if ([...photos, ...accepted].some((photo) => sameFile(photo.file, file))) continue;
      const reason =
        photos.length + accepted.length >= MAX_CLAIM_DOCUMENTS
          ? ESCALATION_MESSAGES.tooManyDocuments
          : photoRefusal(file);
      if (reason) refusals.push({ name: file.name, reason });
      else accepted.push({ key: `photo-${++chosen.current}`, file, documentId: null });
    }
    setPhotos((current) => [...current, ...accepted]);
    setRefused(refusals);
  }

  const remove = (key: string) => setPhotos((current) => current.filter((photo) => photo.key !== key));

  async function submit(values: ClaimValues) {
    if (busy) return;
    const parsed = claimInputSchema.safeParse(values);
    if (!parsed.success) return;
    setError(null);
    let documentIds: string[] = [];
    if (photos.length > 0) {
      const results = await photoUpload.upload(photos, propertyId, {
        purpose: 'claim',
        incident_type: parsed.data.incident_type,
        incident_date: parsed.data.incident_date,
      });
      const uploaded = photos.map((photo) => ({ ...photo, documentId: results.get(photo.key) ?? null }));
      setPhotos(uploaded);
      if (uploaded.some((photo) => photo.documentId === null)) {
        setError(CLAIM_MESSAGES.photosFailed);
        return;
      }
      documentIds = uploaded.map((photo) => photo.documentId as string);
    }
    let claim: ClaimDetail;
    try {
      claim = await start.mutateAsync({ propertyId, ...parsed.data, document_ids: documentIds });
    } catch (failure) {
      setError(errorMessage(failure, CLAIM_MESSAGES.startFailed));
      return;
    }
    utils.escalation.claim.setData({ id: claim.id }, claim);
    utils.escalation.propertyClaims.setData({ propertyId }, (current) =>
      current ? [claim, ...current.filter((item) => item.id !== claim.id)] : current,
    );
    void utils.escalation.propertyClaims.invalidate({ propertyId });
    void utils.escalation.claims.invalidate();
    // A policy whose dates deny cover on the incident's day is said at once, not only on the claim's card.
    const denied = claim.cover.status === 'lapsed' || claim.cover.status === 'not_started';
    notifications.show({
      color: denied ? 'red' : 'green',
      title: CLAIM_MESSAGES.started,
      message: denied
        ? `${COVER_TITLES[claim.cover.status]}. ${claim.cover.message}`
        : `${claim.incident_type_label} on ${formatDate(claim.incident_date)}: its evidence checklist is on the Escalation tab.`,
    });
    onStarted(claim);
  }

  const itemOf = (key: string) => photoUpload.items.find((item) => item.key === key);

  return (
    <Modal opened onClose={busy ? () => {} : onClose} title="Start Claim" size="lg">
      <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Tell us what happened. We list the evidence your insurer will ask for and build a claim pack from
            your vault.
          </Text>
          <Select
            label="Incident type"
            placeholder="Select an incident type"
            withAsterisk
            data-autofocus
            allowDeselect={false}
            data={INCIDENT_TYPE_OPTIONS}
            value={form.values.incident_type || null}
            error={form.errors.incident_type}
            onChange={(value) =>
              form.setFieldValue(
                'incident_type',
                value && (INCIDENT_TYPES as readonly string[]).includes(value) ? (value as IncidentType) : '',
              )
            }
          />
          {expected.length > 0 && (
            <Paper withBorder radius="md" p="sm" bg="gray.0" data-testid="expected-evidence">
              <Text size="sm" fw={600}>
                Your insurer will ask for
              </Text>
              <List size="sm" spacing={2} mt={4}>
                {expected.map((requirement) => (
                  <List.Item key={requirement.key}>{requirement.label}</List.Item>
                ))}
              </List>
            </Paper>
          )}
          <TextInput
            label="Date of the incident"
            description="Today or earlier"
            type="date"
            withAsterisk
            max={today}
            w={{ base: '100%', xs: 220 }}
            {...form.getInputProps('incident_date')}
          />
          <Textarea
            label="Description"
            description="What happened, what was damaged, and what you have done since"
            withAsterisk
            rows={4}
            maxLength={MAX_CLAIM_DESCRIPTION}
            {...form.getInputProps('description')}
          />
          <Stack gap={0} role="group" aria-labelledby={photosLabelId} aria-describedby={photosHintId}>
            <Text size="sm" fw={500} id={photosLabelId}>
              {CLAIM_MESSAGES.photosLabel}
            </Text>
            <Text size="xs" c="dimmed" id={photosHintId}>
              {CLAIM_MESSAGES.photosHint} Up to {MAX_CLAIM_DOCUMENTS}.
            </Text>
            {photos.length > 0 && (
              <Stack
                component="ul"
                aria-label="Chosen photos"
                gap="xs"
                p={0}
                m={0}
                mt="xs"
                style={{ listStyle: 'none' }}
              >
                {photos.map((photo) => {
                  const item = itemOf(photo.key);
                  return (
                    <li key={photo.key} data-testid="claim-photo">
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Text
                          size="sm"
                          fw={500}
                          truncate="end"
                          title={photo.file.name}
                          style={{ minWidth: 0 }}
                        >
                          {photo.file.name}
                        </Text>
                        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                          <Text size="xs" c="dimmed">
                            {formatSize(photo.file.size)}
                          </Text>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            disabled={busy}
                            onClick={() => remove(photo.key)}
                            aria-label={`Remove ${photo.file.name}`}
                          >
                            Remove
                          </Button>
                        </Group>
                      </Group>
                      {item && <UploadProgressStatus item={item} />}
                    </li>
                  );
                })}
              </Stack>
            )}
            {refused.length > 0 && (
              <Alert color="red" variant="light" mt="xs" role="alert" title="Not attached">
                <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
                  {refused.map((file) => (
                    <Text component="li" key={file.name} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {file.name}: {file.reason}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
            <Group mt="xs">
              <FileButton
                multiple
                accept={PHOTO_ACCEPT}
                disabled={busy}
                resetRef={resetFiles}
                onChange={choose}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    disabled={busy || photos.length >= MAX_CLAIM_DOCUMENTS}
                    aria-describedby={photosHintId}
                  >
                    {photos.length > 0 ? 'Add more photos' : 'Choose photos'}
                  </Button>
                )}
              </FileButton>
            </Group>
          </Stack>
          <DialogFooter
            error={error}
            onCancel={onClose}
            cancelDisabled={busy}
            submitLabel="Start Claim"
            busyLabel={CLAIM_MESSAGES.submitting}
            busy={busy}
          />
        </Stack>
      </form>
    </Modal>
  );
}
