import { Paper, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { type RouterOutputs, trpc } from '../lib/trpc';

export type Health = RouterOutputs['system']['health'];

export type ApiStatusState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'success'; health: Health };

export function formatHealth(health: Health): string {
  return `API: ${health.status} · Database: ${health.db} · Storage: ${health.storage}`;
}

/** The panel itself: what it shows for each state of the health query. */
export function ApiStatusView({ state }: { state: ApiStatusState }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" mt="xl">
      <Title order={2} size="h4" id={headingId}>
        API status
      </Title>
      <Text
        role="status"
        aria-live="polite"
        data-testid="api-status"
        data-state={state.status}
        mt="xs"
        c={state.status === 'loading' ? 'dimmed' : state.status === 'error' ? 'red' : undefined}
      >
        {state.status === 'loading' && 'Checking…'}
        {state.status === 'error' && 'API unreachable'}
        {state.status === 'success' && formatHealth(state.health)}
      </Text>
    </Paper>
  );
}

/** Asks the API for its health through tRPC and shows the answer. */
export function ApiStatus() {
  const health = trpc.system.health.useQuery();
  const state: ApiStatusState = health.isPending
    ? { status: 'loading' }
    : health.isError
      ? { status: 'error' }
      : { status: 'success', health: health.data };
  return <ApiStatusView state={state} />;
}
