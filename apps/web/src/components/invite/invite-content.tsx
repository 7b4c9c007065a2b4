import { Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { TRPCClientError } from '@trpc/client';
import { errorMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import {
  InviteHeader,
  InviteLoadError,
  InviteNotFound,
  InviteRateLimited,
  InviteUploads,
} from './invite-summary';
import { InviteUploadForm } from './invite-upload-form';

const errorCode = (error: unknown) =>
  error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;

/**
 * The public upload page of an invite (issue 15): what the link asks for, the upload area and what came
 * in; or, while it loads or when it cannot, one clear state for the whole page — a link that is not
 * valid any more (no retry: only the owner can make a new one), too many attempts, or another failure.
 */
export function InviteContent({ token }: { token: string }) {
  const invite = trpc.invites.view.useQuery({ token });

  // Once loaded, the page stays (a refetch after an upload that fails leaves what is shown).
  if (invite.data) {
    return (
      <Stack gap="xl">
        <InviteHeader view={invite.data} />
        <InviteUploadForm token={token} view={invite.data} />
        <Divider />
        <InviteUploads uploads={invite.data.uploads} />
      </Stack>
    );
  }
  if (invite.isLoading || (invite.isFetching && !invite.isError)) {
    return (
      <Group justify="center" py="xl" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Text>Loading the upload link…</Text>
      </Group>
    );
  }
  const code = errorCode(invite.error);
  if (code === 'NOT_FOUND') return <InviteNotFound />;
  if (code === 'TOO_MANY_REQUESTS') {
    return (
      <InviteRateLimited
        message={errorMessage(invite.error, 'Too many attempts. Try again in a few minutes.')}
        onRetry={() => void invite.refetch()}
        busy={invite.isFetching}
      />
    );
  }
  return (
    <InviteLoadError
      message={errorMessage(invite.error, 'Check your connection and try again.')}
      onRetry={() => void invite.refetch()}
      busy={invite.isFetching}
    />
  );
}
