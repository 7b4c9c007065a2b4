import {
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
  type CreateApiTokenInput,
  can,
  createApiTokenSchema,
  DEFAULT_TOKEN_DAYS,
  formatDate,
  MAX_TOKEN_DAYS,
} from '@propertydna/domain';
import { type ReactNode, useState } from 'react';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { useCan } from '../../../lib/permissions';
import { formatDateTime } from '../../../lib/time';
import { type RouterOutputs, trpc } from '../../../lib/trpc';

type ApiToken = RouterOutputs['apiTokens']['list'][number];
type CreatedToken = RouterOutputs['apiTokens']['create'];

const failed = (error: unknown, fallback: string) =>
  notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, fallback) });

/** How long a new token lives: a year unless chosen otherwise, never more than two (the domain's bound). */
const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '180', label: '6 months' },
  { value: String(DEFAULT_TOKEN_DAYS), label: '1 year' },
  { value: String(MAX_TOKEN_DAYS), label: '2 years' },
];

/**
 * API tokens on /account (issue 30 §1): the person's own tokens for scripts on the REST API, each acting
 * as them within their role; a new token's secret shown once; revoking takes effect at once. The list
 * holds every token not revoked (an expired one is marked as such). The server checks every step.
 */
export function ApiTokensSection() {
  const { user } = useAuth();
  const may = useCan('account.self');
  // Asked only once the role is known: a role that may not never calls what it cannot use.
  const manage = { allowed: user !== null && may.allowed, reason: may.reason };
  const tokens = trpc.apiTokens.list.useQuery(undefined, { enabled: manage.allowed });
  const [created, setCreated] = useState<CreatedToken | null>(null);
  // The role's writes bound any token's: a viewer's token reads, whatever its scope.
  const readOnlyRole = user !== null && !can(user.role, 'properties.write');
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="account-api-tokens">
      <Title order={2} size="h4" id="account-api-tokens">
        API tokens
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        A token lets a script or another system use PropertyDNA as you, within your role and never beyond it.
        Send it as <Code>Authorization: Bearer pdna_…</Code> to the REST API described at{' '}
        <Anchor href="/api/docs" underline="always" target="_blank" rel="noopener">
          /api/docs
        </Anchor>
        . A token cannot create tokens or change your password, email address, members or plan.
      </Text>
      {!manage.allowed && manage.reason && (
        <Text size="sm" c="dimmed" mt="sm">
          {manage.reason}.
        </Text>
      )}
      {manage.allowed && (
        <>
          {tokens.isError && (
            <Text size="sm" c="red" mt="sm" role="alert">
              {errorMessage(tokens.error, 'Unable to load your API tokens')}
            </Text>
          )}
          <Stack gap="md" mt="md">
            {tokens.data?.length === 0 && <Text size="sm">No API tokens yet.</Text>}
            {tokens.data?.map((token) => (
              <TokenCard key={token.id} token={token} />
            ))}
          </Stack>
          <CreateToken onCreated={setCreated} readOnlyRole={readOnlyRole} />
        </>
      )}
      <Modal
        opened={created !== null}
        onClose={() => setCreated(null)}
        title="Your new API token"
        closeOnClickOutside={false}
      >
        <Stack gap="sm">
          <Text size="sm">
            Copy the token “{created?.name}” now: it will not be shown again. PropertyDNA keeps only a
            fingerprint of it; if you lose it, revoke it and create another.
          </Text>
          <TextInput
            label="Token"
            readOnly
            value={created?.secret ?? ''}
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCreated(null)}>
              Done
            </Button>
            <CopyButton value={created?.secret ?? ''}>
              {({ copied, copy }) => (
                <Button color={copied ? 'green' : undefined} onClick={copy} data-autofocus>
                  {copied ? 'Copied' : 'Copy token'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function CreateToken({
  onCreated,
  readOnlyRole,
}: {
  onCreated: (created: CreatedToken) => void;
  readOnlyRole: boolean;
}) {
  const utils = trpc.useUtils();
  const create = trpc.apiTokens.create.useMutation();
  // A token may be restricted to one property of the organisation (issue 30 §1); a supplier has none.
  const properties = trpc.properties.list.useQuery(undefined, { retry: false });
  const propertyChoices = [
    { value: '', label: 'All properties of the organisation' },
    ...(properties.data ?? []).map((property) => ({ value: property.id, label: property.name })),
  ];
  const form = useForm<CreateApiTokenInput>({
    mode: 'controlled',
    initialValues: { name: '', scope: 'read', expiresInDays: DEFAULT_TOKEN_DAYS },
    validate: schemaResolver(createApiTokenSchema, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(createApiTokenSchema.parse(values));
      form.reset();
      onCreated(created);
      void utils.apiTokens.list.invalidate();
    } catch (error) {
      failed(error, 'The token could not be created');
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="create-api-token">
      <Title order={3} size="h5" id="create-api-token" mt="lg">
        Create a token
      </Title>
      <Stack gap="sm" mt="xs">
        <TextInput
          label="Name"
          description="What the token is for, e.g. “Nightly portfolio export”"
          autoComplete="off"
          maxLength={100}
          {...form.getInputProps('name')}
        />
        <Radio.Group
          label="Scope"
          description={
            readOnlyRole
              ? 'Your role only reads, so any token of yours only reads too.'
              : 'A read-only token is refused any change.'
          }
          value={form.values.scope}
          onChange={(scope) => form.setFieldValue('scope', scope as ApiTokenScope)}
          error={typeof form.errors.scope === 'string' ? form.errors.scope : undefined}
        >
          <Group gap="lg" mt={6}>
            {API_TOKEN_SCOPES.map((scope) => (
              <Radio key={scope} value={scope} label={API_TOKEN_SCOPE_LABELS[scope]} />
            ))}
          </Group>
        </Radio.Group>
        <NativeSelect
          label="Expires after"
          data={EXPIRY_CHOICES}
          value={String(form.values.expiresInDays ?? DEFAULT_TOKEN_DAYS)}
          onChange={(event) => form.setFieldValue('expiresInDays', Number(event.currentTarget.value))}
          error={typeof form.errors.expiresInDays === 'string' ? form.errors.expiresInDays : undefined}
        />
        {(properties.data?.length ?? 0) > 0 && (
          <NativeSelect
            label="Property"
            description="A token for one property sees and changes that property only, and cannot add another."
            data={propertyChoices}
            value={form.values.propertyId ?? ''}
            onChange={(event) => form.setFieldValue('propertyId', event.currentTarget.value || undefined)}
            error={typeof form.errors.propertyId === 'string' ? form.errors.propertyId : undefined}
          />
        )}
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function TokenCard({ token }: { token: ApiToken }) {
  const utils = trpc.useUtils();
  const [revoking, setRevoking] = useState(false);
  const expired = new Date(token.expiresAt).getTime() <= Date.now();
  const revoke = trpc.apiTokens.revoke.useMutation({
    onSuccess: () => {
      notifications.show({ color: 'green', message: `${token.name} was revoked: it no longer works` });
      setRevoking(false);
      void utils.apiTokens.list.invalidate();
    },
    onError: (error) => failed(error, 'The token could not be revoked'),
  });
  const headingId = `api-token-${token.id}`;
  return (
    <Paper withBorder radius="sm" p="md" component="article" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Text fw={600} id={headingId} style={{ minWidth: 0, flex: '1 1 200px', overflowWrap: 'anywhere' }}>
          {token.name}
        </Text>
        <Group gap={6}>
          <Badge color={token.scope === 'read' ? 'gray' : 'blue'} variant="light">
            {API_TOKEN_SCOPE_LABELS[token.scope]}
          </Badge>
          {expired && (
            <Badge color="red" variant="light">
              Expired
            </Badge>
          )}
        </Group>
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, sm: 4 }} spacing="sm" mt="xs" mb={0}>
        <Detail label="Created">{formatDate(token.createdAt)}</Detail>
        <Detail label="Last used">
          {token.lastUsedAt
            ? `${formatDateTime(token.lastUsedAt)}${token.lastUsedIp ? ` from ${token.lastUsedIp}` : ''}`
            : 'Never used'}
        </Detail>
        <Detail label={expired ? 'Expired' : 'Expires'}>{formatDate(token.expiresAt)}</Detail>
        <Detail label="Property">{token.property ? token.property.name : 'All properties'}</Detail>
      </SimpleGrid>
      <Group gap="xs" mt="sm">
        <Button
          size="xs"
          variant="default"
          color="red"
          onClick={() => setRevoking(true)}
          aria-haspopup="dialog"
          aria-label={`Revoke ${token.name}`}
        >
          Revoke
        </Button>
      </Group>
      <Modal opened={revoking} onClose={() => setRevoking(false)} title="Revoke token">
        <Text size="sm">
          Revoke “{token.name}”? It stops working at once: every script that uses it is refused from now on.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setRevoking(false)}>
            Cancel
          </Button>
          <Button color="red" loading={revoke.isPending} onClick={() => revoke.mutate({ id: token.id })}>
            Revoke
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
