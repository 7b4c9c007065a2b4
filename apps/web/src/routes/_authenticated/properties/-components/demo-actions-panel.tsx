import {
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  formatDate,
  isReminderOverdue,
  REMINDER_PRIORITIES,
  REMINDER_TYPES,
  type ReminderPriority,
  type ReminderType,
  reminderSchema,
} from '@propertydna/domain';
import { useState } from 'react';
import { capitalise, type DemoReminder, dateInDays } from './demo-property';

export const PRIORITY_COLORS: Record<ReminderPriority, string> = {
  critical: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'gray',
};

interface ReminderValues {
  title: string;
  message: string;
  due_date: string;
  priority: ReminderPriority;
  type: ReminderType;
}

function AddReminderModal({
  opened,
  onClose,
  onAdd,
  today,
}: {
  opened: boolean;
  onClose: () => void;
  onAdd: (reminder: Omit<DemoReminder, 'id'>) => void;
  today: Date;
}) {
  const form = useForm<ReminderValues>({
    initialValues: {
      title: '',
      message: '',
      due_date: dateInDays(7, today),
      priority: 'medium',
      type: 'maintenance',
    },
    validate: schemaResolver(reminderSchema, { sync: true }),
  });
  const add = (values: ReminderValues) => {
    const parsed = reminderSchema.safeParse(values);
    if (!parsed.success) return;
    onAdd(parsed.data);
    form.reset();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Add Custom Reminder">
      <form noValidate onSubmit={form.onSubmit(add)}>
        <Stack gap="sm">
          <TextInput label="Title" withAsterisk data-autofocus {...form.getInputProps('title')} />
          <Textarea label="Message (Optional)" rows={2} {...form.getInputProps('message')} />
          <TextInput label="Due date" type="date" withAsterisk {...form.getInputProps('due_date')} />
          <Group grow>
            <NativeSelect
              label="Priority"
              data={REMINDER_PRIORITIES.map((value) => ({ value, label: capitalise(value) }))}
              {...form.getInputProps('priority')}
            />
            <NativeSelect
              label="Type"
              data={REMINDER_TYPES.map((value) => ({ value, label: capitalise(value) }))}
              {...form.getInputProps('type')}
            />
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Add Reminder</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The demo's Actions tab (spec §2): reminders with their priority, an Overdue badge once the due date has
 * passed, Mark Complete, and Add Custom Reminder. Everything stays on the page.
 */
export function DemoActionsPanel({ initial, today }: { initial: DemoReminder[]; today: Date }) {
  const [reminders, setReminders] = useState(initial);
  const [adding, setAdding] = useState(false);

  const complete = (reminder: DemoReminder) => {
    setReminders((current) => current.filter((item) => item.id !== reminder.id));
    notifications.show({ color: 'green', title: 'Reminder completed', message: reminder.title });
  };

  const add = (reminder: Omit<DemoReminder, 'id'>) => {
    setReminders((current) =>
      [...current, { ...reminder, id: `custom-${current.length}-${reminder.title}` }].sort((a, b) =>
        a.due_date.localeCompare(b.due_date),
      ),
    );
    setAdding(false);
    notifications.show({ color: 'green', title: 'Reminder added', message: reminder.title });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Reminders
        </Title>
        <Button variant="light" onClick={() => setAdding(true)}>
          Add Custom Reminder
        </Button>
      </Group>
      {reminders.length === 0 ? (
        <Text c="dimmed">No reminders yet.</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {reminders.map((reminder) => (
            <Paper key={reminder.id} component="li" withBorder radius="md" p="md">
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={4}>
                  <Group gap="xs">
                    <Text fw={600}>{reminder.title}</Text>
                    <Badge color={PRIORITY_COLORS[reminder.priority]} variant="light">
                      {capitalise(reminder.priority)}
                    </Badge>
                    {isReminderOverdue(reminder.due_date, today) && (
                      <Badge color="red" variant="filled">
                        Overdue
                      </Badge>
                    )}
                  </Group>
                  {reminder.message && (
                    <Text size="sm" c="dimmed">
                      {reminder.message}
                    </Text>
                  )}
                  <Text size="sm">Due {formatDate(reminder.due_date)}</Text>
                </Stack>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => complete(reminder)}
                  aria-label={`Mark Complete: ${reminder.title}`}
                >
                  Mark Complete
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <AddReminderModal opened={adding} onClose={() => setAdding(false)} onAdd={add} today={today} />
    </Stack>
  );
}
