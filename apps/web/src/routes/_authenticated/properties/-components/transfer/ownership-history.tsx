import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { TRANSFER_UI, transferDate } from '../../../../../components/transfers/labels';
import { errorMessage } from '../../../../../lib/error-message';
import { trpc } from '../../../../../lib/trpc';

/** The property's ownership periods (issue 17): organisation names and dates, oldest first. */
export function OwnershipHistory({ propertyId }: { propertyId: string }) {
  const headingId = useId();
  const periods = trpc.transfers.ownership.useQuery({ propertyId });
  return (
    <Stack gap={4} component="section" aria-labelledby={headingId} mt="xs">
      <Title order={2} size="h6" id={headingId}>
        {TRANSFER_UI.history}
      </Title>
      {periods.isLoading ? (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">Loading ownership history...</Text>
        </Group>
      ) : periods.isError || !periods.data ? (
        <Group gap="xs" role="alert">
          <Text size="sm" c="red.8">
            {TRANSFER_UI.historyFailed}: {errorMessage(periods.error, 'the server could not be reached.')}
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => void periods.refetch()}>
            Retry
          </Button>
        </Group>
      ) : periods.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No ownership periods recorded yet.
        </Text>
      ) : (
        <Stack
          gap={2}
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={TRANSFER_UI.history}
        >
          {periods.data.map((period) => (
            <Text component="li" size="sm" key={`${period.organization_name}:${period.from}`}>
              <Text span fw={600} size="sm">
                {period.organization_name}
              </Text>
              {': '}
              {transferDate(period.from)} – {period.until ? transferDate(period.until) : 'now'}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
