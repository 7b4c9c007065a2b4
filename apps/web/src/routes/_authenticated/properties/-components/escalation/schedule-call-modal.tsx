import { Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type CallbackTime, callbackInputSchema, MAX_CALLBACK_TOPIC } from '@propertydna/domain';
import { useState } from 'react';
import { DialogFooter } from '../../../../../components/dialog-footer';
import { errorMessage } from '../../../../../lib/error-message';
import { trpc } from '../../../../../lib/trpc';
import { CALL_MESSAGES, CALLBACK_TIME_OPTIONS } from './labels';

interface CallValues {
  phone: string;
  preferred_time: CallbackTime | '';
  topic: string;
}

/**
 * Schedule Call (issue 16 §8): a number to call (the user's own at first), when (morning, afternoon or
 * evening, as the support team plans its day) and what about, checked with the domain's schema. Sent,
 * the request is listed on the tab and 'Call requested' is said; a refusal (five requests an hour at
 * most) keeps the form open with the server's message.
 */
export function ScheduleCallModal({
  propertyId,
  defaultPhone,
  onClose,
}: {
  propertyId: string;
  defaultPhone?: string | null;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const request = trpc.escalation.requestCallback.useMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CallValues>({
    initialValues: { phone: defaultPhone ?? '', preferred_time: '', topic: '' },
    validate: schemaResolver(callbackInputSchema, { sync: true }),
  });
  const busy = request.isPending;

  async function send(values: CallValues) {
    if (busy) return;
    const parsed = callbackInputSchema.safeParse(values);
    if (!parsed.success) return;
    setError(null);
    try {
      const callback = await request.mutateAsync({ propertyId, ...parsed.data });
      utils.escalation.callbacks.setData({ propertyId }, (current) =>
        current ? [callback, ...current.filter((item) => item.id !== callback.id)] : current,
      );
      void utils.escalation.callbacks.invalidate({ propertyId });
      notifications.show({
        color: 'green',
        title: CALL_MESSAGES.requested,
        message: CALL_MESSAGES.requestedMessage(callback.preferred_time_label),
      });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, CALL_MESSAGES.failed));
    }
  }

  return (
    <Modal opened onClose={busy ? () => {} : onClose} title="Schedule Call">
      <form noValidate onSubmit={form.onSubmit((values) => void send(values))}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            An advisor calls you back about a claim, a repair or your cover (South African time, weekdays).
          </Text>
          <TextInput
            label="Phone number"
            type="tel"
            autoComplete="tel"
            withAsterisk
            data-autofocus
            {...form.getInputProps('phone')}
          />
          <Radio.Group label="Preferred time" withAsterisk {...form.getInputProps('preferred_time')}>
            <Stack gap="xs" mt="xs">
              {CALLBACK_TIME_OPTIONS.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="What is the call about?"
            withAsterisk
            rows={3}
            maxLength={MAX_CALLBACK_TOPIC}
            {...form.getInputProps('topic')}
          />
          <DialogFooter
            error={error}
            onCancel={onClose}
            cancelDisabled={busy}
            submitLabel={CALL_MESSAGES.submit}
            busyLabel={CALL_MESSAGES.submitting}
            busy={busy}
          />
        </Stack>
      </form>
    </Modal>
  );
}
