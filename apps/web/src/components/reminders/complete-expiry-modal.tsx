import {
  Button,
  FileButton,
  Group,
  Modal,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  certificateTypeOf,
  featureOfDocument,
  formatDate,
  johannesburgToday,
  MAX_REMINDER_REASON,
  PROPERTY_FEATURE_LABELS,
  type PropertyFeature,
  REMINDER_COMPLETION_MESSAGES,
  type ReplacementDocument,
  replacementProblem,
} from '@propertydna/domain';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import type { PropertyReminder } from '../../lib/maintenance';
import { trpc } from '../../lib/trpc';
import { useDocumentUpload } from '../../lib/upload/use-document-upload';
import { validateUploadBatch } from '../../lib/upload/validate';
import { DialogFooter } from '../dialog-footer';
import { UploadProgressList } from '../documents/upload-progress-list';

export const COMPLETE_EXPIRY_MESSAGES = {
  intro:
    'This reminder comes from the expiry date of a document in the vault. It is done when the document is replaced, or when it is no longer needed: say which.',
  replacement: 'I have the replacement document',
  noLongerNeeded: 'It is no longer needed',
  pick: 'Choose it from the vault',
  pickPlaceholder: 'Select a document',
  noCandidates:
    'No current document of the same kind that expires after this one is in the vault yet: upload it here.',
  upload: 'Or upload it now',
  expiry: 'Its expiry date',
  reason: 'Why is it no longer needed?',
  reasonHint: "For example: 'We sold the cottage it covered'.",
  feature: 'We no longer have',
  featureHint: 'Removes the feature from the property, and the rules that come with it.',
  noFeature: 'Nothing removed: keep the features as they are',
  chooseOne: 'Choose the replacement, or say why it is no longer needed',
  failed: 'Unable to complete the reminder',
  uploading: 'Uploading…',
  submit: 'Mark Complete',
} as const;

type Choice = 'replacement' | 'reason';

/**
 * Mark Complete on a certificate's or policy's reminder (issue 26 §5): the owner gives the replacement
 * document (picked from the vault, or uploaded here with its expiry date), or says why it is no longer
 * needed, which may be a feature the property no longer has ('We no longer have: Electric fence', an
 * explicit choice, never read from the text). Without either the server refuses, and so does the form,
 * with the same words. `onDone` gets the server's message.
 */
