import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@propertydna/domain';
import { TRPCClientError } from '@trpc/client';

/** What sign-in answers for a closed account within its grace (the server's 403 `details`). */
export interface ClosedAccount {
  deleteAfter: string;
  canReopen: boolean;
  message: string;
}

/** The closed account a failed sign-in reports, or null for any other failure. */
export function closedAccountOf(failure: unknown): ClosedAccount | null {
  if (!(failure instanceof TRPCClientError)) return null;
  const details = (failure.data as { details?: Record<string, unknown> } | undefined)?.details;
  if (details?.accountClosed !== true || typeof details.deleteAfter !== 'string') return null;
  return {
    deleteAfter: details.deleteAfter,
    canReopen: details.canReopen === true,
    message: failure.message,
  };
}

/**
 * "Your account is closed — Reopen" (issue 31 §2): shown instead of the app when someone signs in to an
 * account closed within its grace. An owner reopens it (everything comes back as it was); a member is told
 * that only an owner can.
 */
export function ClosedAccountView({
  closed,
  onReopen,
  onBack,
  pending,
  error,
}: {
  closed: ClosedAccount;
  onReopen: () => void;
  onBack: () => void;
  pending: boolean;
  error: string | null;
}) {
  const day = formatDate(closed.deleteAfter);
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440}>
      <Title order={1} size="h2">
        Your account is closed
      </Title>
      <Stack gap="sm" mt="md">
        {closed.canReopen ? (
          <Text size="sm">
            Nothing has been deleted yet. Reopen it to bring everything back as it was: its properties,
            documents, members, API tokens and share links. Otherwise it is deleted for good after {day}.
          </Text>
        ) : (
          <Text size="sm">
            {closed.message} Unless it is reopened, it is deleted for good after {day}.
          </Text>
        )}
        {error && (
          <Alert role="alert" color="red" variant="light">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack} disabled={pending}>
            Back to login
          </Button>
          {closed.canReopen && (
            <Button onClick={onReopen} loading={pending}>
              Reopen
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
