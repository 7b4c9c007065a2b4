import { Alert, Button, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate, formatSize } from '@propertydna/domain';
import { DownloadStatus } from '../../../components/download-status';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { useCan } from '../../../lib/permissions';
import { type RouterOutputs, trpc } from '../../../lib/trpc';
import { useDownload } from '../../../lib/use-download';

type AccountExport = NonNullable<RouterOutputs['accountExport']['latest']>;

/** How often the page asks how far a running export is. */
const POLL_MS = 1500;

const running = (data: AccountExport | null | undefined) =>
  data?.status === 'queued' || data?.status === 'running';

/**
 * /account → "Download all my data" (issue 31 §1): one ZIP of every record (JSON) and every stored file
 * with a manifest of SHA-256s, made in the background. While it is made, a progress bar (files packed of
 * the total); when ready, the download link until it expires (7 days; it is mailed too). Owners and
 * admins only: the server checks every step.
 */
export function ExportSection() {
  const { user } = useAuth();
  const can = useCan('organization.export');
  const allowed = user !== null && can.allowed;
  const utils = trpc.useUtils();
  const latest = trpc.accountExport.latest.useQuery(undefined, {
    enabled: allowed,
    refetchInterval: (query) => (running(query.state.data) ? POLL_MS : false),
  });
  const start = trpc.accountExport.start.useMutation({
    onSuccess: (next) => {
      utils.accountExport.latest.setData(undefined, next);
      notifications.show({
        color: 'green',
        message: 'Your export has started. We will email you when it is ready.',
      });
    },
    onError: (error) =>
      notifications.show({ color: 'red', message: errorMessage(error, 'Could not start the export') }),
  });
  const data = latest.data;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="account-export">
      <Title order={2} size="h4" id="account-export">
        Download all my data
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        One ZIP file with every record of your organisation (as JSON), every stored document by property and
        kind, a manifest with the SHA-256 of each file and a README explaining the layout. It is prepared in
        the background; we email you when it is ready, and the link works for 7 days.
      </Text>
      {!allowed ? (
        <Text size="sm" mt="md">
          {can.reason ?? 'Only owners and admins can export the organisation’s data.'}
        </Text>
      ) : latest.isError ? (
        <Alert color="red" mt="md" title="Could not load your exports">
          {errorMessage(latest.error, 'Please try again.')}
        </Alert>
      ) : latest.isPending ? (
        <Stack gap="sm" mt="md" aria-busy="true">
          <Skeleton height={24} width="60%" />
        </Stack>
      ) : (
        <Stack gap="sm" mt="md" align="stretch">
          {data && <ExportState data={data} />}
          {!running(data) && (
            <Button
              variant={data?.status === 'ready' ? 'default' : 'filled'}
              loading={start.isPending}
              onClick={() => start.mutate()}
              style={{ alignSelf: 'flex-start' }}
            >
              {data?.status === 'ready' ? 'Start a new export' : 'Download all my data'}
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}

function ExportState({ data }: { data: AccountExport }) {
  if (data.status === 'failed') {
    return (
      <Alert color="red" title="The export failed">
        {data.error ?? 'Start a new one.'}
      </Alert>
    );
  }
  if (data.status === 'ready' && data.download_url)
    return <ReadyExport data={data} url={data.download_url} />;
  const label =
    data.status === 'queued' || data.files_total === 0
      ? 'Preparing your export…'
      : `Packing files: ${data.files_done} of ${data.files_total}`;
  return (
    <Stack gap={4}>
      <Text size="sm" aria-live="polite">
        {label}
      </Text>
      <Progress value={data.percent} aria-label="Export progress" animated striped />
    </Stack>
  );
}

/**
 * A ready export: its size and expiry, and the download, fetched with the session's credentials (the
 * link needs the sign-in) with its progress shown as it arrives.
 */
function ReadyExport({ data, url }: { data: AccountExport; url: string }) {
  const download = useDownload({ failureTitle: 'Download failed' });
  return (
    <Stack gap={6} align="flex-start">
      <Text size="sm">
        Your export is ready ({formatSize(data.bytes ?? 0)}, {data.files_total}{' '}
        {data.files_total === 1 ? 'file' : 'files'}).
      </Text>
      <Button
        loading={download.running}
        onClick={() =>
          void download.start({ url, fallbackName: `propertydna-export-${data.created_at.slice(0, 10)}.zip` })
        }
      >
        Download your data (ZIP)
      </Button>
      {data.expires_at && (
        <Text size="xs" c="dimmed">
          Available until {formatDate(data.expires_at)}.
        </Text>
      )}
      <Stack gap={0} w="100%">
        <DownloadStatus state={download.state} label="Downloading your data" failureTitle="Download failed" />
      </Stack>
    </Stack>
  );
}
