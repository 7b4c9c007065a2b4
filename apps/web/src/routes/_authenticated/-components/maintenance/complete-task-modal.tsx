import { FileInput, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type CompleteMaintenanceTask,
  completeMaintenanceTaskSchema,
  formatDate,
  johannesburgToday,
} from '@propertydna/domain';
import { useRef, useState } from 'react';
import { DialogFooter } from '../../../../components/dialog-footer';
import { UploadProgressList } from '../../../../components/documents/upload-progress-list';
import { errorMessage } from '../../../../lib/error-message';
import { FREQUENCY_INTERVALS, type MaintenanceTask, parseRand } from '../../../../lib/maintenance';
import { trpc } from '../../../../lib/trpc';
import { useDocumentUpload } from '../../../../lib/upload/use-document-upload';
import { UPLOAD_ACCEPT, validateUploadBatch } from '../../../../lib/upload/validate';

interface CompleteValues {
  completed_on: string;
  completed_by: string;
  cost: string;
  notes: string;
  evidence: File | null;
}

export const COMPLETE_MESSAGES = {
  failed: 'Unable to complete the task',
  evidenceFailed: 'The evidence could not be uploaded, so the task was not completed',
  completed: (task: { title: string; next_due: string }) =>
    `${task.title} completed: next due ${formatDate(task.next_due)}`,
} as const;

/** The form's values as the API takes them (the evidence aside). */
function completionInput(values: CompleteValues) {
  return {
    completed_on: values.completed_on,
    completed_by: values.completed_by,
    cost: parseRand(values.cost),
    notes: values.notes,
  };
}

/** The domain's messages (completeMaintenanceTaskSchema), one per field, and the evidence file's own. */
export function validateCompletion(values: CompleteValues): Partial<Record<keyof CompleteValues, string>> {
  const errors: Partial<Record<keyof CompleteValues, string>> = {};
  const parsed = completeMaintenanceTaskSchema.safeParse(completionInput(values));
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof CompleteValues;
    errors[field] ??= issue.message;
  }
  if (values.evidence) {
    const { fileErrors } = validateUploadBatch([values.evidence]);
    if (fileErrors[0]) errors.evidence = fileErrors[0];
  }
  return errors;
}

export interface CompleteTaskModalProps {
  task: MaintenanceTask;
  opened: boolean;
  onClose: () => void;
  /** The task as the server answers it after the completion (its next due date moved on). */
  onCompleted: (task: MaintenanceTask) => void;
}

/**
 * Complete (spec §2 Maintenance): when it was done (today unless changed; not in the future), who did
 * it, what it cost in rand, notes, and an optional evidence file (a report, an invoice, a photo) that is
 * uploaded straight into the property's vault, with its progress, and linked to the service record.
 */
export function CompleteTaskModal({ task, opened, onClose, onCompleted }: CompleteTaskModalProps) {
  const today = johannesburgToday(new Date());
  const upload = useDocumentUpload({ notify: false });
  const complete = trpc.maintenance.complete.useMutation();
  const [error, setError] = useState<string | null>(null);
  /** The evidence already in the vault, so a retry after a refusal does not upload it twice. */
  const uploaded = useRef<{ file: File; documentId: string } | null>(null);
  const form = useForm<CompleteValues>({
    initialValues: {
      completed_on: today,
      completed_by: task.assigned_to ?? '',
      cost: '',
      notes: '',
      evidence: null,
    },
    validate: validateCompletion,
  });
  const busy = upload.busy || complete.isPending;

  async function evidenceId(file: File | null): Promise<string | null | undefined> {
    if (!file) return null;
    if (uploaded.current?.file === file) return uploaded.current.documentId;
    const outcome = await upload.start([file], {
      destination: { propertyId: task.property_id },
      kind: 'maintenance',
      expiresAt: null,
    });
    const [documentId] = outcome.documentIds;
    if (!documentId) {
      setError(outcome.refusal ?? COMPLETE_MESSAGES.evidenceFailed);
      return undefined;
    }
    uploaded.current = { file, documentId };
    return documentId;
  }

  async function submit(values: CompleteValues) {
    if (busy) return;
    setError(null);
    const parsed = completeMaintenanceTaskSchema.safeParse(completionInput(values));
    if (!parsed.success) return;
    try {
      const documentId = await evidenceId(values.evidence);
      if (documentId === undefined) return;
      const fields: CompleteMaintenanceTask = { ...parsed.data, document_id: documentId };
      onCompleted(await complete.mutateAsync({ id: task.id, ...fields }));
    } catch (failure) {
      setError(errorMessage(failure, COMPLETE_MESSAGES.failed));
    }
  }

  return (
    <Modal opened={opened} onClose={busy ? () => {} : onClose} title={`Complete: ${task.title}`} size="lg">
      <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {task.property_name}. The next due date moves to {FREQUENCY_INTERVALS[task.frequency]} after the
            day it was done.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput
              label="Done on"
              type="date"
              withAsterisk
              max={today}
              data-autofocus
              {...form.getInputProps('completed_on')}
            />
            <TextInput
              label="Done by (Optional)"
              placeholder="A vendor or a person"
              {...form.getInputProps('completed_by')}
            />
            <TextInput
              label="Cost (Optional)"
              description="In rand"
              leftSection={<span aria-hidden="true">R</span>}
              inputMode="decimal"
              placeholder="0.00"
              {...form.getInputProps('cost')}
            />
            <FileInput
              label="Evidence (Optional)"
              description="Saved to the property's vault"
              placeholder="Choose a file"
              accept={UPLOAD_ACCEPT}
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the evidence file' }}
              {...form.getInputProps('evidence')}
            />
          </SimpleGrid>
          <Textarea label="Notes (Optional)" rows={3} {...form.getInputProps('notes')} />
          <UploadProgressList items={upload.items} />
          <DialogFooter
            error={error}
            onCancel={onClose}
            cancelDisabled={busy}
            submitLabel="Complete Task"
            busy={busy}
          />
        </Stack>
      </form>
    </Modal>
  );
}
