import { Alert, Badge, Button, Code, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isEmailConfirmationRequired, reportFileName, TRANSFER_MESSAGES } from '@propertydna/domain';
import { useNavigate } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { type ReactNode, useId, useState } from 'react';
import { DownloadStatus } from '../../../../components/download-status';
import { UpgradeButton } from '../../../../components/premium-upgrade';
import { AnchorLink } from '../../../../components/router-links';
import {
  documentsText,
  packUrl,
  receiptUrl,
  TRANSFER_STATUS_LABELS,
  TRANSFER_UI,
  type Transfer,
  transferDate,
} from '../../../../components/transfers/labels';
import { useAuth } from '../../../../lib/auth';
import { errorMessage } from '../../../../lib/error-message';
import { RoleGuard } from '../../../../lib/permissions';
import { planStateOf, useStartTrial } from '../../../../lib/plan';
import { usePortfolioInvalidation } from '../../../../lib/properties';
import { trpc } from '../../../../lib/trpc';
import { useDownload } from '../../../../lib/use-download';
import { UpgradePrompt } from '../../properties/-components/upgrade-prompt';

/** A refusal's tRPC code ('FORBIDDEN' at the plan's limit), when the server gave one. */
function refusalCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
}

type Decision = 'accept' | 'decline';

/**
 * The buyer's card for one pending incoming transfer (issue 17): the property, from whom, the message,
 * what comes with it, Accept / Decline (each confirmed). At the plan's limit the refusal shows with the
 * upgrade offer; accepted, the property opens.
 */
export function IncomingTransferCard({ transfer }: { transfer: Transfer }) {
  const titleId = useId();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="article"
      aria-labelledby={titleId}
      data-testid="incoming-transfer"
      style={{ borderColor: 'var(--mantine-color-blue-outline)' }}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            Ownership transfer offered to you
          </Text>
          <Title order={3} size="h4" id={titleId}>
            {transfer.property.name}
          </Title>
          <Text size="sm">{transfer.property.address}</Text>
          <Text size="sm">
            DNA ID: <Code fz="sm">{transfer.property.dna_code}</Code>
          </Text>
        </Stack>
        <Badge color="yellow" variant="light">
          Until {transferDate(transfer.expires_at)}
        </Badge>
      </Group>
      <Text size="sm" mt="sm">
        From <strong>{transfer.from_organization}</strong>
      </Text>
      {transfer.message && (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          “{transfer.message}”
        </Text>
      )}
      <Text size="sm" mt="sm">
        Included: the DNA code, {documentsText(transfer.documents_count)}, the maintenance history and the
        compliance results.
      </Text>
      <TransferDecision transfer={transfer} />
    </Paper>
  );
}

/**
 * Accept / Decline of a pending incoming transfer, each confirmed (held back, with the reason, from a role
 * that cannot transfer properties). At the plan's limit the refusal shows with the upgrade offer;
 * accepted, the property opens.
 */
export function TransferDecision({ transfer, token }: { transfer: Transfer; token?: string }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const invalidatePortfolio = usePortfolioInvalidation();
  const accept = trpc.transfers.accept.useMutation();
  const decline = trpc.transfers.decline.useMutation();
  const { organization, user } = useAuth();
  const startTrial = useStartTrial();
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const [error, setError] = useState<{ title: string; message: string; planLimit: boolean } | null>(null);
  const busy = accept.isPending || decline.isPending;

  async function decide(decision: Decision) {
    setError(null);
    try {
      if (decision === 'accept') await accept.mutateAsync({ id: transfer.id, token });
      else await decline.mutateAsync({ id: transfer.id });
    } catch (failure) {
      setConfirming(null);
      const title = decision === 'accept' ? TRANSFER_UI.acceptFailed : TRANSFER_UI.declineFailed;
      setError({
        title,
        message: errorMessage(failure, 'Try again in a moment.'),
        // Refused at the plan's limit: the upgrade offer (the other refusals ask for the mailed link, or
        // for the account's address to be confirmed first).
        planLimit:
          decision === 'accept' &&
          refusalCode(failure) === 'FORBIDDEN' &&
          errorMessage(failure, '') !== TRANSFER_MESSAGES.linkRequired &&
          !isEmailConfirmationRequired(errorMessage(failure, '')),
      });
      return;
    }
    setConfirming(null);
    if (decision === 'accept') {
      notifications.show({ color: 'green', title: TRANSFER_UI.accepted, message: transfer.property.name });
      void invalidatePortfolio();
      void utils.transfers.list.invalidate();
      await navigate({ to: '/properties/$id', params: { id: transfer.property.id } });
    } else {
      notifications.show({ color: 'green', title: TRANSFER_UI.declined, message: transfer.property.name });
      await utils.transfers.list.invalidate();
    }
  }

  const plan = organization ? planStateOf(organization, undefined, user?.role) : null;
  return (
    <>
      {error &&
        (error.planLimit && plan?.plan === 'free' ? (
          <Stack gap="xs" mt="sm" role="alert">
            <UpgradePrompt
              canStartTrial={plan.canStartTrial}
              trialNote="Try Premium free for 14 days, then accept the transfer again."
              starting={startTrial.isPending}
              onStartTrial={() => startTrial.mutate()}
              upgrade={<UpgradeButton />}
            />
          </Stack>
        ) : (
          <Alert color="red" role="alert" mt="sm" title={error.title}>
            {error.message}
          </Alert>
        ))}
      <Group gap="sm" mt="md">
        <RoleGuard capability="properties.transfer">
          <Button onClick={() => setConfirming('accept')} disabled={busy} aria-haspopup="dialog">
            {TRANSFER_UI.accept}
          </Button>
        </RoleGuard>
        <RoleGuard capability="properties.transfer">
          <Button
            variant="default"
            onClick={() => setConfirming('decline')}
            disabled={busy}
            aria-haspopup="dialog"
          >
            {TRANSFER_UI.decline}
          </Button>
        </RoleGuard>
      </Group>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming === 'decline' ? 'Decline this transfer?' : 'Accept this transfer?'}
      >
        <Text size="sm">
          {confirming === 'decline'
            ? `${transfer.property.name} stays with ${transfer.from_organization}. The link stops working.`
            : `${transfer.property.name} moves into your portfolio with its DNA code and ${documentsText(transfer.documents_count)}.`}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(null)}>
            Back
          </Button>
          <Button
            color={confirming === 'decline' ? 'red' : undefined}
            loading={busy}
            onClick={() => confirming && void decide(confirming)}
          >
            {confirming === 'decline' ? 'Decline transfer' : 'Accept transfer'}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