export function CompleteExpiryModal({
  reminder,
  propertyId,
  features,
  onClose,
  onDone,
}: {
  reminder: PropertyReminder;
  propertyId: string;
  features: readonly PropertyFeature[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const complete = trpc.maintenance.completeReminder.useMutation();
  const documents = trpc.documents.byProperty.useQuery({ propertyId });
  const upload = useDocumentUpload({ notify: false });
  const [choice, setChoice] = useState<Choice | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [expiresAt, setExpiresAt] = useState('');
  const [reason, setReason] = useState('');
  const [feature, setFeature] = useState<PropertyFeature | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choiceLabelId = useId();
  const busy = complete.isPending || upload.busy;
  const today = johannesburgToday(new Date());

  // The same checks as the server's (domain replacementProblem): only documents it would accept are
  // offered, and an upload's expiry date is checked before the file is sent.
  const asReplacement = (document: {
    id: string;
    property_id: string | null;
    kind: string;
    metadata: Record<string, unknown>;
    expires_on: string | null;
  }): ReplacementDocument => ({
    id: document.id,
    property_id: document.property_id,
    kind: document.kind,
    certificate_type: certificateTypeOf(document.metadata),
    expires_on: document.expires_on,
  });
  const found = documents.data?.find((document) => document.id === reminder.source.id);
  const expiring = found ? asReplacement(found) : undefined;
  const candidates = (documents.data ?? []).filter(
    (document) =>
      expiring !== undefined && replacementProblem(expiring, asReplacement(document), today) === null,
  );
  // 'We no longer have' offers only the feature the expiring certificate is about.
  const aboutFeature = expiring ? featureOfDocument(expiring) : null;
  const removable = aboutFeature !== null && features.includes(aboutFeature) ? [aboutFeature] : [];

  async function submit() {
    setError(null);
    if (choice === null) return setError(COMPLETE_EXPIRY_MESSAGES.chooseOne);
    let replacement: string | null = null;
    if (choice === 'replacement') {
      if (file) {
        const refusal = validateUploadBatch([file]).fileErrors[0];
        if (refusal) return setError(refusal);
        const problem = expiring
          ? replacementProblem(expiring, { ...expiring, id: '', expires_on: expiresAt || null }, today)
          : null;
        if (problem) return setError(problem);
        const outcome = await upload.start([file], {
          destination: { propertyId },
          kind: found?.kind ?? 'policy',
          expiresAt: expiresAt || null,
        });
        replacement = outcome.documentIds[0] ?? null;
        if (outcome.refusal || replacement === null) {
          return setError(outcome.refusal ?? COMPLETE_EXPIRY_MESSAGES.failed);
        }
      } else {
        replacement = picked;
      }
      if (replacement === null) return setError(REMINDER_COMPLETION_MESSAGES.replacementOrReason);
    } else if (reason.trim() === '' && feature === null) {
      return setError(REMINDER_COMPLETION_MESSAGES.replacementOrReason);
    }
    try {
      const result = await complete.mutateAsync(
        choice === 'replacement'
          ? { id: reminder.id, replacement_document_id: replacement }
          : { id: reminder.id, reason: reason.trim() || null, no_longer_have: feature },
      );
      onDone(result.message);
    } catch (failure) {
      setError(errorMessage(failure, COMPLETE_EXPIRY_MESSAGES.failed));
    }
  }

  return (
    <Modal opened onClose={busy ? () => {} : onClose} title={`Mark Complete: ${reminder.title}`} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{COMPLETE_EXPIRY_MESSAGES.intro}</Text>
          <Radio.Group
            value={choice}
            onChange={(value) => {
              setChoice(value as Choice);
              setError(null);
            }}
            aria-labelledby={choiceLabelId}
          >
            <Text id={choiceLabelId} size="sm" fw={500} mb={4}>
              How was it dealt with?
            </Text>
            <Stack gap="xs">
              <Radio value="replacement" label={COMPLETE_EXPIRY_MESSAGES.replacement} data-autofocus />
              <Radio value="reason" label={COMPLETE_EXPIRY_MESSAGES.noLongerNeeded} />
            </Stack>
          </Radio.Group>
          {choice === 'replacement' && (
            <Stack gap="xs" pl={{ base: 0, xs: 'lg' }}>
              {candidates.length > 0 ? (
                <Select
                  label={COMPLETE_EXPIRY_MESSAGES.pick}
                  placeholder={COMPLETE_EXPIRY_MESSAGES.pickPlaceholder}
                  data={candidates.map((document) => ({
                    value: document.id,
                    label: document.expires_on
                      ? `${document.name} (expires ${formatDate(document.expires_on)})`
                      : document.name,
                  }))}
                  value={picked}
                  onChange={(value) => {
                    setPicked(value);
                    if (value) setFile(null);
                  }}
                  disabled={Boolean(file) || busy}
                  clearable
                />
              ) : (
                <Text size="sm" c="dimmed">
                  {documents.isPending ? 'Loading the vault…' : COMPLETE_EXPIRY_MESSAGES.noCandidates}
                </Text>
              )}
              <Group gap="xs" align="center">
                <FileButton
                  onChange={(chosen) => {
                    setFile(chosen);
                    if (chosen) setPicked(null);
                  }}
                  accept="application/pdf,image/jpeg,image/png,image/webp,image/heic,.pdf,.jpg,.jpeg,.png,.webp,.heic"
                  disabled={busy}
                >
                  {(props) => (
                    <Button {...props} variant="default" size="sm">
                      {file ? 'Choose another file' : COMPLETE_EXPIRY_MESSAGES.upload}
                    </Button>
                  )}
                </FileButton>
                {file && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {file.name}
                  </Text>
                )}
              </Group>
              {file && (
                <TextInput
                  type="date"
                  label={COMPLETE_EXPIRY_MESSAGES.expiry}
                  description="As printed on the new document: it must be after the one that expires"
                  min={today}
                  value={expiresAt}
                  onChange={(event) => setExpiresAt(event.currentTarget.value)}
                  w={{ base: '100%', xs: 220 }}
                  disabled={busy}
                />
              )}
              {upload.items.length > 0 && <UploadProgressList items={upload.items} />}
            </Stack>
          )}
          {choice === 'reason' && (
            <Stack gap="xs" pl={{ base: 0, xs: 'lg' }}>
              <Textarea
                label={COMPLETE_EXPIRY_MESSAGES.reason}
                description={COMPLETE_EXPIRY_MESSAGES.reasonHint}
                maxLength={MAX_REMINDER_REASON}
                rows={2}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                disabled={busy}
              />
              {removable.length > 0 && (
                <Select
                  label={COMPLETE_EXPIRY_MESSAGES.feature}
                  description={COMPLETE_EXPIRY_MESSAGES.featureHint}
                  placeholder={COMPLETE_EXPIRY_MESSAGES.noFeature}
                  data={removable.map((value) => ({ value, label: PROPERTY_FEATURE_LABELS[value] }))}
                  value={feature}
                  onChange={(value) => setFeature((value as PropertyFeature | null) ?? null)}
                  clearable
                  disabled={busy}
                />
              )}
            </Stack>
          )}
          {choice === null && (
            <Text size="sm" c="dimmed">
              {REMINDER_COMPLETION_MESSAGES.replacementOrReason}.
            </Text>
          )}
          <DialogFooter
            error={error}
            onCancel={onClose}
            cancelDisabled={busy}
            submitLabel={COMPLETE_EXPIRY_MESSAGES.submit}
            busyLabel={upload.busy ? COMPLETE_EXPIRY_MESSAGES.uploading : undefined}
            busy={busy}
          />
        </Stack>
      </form>
    </Modal>
  );
}
