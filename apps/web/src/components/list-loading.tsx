import { Paper, Skeleton, Stack, Text } from '@mantine/core';

/**
 * A list's loading state: the text is a status, so screen readers say it; the two skeleton cards are only
 * for the eye (hidden from assistive technology).
 */
export function ListLoading({ label, testId, lines = 2 }: { label: string; testId: string; lines?: 2 | 3 }) {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {label}
      </Text>
      {[0, 1].map((key) => (
        <Paper key={key} withBorder radius="md" p="md" aria-hidden data-testid={testId}>
          <Skeleton height={18} width="40%" />
          <Skeleton height={14} mt="sm" width="60%" />
          {lines === 3 && <Skeleton height={14} mt="xs" width="80%" />}
        </Paper>
      ))}
    </Stack>
  );
}
