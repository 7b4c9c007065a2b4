import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type Capability, type NextActionKind, SEVERITY_LABELS } from '@propertydna/domain';
import { ButtonLink } from '../../../components/router-links';
import { RoleGuard } from '../../../lib/permissions';
import type { RouterOutputs } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc';
import { SEVERITY_COLORS } from '../properties/-components/policy-check-labels';

export type NextActionsData = RouterOutputs['properties']['nextActions'];

/** How many the dashboard shows; the rest are counted. */
export const NEXT_ACTIONS_SHOWN = 5;

/**
 * What each action's button asks of the role (issue 29 §1): uploading a document, booking a provider (a
 * callback or claim on the Escalation tab), marking a task done. A role without it (a viewer) sees the
 * button disabled with the reason, as every other write button.
 */
export const NEXT_ACTION_CAPABILITIES: Record<NextActionKind, Capability> = {
  upload: 'documents.write',
  book_provider: 'claims.write',
  mark_done: 'maintenance.write',
};

/**
 * The dashboard's "What to do next" (issue 32 §1): the portfolio's most serious items first, each with its
 * level, reason, property and one action that opens the property on the tab where it is done.
 */
export function NextActionsList({ data, loading }: { data: NextActionsData | undefined; loading: boolean }) {
  const shown = data?.items.slice(0, NEXT_ACTIONS_SHOWN) ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="next-actions-title">
      <Title order={2} size="h4" id="next-actions-title">
        What to do next
      </Title>
      {loading ? (
        <Stack gap="xs" mt="sm" role="status" aria-label="Loading what to do next">
          <Skeleton h={48} />
          <Skeleton h={48} />
        </Stack>
      ) : !data ? (
        <Text c="dimmed" size="sm" mt="xs">
          What to do next is unavailable right now.
        </Text>
      ) : shown.length === 0 ? (
        <Text size="sm" mt="xs">
          Nothing needs doing now: every property is in order.
        </Text>
      ) : (
        <Stack component="ol" gap="sm" mt="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((item) => (
            <Paper component="li" key={item.id} withBorder radius="sm" p="sm" data-next-action={item.level}>
              <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
                <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
                  <Group gap="xs" wrap="wrap">
                    <Badge color={SEVERITY_COLORS[item.level]} variant="light">
                      {SEVERITY_LABELS[item.level]}
                    </Badge>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {item.title}
                    </Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {item.property.name}
                  </Text>
                  <Text size="sm">{item.reason}</Text>
                </Stack>
                <RoleGuard capability={NEXT_ACTION_CAPABILITIES[item.action.kind]}>
                  <ButtonLink
                    to="/properties/$id"
                    params={{ id: item.property.id }}
                    search={{ tab: item.action.tab }}
                    size="xs"
                    variant={item.level === 'critical' ? 'filled' : 'light'}
                    aria-label={`${item.action.label}: ${item.title}, ${item.property.name}`}
                  >
                    {item.action.label}
                  </ButtonLink>
                </RoleGuard>
              </Group>
            </Paper>
          ))}
          {data.total > shown.length && (
            <Text component="li" size="sm" c="dimmed">
              And {data.total - shown.length} more on the properties' Policy Check and Actions tabs.
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** The list, from the server (one of the dashboard's early queries). */
export function DashboardNextActions() {
  const query = trpc.properties.nextActions.useQuery();
  return <NextActionsList data={query.data} loading={query.isLoading} />;
}
