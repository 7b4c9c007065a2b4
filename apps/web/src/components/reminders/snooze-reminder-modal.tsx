import { Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  calendarDateOf,
  dayNumberOf,
  formatDateOnly,
  isIsoDate,
  johannesburgToday,
  MAX_SNOOZE_DAYS,
  parseDateOnly,
  REMINDER_COMPLETION_MESSAGES,
  snoozeProblem,
} from '@propertydna/domain';
import { useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import type { PropertyReminder } from '../../lib/maintenance';
import { trpc } from '../../lib/trpc';
import { DialogFooter } from '../dialog-footer';

const dayAfter = (today: string, days: number) =>
  formatDateOnly(calendarDateOf(dayNumberOf(parseDateOnly(today)) + days));

/**
 * Snooze (issue 26 §5): puts a reminder off until a day, at most 30 days ahead. It stays on the list,
 * marked, and in the email digest, and is back in full on that day: a critical reminder is never simply
 * dismissed.
 */
export function SnoozeReminderModal({
  reminder,
  onClose,
  onDone,
}: {
  reminder: PropertyReminder;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const snooze = trpc.maintenance.snoozeReminder.useMutation();
  const today = johannesburgToday(new Date());
  const [until, setUntil] = useState(dayAfter(today, 7));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setError(null);
    const problem = !isIsoDate(until)
      ? REMINDER_COMPLETION_MESSAGES.snoozeUntilRequired
      : snoozeProblem(until, today);
    setFieldError(problem);
    if (problem) return;
    try {
      const result = await snooze.mutateAsync({ id: reminder.id, until });
      onDone(result.message);
    } catch (failure) {
      setError(errorMessage(failure, 'Unable to snooze the reminder'));
    }
  }

  return (
    <Modal opened onClose={snooze.isPending ? () => {} : onClose} title={`Snooze: ${reminder.title}`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!snooze.isPending) void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            It stays on this list and in your email digest, marked as snoozed, and is back in full on the day
            you choose (at most {MAX_SNOOZE_DAYS} days from today).
          </Text>
          <TextInput
            type="date"
            label="Snooze until"
            withAsterisk
            data-autofocus
            min={dayAfter(today, 1)}
            max={dayAfter(today, MAX_SNOOZE_DAYS)}
            value={until}
            error={fieldError}
            onChange={(event) => setUntil(event.currentTarget.value)}
            w={{ base: '100%', xs: 220 }}
          />
          <DialogFooter
            error={error}
            onCancel={onClose}
            cancelDisabled={snooze.isPending}
            submitLabel="Snooze"
            busy={snooze.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
