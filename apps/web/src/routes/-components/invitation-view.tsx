import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate, INVITE_MESSAGES, ROLE_LABELS } from '@propertydna/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getQueryKey } from '@trpc/react-query';
import { useId } from 'react';
import { ButtonLink } from '../../components/router-links';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/error-message';
import { type RouterOutputs, trpc } from '../../lib/trpc';

type Invitation = RouterOutputs['invitations']['view'];

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The mailed invitation's page (issue 29 §2): who invites, to which organisation, with which role. Signed
 * out: Sign up / Log in with the address filled in, coming back here. Signed in with that address: Join.
 * Signed in with another: which address the invitation is for.
 */
export function InvitationContent({ token }: { token: string }) {
  const view = trpc.invitations.view.useQuery({ token }, { retry: false });
  if (view.isLoading) {
    return (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>Loading the invitation...</Text>
      </Group>
    );
  }
  if (!view.data) {
    const notFound = view.error?.data?.code === 'NOT_FOUND';
    return (
      <Alert color={notFound ? 'yellow' : 'red'} role="alert" title="This invitation cannot be shown">
        <Text size="sm">
          {notFound
            ? 'This invitation has expired, was revoked or was already used. Ask for a new one.'
            : errorMessage(view.error, 'The server could not be reached.')}
        </Text>
        {!notFound && (
          <Button size="sm" variant="default" mt="sm" onClick={() => void view.refetch()}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <InvitationOffer invitation={view.data} />
      <InvitationNextStep invitation={view.data} token={token} />
    </Stack>
  );
}

function InvitationOffer({ invitation }: { invitation: Invitation }) {
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Text size="sm" c="dimmed">
        {invitation.inviterName ?? 'A colleague'} invited you to join
      </Text>
      <Title order={1} size="h2" id={titleId} mt={4}>
        {invitation.organizationName}
      </Title>
      <Text size="sm" mt="sm">
        As <strong>{ROLE_LABELS[invitation.role]}</strong>, for <strong>{invitation.email}</strong>, open
        until {formatDate(invitation.expires_at)}.
      </Text>
      <Text size="sm" mt={4} c="dimmed">
        You belong to one organisation at a time: joining takes your account into theirs.
      </Text>
    </Paper>
  );
}

function InvitationNextStep({ invitation, token }: { invitation: Invitation; token: string }) {
  const { status, user } = useAuth();
  const here = `/invitations/${encodeURIComponent(token)}`;
  const accept = trpc.invitations.accept.useMutation();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  if (status === 'loading') {
    return (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>Checking your session...</Text>
      </Group>
    );
  }
  if (status === 'anonymous' || !user) {
    return (
      <Stack gap="sm">
        <Text>
          To join, sign up or log in with <strong>{invitation.email}</strong>. You come back here afterwards.
        </Text>
        <Group gap="sm">
          <ButtonLink to="/signup" search={{ redirect: here }} state={{ prefillEmail: invitation.email }}>
            Sign up
          </ButtonLink>
          <ButtonLink
            to="/login"
            search={{ redirect: here }}
            state={{ prefillEmail: invitation.email }}
            variant="default"
          >
            Log in
          </ButtonLink>
        </Group>
      </Stack>
    );
  }
  if (!sameEmail(user.email, invitation.email)) {
    return (
      <Alert color="yellow" variant="light" title="This invitation is for another address" role="status">
        <Text size="sm">{INVITE_MESSAGES.otherEmail(invitation.email)}</Text>
        <Group mt="sm">
          <ButtonLink
            to="/login"
            search={{ redirect: here }}
            state={{ prefillEmail: invitation.email }}
            variant="default"
          >
            Log in with {invitation.email}
          </ButtonLink>
        </Group>
      </Alert>
    );
  }
  const join = async () => {
    try {
      const result = await accept.mutateAsync({ token });
      // The session as it is now (the organisation joined, its type, the role given) before anything
      // else: clearing the cache alone left the session's query holding the old answer, and the app went
      // on with the former organisation's plan, type and role (the teams browser test found a viewer
      // offered the trial). Everything else cached belonged to the organisation left behind.
      await utils.auth.me.refetch();
      const session = getQueryKey(trpc.auth.me, undefined, 'query');
      queryClient.removeQueries({
        predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(session),
      });
      notifications.show({ color: 'green', message: result.message });
      await navigate({ to: '/app' });
    } catch {
      // Shown below.
    }
  };
  return (
    <Stack gap="sm">
      {accept.isError && (
        <Alert color="red" role="alert" title="Could not join">
          <Text size="sm">{errorMessage(accept.error, 'The server could not be reached.')}</Text>
        </Alert>
      )}
      <Group>
        <Button onClick={() => void join()} loading={accept.isPending}>
          Join {invitation.organizationName}
        </Button>
      </Group>
    </Stack>
  );
}
