import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { MAX_TRANSFER_MESSAGE, reportFileName, transferStartSchema } from '@propertydna/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { DownloadStatus } from '../../../../../components/download-status';
import { LoadError } from '../../../../../components/load-error';
import {
  packUrl,
  readinessText,
  TRANSFER_UI,
  type Transfer,
  transferDate,
} from '../../../../../components/transfers/labels';
import { InviteVendorModal } from '../../../../../components/vendors/invite-vendor-modal';
import { errorMessage } from '../../../../../lib/error-message';
import { trpc } from '../../../../../lib/trpc';
import { useDownload } from '../../../../../lib/use-download';
import { FindProvider } from '../escalation/find-provider';
import type { PolicyCheckFinding } from '../policy-check-tab';

export interface TransferPanelProperty {
  id: string;
  name: string;
  municipality: string | null;
}

/** The pending outgoing transfer of a property, from the caller's transfers. */
export function pendingTransferOf(outgoing: readonly Transfer[] | undefined, propertyId: string) {
  return outgoing?.find((transfer) => transfer.property.id === propertyId && transfer.status === 'pending');
}

/**
 * 'Transfer ownership' (issue 17) on a property's detail: while no transfer is pending, the readiness
 * (the compliance check's transfer findings: what is missing and who can issue it) and the form (the
 * buyer's email, an optional message); while one is pending, to whom and until when, with Cancel transfer.
 */
export function TransferPanel({
  property,
  id,
  now,
}: {
  property: TransferPanelProperty;
  /** The section's id (the header button controls it). */
  id?: string;
  now?: Date;
}) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const transfers = trpc.transfers.list.useQuery();
  const pending = pendingTransferOf(transfers.data?.outgoing, property.id);
  // Starting or cancelling replaces the button just pressed: keyboard focus goes to the section's title.
  const pendingId = transfers.data ? (pending?.id ?? null) : undefined;
  const shownPending = useRef(pendingId);
  useEffect(() => {
    if (shownPending.current !== undefined && pendingId !== undefined && shownPending.current !== pendingId) {
      title.current?.focus();
    }
    if (pendingId !== undefined) shownPending.current = pendingId;
  }, [pendingId]);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      id={id}
      aria-labelledby={titleId}
    >
      <Title order={2} size="h3" id={titleId} ref={title} tabIndex={-1}>
        {TRANSFER_UI.transferOwnership}
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        The buyer receives the property with its DNA code, documents, maintenance history and compliance
        results. You keep a receipt; the property leaves your portfolio once they accept.
      </Text>
      <Stack gap="lg" mt="md">
        {transfers.isLoading ? (
          <Group gap="sm" role="status" aria-live="polite">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">Loading transfers...</Text>
          </Group>
        ) : transfers.isError ? (
          <LoadError
            title={TRANSFER_UI.listFailed}
            message={errorMessage(transfers.error, 'The server could not be reached.')}
            onRetry={() => void transfers.refetch()}
          />
        ) : pending ? (
          <PendingTransfer transfer={pending} />
        ) : (
          <>
            <TransferReadiness property={property} now={now} />
            <StartTransferForm propertyId={property.id} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The transfer findings of the compliance check: N of M, then each one not in order. */
export function TransferReadiness({ property, now }: { property: TransferPanelProperty; now?: Date }) {
  const check = trpc.compliance.policyCheck.useQuery({ id: property.id });
  const headingId = useId();
  const [finding, setFinding] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);

  if (check.isLoading) {
    return (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">Checking transfer readiness...</Text>
      </Group>
    );
  }
  if (!check.data) {
    return (
      <LoadError
        title={TRANSFER_UI.readinessFailed}
        message={errorMessage(check.error, 'The server could not be reached.')}
        onRetry={() => void check.refetch()}
      />
    );
  }
  const { ready, required } = check.data.transferReadiness;
  const missing = check.data.findings.filter(
    (item) => item.context === 'transfer' && item.type !== 'compliant',
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {required === 0 ? 'Transfer readiness' : readinessText({ ready, required })}
        </Title>
        {required > 0 && (
          <Badge color={ready === required ? 'green' : 'yellow'} variant="light">
            {ready === required ? 'Ready' : `${required - ready} missing`}
          </Badge>
        )}
      </Group>
      {required === 0 && (
        <Text size="sm" c="dimmed">
          No transfer certificates apply to this property. You can start the transfer.
        </Text>
      )}
      {missing.length > 0 && (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Missing for transfer"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {missing.map((item) => (
            <MissingItem
              key={item.id}
              finding={item}
              searching={finding === item.id}
              onFindProvider={() => setFinding(finding === item.id ? null : item.id)}
              onInvite={() => setInviting(true)}
              property={property}
              now={now}
            />
          ))}
        </Stack>
      )}
      {missing.length > 0 && (
        <Text size="sm" c="dimmed">
          You can start the transfer now; the buyer sees what is missing in the transfer pack.
        </Text>
      )}
      {inviting && (
        <InviteVendorModal
          opened
          title="Invite a vendor to upload a certificate"
          propertyId={property.id}
          prefill={{ allowedKinds: ['certificate'] }}
          now={now}
          onClose={() => setInviting(false)}
        />
      )}
    </Stack>
  );
}

