import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isReminderOverdue } from '@propertydna/domain';
import { useState } from 'react';
import { AddReminderModal, type NewReminder } from '../../../../components/reminders/add-reminder-modal';
import { ReminderItem } from '../../../../components/reminders/reminder-item';
import { type DemoReminder, dateInDays } from './demo-property';

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

  const add = ({ type = 'maintenance', ...reminder }: NewReminder) => {
    setReminders((current) =>
      [...current, { ...reminder, type, id: `custom-${current.length}-${reminder.title}` }].sort((a, b) =>
        a.due_date.localeCompare(b.due_date),
      ),
    );
    setAdding(false);
    notifications.show({ color: 'green', title: 'Reminder added', message: reminder.title });
    return true;
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
            <ReminderItem
              key={reminder.id}
              reminder={reminder}
              overdue={isReminderOverdue(reminder.due_date, today)}
              onComplete={() => complete(reminder)}
            />
          ))}
        </Stack>
      )}
      <AddReminderModal
        opened={adding}
        onClose={() => setAdding(false)}
        onAdd={add}
        defaultDueDate={dateInDays(7, today)}
        withType
      />
    </Stack>
  );
}
