import { Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { needsReplacementOrReason, type PropertyFeature } from '@propertydna/domain';
import { useState } from 'react';
import { LoadError } from '../../../../components/load-error';
import { AddReminderModal, type NewReminder } from '../../../../components/reminders/add-reminder-modal';
import { CompleteExpiryModal } from '../../../../components/reminders/complete-expiry-modal';
import { ReminderItem } from '../../../../components/reminders/reminder-item';
import { SnoozeReminderModal } from '../../../../components/reminders/snooze-reminder-modal';
import { AnchorLink } from '../../../../components/router-links';
import { errorMessage } from '../../../../lib/error-message';
import type { PropertyReminder } from '../../../../lib/maintenance';
import { RoleGuard } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import { dateInDays } from './demo-property';

export const ACTIONS_MESSAGES = {
  empty:
    'Nothing due: maintenance due within 30 days, certificates and policies expiring within 60 days and your own reminders show here.',
  loadFailed: 'Unable to load the reminders',
  completeFailed: 'Unable to complete the reminder',
  addFailed: 'Unable to add the reminder',
  added: 'Reminder added',
  completed: 'Reminder completed',
} as const;

/** A reminder of a maintenance task: Mark Complete completes the task (the server moves its next due on). */
const isTaskReminder = (reminder: PropertyReminder) => reminder.source.kind === 'task';

/**
 * The Actions tab of a property (spec §2, §3 Reminder): what needs doing, overdue first, merged by the
 * server from the maintenance tasks, expiring certificates and policies, the plan and the owner's own
 * reminders. Mark Complete ends one (a maintenance task's after a confirmation, since it records the task
 * as done today; a certificate's or policy's with the replacement document or why it is no longer
 * needed); a critical one can be snoozed instead, and stays listed, marked; Add Custom Reminder adds one.
 * Each refreshes the list, the dashboard's counts and, for a task, the maintenance schedule. Each is a
 * maintenance.write (addReminder, completeReminder, snoozeReminder): held back, with the reason, from a
 * role without it and on a property read-only on the Free plan (RoleGuard); the list stays to read.
 */
export function ActionsTab({
  propertyId,
  features = [],
  now = new Date(),
}: {
  propertyId: string;
  /** The property's features: an expiry reminder can be done with 'We no longer have: <feature>'. */
  features?: readonly PropertyFeature[];
  now?: Date;
}) {
  const utils = trpc.useUtils();
  const reminders = trpc.maintenance.reminders.useQuery({ id: propertyId });
  const complete = trpc.maintenance.completeReminder.useMutation();
  const add = trpc.maintenance.addReminder.useMutation();
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<PropertyReminder | null>(null);
  const [completing, setCompleting] = useState<string | null>(null);
  const [expiring, setExpiring] = useState<PropertyReminder | null>(null);
  const [snoozing, setSnoozing] = useState<PropertyReminder | null>(null);

  /** A certificate's or policy's reminder done (or snoozed) in its dialog: said, and the lists refreshed. */
  async function closedWith(reminder: PropertyReminder, message: string) {
    setExpiring(null);
    setSnoozing(null);
    notifications.show({ color: 'green', title: message, message: reminder.title });
    await Promise.all([refresh(false), utils.properties.invalidate()]);
  }

  const refresh = (tasks: boolean) =>
    Promise.all([
      utils.maintenance.reminders.invalidate({ id: propertyId }),
      utils.properties.stats.invalidate(),
      ...(tasks ? [utils.maintenance.list.invalidate()] : []),
    ]);

  async function markComplete(reminder: PropertyReminder) {
    setConfirming(null);
    setCompleting(reminder.id);
    try {
      const result = await complete.mutateAsync({ id: reminder.id });
      notifications.show({
        color: 'green',
        title: result.message,
        message: isTaskReminder(reminder)
          ? `${reminder.title}: done today, next due date moved on`
          : reminder.title,
      });
      await refresh(isTaskReminder(reminder));
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, ACTIONS_MESSAGES.completeFailed) });
    } finally {
      setCompleting(null);
    }
  }

  async function addReminder(reminder: NewReminder): Promise<boolean> {
    setAddError(null);
    try {
      const added = await add.mutateAsync({ id: propertyId, ...reminder });
      setAdding(false);
      notifications.show({ color: 'green', title: ACTIONS_MESSAGES.added, message: added.title });
      await refresh(false);
      return true;
    } catch (error) {
      setAddError(errorMessage(error, ACTIONS_MESSAGES.addFailed));
      return false;
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4">
          Reminders
        </Title>
        <RoleGuard capability="maintenance.write">
          <Button
            variant="light"
            onClick={() => {
              setAddError(null);
              setAdding(true);
            }}
          >
            Add Custom Reminder
          </Button>
        </RoleGuard>
      </Group>
      <ReminderList
        reminders={reminders.data}
        loading={reminders.isPending}
        error={reminders.isError ? errorMessage(reminders.error, 'Try again in a moment') : null}
        onRetry={() => void reminders.refetch()}
        completing={completing}
        onComplete={(reminder) =>
          isTaskReminder(reminder)
            ? setConfirming(reminder)
            : needsReplacementOrReason(reminder)
              ? setExpiring(reminder)
              : void markComplete(reminder)
        }
        onSnooze={setSnoozing}
      />
      {expiring && (
        <CompleteExpiryModal
          reminder={expiring}
          propertyId={propertyId}
          features={features}
          onClose={() => setExpiring(null)}
          onDone={(message) => void closedWith(expiring, message)}
        />
      )}
      {snoozing && (
        <SnoozeReminderModal
          reminder={snoozing}
          onClose={() => setSnoozing(null)}
          onDone={(message) => void closedWith(snoozing, message)}
        />
      )}
      <AddReminderModal
        opened={adding}
        onClose={() => setAdding(false)}
        onAdd={addReminder}
        defaultDueDate={dateInDays(7, now)}
        busy={add.isPending}
        error={addError}
      />
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Complete the maintenance task?"
      >
        {confirming && (
          <Stack gap="sm">
            <Text>
              <strong>{confirming.title}</strong> is a maintenance task. Mark Complete records it as done
              today and moves its next due date on by its frequency.
            </Text>
            <Text size="sm" c="dimmed">
              To note who did the work, what it cost or a report as evidence, complete it on the{' '}
              <AnchorLink to="/maintenance">Maintenance</AnchorLink> page instead.
            </Text>
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => setConfirming(null)}>
                Cancel
              </Button>
              <Button data-autofocus onClick={() => void markComplete(confirming)}>
                Mark Complete
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function ReminderList({
  reminders,
  loading,
  error,
  onRetry,
  completing,
  onComplete,
  onSnooze,
}: {
  reminders: readonly PropertyReminder[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  completing: string | null;
  onComplete: (reminder: PropertyReminder) => void;
  onSnooze: (reminder: PropertyReminder) => void;
}) {
  if (loading) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading reminders">
        {[0, 1, 2].map((key) => (
          <Paper key={key} withBorder radius="md" p="md">
            <Skeleton height={18} width="50%" />
            <Skeleton height={14} mt="sm" width="80%" />
            <Skeleton height={14} mt="xs" width={140} />
          </Paper>
        ))}
      </Stack>
    );
  }
  if (error !== null || !reminders) {
    return <LoadError title={ACTIONS_MESSAGES.loadFailed} message={error} onRetry={onRetry} />;
  }
  if (reminders.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text>{ACTIONS_MESSAGES.empty}</Text>
        <Text size="sm" mt="xs" c="dimmed">
          Schedule recurring work on the <AnchorLink to="/maintenance">Maintenance</AnchorLink> page.
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="sm" component="ul" aria-label="Reminders" p={0} m={0} style={{ listStyle: 'none' }}>
      {reminders.map((reminder) => (
        <ReminderItem
          key={reminder.id}
          reminder={reminder}
          overdue={reminder.overdue}
          busy={completing === reminder.id}
          onComplete={() => onComplete(reminder)}
          snoozedUntil={reminder.snoozed_until}
          // Critical reminders cannot simply be dismissed: they can be put off, and come back.
          onSnooze={
            reminder.priority === 'critical' && reminder.snoozed_until === null
              ? () => onSnooze(reminder)
              : undefined
          }
        />
      ))}
    </Stack>
  );
}