function MissingItem({
  finding,
  searching,
  onFindProvider,
  onInvite,
  property,
  now,
}: {
  finding: PolicyCheckFinding;
  searching: boolean;
  onFindProvider: () => void;
  onInvite: () => void;
  property: TransferPanelProperty;
  now?: Date | undefined;
}) {
  const titleId = useId();
  const searchId = useId();
  return (
    <Paper component="li" withBorder radius="sm" p="md" aria-labelledby={titleId} style={{ minWidth: 0 }}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600} id={titleId}>
          {finding.title}
        </Text>
        <Badge color={finding.type === 'gap' ? 'red' : 'gray'} variant="light">
          {finding.type === 'gap' ? 'Missing' : 'Unknown'}
        </Badge>
      </Group>
      <Text size="sm" mt={4}>
        {finding.description}
      </Text>
      <Text size="sm" mt={4}>
        <Text span fw={600} size="sm">
          What to do:{' '}
        </Text>
        {finding.action}
      </Text>
      <Group gap="sm" mt="sm">
        <Button
          variant="light"
          onClick={onFindProvider}
          aria-expanded={searching}
          aria-controls={searching ? searchId : undefined}
        >
          {TRANSFER_UI.findProvider}
        </Button>
        <Button variant="default" onClick={onInvite} aria-haspopup="dialog">
          {TRANSFER_UI.inviteVendor}
        </Button>
      </Group>
      {searching && (
        <div id={searchId} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          <FindProvider propertyId={property.id} municipality={property.municipality} now={now} />
        </div>
      )}
    </Paper>
  );
}

