import { Group, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  REMINDER_PRIORITIES,
  REMINDER_TYPES,
  type Reminder,
  type ReminderPriority,
  type ReminderType,
  reminderSchema,
} from '@propertydna/domain';
import { PRIORITY_LABELS } from '../../lib/maintenance';
import { DialogFooter } from '../dialog-footer';

interface ReminderValues {
  title: string;
  message: string;
  due_date: string;
  priority: ReminderPriority;
  type: ReminderType;
}

/** What Add Custom Reminder sends: the type only where the form asks for it. */
export type NewReminder = Omit<Reminder, 'type'> & { type?: ReminderType };

const TYPE_LABELS: Record<ReminderType, string> = {
  certificate: 'Certificate',
  payment: 'Payment',
  maintenance: 'Maintenance',
};

/** The reminder's type as a badge says it. */
export const reminderTypeLabel = (type: ReminderType) => TYPE_LABELS[type];

const withoutType = reminderSchema.omit({ type: true });

export interface AddReminderModalProps {
  opened: boolean;
  onClose: () => void;
  /** Adds the reminder; resolving false keeps what was typed (the server refused it). */
  onAdd: (reminder: NewReminder) => boolean | undefined | Promise<boolean>;
  /** 'YYYY-MM-DD' the due date starts at. */
  defaultDueDate: string;
  /** Asks for the type as well (the demo); otherwise the server's default, maintenance. */
  withType?: boolean;
  busy?: boolean;
  /** The server's refusal, shown in the dialog. */
  error?: string | null;
}

/**
 * Add Custom Reminder (spec §2 Actions tab): title, message, due date and priority (and the type where
 * asked), checked with the domain's messages (REMINDER_MESSAGES) before anything is sent.
 */
export function AddReminderModal({
  opened,
  onClose,
  onAdd,
  defaultDueDate,
  withType = false,
  busy = false,
  error = null,
}: AddReminderModalProps) {
  const form = useForm<ReminderValues>({
    initialValues: {
      title: '',
      message: '',
      due_date: defaultDueDate,
      priority: 'medium',
      type: 'maintenance',
    },
    validate: schemaResolver(withType ? reminderSchema : withoutType, { sync: true }),
  });
  const add = async (values: ReminderValues) => {
    const parsed = (withType ? reminderSchema : withoutType).safeParse(values);
    if (!parsed.success) return;
    if ((await onAdd(parsed.data)) !== false) form.reset();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Add Custom Reminder">
      <form noValidate onSubmit={form.onSubmit((values) => void add(values))}>
        <Stack gap="sm">
          <TextInput label="Title" withAsterisk data-autofocus {...form.getInputProps('title')} />
          <Textarea label="Message (Optional)" rows={2} {...form.getInputProps('message')} />
          <TextInput label="Due date" type="date" withAsterisk {...form.getInputProps('due_date')} />
          <Group grow>
            <NativeSelect
              label="Priority"
              data={REMINDER_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }))}
              {...form.getInputProps('priority')}
            />
            {withType && (
              <NativeSelect
                label="Type"
                data={REMINDER_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
                {...form.getInputProps('type')}
              />
            )}
          </Group>
          <DialogFooter error={error} onCancel={onClose} submitLabel="Add Reminder" busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