/**
 * One transfer of the list: where it stands. The seller's accepted one has its receipt (the property has
 * gone); the buyer's accepted one has the transfer pack; a property still the caller's links to it.
 */
function TransferRow({ transfer, direction }: { transfer: Transfer; direction: 'in' | 'out' }) {
  const status = TRANSFER_STATUS_LABELS[transfer.status];
  const receipt = direction === 'out';
  const failureTitle = receipt ? TRANSFER_UI.receiptFailed : TRANSFER_UI.packFailed;
  const download = useDownload({ failureTitle });
  const nameId = useId();
  const stillOurs = direction === 'out' ? transfer.status !== 'accepted' : transfer.status === 'accepted';
  const party =
    direction === 'out'
      ? `To ${transfer.to_organization ?? transfer.to_email}`
      : `From ${transfer.from_organization}`;
  return (
    <Paper component="li" withBorder radius="sm" p="md" aria-labelledby={nameId} style={{ minWidth: 0 }}>
      <Group justify="space-between" gap="sm" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} id={nameId}>
            {stillOurs ? (
              <AnchorLink to="/properties/$id" params={{ id: transfer.property.id }}>
                {transfer.property.name}
              </AnchorLink>
            ) : (
              transfer.property.name
            )}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {transfer.property.address} · DNA ID {transfer.property.dna_code}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {party}
            {transfer.decided_at
              ? `, ${status.label.toLowerCase()} ${transferDate(transfer.decided_at)}`
              : `, until ${transferDate(transfer.expires_at)}`}
          </Text>
        </Stack>
        <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
          {status.label}
        </Badge>
      </Group>
      {transfer.status === 'accepted' && (
        <Stack gap="xs" mt="sm">
          <Group>
            <Button
              variant="default"
              loading={download.running}
              onClick={() =>
                void download.start(
                  receipt
                    ? {
                        url: receiptUrl(transfer.id),
                        fallbackName: reportFileName(
                          transfer.property,
                          'transfer-receipt',
                          'pdf',
                          new Date(),
                        ),
                      }
                    : {
                        url: packUrl(transfer.id),
                        fallbackName: reportFileName(transfer.property, 'transfer-pack', 'zip', new Date()),
                      },
                )
              }
            >
              {receipt ? TRANSFER_UI.receipt : TRANSFER_UI.pack}
            </Button>
          </Group>
          <DownloadStatus
            state={download.state}
            label={`${receipt ? 'Receipt' : 'Transfer pack'} for ${transfer.property.name}`}
            failureTitle={failureTitle}
          />
        </Stack>
      )}
    </Paper>
  );
}

/**
 * The dashboard's transfers: a card per pending incoming transfer, then the organisation's outgoing
 * transfers (an accepted one's property has gone; its receipt stays here) and the ones it received
 * (with the transfer pack). Nothing while there are none.
 */
export function DashboardTransfers({ empty = null }: { empty?: ReactNode } = {}) {
  const transfers = trpc.transfers.list.useQuery();
  const headingId = useId();
  if (transfers.isLoading) return null;
  if (transfers.isError || !transfers.data) {
    return (
      <Alert color="red" variant="light" title={TRANSFER_UI.listFailed} role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{errorMessage(transfers.error, 'The server could not be reached.')}</Text>
          <Button size="xs" variant="default" onClick={() => void transfers.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  const incoming = transfers.data.incoming.filter((transfer) => transfer.status === 'pending');
  const outgoing = transfers.data.outgoing;
  const received = transfers.data.incoming.filter((transfer) => transfer.status === 'accepted');
  const { incoming_withheld: withheld, confirm_first: confirmFirst } = transfers.data;
  if (incoming.length === 0 && outgoing.length === 0 && received.length === 0 && withheld === 0) return empty;
  return (
    <>
      {withheld > 0 && (
        // The server names no property, seller or message until the address is confirmed.
        <Alert
          color="yellow"
          variant="light"
          title={TRANSFER_UI.withheld(withheld)}
          data-testid="withheld-transfers"
        >
          <Text size="sm">{confirmFirst}</Text>
        </Alert>
      )}
      {incoming.map((transfer) => (
        <IncomingTransferCard key={transfer.id} transfer={transfer} />
      ))}
      {(outgoing.length > 0 || received.length > 0) && (
        <Stack gap="sm" component="section" aria-labelledby={headingId}>
          <Title order={2} size="h4" id={headingId}>
            Your transfers
          </Title>
          <Stack
            gap="sm"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-labelledby={headingId}
          >
            {outgoing.map((transfer) => (
              <TransferRow key={transfer.id} transfer={transfer} direction="out" />
            ))}
            {received.map((transfer) => (
              <TransferRow key={transfer.id} transfer={transfer} direction="in" />
            ))}
          </Stack>
        </Stack>
      )}
    </>
  );
}
