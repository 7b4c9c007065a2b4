import {
  Alert,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { UpgradeButton } from '../../../components/premium-upgrade';
import { errorMessage } from '../../../lib/error-message';
import { START_TRIAL_LABEL } from '../../../lib/plan';
import { trpc } from '../../../lib/trpc';

const showError = (error: unknown, fallback: string) =>
  notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, fallback) });

export interface AlertSettingsSectionProps {
  /** The organisation may start its Premium trial (Free, never tried). */
  canStartTrial: boolean;
  starting: boolean;
  onStartTrial: () => void;
}

/**
 * 'Maintenance alerts': the daily digest switch, and a test email. On the Free plan the switch is off
 * limits, with the server's reason and the trial offer while it is unused.
 */
export function AlertSettingsSection({ canStartTrial, starting, onStartTrial }: AlertSettingsSectionProps) {
  const utils = trpc.useUtils();
  const settings = trpc.notifications.settings.useQuery();
  const update = trpc.notifications.update.useMutation({
    onSuccess: (next) => {
      utils.notifications.settings.setData(undefined, next);
      notifications.show({ color: 'green', message: 'Alert settings saved' });
    },
    onError: (error) => showError(error, 'Failed to save the alert settings'),
  });
  const sendTest = trpc.notifications.sendTest.useMutation({
    onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
    onError: (error) => showError(error, 'Failed to send the test email'),
  });
  const data = settings.data;
  const unavailable = data !== undefined && !data.available;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="account-alerts">
      <Title order={2} size="h4" id="account-alerts">
        Maintenance alerts
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        A morning email listing the maintenance tasks and expiry dates that are due or overdue.
      </Text>
      {settings.isError ? (
        <LoadError
          title="Could not load your alert settings"
          message={errorMessage(settings.error, 'Please try again.')}
          onRetry={() => void settings.refetch()}
          mt="md"
        />
      ) : !data ? (
        <Stack gap="sm" mt="md" aria-busy="true">
          <Skeleton height={24} width="70%" />
          <Skeleton height={36} width={240} />
        </Stack>
      ) : (
        <Stack gap="md" mt="md" align="flex-start">
          {unavailable && (
            <Alert color="yellow" variant="light" title="Upgrade to Premium" w="100%">
              <Text size="sm">{data.reason}</Text>
              {canStartTrial ? (
                <Button mt="sm" size="sm" onClick={onStartTrial} disabled={starting}>
                  {starting ? 'Starting trial...' : START_TRIAL_LABEL}
                </Button>
              ) : (
                <Text size="sm" mt="xs">
                  Your free trial has been used.
                </Text>
              )}
              <Stack mt="sm" gap={4}>
                <UpgradeButton />
              </Stack>
            </Alert>
          )}
          <Switch
            label="Email me a daily digest of what is due"
            checked={data.emailAlerts && data.available}
            disabled={unavailable || update.isPending}
            onChange={(event) => update.mutate({ emailAlerts: event.currentTarget.checked })}
          />
          <Button
            variant="default"
            disabled={unavailable}
            loading={sendTest.isPending}
            onClick={() => sendTest.mutate()}
          >
            Send me a test reminder email
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

/**
 * 'Calendar feed': the private .ics address to subscribe to, to copy, and to replace with a new one
 * (the old one stops working).
 */
export function CalendarFeedSection() {
  const utils = trpc.useUtils();
  const feed = trpc.calendar.feed.useQuery();
  const [confirming, setConfirming] = useState(false);
  const rotate = trpc.calendar.rotate.useMutation({
    onSuccess: (next) => {
      utils.calendar.feed.setData(undefined, next);
      setConfirming(false);
      notifications.show({ color: 'green', message: 'Calendar link reset' });
    },
    onError: (error) => showError(error, 'Failed to reset the calendar link'),
  });
  const url = feed.data?.url;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="account-calendar">
      <Title order={2} size="h4" id="account-calendar">
        Calendar feed
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        Subscribe in Google Calendar, Outlook or Apple Calendar to see your maintenance tasks and expiry
        dates. Keep the link private: anyone with it can see them.
      </Text>
      {feed.isError ? (
        <LoadError
          title="Could not load your calendar link"
          message={errorMessage(feed.error, 'Please try again.')}
          onRetry={() => void feed.refetch()}
          mt="md"
        />
      ) : (
        <Stack gap="sm" mt="md">
          <TextInput
            label="Calendar link"
            readOnly
            value={url ?? ''}
            placeholder={url ? undefined : 'Loading...'}
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { textOverflow: 'ellipsis' } }}
          />
          <Group gap="sm">
            <CopyButton value={url ?? ''}>
              {({ copied, copy }) => (
                <Button
                  disabled={!url}
                  onClick={() => {
                    copy();
                    notifications.show({ color: 'green', message: 'Link copied' });
                  }}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" disabled={!url} onClick={() => setConfirming(true)}>
              Reset link
            </Button>
          </Group>
        </Stack>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Reset the calendar link?">
        <Text size="sm">
          The old link stops working: calendars subscribed to it stop updating until you subscribe to the new
          one.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={rotate.isPending}>
            Cancel
          </Button>
          <Button color="red" loading={rotate.isPending} onClick={() => rotate.mutate()}>
            Reset link
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