/** The buyer's email and an optional message; the server mails them the link (30 days). */
export function StartTransferForm({ propertyId }: { propertyId: string }) {
  const utils = trpc.useUtils();
  const start = trpc.transfers.start.useMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ email: string; message: string }>({
    initialValues: { email: '', message: '' },
    validate: schemaResolver(transferStartSchema, { sync: true }),
  });

  async function submit(values: { email: string; message: string }) {
    setError(null);
    const message = values.message.trim();
    try {
      await start.mutateAsync({ propertyId, email: values.email.trim(), ...(message ? { message } : {}) });
    } catch (failure) {
      setError(errorMessage(failure, 'Try again in a moment.'));
      return;
    }
    notifications.show({
      color: 'green',
      title: TRANSFER_UI.started,
      message: `We emailed the link to ${values.email.trim()}.`,
    });
    form.reset();
    await utils.transfers.list.invalidate();
  }

  return (
    <form noValidate aria-label="Start a transfer" onSubmit={form.onSubmit((values) => void submit(values))}>
      <Stack gap="sm">
        <TextInput
          label="Buyer's email"
          description="They sign up or log in with this address to accept."
          type="email"
          autoComplete="off"
          required
          {...form.getInputProps('email')}
        />
        <Textarea
          label="Message (optional)"
          minRows={3}
          maxLength={MAX_TRANSFER_MESSAGE}
          {...form.getInputProps('message')}
        />
        {error && (
          <Alert color="red" role="alert" title={TRANSFER_UI.startFailed}>
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={start.isPending}>
            {TRANSFER_UI.start}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A pending transfer: to whom, until when; Cancel transfer (confirmed) and the pack for the conveyancer. */
export function PendingTransfer({ transfer }: { transfer: Transfer }) {
  const utils = trpc.useUtils();
  const cancel = trpc.transfers.cancel.useMutation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = useDownload({ failureTitle: TRANSFER_UI.packFailed });
  const packLink = trpc.transfers.packLink.useMutation();

  async function confirmCancel() {
    setError(null);
    try {
      await cancel.mutateAsync({ id: transfer.id });
    } catch (failure) {
      setError(errorMessage(failure, 'Try again in a moment.'));
      return;
    }
    setConfirming(false);
    notifications.show({ color: 'green', title: TRANSFER_UI.cancelled, message: transfer.property.name });
    await utils.transfers.list.invalidate();
  }

  return (
    <Stack gap="sm" data-testid="pending-transfer">
      <Alert color="yellow" variant="light" title="Transfer pending">
        <Text size="sm">
          Offered to <strong>{transfer.to_email}</strong> until {transferDate(transfer.expires_at)}.
        </Text>
        {transfer.message && (
          <Text size="sm" mt={4}>
            Your message: {transfer.message}
          </Text>
        )}
        <Text size="sm" mt={4}>
          The property stays yours until they accept.
        </Text>
      </Alert>
      <Group gap="sm">
        <Button color="red" variant="outline" onClick={() => setConfirming(true)} aria-haspopup="dialog">
          {TRANSFER_UI.cancel}
        </Button>
        <Button
          variant="default"
          loading={download.running}
          onClick={() =>
            void download.start({
              url: packUrl(transfer.id),
              fallbackName: reportFileName(transfer.property, 'transfer-pack', 'zip', new Date()),
            })
          }
        >
          {TRANSFER_UI.pack}
        </Button>
      </Group>
      <DownloadStatus state={download.state} label={TRANSFER_UI.pack} failureTitle={TRANSFER_UI.packFailed} />
      <ConveyancerLink
        busy={packLink.isPending}
        link={packLink.data ?? null}
        error={packLink.isError ? errorMessage(packLink.error, 'Try again in a moment.') : null}
        onCreate={() => packLink.mutate({ id: transfer.id })}
      />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Cancel this transfer?">
        <Text size="sm">
          The link emailed to {transfer.to_email} stops working. You can start a new transfer afterwards.
        </Text>
        {error && (
          <Alert color="red" role="alert" title={TRANSFER_UI.cancelFailed} mt="sm">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {TRANSFER_UI.keep}
          </Button>
          <Button color="red" loading={cancel.isPending} onClick={() => void confirmCancel()}>
            {TRANSFER_UI.cancel}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/**
 * A link to the transfer pack that needs no account, for the conveyancer (14 days; it ends when the buyer
 * accepts). The server shows it once: it is copied from here.
 */
function ConveyancerLink({
  busy,
  link,
  error,
  onCreate,
}: {
  busy: boolean;
  link: { url: string; expires_at: string } | null;
  error: string | null;
  onCreate: () => void;
}) {
  if (link) {
    return (
      <Alert color="blue" variant="light" title={TRANSFER_UI.packLinkReady}>
        <Text size="sm">
          Send this link to your conveyancer. It works until {transferDate(link.expires_at)}.
        </Text>
        <TextInput
          mt="xs"
          readOnly
          label="Transfer pack link"
          value={link.url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={link.url}>
          {({ copied, copy }) => (
            <Button mt="xs" color={copied ? 'green' : undefined} onClick={copy}>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="subtle" px={0} loading={busy} onClick={onCreate}>
          {TRANSFER_UI.packLink}
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" title={TRANSFER_UI.packLinkFailed}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
