import { Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AUTO_ACCEPT_CONFIDENCE } from '@propertydna/domain';
import { LoadError } from '../../../components/load-error';
import { errorMessage } from '../../../lib/error-message';
import { trpc } from '../../../lib/trpc';

export const AUTO_ACCEPT_LABEL = 'Accept high-confidence fields automatically';

/**
 * 'Reading documents' (issue 27): the organisation's choice to accept what is read from a document
 * without asking, for fields read with at least 90% confidence (extraction.settings / setAutoAccept).
 * The sentence says what it does and that the document's history records it.
 */
export function ReadingSettingsSection() {
  const utils = trpc.useUtils();
  const settings = trpc.extraction.settings.useQuery();
  const update = trpc.extraction.setAutoAccept.useMutation({
    onSuccess: (next) => {
      utils.extraction.settings.setData(undefined, next);
      notifications.show({ color: 'green', message: 'Reading settings saved' });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Error',
        message: errorMessage(error, 'Failed to save the reading settings'),
      }),
  });
  const percent = Math.round((settings.data?.threshold ?? AUTO_ACCEPT_CONFIDENCE) * 100);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="account-reading">
      <Title order={2} size="h4" id="account-reading">
        Reading documents
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        Each document you upload is read, and what it says (a certificate's type, number and dates, a policy's
        period of cover) is proposed for you to confirm. Nothing read counts until it is confirmed.
      </Text>
      {settings.isError ? (
        <LoadError
          title="Could not load your reading settings"
          message={errorMessage(settings.error, 'Please try again.')}
          onRetry={() => void settings.refetch()}
          mt="md"
        />
      ) : !settings.data ? (
        <Stack gap="sm" mt="md" aria-busy="true">
          <Skeleton height={24} width="60%" />
        </Stack>
      ) : (
        <Stack gap={6} mt="md">
          <Switch
            label={AUTO_ACCEPT_LABEL}
            aria-describedby="account-reading-auto"
            checked={settings.data.auto_accept}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ enabled: event.currentTarget.checked })}
          />
          <Text size="sm" c="dimmed" id="account-reading-auto">
            Fields read with at least {percent}% confidence are accepted without asking you, and the
            document's history records that they were accepted automatically. The others still wait for you.
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
