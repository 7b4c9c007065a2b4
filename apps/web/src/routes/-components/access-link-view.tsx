import { Alert, Button, Code, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  EMAIL_VERIFICATION_MESSAGES,
  formatDate,
  GRANT_MESSAGES,
  GRANT_ROLE_LABELS,
  GRANT_SCOPE_LABELS,
} from '@propertydna/domain';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { ButtonLink } from '../../components/router-links';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/error-message';
import { type RouterOutputs, trpc } from '../../lib/trpc';

type AccessOffer = RouterOutputs['grants']['offer'];

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The mailed access link's page (issue 29 §3): who gives read-only access to which property, as what,
 * seeing what, until when. Signed out: Sign up / Log in with the address filled in, coming back here.
 * Signed in with that address, confirmed: Accept, then the shared property. Signed in with another
 * address: which address the access is for.
 */
export function AccessLinkContent({ token }: { token: string }) {
  const offer = trpc.grants.offer.useQuery({ token }, { retry: false });
  if (offer.isLoading) {
    return (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>Loading the access...</Text>
      </Group>
    );
  }
  if (!offer.data) {
    // A malformed token is the schema's 'Access not found' (BAD_REQUEST): the same dead link.
    const dead = offer.error?.data?.code === 'NOT_FOUND' || offer.error?.data?.code === 'BAD_REQUEST';
    return (
      <Alert color={dead ? 'yellow' : 'red'} role="alert" title="This access cannot be shown">
        <Text size="sm">
          {dead
            ? 'This access link has expired, was revoked or was already used. Ask the owner of the property for a new one.'
            : errorMessage(offer.error, 'The server could not be reached.')}
        </Text>
        {!dead && (
          <Button size="sm" variant="default" mt="sm" onClick={() => void offer.refetch()}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <OfferSummary offer={offer.data} />
      <AccessNextStep offer={offer.data} token={token} />
    </Stack>
  );
}

function OfferSummary({ offer }: { offer: AccessOffer }) {
  const titleId = useId();
  const from = offer.granterName
    ? `${offer.granterName} (${offer.organizationName})`
    : offer.organizationName;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Text size="sm" c="dimmed">
        {from} gives you read-only access to
      </Text>
      <Title order={1} size="h2" id={titleId} mt={4}>
        {offer.property.name}
      </Title>
      <Text size="sm" mt={4}>
        {offer.property.address}
      </Text>
      <Text size="sm" mt={4}>
        DNA code <Code>{offer.property.dna_code}</Code>
      </Text>
      <Text size="sm" mt="sm">
        As <strong>{GRANT_ROLE_LABELS[offer.role]}</strong>, seeing{' '}
        <strong>{GRANT_SCOPE_LABELS[offer.scope].toLowerCase()}</strong>, for <strong>{offer.email}</strong>,
        until {formatDate(offer.expires_at)}.
      </Text>
      <Text size="sm" mt={4} c="dimmed">
        Your own account and organisation stay as they are: the property appears under Shared with me.
      </Text>
    </Paper>
  );
}

function AccessNextStep({ offer, token }: { offer: AccessOffer; token: string }) {
  const { status, user } = useAuth();
  const here = `/access/${encodeURIComponent(token)}`;
  const accept = trpc.grants.accept.useMutation();
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
          To accept, sign up or log in with <strong>{offer.email}</strong>. You come back here afterwards.
        </Text>
        <Group gap="sm">
          <ButtonLink to="/signup" search={{ redirect: here }} state={{ prefillEmail: offer.email }}>
            Sign up
          </ButtonLink>
          <ButtonLink
            to="/login"
            search={{ redirect: here }}
            state={{ prefillEmail: offer.email }}
            variant="default"
          >
            Log in
          </ButtonLink>
        </Group>
      </Stack>
    );
  }
  if (!sameEmail(user.email, offer.email)) {
    return (
      <Alert color="yellow" variant="light" title="This access is for another address" role="status">
        <Text size="sm">{GRANT_MESSAGES.otherEmail(offer.email)}</Text>
        <Group mt="sm">
          <ButtonLink
            to="/login"
            search={{ redirect: here }}
            state={{ prefillEmail: offer.email }}
            variant="default"
          >
            Log in with {offer.email}
          </ButtonLink>
        </Group>
      </Alert>
    );
  }
  if (!user.email_verified) {
    return (
      <Alert color="yellow" variant="light" title="Confirm your email address first" role="status">
        <Text size="sm">
          {EMAIL_VERIFICATION_MESSAGES.required(offer.email)} Then open this link again to accept.
        </Text>
      </Alert>
    );
  }
  const acceptAccess = async () => {
    try {
      const result = await accept.mutateAsync({ token });
      await utils.grants.sharedWithMe.invalidate();
      notifications.show({ color: 'green', message: result.message });
      await navigate({ to: '/shared-with-me/$grantId', params: { grantId: result.grant.grantId } });
    } catch {
      // Shown below.
    }
  };
  return (
    <Stack gap="sm">
      {accept.isError && (
        <Alert color="red" role="alert" title="Could not accept">
          <Text size="sm">{errorMessage(accept.error, 'The server could not be reached.')}</Text>
        </Alert>
      )}
      <Group>
        <Button onClick={() => void acceptAccess()} loading={accept.isPending}>
          Accept
        </Button>
      </Group>
    </Stack>
  );
}
