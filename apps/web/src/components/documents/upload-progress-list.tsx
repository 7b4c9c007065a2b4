import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatSize } from '@propertydna/domain';
import type { UploadItem } from '../../lib/upload/upload-documents';
import { UploadReadingStatus } from './reading/read-from-document';

/** What a row says about where its file is (spec §4 sequence); an error row says the server's message. */
export function uploadStatusText(item: UploadItem): string {
  switch (item.phase) {
    case 'queued':
      return 'Waiting';
    case 'hashing':
      return `Hashing ${item.percent}%`;
    case 'waiting':
      return 'Waiting to upload';
    case 'uploading':
      return `Uploading ${item.percent}%`;
    case 'registering':
      return 'Registering';
    case 'done':
      return 'Uploaded';
    case 'error':
      return item.error ?? 'Upload failed';
  }
}

const PHASE_COLORS: Record<UploadItem['phase'], string> = {
  queued: 'gray',
  hashing: 'grape',
  waiting: 'gray',
  uploading: 'blue',
  registering: 'blue',
  done: 'green',
  error: 'red',
};

/**
 * Where one file is: its progress bar (labelled with the file's name) and what it is doing; a failure
 * says the server's message as an alert.
 */
export function UploadProgressStatus({ item }: { item: UploadItem }) {
  const failed = item.phase === 'error';
  return (
    <>
      <Progress
        mt={4}
        value={failed ? 100 : item.percent}
        color={PHASE_COLORS[item.phase]}
        animated={item.phase === 'registering'}
        aria-label={`Upload of ${item.name}`}
      />
      <Text
        size="xs"
        mt={2}
        c={failed ? 'red' : item.phase === 'done' ? 'green' : 'dimmed'}
        role={failed ? 'alert' : undefined}
      >
        {uploadStatusText(item)}
      </Text>
    </>
  );
}

/**
 * One progress bar per file of the batch, labelled with the file's name. `withReading` (the owner's
 * vault uploads): once a file is stored, how its reading goes ('Reading…', 'Read: 5 fields to confirm').
 */
export function UploadProgressList({
  items,
  withReading = false,
}: {
  items: readonly UploadItem[];
  withReading?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <Stack component="ul" aria-label="Uploads" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <li key={item.key} data-phase={item.phase}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={500} truncate="end" title={item.name}>
              {item.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatSize(item.bytes)}
            </Text>
          </Group>
          <UploadProgressStatus item={item} />
          {withReading && item.phase === 'done' && item.documentId && (
            <UploadReadingStatus documentId={item.documentId} />
          )}
        </li>
      ))}
    </Stack>
  );
}
