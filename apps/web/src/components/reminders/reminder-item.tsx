import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDate, type ReminderPriority, type ReminderType, snoozedLabel } from '@propertydna/domain';
import type { ReactNode } from 'react';
import { PRIORITY_COLORS, PRIORITY_LABELS } from '../../lib/maintenance';
import { RoleGuard } from '../../lib/permissions';
import { reminderTypeLabel } from './add-reminder-modal';

export interface ReminderItemProps {
  reminder: {
    title: string;
    message?: string | null | undefined;
    /** 'YYYY-MM-DD' */
    due_date: string;
    priority: ReminderPriority;
    type: ReminderType;
  };
  overdue: boolean;
  onComplete: () => void;
  busy?: boolean;
  /** 'YYYY-MM-DD': snoozed until that day (still shown, marked). */
  snoozedUntil?: string | null;
  /** Offers Snooze (a critical reminder not snoozed yet). */
  onSnooze?: (() => void) | undefined;
  /** More under the message (a note on what Mark Complete does). */
  children?: ReactNode;
}

/**
 * One reminder of the Actions tab (spec §2): its title, priority badge, an Overdue badge once its due
 * date has passed, its type, message and due date ('MMM dd, yyyy'), and Mark Complete (with Snooze,
 * held back with the reason from a role that cannot change reminders: maintenance.completeReminder and
 * snoozeReminder need maintenance.write).
 */
export function ReminderItem({
  reminder,
  overdue,
  onComplete,
  busy = false,
  snoozedUntil = null,
  onSnooze,
  children,
}: ReminderItemProps) {
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="reminder">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {reminder.title}
            </Text>
            <Badge color={PRIORITY_COLORS[reminder.priority]} variant="light">
              {PRIORITY_LABELS[reminder.priority]}
            </Badge>
            {overdue && (
              <Badge color="red" variant="filled">
                Overdue
              </Badge>
            )}
            <Badge color="gray" variant="outline">
              {reminderTypeLabel(reminder.type)}
            </Badge>
            {snoozedUntil && (
              <Badge color="indigo" variant="light" data-testid="snoozed">
                {snoozedLabel(snoozedUntil)}
              </Badge>
            )}
          </Group>
          {reminder.message && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {reminder.message}
            </Text>
          )}
          <Text size="sm">Due {formatDate(reminder.due_date)}</Text>
          {children}
        </Stack>
        <Group gap="xs">
          {onSnooze && (
            <RoleGuard capability="maintenance.write">
              <Button
                variant="subtle"
                size="xs"
                onClick={onSnooze}
                disabled={busy}
                aria-label={`Snooze: ${reminder.title}`}
              >
                Snooze
              </Button>
            </RoleGuard>
          )}
          <RoleGuard capability="maintenance.write">
            <Button
              variant="default"
              size="xs"
              onClick={onComplete}
              loading={busy}
              aria-label={`Mark Complete: ${reminder.title}`}
            >
              Mark Complete
            </Button>
          </RoleGuard>
        </Group>
      </Group>
    </Paper>
  );
}
