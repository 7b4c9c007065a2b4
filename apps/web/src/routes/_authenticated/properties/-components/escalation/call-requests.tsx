import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDate } from '@propertydna/domain';
import { LoadError } from '../../../../../components/load-error';
import { errorMessage } from '../../../../../lib/error-message';
import { trpc } from '../../../../../lib/trpc';
import { CALLBACK_STATUS_COLORS, CALLBACK_STATUS_LABELS, ESCALATION_TAB_MESSAGES } from './labels';

/** The property's call requests (issue 16 §8), newest first, each with its status: Requested, Scheduled, Done. */
export function CallRequests({ propertyId }: { propertyId: string }) {
  const callbacks = trpc.escalation.callbacks.useQuery({ propertyId });

  if (callbacks.isPending) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {ESCALATION_TAB_MESSAGES.callsLoading}
      </Text>
    );
  }
  if (callbacks.isError) {
    return (
      <LoadError
        title={ESCALATION_TAB_MESSAGES.callsLoadFailed}
        message={errorMessage(callbacks.error, 'Try again in a moment')}
        onRetry={() => void callbacks.refetch()}
      />
    );
  }
  if (callbacks.data.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text fw={600}>{ESCALATION_TAB_MESSAGES.noCalls}</Text>
        <Text size="sm" c="dimmed" mt={4}>
          {ESCALATION_TAB_MESSAGES.noCallsHint}
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="sm" component="ul" aria-label="Call requests" p={0} m={0} style={{ listStyle: 'none' }}>
      {callbacks.data.map((callback) => (
        <Paper
          key={callback.id}
          component="li"
          withBorder
          radius="md"
          p="md"
          data-testid="call-request"
          aria-label={`Call request of ${formatDate(callback.created_at)}`}
        >
          <Group gap="xs" justify="space-between" align="flex-start">
            <Text size="sm" fw={600}>
              {callback.preferred_time_label}
            </Text>
            <Badge color={CALLBACK_STATUS_COLORS[callback.status]} variant="light">
              {CALLBACK_STATUS_LABELS[callback.status]}
            </Badge>
          </Group>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {callback.topic}
          </Text>
          <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
            To {callback.phone} · sent {formatDate(callback.created_at)}
            {callback.requested_by ? ` by ${callback.requested_by}` : ''}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
