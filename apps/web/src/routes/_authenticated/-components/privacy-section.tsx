import { Anchor, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LoadError } from '../../../components/load-error';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/time';
import { trpc } from '../../../lib/trpc';

/**
 * /account → Privacy (issue 31 §4): the marketing consent given at sign-up, changeable here and recorded
 * with its time, and the way to the privacy notice.
 */
export function PrivacySection() {
  const utils = trpc.useUtils();
  const consent = trpc.privacy.marketingConsent.useQuery();
  const update = trpc.privacy.setMarketingConsent.useMutation({
    onSuccess: (next) => {
      utils.privacy.marketingConsent.setData(undefined, next);
      notifications.show({
        color: 'green',
        message: next.agree
          ? 'You will receive product news and tips'
          : 'You will no longer receive product news',
      });
    },
    onError: (error) =>
      notifications.show({ color: 'red', message: errorMessage(error, 'Failed to save your choice') }),
  });
  const data = consent.data;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="account-privacy">
      <Title order={2} size="h4" id="account-privacy">
        Privacy
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        What we keep about you, why and for how long, and your rights over it:{' '}
        <Anchor href="/privacy" size="sm" underline="always">
          Privacy notice
        </Anchor>
      </Text>
      {consent.isError ? (
        <LoadError
          title="Could not load your privacy choices"
          message={errorMessage(consent.error, 'Please try again.')}
          onRetry={() => void consent.refetch()}
          mt="md"
        />
      ) : !data ? (
        <Stack gap="sm" mt="md" aria-busy="true">
          <Skeleton height={24} width="70%" />
        </Stack>
      ) : (
        <Stack gap={4} mt="md" align="flex-start">
          <Switch
            label="Send me product news and property tips by email"
            checked={data.agree}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ agree: event.currentTarget.checked })}
          />
          <Text size="xs" c="dimmed">
            {data.agree ? 'Given' : 'Not given'} · last changed {formatDateTime(data.changedAt)}. Emails about
            your account, your documents and your reminders are not marketing and do not depend on this.
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
