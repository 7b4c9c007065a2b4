import { Alert, Progress, Stack, Text } from '@mantine/core';
import { downloadPercent, progressText } from '../lib/download';
import type { DownloadState } from '../lib/use-download';

/**
 * Where a download is, under the button that started it: while it runs a progress bar named `label`
 * (with its percentage when the length is known, else striped and moving, with the bytes received), and
 * when it failed an alert with the reason. Nothing once it is done: the toast said so.
 */
export function DownloadStatus({
  state,
  label,
  failureTitle,
}: {
  state: DownloadState;
  label: string;
  failureTitle: string;
}) {
  if (state.status === 'running') {
    const percent = downloadPercent(state);
    const text = progressText(state);
    return (
      <Stack gap={4} data-testid="download-progress">
        <Progress.Root size="md">
          <Progress.Section
            value={percent ?? 100}
            striped={percent === null}
            animated={percent === null}
            withAria={false}
            role="progressbar"
            aria-label={label}
            aria-valuemin={0}
            aria-valuemax={percent === null ? undefined : 100}
            aria-valuenow={percent ?? undefined}
            aria-valuetext={text}
          />
        </Progress.Root>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert color="red" role="alert" title={failureTitle} variant="light">
        {state.message}
      </Alert>
    );
  }
  return null;
}
