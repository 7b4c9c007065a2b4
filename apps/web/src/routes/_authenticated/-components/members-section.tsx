import {
  Button,
  Group,
  Modal,
  NativeSelect,
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
  canAssignRole,
  formatDate,
  type InviteMemberInput,
  inviteMemberSchema,
  ORGANIZATION_ROLES,
  type OrganizationRole,
  ROLE_LABELS,
} from '@propertydna/domain';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { StackedTable, TableHead } from '../../../components/table-head';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { useCan } from '../../../lib/permissions';
import { type RouterOutputs, trpc } from '../../../lib/trpc';

type Member = RouterOutputs['organization']['members'][number];

const failed = (error: unknown, fallback: string) =>
  notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, fallback) });

/** Why the only owner's own row offers no role change and no leaving (the server refuses both). */
export const ONLY_OWNER_NOTE =
  'You are the only owner: make another member owner before you change your own role or leave.';

/**
 * The organisation's members on /account (issue 29 §1–2): name, email and role for everyone; owners and
 * admins change roles, remove members (their sessions end at once), invite colleagues by email and resend
 * or revoke waiting invitations. The server decides each step; the roles offered are those the caller may
 * give. On one's own row a manager changes their own role or leaves only where the server allows it: the
 * only owner cannot (the organisation always keeps an owner), and the row says so. On a phone each member
 * is a card (StackedTable), the email on a line of its own.
 */
