import {
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  type CreatePropertyGrantInput,
  createPropertyGrantSchema,
  DEFAULT_GRANT_DAYS,
  formatDate,
  GRANT_ROLE_LABELS,
  GRANT_ROLES,
  GRANT_SCOPE_LABELS,
  GRANT_SCOPES,
  MAX_GRANT_DAYS,
} from '@propertydna/domain';
import { useId, useState } from 'react';
import { useAuth } from '../../../../lib/auth';
import { errorMessage } from '../../../../lib/error-message';
import { useCan } from '../../../../lib/permissions';
import { type RouterOutputs, trpc } from '../../../../lib/trpc';

type Grant = RouterOutputs['grants']['list'][number];

/** A grant's state as its badge shows it. */
export const GRANT_STATUS_BADGES: Record<Grant['status'], { label: string; color: string }> = {
  pending: { label: 'Not accepted yet', color: 'yellow' },
  active: { label: 'Active', color: 'green' },
  expired: { label: 'Expired', color: 'gray' },
  revoked: { label: 'Revoked', color: 'gray' },
};

const failed = (error: unknown, fallback: string) =>
  notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, fallback) });

/**
 * "People with access" on the owner's property page (issue 29 §3): who outside the organisation has, or
 * was offered, read-only access to this property; grant by email with role, scope and expiry; revoke
 * after a confirmation. Only for roles that may manage grants (owners and admins): others see nothing.
 */
export function PeopleWithAccess({ id, propertyId }: { id?: string; propertyId: string }) {
  if (!useMayManageGrants()) return null;
  return <PeopleWithAccessPanel id={id} propertyId={propertyId} />;
}

/** Only with a signed-in person whose role may manage grants (no session: nothing to show here). */
function useMayManageGrants(): boolean {
  const { user } = useAuth();
  const manage = useCan('grants.manage');
  return user !== null && manage.allowed;
}

/** The property page's button that opens and closes the panel; none for a role that cannot manage grants. */
export function PeopleWithAccessToggle({
  opened,
  controls,
  onToggle,
}: {
  opened: boolean;
  controls: string;
  onToggle: () => void;
}) {
  if (!useMayManageGrants()) return null;
  return (
    <Button
      variant="default"
      onClick={onToggle}
      aria-expanded={opened}
      aria-controls={opened ? controls : undefined}
    >
      People with access
    </Button>
  );
}

function PeopleWithAccessPanel({ id, propertyId }: { id?: string; propertyId: string }) {
  const titleId = useId();
  const utils = trpc.useUtils();
  const grants = trpc.grants.list.useQuery({ id: propertyId });
  const revoke = trpc.grants.revoke.useMutation();
  const [revoking, setRevoking] = useState<Grant | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ id: propertyId, grantId: revoking.id });
      notifications.show({ color: 'green', message: `Access revoked for ${revoking.email}` });
      setRevoking(null);
    } catch (error) {
      failed(error, 'The access could not be revoked');
    }
    void utils.grants.list.invalidate({ id: propertyId });
  };

  return (
    <Paper
      id={id}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={titleId}
    >
      <Title order={2} size="h4" id={titleId}>
        People with access
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        People outside your organisation who can read this property: a conveyancer, an insurance broker or
        agent, a tenant. They see it under Shared with me, always current, until the access expires or you
        revoke it.
      </Text>
      {grants.isLoading && (
        <Text size="sm" mt="sm" role="status">
          Loading who has access...
        </Text>
      )}
      {grants.isError && (
        <Text size="sm" c="red" mt="sm" role="alert">
          {errorMessage(grants.error, 'Unable to load who has access')}
        </Text>
      )}
      {grants.data && grants.data.length === 0 && (
        <Text size="sm" mt="sm">
          Nobody outside your organisation has access to this property.
        </Text>
      )}
      {grants.data && grants.data.length > 0 && (
        <Stack gap="xs" mt="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {grants.data.map((grant) => {
            const status = GRANT_STATUS_BADGES[grant.status];
            const live = grant.status === 'pending' || grant.status === 'active';
            return (
              <li key={grant.id}>
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <div style={{ minWidth: 0 }}>
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {grant.granteeName ? `${grant.granteeName} (${grant.email})` : grant.email}
                      </Text>
                      <Badge size="sm" variant="light" color={status.color}>
                        {status.label}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {GRANT_ROLE_LABELS[grant.role]} · {GRANT_SCOPE_LABELS[grant.scope]} ·{' '}
                      {grant.status === 'revoked' && grant.revoked_at
                        ? `revoked ${formatDate(grant.revoked_at)}`
                        : `until ${formatDate(grant.expires_at)}`}
                    </Text>
                  </div>
                  {live && (
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      onClick={() => setRevoking(grant)}
                      aria-label={`Revoke access for ${grant.email}`}
                      aria-haspopup="dialog"
                    >
                      Revoke
                    </Button>
                  )}
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
      <GrantAccessForm propertyId={propertyId} />
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title="Revoke access">
        <Text size="sm">
          Revoke the access of {revoking?.email}? Their next visit to this property finds nothing, and a link
          not yet accepted stops working.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setRevoking(null)}>
            Cancel
          </Button>
          <Button color="red" loading={revoke.isPending} onClick={() => void confirmRevoke()}>
            Revoke
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}

function GrantAccessForm({ propertyId }: { propertyId: string }) {
  const titleId = useId();
  const utils = trpc.useUtils();
  const create = trpc.grants.create.useMutation();
  const form = useForm<CreatePropertyGrantInput>({
    mode: 'controlled',
    initialValues: {
      email: '',
      role: 'conveyancer',
      scope: 'documents_and_compliance',
      expiresInDays: DEFAULT_GRANT_DAYS,
    },
    validate: schemaResolver(createPropertyGrantSchema, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const granted = await create.mutateAsync({
        propertyId,
        ...createPropertyGrantSchema.parse(values),
      });
      form.reset();
      notifications.show({
        color: 'green',
        title: 'Access granted',
        message: `We sent ${granted.email} a link, valid until ${formatDate(granted.expires_at)}.`,
      });
      void utils.grants.list.invalidate({ id: propertyId });
    } catch (error) {
      failed(error, 'The access could not be granted');
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId} mt="lg">
        Grant access
      </Title>
      <Group align="flex-start" gap="sm" mt="xs" wrap="wrap">
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          style={{ flex: '1 1 220px' }}
          {...form.getInputProps('email')}
        />
        <NativeSelect
          label="Role"
          style={{ flex: '1 1 180px' }}
          data={GRANT_ROLES.map((role) => ({ value: role, label: GRANT_ROLE_LABELS[role] }))}
          {...form.getInputProps('role')}
        />
        <NativeSelect
          label="Sees"
          style={{ flex: '1 1 200px' }}
          data={GRANT_SCOPES.map((scope) => ({ value: scope, label: GRANT_SCOPE_LABELS[scope] }))}
          {...form.getInputProps('scope')}
        />
        <NumberInput
          label="Days"
          min={1}
          max={MAX_GRANT_DAYS}
          allowDecimal={false}
          style={{ flex: '0 1 110px' }}
          {...form.getInputProps('expiresInDays')}
        />
      </Group>
      <Group mt="sm">
        <Button type="submit" loading={create.isPending}>
          Grant access
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        The link works once, for that address only (confirmed). Access is read-only: {DEFAULT_GRANT_DAYS} days
        unless you choose otherwise, at most {MAX_GRANT_DAYS}.
      </Text>
    </form>
  );
}
