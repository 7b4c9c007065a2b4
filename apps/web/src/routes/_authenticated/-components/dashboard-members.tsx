import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { accountGroupOf, ROLE_LABELS, seesPortfolio, type UserType } from '@propertydna/domain';
import { useId } from 'react';
import { AnchorLink } from '../../../components/router-links';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { useCan } from '../../../lib/permissions';
import { trpc } from '../../../lib/trpc';

/** Company accounts with a portfolio (company investor, property manager) get the members panel (issue 29 §5). */
export function showsMembersPanel(userType: UserType): boolean {
  return seesPortfolio(userType) && accountGroupOf(userType) === 'company';
}

const invitationsWaiting = (count: number) =>
  count === 1 ? '1 invitation waiting' : `${count} invitations waiting`;

/**
 * The Company Dashboard's members panel (issue 29 §5): everyone in the organisation with their role;
 * for those who manage members (owners, admins) how many invitations are waiting and the way to /account,
 * where members are managed; others read why they cannot.
 */
export function DashboardMembers() {
  const titleId = useId();
  const { user } = useAuth();
  const manage = useCan('members.manage');
  const mayManage = user !== null && manage.allowed;
  const members = trpc.organization.members.useQuery();
  // Only managers may list invitations: nobody else asks (nor anyone before the session is known).
  const invites = trpc.organization.invites.useQuery(undefined, { enabled: mayManage });
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} size="h4" id={titleId}>
          Members
        </Title>
        {mayManage && invites.data && (
          <Badge variant="light" color={invites.data.length > 0 ? 'yellow' : 'gray'}>
            {invitationsWaiting(invites.data.length)}
          </Badge>
        )}
      </Group>
      {members.isLoading && (
        <Text size="sm" mt="sm" role="status">
          Loading the members...
        </Text>
      )}
      {members.isError && (
        <Text size="sm" c="red" mt="sm" role="alert">
          {errorMessage(members.error, 'Unable to load the members')}
        </Text>
      )}
      {members.data && (
        <Stack
          gap={4}
          mt="sm"
          component="ul"
          aria-label="Members and their roles"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {members.data.map((member) => (
            <Group component="li" key={member.id} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {member.firstName} {member.lastName}
              </Text>
              <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                {ROLE_LABELS[member.role]}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      {mayManage ? (
        <Text size="sm" mt="sm">
          <AnchorLink to="/account" hash="account-members" underline="always">
            Manage members and invitations
          </AnchorLink>
        </Text>
      ) : (
        manage.reason && (
          <Text size="sm" c="dimmed" mt="sm">
            {manage.reason}.
          </Text>
        )
      )}
    </Paper>
  );
}