export function MembersSection() {
  const { user, organization, logout } = useAuth();
  const navigate = useNavigate();
  const manage = useCan('members.manage');
  const members = trpc.organization.members.useQuery();
  const [removing, setRemoving] = useState<Member | null>(null);
  const utils = trpc.useUtils();
  const changeRole = trpc.organization.changeRole.useMutation({
    onSuccess: () => void utils.organization.members.invalidate(),
    onError: (error) => failed(error, 'The role could not be changed'),
  });
  const remove = trpc.organization.removeMember.useMutation();
  const leave = trpc.closing.leave.useMutation();
  if (!user) return null;
  const assignable = ORGANIZATION_ROLES.filter((role) => canAssignRole(user.role, role));
  const onlyOwner =
    user.role === 'owner' &&
    !members.data?.some((member) => member.id !== user.id && member.role === 'owner');
  const leaving = removing?.id === user.id;
  const organizationName = organization?.name ?? 'the organisation';

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      if (leaving) {
        // Leaving ends every session of one's own: this browser forgets its own too.
        await leave.mutateAsync();
        setRemoving(null);
        await logout();
        notifications.show({
          color: 'green',
          message: `You left ${organizationName}. Sign in again to use your own account.`,
        });
        await navigate({ to: '/login' });
        return;
      }
      await remove.mutateAsync({ id: removing.id });
      notifications.show({
        color: 'green',
        message: `${removing.firstName} ${removing.lastName} was removed`,
      });
      setRemoving(null);
      void utils.organization.members.invalidate();
    } catch (error) {
      failed(error, leaving ? 'Could not leave the organisation' : 'The member could not be removed');
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="account-members">
      <Title order={2} size="h4" id="account-members">
        Members
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {manage.allowed
          ? 'Everyone in your organisation and their role. A person belongs to one organisation at a time.'
          : `Everyone in your organisation and their role. ${manage.reason}.`}
      </Text>
      {members.isError && (
        <Text size="sm" c="red" mt="sm" role="alert">
          {errorMessage(members.error, 'Unable to load the members')}
        </Text>
      )}
      <StackedTable minWidth={560} mt="md">
        <TableHead
          columns={manage.allowed ? ['Name', 'Email', 'Role', 'Actions'] : ['Name', 'Email', 'Role']}
        />
        <Table.Tbody>
          {members.data?.map((member) => {
            const name = `${member.firstName} ${member.lastName}`;
            const self = member.id === user.id;
            const mayChange = manage.allowed && canAssignRole(user.role, member.role) && !(self && onlyOwner);
            return (
              <Table.Tr key={member.id}>
                <Table.Td data-label="Name">{self ? `${name} (you)` : name}</Table.Td>
                {/* Breaks only where the line is full (a long address), never letter by letter. */}
                <Table.Td data-label="Email" style={{ wordBreak: 'break-word' }}>
                  {member.email}
                </Table.Td>
                <Table.Td data-label="Role">
                  {mayChange ? (
                    <NativeSelect
                      aria-label={`Role of ${name}`}
                      miw={110}
                      maw={200}
                      value={member.role}
                      data={assignable.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
                      disabled={changeRole.isPending}
                      onChange={(event) =>
                        changeRole.mutate({
                          id: member.id,
                          role: event.currentTarget.value as OrganizationRole,
                        })
                      }
                    />
                  ) : (
                    ROLE_LABELS[member.role]
                  )}
                </Table.Td>
                {manage.allowed && (
                  <Table.Td data-label="Actions">
                    {self && onlyOwner ? (
                      <Text size="xs" c="dimmed">
                        {ONLY_OWNER_NOTE}
                      </Text>
                    ) : mayChange && self ? (
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        onClick={() => setRemoving(member)}
                        aria-label={`Leave ${organizationName}`}
                        aria-haspopup="dialog"
                      >
                        Leave
                      </Button>
                    ) : mayChange ? (
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        onClick={() => setRemoving(member)}
                        aria-label={`Remove ${name}`}
                        aria-haspopup="dialog"
                      >
                        Remove
                      </Button>
                    ) : null}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </StackedTable>
      {manage.allowed && <InviteColleague roles={assignable} />}
      {manage.allowed && <PendingInvites />}
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={leaving ? 'Leave organisation' : 'Remove member'}
      >
        <Text size="sm">
          {leaving
            ? `Leave ${organizationName}? You are signed out at once and keep your login in an empty organisation of your own; only its owners or admins can add you again.`
            : `Remove ${removing?.firstName} ${removing?.lastName} (${removing?.email})? They are signed out at once and keep their login in an empty organisation of their own.`}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setRemoving(null)}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending || leave.isPending}
            onClick={() => void confirmRemove()}
          >
            {leaving ? 'Leave' : 'Remove'}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}

function InviteColleague({ roles }: { roles: OrganizationRole[] }) {
  const utils = trpc.useUtils();
  const invite = trpc.organization.invite.useMutation();
  const form = useForm<InviteMemberInput>({
    mode: 'controlled',
    initialValues: { email: '', role: 'member' },
    validate: schemaResolver(inviteMemberSchema, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const sent = await invite.mutateAsync(inviteMemberSchema.parse(values));
      form.reset();
      notifications.show({
        color: 'green',
        title: 'Invitation sent',
        message: `${sent.email} can join until ${formatDate(sent.expires_at)}.`,
      });
      void utils.organization.invites.invalidate();
    } catch (error) {
      failed(error, 'The invitation could not be sent');
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="invite-colleague">
      <Title order={3} size="h5" id="invite-colleague" mt="lg">
        Invite a colleague
      </Title>
      <Group align="flex-end" gap="sm" mt="xs" wrap="wrap">
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          style={{ flex: '1 1 220px' }}
          {...form.getInputProps('email')}
        />
        <NativeSelect
          label="Role"
          data={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          {...form.getInputProps('role')}
        />
        <Button type="submit" loading={invite.isPending}>
          Send invite
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        The link works once, for 14 days, for that address only (confirmed).
      </Text>
    </form>
  );
}

function PendingInvites() {
  const utils = trpc.useUtils();
  const invites = trpc.organization.invites.useQuery();
  const done = () => void utils.organization.invites.invalidate();
  const resend = trpc.organization.resendInvite.useMutation({
    onSuccess: (invite) => {
      notifications.show({ color: 'green', message: `Sent again to ${invite.email}` });
      done();
    },
    onError: (error) => failed(error, 'The invitation could not be sent again'),
  });
  const revoke = trpc.organization.revokeInvite.useMutation({
    onSuccess: () => {
      notifications.show({ color: 'green', message: 'Invitation revoked' });
      done();
    },
    onError: (error) => failed(error, 'The invitation could not be revoked'),
  });
  if (!invites.data || invites.data.length === 0) return null;
  return (
    <Stack gap="xs" mt="lg" component="section" aria-labelledby="pending-invites">
      <Title order={3} size="h5" id="pending-invites">
        Pending invitations
      </Title>
      {invites.data.map((invite) => (
        <Group key={invite.id} justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {invite.email} · {ROLE_LABELS[invite.role]} · until {formatDate(invite.expires_at)}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              onClick={() => resend.mutate({ id: invite.id })}
              aria-label={`Resend the invitation to ${invite.email}`}
            >
              Resend
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red"
              onClick={() => revoke.mutate({ id: invite.id })}
              aria-label={`Revoke the invitation to ${invite.email}`}
            >
              Revoke
            </Button>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
