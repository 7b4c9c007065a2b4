import {
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  type CreateWebhookEndpointInput,
  createWebhookEndpointSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
} from '@propertydna/domain';
import { useState } from 'react';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { useCan } from '../../../lib/permissions';
import { formatDateTime } from '../../../lib/time';
import { type RouterOutputs, trpc } from '../../../lib/trpc';

type Endpoint = RouterOutputs['webhooks']['list'][number];

const failed = (error: unknown, fallback: string) =>
  notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, fallback) });

const STATUS_LABELS: Record<string, { label: string; color: string }> = {
  pending: { label: 'Queued', color: 'gray' },
  retrying: { label: 'Retrying', color: 'yellow' },
  delivered: { label: 'Delivered', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

/**
 * Webhooks on /account (issue 30 §2): the organisation's endpoints, each with the events it receives,
 * signed per Standard Webhooks with its own secret (shown once, at creation and on rotation); a delivery
 * log with "Send test event" and "Resend". Owners and admins only: the server checks every step.
 */
export function WebhooksSection() {
  const { user } = useAuth();
  const can = useCan('webhooks.manage');
  // Asked only once the role is known: a member or viewer never calls what they cannot use.
  const manage = { allowed: user !== null && can.allowed, reason: can.reason };
  const endpoints = trpc.webhooks.list.useQuery(undefined, { enabled: manage.allowed });
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="account-webhooks">
      <Title order={2} size="h4" id="account-webhooks">
        Webhooks
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {manage.allowed
          ? 'Your systems hear of changes as they happen: each event is posted to your endpoint, signed per the Standard Webhooks specification, and retried for a day if it fails.'
          : `Endpoints that hear of your organisation's changes. ${manage.reason}.`}
      </Text>
      {manage.allowed && (
        <>
          {endpoints.isError && (
            <Text size="sm" c="red" mt="sm" role="alert">
              {errorMessage(endpoints.error, 'Unable to load the webhook endpoints')}
            </Text>
          )}
          <Stack gap="md" mt="md">
            {endpoints.data?.length === 0 && <Text size="sm">No endpoints yet.</Text>}
            {endpoints.data?.map((endpoint) => (
              <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
            ))}
          </Stack>
          <AddEndpoint onSecret={setSecret} />
        </>
      )}
      <Modal opened={secret !== null} onClose={() => setSecret(null)} title="Signing secret">
        <Stack gap="sm">
          <Text size="sm">
            Verify every request to {secret?.url} with this secret. It is shown only now: PropertyDNA keeps it
            sealed and never shows it again (rotate it to get a new one).
          </Text>
          <TextInput
            label="Secret"
            readOnly
            value={secret?.secret ?? ''}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setSecret(null)}>
              Done
            </Button>
            <CopyButton value={secret?.secret ?? ''}>
              {({ copied, copy }) => (
                <Button color={copied ? 'green' : undefined} onClick={copy} data-autofocus>
                  {copied ? 'Copied' : 'Copy secret'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function EventChoices(props: { value: string[]; onChange: (value: string[]) => void; error?: unknown }) {
  return (
    <Checkbox.Group
      label="Events"
      value={props.value}
      onChange={props.onChange}
      error={typeof props.error === 'string' ? props.error : undefined}
    >
      <Stack gap={6} mt={6}>
        {WEBHOOK_EVENTS.map((event) => (
          <Checkbox key={event} value={event} label={`${event} — ${WEBHOOK_EVENT_LABELS[event]}`} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

function AddEndpoint({ onSecret }: { onSecret: (shown: { url: string; secret: string }) => void }) {
  const utils = trpc.useUtils();
  const create = trpc.webhooks.create.useMutation();
  const form = useForm<CreateWebhookEndpointInput>({
    mode: 'controlled',
    initialValues: { url: '', events: [], description: '' },
    validate: schemaResolver(createWebhookEndpointSchema, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(createWebhookEndpointSchema.parse(values));
      form.reset();
      onSecret({ url: created.url, secret: created.secret });
      void utils.webhooks.list.invalidate();
    } catch (error) {
      failed(error, 'The endpoint could not be added');
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-webhook">
      <Title order={3} size="h5" id="add-webhook" mt="lg">
        Add an endpoint
      </Title>
      <Stack gap="sm" mt="xs">
        <TextInput
          label="URL"
          type="url"
          placeholder="https://hooks.example.co.za/propertydna"
          autoComplete="off"
          {...form.getInputProps('url')}
        />
        <TextInput label="Description" autoComplete="off" {...form.getInputProps('description')} />
        <EventChoices
          value={form.values.events}
          onChange={(events) => form.setFieldValue('events', events as CreateWebhookEndpointInput['events'])}
          error={form.errors.events}
        />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Add endpoint
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: Endpoint;
  onSecret: (shown: { url: string; secret: string }) => void;
}) {
  const utils = trpc.useUtils();
  const [showLog, setShowLog] = useState(false);
  const [removing, setRemoving] = useState(false);
  const refresh = () => {
    void utils.webhooks.list.invalidate();
    void utils.webhooks.deliveries.invalidate({ id: endpoint.id });
  };
  const test = trpc.webhooks.sendTest.useMutation({
    onSuccess: () => {
      notifications.show({ color: 'green', message: 'Test event queued: see the delivery log' });
      setShowLog(true);
      refresh();
    },
    onError: (error) => failed(error, 'The test event could not be sent'),
  });
  const rotate = trpc.webhooks.rotateSecret.useMutation({
    onSuccess: (rotated) => {
      onSecret({ url: rotated.url, secret: rotated.secret });
      refresh();
    },
    onError: (error) => failed(error, 'The secret could not be rotated'),
  });
  const update = trpc.webhooks.update.useMutation({
    onSuccess: refresh,
    onError: (error) => failed(error, 'The endpoint could not be changed'),
  });
  const remove = trpc.webhooks.remove.useMutation({
    onSuccess: () => {
      notifications.show({ color: 'green', message: `${endpoint.url} was removed` });
      setRemoving(false);
      void utils.webhooks.list.invalidate();
    },
    onError: (error) => failed(error, 'The endpoint could not be removed'),
  });
  const headingId = `webhook-${endpoint.id}`;
  return (
    <Paper withBorder radius="sm" p="md" component="article" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <div style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Text fw={600} id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Text>
          {endpoint.description && (
            <Text size="sm" c="dimmed">
              {endpoint.description}
            </Text>
          )}
        </div>
        <Badge color={endpoint.enabled ? 'green' : 'red'} variant="light">
          {endpoint.enabled ? 'Enabled' : 'Disabled'}
        </Badge>
      </Group>
      {!endpoint.enabled && endpoint.disabledReason && (
        <Text size="sm" c="red" mt="xs">
          {endpoint.disabledReason}
        </Text>
      )}
      <Text size="sm" mt="xs">
        Events: {endpoint.events.join(', ')}
      </Text>
      {endpoint.previousSecretValidUntil && (
        <Text size="sm" c="dimmed">
          The previous secret still signs too until {formatDateTime(endpoint.previousSecretValidUntil)}.
        </Text>
      )}
      <Group gap="xs" mt="sm" wrap="wrap">
        <Button
          size="xs"
          variant="default"
          disabled={!endpoint.enabled}
          loading={test.isPending}
          onClick={() => test.mutate({ id: endpoint.id })}
          aria-label={`Send test event to ${endpoint.url}`}
        >
          Send test event
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => setShowLog((shown) => !shown)}
          aria-expanded={showLog}
          aria-label={`Delivery log of ${endpoint.url}`}
        >
          Delivery log
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={rotate.isPending}
          onClick={() => rotate.mutate({ id: endpoint.id })}
          aria-label={`Rotate the secret of ${endpoint.url}`}
        >
          Rotate secret
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={update.isPending}
          onClick={() => update.mutate({ id: endpoint.id, patch: { enabled: !endpoint.enabled } })}
          aria-label={`${endpoint.enabled ? 'Disable' : 'Enable'} ${endpoint.url}`}
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button
          size="xs"
          variant="default"
          color="red"
          onClick={() => setRemoving(true)}
          aria-haspopup="dialog"
          aria-label={`Remove ${endpoint.url}`}
        >
          Remove
        </Button>
      </Group>
      {showLog && <DeliveryLog endpoint={endpoint} />}
      <Modal opened={removing} onClose={() => setRemoving(false)} title="Remove endpoint">
        <Text size="sm">Remove {endpoint.url} and its delivery log? Nothing more is sent to it.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setRemoving(false)}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: endpoint.id })}>
            Remove
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}

function DeliveryLog({ endpoint }: { endpoint: Endpoint }) {
  const utils = trpc.useUtils();
  const deliveries = trpc.webhooks.deliveries.useQuery({ id: endpoint.id });
  const resend = trpc.webhooks.resend.useMutation({
    onSuccess: () => {
      notifications.show({ color: 'green', message: 'Queued to be sent again' });
      void utils.webhooks.deliveries.invalidate({ id: endpoint.id });
    },
    onError: (error) => failed(error, 'The delivery could not be sent again'),
  });
  if (deliveries.isError)
    return (
      <Text size="sm" c="red" mt="sm" role="alert">
        {errorMessage(deliveries.error, 'Unable to load the delivery log')}
      </Text>
    );
  if (!deliveries.data) return null;
  if (deliveries.data.length === 0)
    return (
      <Text size="sm" mt="sm">
        Nothing delivered yet.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={520} mt="sm">
      <Table aria-label={`Deliveries to ${endpoint.url}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Response</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.map((delivery) => {
            const status = STATUS_LABELS[delivery.status] ?? { label: delivery.status, color: 'gray' };
            return (
              <Table.Tr key={delivery.id}>
                <Table.Td>{delivery.event}</Table.Td>
                <Table.Td>
                  <Badge color={status.color} variant="light">
                    {status.label}
                  </Badge>
                </Table.Td>
                <Table.Td>{delivery.responseStatus ?? delivery.error ?? '—'}</Table.Td>
                <Table.Td>{delivery.attempts}</Table.Td>
                <Table.Td>{formatDateTime(delivery.lastAttemptAt ?? delivery.created_at)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={!endpoint.enabled}
                    onClick={() => resend.mutate({ id: endpoint.id, deliveryId: delivery.id })}
                    aria-label={`Resend ${delivery.event} of ${formatDateTime(delivery.created_at)}`}
                  >
                    Resend
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
