import { Alert, Button, Code, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { TRANSFER_MESSAGES } from '@propertydna/domain';
import { useId } from 'react';
import { ButtonLink } from '../../components/router-links';
import { documentsText, type TransferLinkView, transferDate } from '../../components/transfers/labels';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/error-message';
import { trpc } from '../../lib/trpc';
import { TransferDecision } from '../_authenticated/-components/transfers/dashboard-transfers';

/** The same address, whatever its letters' case. */
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The mailed transfer link's page (issue 17): what the seller offers, and how to accept it. Signed out:
 * Sign up / Log in with the address filled in, coming back here. Signed in with that address: on to the
 * dashboard's card (accept or decline there). Signed in with another: which address the transfer is for.
 */
export function TransferLinkContent({ token }: { token: string }) {
  const view = trpc.transferLinks.view.useQuery({ token }, { retry: false });
  if (view.isLoading) {
    return (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>Loading the transfer...</Text>
      </Group>
    );
  }
  if (!view.data) {
    const notFound = view.error?.data?.code === 'NOT_FOUND';
    return (
      <Alert color={notFound ? 'yellow' : 'red'} role="alert" title="This transfer cannot be shown">
        <Text size="sm">
          {notFound
            ? TRANSFER_MESSAGES.linkNotFound
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
      <TransferOffer offer={view.data} />
      <TransferNextStep offer={view.data} token={token} />
    </Stack>
  );
}

function TransferOffer({ offer }: { offer: TransferLinkView }) {
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Text size="sm" c="dimmed">
        {offer.from_organization} is transferring a property to you
      </Text>
      <Title order={1} size="h2" id={titleId} mt={4}>
        {offer.property.name}
      </Title>
      <Text>{offer.property.address}</Text>
      <Text size="sm" mt={4}>
        DNA ID: <Code fz="sm">{offer.property.dna_code}</Code>
      </Text>
      {offer.message && (
        <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          “{offer.message}”
        </Text>
      )}
      <Text size="sm" mt="sm">
        Included: the DNA code, {documentsText(offer.documents_count)}, the maintenance history and the
        compliance results.
      </Text>
      <Text size="sm" mt={4}>
        For <strong>{offer.to_email}</strong>, open until {transferDate(offer.expires_at)}.
      </Text>
    </Paper>
  );
}

function TransferNextStep({ offer, token }: { offer: TransferLinkView; token: string }) {
  const { status, user } = useAuth();
  const here = `/transfers/${encodeURIComponent(token)}`;
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
          To accept, sign up or log in with <strong>{offer.to_email}</strong>. You come back here afterwards.
        </Text>
        <Group gap="sm">
          <ButtonLink to="/signup" search={{ redirect: here }} state={{ prefillEmail: offer.to_email }}>
            Sign up
          </ButtonLink>
          <ButtonLink
            to="/login"
            search={{ redirect: here }}
            state={{ prefillEmail: offer.to_email }}
            variant="default"
          >
            Log in
          </ButtonLink>
        </Group>
      </Stack>
    );
  }
  if (sameEmail(user.email, offer.to_email))
    return <AddresseeNextStep offer={offer} email={user.email} token={token} />;
  return (
    <Alert color="yellow" variant="light" title="This transfer is for another address" role="status">
      <Text size="sm">
        It was sent to <strong>{offer.to_email}</strong>; you are signed in as <strong>{user.email}</strong>.
        Log in with {offer.to_email} to accept it.
      </Text>
      <Group mt="sm">
        <ButtonLink
          to="/login"
          search={{ redirect: here }}
          state={{ prefillEmail: offer.to_email }}
          variant="default"
        >
          Log in with {offer.to_email}
        </ButtonLink>
      </Group>
    </Alert>
  );
}

/** Signed in with the address: accept or decline right here (the dashboard's card), else the dashboard. */
function AddresseeNextStep({
  offer,
  email,
  token,
}: {
  offer: TransferLinkView;
  email: string;
  token: string;
}) {
  const transfers = trpc.transfers.list.useQuery();
  const incoming = transfers.data?.incoming.find((item) => item.id === offer.id && item.status === 'pending');
  if (transfers.isLoading) {
    return (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>Loading your transfers...</Text>
      </Group>
    );
  }
  if (incoming) {
    return (
      <Stack gap="sm">
        <Text>
          You are signed in as <strong>{email}</strong>. Accept the transfer here, or decline it.
        </Text>
        {/* The link's token goes with the acceptance: an account newer than the offer needs it. */}
        <TransferDecision transfer={incoming} token={token} />
      </Stack>
    );
  }
  // An unconfirmed address sees no transfer addressed to it: say what comes first, not "accept it there".
  const confirmFirst = transfers.data?.confirm_first;
  return (
    <Stack gap="sm">
      <Text>
        You are signed in as <strong>{email}</strong>.{' '}
        {confirmFirst ?? 'Accept or decline the transfer on your dashboard.'}
      </Text>
      <Group>
        <ButtonLink to="/app">Review on your dashboard</ButtonLink>
      </Group>
    </Stack>
  );
}
